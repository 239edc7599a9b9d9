/**
 * The storefront fits the screen: every route, at 320, 390, 768, 1280 and 1440 px, in Chromium
 * against the real back-end (issue 25); loaded at 390 and 1280 px and resized to the others. A page that scrolls sideways fails with its route, width
 * and widest offending element. The phone layout is checked where it matters (a header of at most
 * 64 px, two products a row, the order total before "Place order"), and hostile shop text (a
 * 5,000-character word, U+202E) neither widens nor reverses the page. Screenshots of every route
 * at 390 and 1280 px go to test-artifacts/storefront/<route>-<width>.png. The page's own
 * Content-Security-Policy stays on (no bypass), including the connect-src the app adds once it
 * has read config.json.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { HttpTypes } from "@medusajs/types";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Medusa } from "../../src/sdk/index.js";
import { seeded } from "./helpers/admin-fixtures.js";
import { purchasableVariants, regionFor } from "./helpers/orders.js";
import { adminSdk, backend, storeSdk, uniq } from "./helpers/sdk.js";
import { ARTIFACTS, startStorefront, type Storefront } from "./helpers/storefront.js";

/**
 * Each route is loaded at the first width of a group and then resized to the others: the
 * storefront's layout is CSS alone (no matchMedia, innerWidth or resize listener, checked below),
 * so a page resized to a width lays out as one loaded at it, and five loads per route cost
 * Chromium twice the CPU of two (about 150 CPU-seconds a run).
 */
const WIDTH_GROUPS = [
  [390, 320],
  [1280, 768, 1440],
] as const;
const SHOT_WIDTHS = new Set<number>([390, 1280]);
const PHONE = 480;
const T = 60_000;

/** A word with no break opportunity, and a right-to-left override, as the security round used them. */
const LONG_WORD = "W".repeat(5000);
const RLO = "\u202e";

let shop: Storefront;

interface Prepared {
  /** A guest cart with e-mail, addresses, delivery and a payment session: every checkout step can be shown. */
  cartId: string;
  guestOrder: HttpTypes.StoreOrder;
  customerToken: string;
  customerOrder: HttpTypes.StoreOrder;
}
let data: Prepared;

/** An address whose street holds a word wider than any screen, and a name with a bidi override in it. */
const hostileAddress = (): HttpTypes.StoreAddAddress => ({
  first_name: `Ada${RLO}Lovelace`,
  last_name: "Byron-King-Noel-of-Ockham-and-Lovelace",
  // 120 characters are wider than any screen tested and keep the screenshots readable; the product test uses 5,000.
  address_1: `Unter den Linden ${LONG_WORD.slice(0, 120)}`,
  city: "Berlin",
  postal_code: "10117",
  country_code: "de",
  phone: "+49301234567",
});

/** A cart made ready for "Place order" through the store API, as the checkout would; completed when `complete`. */
async function checkout(sdk: Medusa, email: string, complete: boolean): Promise<{ cart: HttpTypes.StoreCart; order?: HttpTypes.StoreOrder }> {
  const region = await regionFor(sdk, "eur");
  const items = (await purchasableVariants(sdk, region.id, 3, 2)).map((v, i) => ({ variant_id: v.id, quantity: i + 1 }));
  let { cart } = await sdk.store.cart.create({ region_id: region.id, items });
  const address = hostileAddress();
  ({ cart } = await sdk.store.cart.update(cart.id, { email, shipping_address: address, billing_address: address }));
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id });
  // Any priced option: the seeded ones are shared, and other suites change their prices while they run.
  const priced = shipping_options.filter((o) => typeof (o.calculated_price?.calculated_amount ?? o.amount) === "number");
  const option = priced.find((o) => o.type?.code === "standard") ?? priced[0];
  if (!option) throw new Error(`no priced shipping option for cart ${cart.id}`);
  ({ cart } = await sdk.store.cart.addShippingMethod(cart.id, { option_id: option.id }));
  await sdk.store.payment.initiatePaymentSession(cart, { provider_id: "pp_system_default" });
  if (!complete) return { cart };
  const done = await sdk.store.cart.complete(cart.id);
  if (done.type !== "order") throw new Error(`cart ${cart.id} did not complete: ${done.error?.message}`);
  return { cart, order: done.order };
}

/** A long e-mail address: a local part of 64 characters (the most RFC 5321 allows). */
const longEmail = (tag: string) => `${uniq(tag).replace(/-/g, ".")}.`.padEnd(64, "x") + "@a-rather-long-mail-domain.example.com";

beforeAll(async () => {
  shop = await startStorefront(backend);
  const guest = storeSdk();
  const { cart } = await checkout(guest, longEmail("layout-guest"), false);
  const { order: guestOrder } = await checkout(storeSdk(), longEmail("layout-order"), true);

  const email = longEmail("layout-customer");
  const password = uniq("pw");
  const customer = storeSdk();
  await customer.auth.register("customer", "emailpass", { email, password });
  await customer.store.customer.create({ email, first_name: `Grace${RLO}Hopper`, last_name: LONG_WORD.slice(0, 120) });
  await customer.auth.login("customer", "emailpass", { email, password });
  await customer.store.customer.createAddress(hostileAddress());
  const { order: customerOrder } = await checkout(customer, email, true);
  // The storefront keeps the customer's JWT in localStorage; the browser gets a token of its own.
  const res = await fetch(`${backend.url}/auth/customer/emailpass`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  const { token } = (await res.json()) as { token: string };
  data = { cartId: cart.id, guestOrder: guestOrder!, customerToken: token, customerOrder: customerOrder! };
}, 600_000);

afterAll(async () => {
  await shop?.close();
});

type Who = "guest" | "customer";
interface Route {
  name: string;
  path: () => string;
  who: Who;
  /** Waits until the page shows its content (not a skeleton). */
  ready: (page: Page) => Promise<unknown>;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name }).waitFor();
const h2 = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 2, name }).waitFor();
const productsShown = (page: Page) => page.getByRole("list", { name: "Products", exact: true }).getByRole("listitem").first().waitFor();

const ROUTES: Route[] = [
  { name: "home", path: () => "/", who: "guest", ready: (p) => productsShown(p) },
  { name: "category", path: () => "/categories/apparel", who: "guest", ready: async (p) => (await h1(p, "Apparel"), productsShown(p)) },
  { name: "collection", path: () => "/collections/summer-edition", who: "guest", ready: async (p) => (await h1(p, "Summer Edition"), productsShown(p)) },
  { name: "product", path: () => "/products/organic-sweatshirt", who: "guest", ready: (p) => p.getByRole("button", { name: "Add to cart" }).waitFor() },
  { name: "search", path: () => "/search?q=shirt", who: "guest", ready: async (p) => (await h1(p, "Results for “shirt”"), productsShown(p)) },
  { name: "cart", path: () => "/cart", who: "guest", ready: (p) => p.getByRole("list", { name: "Items in your cart" }).getByRole("listitem").first().waitFor() },
  ...(["contact", "address", "delivery", "payment", "review"] as const).map(
    (step): Route => ({
      name: `checkout-${step}`,
      path: () => `/checkout?step=${step}`,
      who: "guest",
      ready: async (p) => {
        await h2(p, step[0]!.toUpperCase() + step.slice(1));
        if (step === "delivery") await p.getByRole("group", { name: "Delivery method" }).getByRole("radio").first().waitFor();
        if (step === "payment") await p.getByRole("radio", { name: /Manual payment/ }).waitFor();
        if (step === "review") await p.getByRole("button", { name: "Place order" }).waitFor();
      },
    }),
  ),
  { name: "order-confirmed", path: () => `/order/confirmed/${encodeURIComponent(data.guestOrder.id)}`, who: "guest", ready: (p) => p.getByText(/^Your order number is #\d+/).waitFor() },
  { name: "login", path: () => "/account/login", who: "guest", ready: (p) => p.getByRole("button", { name: "Log in" }).waitFor() },
  { name: "register", path: () => "/account/register", who: "guest", ready: (p) => p.getByRole("button", { name: "Create account" }).waitFor() },
  { name: "forgot-password", path: () => "/account/forgot-password", who: "guest", ready: (p) => p.getByRole("button", { name: "Send reset link" }).waitFor() },
  { name: "reset-password", path: () => "/reset-password?token=not-a-real-token&email=someone%40example.com", who: "guest", ready: (p) => h1(p, "Choose a new password") },
  { name: "account", path: () => "/account", who: "customer", ready: (p) => h1(p, "Your account").then(() => p.getByRole("navigation", { name: "Account" }).waitFor()) },
  { name: "addresses", path: () => "/account/addresses", who: "customer", ready: (p) => p.getByRole("list", { name: "Saved addresses" }).waitFor() },
  { name: "orders", path: () => "/account/orders", who: "customer", ready: (p) => p.getByRole("link", { name: /^Order #\d+/ }).first().waitFor() },
  {
    name: "order-detail",
    path: () => `/account/orders/${encodeURIComponent(data.customerOrder.id)}`,
    who: "customer",
    ready: (p) => h2(p, `Order #${data.customerOrder.display_id}`),
  },
  {
    name: "transfer",
    path: () => `/account/transfers/${encodeURIComponent(data.guestOrder.id)}?token=not-a-real-token`,
    who: "guest",
    ready: (p) => p.getByText(`A request was made to move order #${data.guestOrder.display_id}`, { exact: false }).waitFor(),
  },
  { name: "not-found", path: () => "/no/such/page", who: "guest", ready: (p) => h1(p, "Page not found") },
];

async function newContext(width: number, who: Who): Promise<BrowserContext> {
  const context = await shop.browser.newContext({ viewport: viewport(width) });
  const state = { cart: data.cartId, token: who === "customer" ? data.customerToken : null };
  await context.addInitScript((s) => {
    localStorage.setItem("storefront_country", "de");
    if (s.cart) localStorage.setItem("storefront_cart_id", s.cart);
    if (s.token) localStorage.setItem("medusa_storefront_token", s.token);
  }, state);
  return context;
}

/** Nothing loading any more: no skeletons, no busy lists, images decoded. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => {});
  // Lazy pictures below the fold would never load in a screenshot: ask for them now.
  await page.waitForFunction(
    () => {
      for (const img of document.querySelectorAll<HTMLImageElement>("img[loading=lazy]")) img.loading = "eager";
      return !document.querySelector("main .loading, main .card-skeleton, main [aria-busy='true']") && [...document.images].every((i) => i.complete);
    },
    null,
    { timeout: T, polling: 100 },
  );
}

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  widest?: string;
}

/** The page's scroll width, and the element reaching furthest right when it is wider than the window. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= innerWidth) return { scrollWidth, innerWidth };
    let worst: { el: Element; right: number } | undefined;
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= innerWidth + 0.5) continue;
      if (!worst || r.right > worst.right) worst = { el, right: r.right };
    }
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
      return `<${el.tagName.toLowerCase()}${id}${cls}> right edge at ${Math.round(worst!.right)} px: "${text}"`;
    };
    return { scrollWidth, innerWidth, widest: worst ? describe(worst.el) : "(no element found past the right edge)" };
  });
}

const viewport = (width: number) => ({ width, height: width < PHONE ? 800 : 900 });

/** Loads the route at `width`; with `resized`, takes the page already shown there to `width` instead. */
async function visit(page: Page, route: Route, width: number, resized = false) {
  await page.setViewportSize(viewport(width));
  if (!resized) {
    await page.goto(`${shop.url}${route.path()}`);
    await route.ready(page);
  }
  await settled(page);
  const m = await measure(page);
  expect(m.scrollWidth, `${route.name} at ${width} px scrolls sideways: document ${m.scrollWidth} px wide in a ${m.innerWidth} px window; widest: ${m.widest}`).toBeLessThanOrEqual(m.innerWidth);
  if (SHOT_WIDTHS.has(width)) await page.screenshot({ path: path.join(ARTIFACTS, `${route.name}-${width}.png`), fullPage: true });
}

describe("the storefront fits every screen (Chromium, real back-end)", () => {
  it("has no layout in JavaScript, so that resizing a page stands for loading it at that width", () => {
    const files = readdirSync(path.resolve(import.meta.dirname, "../../src/storefront-web/src"), { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
    const widthLogic = files.filter((f) => /matchMedia|innerWidth|outerWidth|"resize"|ResizeObserver/.test(readFileSync(path.resolve(import.meta.dirname, "../../src/storefront-web/src", f), "utf8")));
    expect(widthLogic, "these files lay out by width in JavaScript: load the routes at each width (WIDTH_GROUPS) instead of resizing").toEqual([]);
  });

  // The groups run side by side, each in its own browser contexts: most of a visit is waiting for
  // the network to go quiet, and the waits overlap.
  for (const [first, ...others] of WIDTH_GROUPS) {
    it.concurrent(`no route scrolls sideways loaded at ${first} px, nor resized to ${others.join(" and ")} px`, async ({ expect }) => {
      const contexts = { guest: await newContext(first, "guest"), customer: await newContext(first, "customer") };
      const pages = { guest: await contexts.guest.newPage(), customer: await contexts.customer.newPage() };
      for (const p of Object.values(pages)) p.setDefaultTimeout(T);
      const failures: string[] = [];
      try {
        for (const route of ROUTES) {
          for (const width of [first, ...others]) {
            try {
              await visit(pages[route.who], route, width, width !== first);
            } catch (e) {
              const message = (e as Error).message.split("\n")[0]!;
              failures.push(`${route.name} at ${width} px: ${message}`);
              await pages[route.who].screenshot({ path: path.join(ARTIFACTS, `${route.name}-${width}-failed.png`), fullPage: true }).catch(() => {});
              // A page that never got ready is not measured at the group's other widths.
              if (width === first && !message.includes("scrolls sideways")) break;
            }
          }
        }
      } finally {
        await contexts.guest.close();
        await contexts.customer.close();
      }
      expect(failures).toEqual([]);
    }, 600_000);
  }

  it.each([320, 390])("a phone (%i px) gets a compact header, two products a row, and the order total before “Place order”", async (width) => {
    const context = await newContext(width, "guest");
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(T);
      await page.goto(`${shop.url}/categories/apparel`);
      await productsShown(page);
      await settled(page);
      const header = await page.locator(".site-header").evaluate((el) => el.getBoundingClientRect().height);
      expect(header).toBeLessThanOrEqual(64);
      const cards = page.getByRole("list", { name: "Products", exact: true }).getByRole("listitem");
      const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).evaluate((el) => el.getBoundingClientRect())));
      expect(b!.top).toBe(a!.top);
      expect(c!.top).toBeGreaterThan(a!.top);
      expect(a!.width).toBeGreaterThan(width / 2 - 40);

      // The menu opens the categories and the search; a search lists products through the store API's q.
      await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Accessories" }).waitFor();
      await page.getByRole("searchbox", { name: "Search products" }).fill("sweatshirt");
      await page.getByRole("searchbox", { name: "Search products" }).press("Enter");
      await h1(page, "Results for “sweatshirt”");
      await page.getByRole("list", { name: "Products", exact: true }).getByRole("link", { name: "Organic Sweatshirt", exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe("false");

      await page.goto(`${shop.url}/checkout?step=review`);
      await page.getByRole("button", { name: "Place order" }).waitFor();
      await settled(page);
      const totalTop = await page.getByLabel("Order totals").evaluate((el) => el.getBoundingClientRect().top);
      const buttonTop = await page.getByRole("button", { name: "Place order" }).evaluate((el) => el.getBoundingClientRect().top);
      expect(totalTop).toBeLessThan(buttonTop);
      // Pictures of the items, in the cart and in the review.
      expect(await page.getByRole("list", { name: "Items" }).locator("img").count()).toBe(3);
      await page.goto(`${shop.url}/cart`);
      await page.getByRole("list", { name: "Items in your cart" }).locator("img").first().waitFor();
      expect(await page.getByRole("list", { name: "Items in your cart" }).locator("img").count()).toBe(3);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("hostile shop text: a 5,000-character word and U+202E in a product neither widen the page nor reverse the text around them", async () => {
    const admin = adminSdk();
    const seed = await seeded(admin);
    const handle = uniq("layout-hostile");
    const { product } = await admin.admin.product.create(
      {
        title: `Hostile ${handle} ${LONG_WORD}`,
        subtitle: `${RLO}reversed subtitle`,
        description: `Before ${LONG_WORD} after. ${RLO}This sentence was reversed.`,
        handle,
        status: "published",
        shipping_profile_id: seed.shippingProfileId,
        sales_channels: [{ id: seed.salesChannelId }],
        options: [{ title: "Size", values: [`${RLO}One`] }],
        variants: [{ title: "One", options: { Size: `${RLO}One` }, prices: [{ currency_code: "eur", amount: 10 }], manage_inventory: false }],
      } as never,
      { fields: "id" },
    );
    try {
      for (const width of [320, 390, 1280]) {
        const context = await newContext(width, "guest");
        try {
          const page = await context.newPage();
          page.setDefaultTimeout(T);
          const route: Route = { name: "product-hostile", path: () => `/products/${handle}`, who: "guest", ready: (p) => p.getByRole("button", { name: "Add to cart" }).waitFor() };
          await visit(page, route, width);
          // Shop text is isolated, so the override ends with it.
          for (const sel of [".product h1", ".subtitle", ".description", ".option span"]) {
            expect(await page.locator(sel).first().evaluate((el) => getComputedStyle(el).unicodeBidi), sel).toBe("isolate");
          }
          const search: Route = {
            name: "search-hostile",
            path: () => `/search?q=${encodeURIComponent(`${RLO}${handle}`)}`,
            who: "guest",
            ready: (p) => p.getByRole("heading", { level: 1, name: /^Results for/ }).waitFor(),
          };
          await visit(page, search, width);
          // The closing quote after the query stays after it: the override inside the query ends with the query.
          const quote = await page.locator("main h1").evaluate((h) => {
            const last = h.lastChild!;
            const range = document.createRange();
            range.setStart(last, 0);
            range.setEnd(last, 1);
            const q = range.getBoundingClientRect();
            const rects = [...h.querySelector("bdi")!.getClientRects()];
            const end = rects[rects.length - 1]!;
            return { text: last.textContent, quoteLeft: q.left, quoteTop: q.top, queryRight: end.right, queryTop: end.top };
          });
          expect(quote.text).toBe("”");
          expect(quote.quoteLeft).toBeGreaterThanOrEqual(quote.queryRight - 1);
          expect(Math.abs(quote.quoteTop - quote.queryTop)).toBeLessThan(4);
          const search2: Route = { name: "search-hostile-product", path: () => `/search?q=${handle}`, who: "guest", ready: (p) => productsShown(p) };
          await visit(page, search2, width);
        } finally {
          await context.close();
        }
      }
    } finally {
      await admin.admin.product.delete(product.id).catch(() => {});
    }
  }, 300_000);

  it("keeps the page's Content-Security-Policy on: requests may go only to the shop and its configured back-end", async () => {
    const context = await newContext(1280, "guest");
    try {
      const page = await context.newPage();
      const res = await page.goto(`${shop.url}/`);
      await productsShown(page);
      // The server names the back-end in its header; the build's meta copy (for hosts that set no header) stays strict too.
      const header = (await res!.allHeaders())["content-security-policy"]!;
      expect(header).toContain(`connect-src 'self' ${new URL(backend.url).origin};`);
      expect(header).not.toContain("unsafe-inline");
      const metas = await page.locator('meta[http-equiv="Content-Security-Policy"]').evaluateAll((els) => els.map((e) => e.getAttribute("content")));
      expect(metas[0]).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self'; /);
      // A request to a local origin the build-time meta policy would allow is refused by the server's.
      const refused = await page.evaluate(async () => {
        const seen: string[] = [];
        document.addEventListener("securitypolicyviolation", (e) => seen.push(e.blockedURI));
        await fetch("http://localhost:9/").catch(() => {});
        await new Promise((r) => setTimeout(r, 100));
        return seen;
      });
      expect(refused).toContain("http://localhost:9/");
    } finally {
      await context.close();
    }
  }, 120_000);
});
