/**
 * The whole shopper journey in Chromium against the real back-end, with an axe-core audit (WCAG 2.2
 * A/AA rules) and a screenshot of every route: home, listings, a nested category, a product with its
 * seeded images, the cart drawer, the cart with a promotion code, each checkout step and the
 * confirmation — all with the keyboard only —, then the account pages, a password reset with the
 * token the sandbox recorded, and an order transfer requested and accepted in the browser. A serious or critical
 * violation fails the route; every violation is printed and all outcomes are kept in
 * test-artifacts/storefront/axe-results.json.
 */
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../src/shared/format.js";
import { audit, describeBlocking } from "./helpers/axe.js";
import { placeOrder, registerCustomer } from "./helpers/orders.js";
import { resetTokenFor, transferTokenFor } from "./helpers/reset-tokens.js";
import { adminUserSdk, backend, storeSdk, uniq } from "./helpers/sdk.js";
import { ARTIFACTS, startStorefront, type Storefront } from "./helpers/storefront.js";

let shop: Storefront;
const T = 60_000;

beforeAll(async () => {
  shop = await startStorefront(backend);
});

afterAll(async () => {
  await shop?.close();
});

let current: Page | undefined;

async function newPage(width = 1280): Promise<Page> {
  // bypassCSP: the storefront's policy allows only its own scripts, and axe is injected inline.
  const context = await shop.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(T);
  current = page;
  return page;
}

afterEach(async (ctx) => {
  if (current && ctx.task.result?.state === "fail") {
    await current.screenshot({ path: path.join(ARTIFACTS, `a11y-${ctx.task.name.slice(0, 30).replace(/\W+/g, "-")}-failed.png`), fullPage: true }).catch(() => {});
  }
  await current?.context().close().catch(() => {});
  current = undefined;
});

/** Audits the page as it is now, saves its screenshot, and fails on serious or critical violations. */
async function check(page: Page, name: string) {
  // Let images and late fetches settle so the audit and the picture show the finished page.
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.screenshot({ path: path.join(ARTIFACTS, `route-${name}.png`), fullPage: true });
  const r = await audit(page, name);
  expect(r.blocking, `${name}:\n${describeBlocking(r)}`).toEqual([]);
}

/** Waits until an image has arrived and decoded (a picture that never loads fails the test by timeout). */
async function imageLoaded(img: Locator) {
  const handle = await img.elementHandle();
  await img.page().waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, handle);
}

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** Presses Tab (Shift+Tab with `back`) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

const exactList = (page: Page, name: string) => page.getByRole("list", { name, exact: true });

describe("storefront accessibility and journeys in Chromium", () => {
  it("the audit itself catches what it should: an unlabelled image and a low-contrast text on the live page", async () => {
    const page = await newPage();
    await page.goto(`${shop.url}/`);
    await exactList(page, "Products").getByRole("listitem").first().waitFor();
    await page.evaluate(() => {
      const img = document.createElement("img");
      img.src = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
      const faint = document.createElement("p");
      faint.textContent = "Barely readable";
      faint.style.color = "#eeeeee";
      document.querySelector("main")!.append(img, faint);
    });
    const r = await audit(page, "self-check (planted violations, expected to fail)");
    expect(r.blocking.map((v) => v.id).sort()).toEqual(["color-contrast", "image-alt"]);
  }, 120_000);

  it("a guest shops with the keyboard only: every route passes axe, the drawer traps focus, WELCOME10 is applied and read back from the store API", async () => {
    const page = await newPage();
    const email = `${uniq("a11y-guest")}@example.com`;

    await page.goto(`${shop.url}/`);
    await page.getByRole("heading", { level: 1, name: "Everyday essentials, made to last" }).waitFor();
    const featured = page.getByRole("region", { name: "Featured collections" });
    await featured.getByRole("heading", { level: 3, name: "Sandbox Essentials" }).waitFor();
    await exactList(page, "Products").getByRole("listitem").first().waitFor();
    // The seed gives every product a picture: the grid shows them, loaded.
    const firstThumb = exactList(page, "Products").locator("img").first();
    await imageLoaded(firstThumb);
    await check(page, "home");

    // Region with the keyboard: a focused select takes type-ahead.
    await tabTo(page, page.getByLabel("Region"));
    await page.keyboard.type("Germany");
    await page.waitForFunction(() => (document.getElementById("region-select") as HTMLSelectElement | null)?.selectedOptions[0]?.textContent === "Germany (EUR)");

    await page.goto(`${shop.url}/?q=organic`);
    await page.getByRole("heading", { level: 1, name: "Results for “organic”" }).waitFor();
    await exactList(page, "Products").getByRole("listitem").first().waitFor();
    await check(page, "listing-search");

    // The header's search box lists products through the store API's q at /search.
    await typeInto(page, page.getByRole("searchbox", { name: "Search products" }), "sweatshirt");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Results for “sweatshirt”" }).waitFor();
    await exactList(page, "Products").getByRole("link", { name: "Organic Sweatshirt", exact: true }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/de/search?q=sweatshirt");
    await check(page, "search");

    await page.goto(`${shop.url}/collections/summer-edition`);
    await page.getByRole("heading", { level: 1, name: "Summer Edition" }).waitFor();
    await exactList(page, "Products").getByRole("listitem").first().waitFor();
    await check(page, "listing-collection");

    await page.goto(`${shop.url}/categories/apparel/sweatshirts`);
    await page.getByRole("heading", { level: 1, name: "Sweatshirts" }).waitFor();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link", { name: "Apparel" }).getAttribute("href")).toBe("/de/categories/apparel");
    await exactList(page, "Products").getByRole("link", { name: "Organic Sweatshirt", exact: true }).waitFor();
    await check(page, "category-nested");

    // Into the product with Enter on its card.
    await tabTo(page, exactList(page, "Products").getByRole("link", { name: "Organic Sweatshirt", exact: true }));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Organic Sweatshirt" }).waitFor();
    const main = page.getByRole("img", { name: /^Organic Sweatshirt, image 1 of \d+$/ });
    await imageLoaded(main);
    expect([await main.getAttribute("width"), await main.getAttribute("height"), await main.getAttribute("loading")]).toEqual(["800", "800", "eager"]);
    const gallery = page.getByRole("list", { name: "Product images" });
    await tabTo(page, gallery.getByRole("button", { name: /^Show image 2 of/ }));
    await page.keyboard.press("Enter");
    await page.getByRole("img", { name: /^Organic Sweatshirt, image 2 of/ }).waitFor();
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Sweatshirts" }).waitFor();
    await check(page, "product");

    // Add to cart → the drawer opens with focus inside; Tab never leaves it; Escape gives focus back.
    const add = page.getByRole("button", { name: "Add to cart" });
    await tabTo(page, add);
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await drawer.getByRole("status").filter({ hasText: /^Added 1 × Organic Sweatshirt \(\w+\) to your cart\. Your cart has 1 item\.$/ }).waitFor();
    await drawer.getByText(/more to get free shipping/).waitFor();
    await check(page, "cart-drawer");
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
      expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    expect(await isFocused(add)).toBe(true);

    await tabTo(page, page.getByRole("link", { name: /^Cart \(1 item\)/ }), { back: true });
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Your cart" }).waitFor();
    const cartId = await page.evaluate(() => localStorage.getItem("storefront_cart_id"));
    expect(cartId).toMatch(/^cart_/);

    // Promotion codes: an unknown one is refused with the server's words, WELCOME10 applies.
    const code = page.getByLabel("Promotion code");
    await typeInto(page, code, "NOT-A-CODE");
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "The promotion code NOT-A-CODE is invalid" }).waitFor();
    expect(await code.getAttribute("aria-invalid")).toBe("true");
    await typeInto(page, code, "WELCOME10");
    await page.keyboard.press("Enter");
    await page.getByText("Code WELCOME10 applied.").waitFor();
    const store = storeSdk();
    let { cart } = await store.store.cart.retrieve(cartId!, { fields: "id,discount_total,total,currency_code,promotions.code" });
    expect(cart.promotions?.map((p) => p.code)).toEqual(["WELCOME10"]);
    expect(cart.discount_total).toBeGreaterThan(0);
    const totals = page.getByLabel("Order totals");
    await totals.getByText(`−${formatMoney(cart.discount_total, cart.currency_code)}`).waitFor();
    await totals.getByText(formatMoney(cart.total, cart.currency_code), { exact: true }).waitFor();
    await check(page, "cart-with-promotion");

    // Removing it takes the discount off, on the server too; then apply it again for the order.
    await tabTo(page, page.getByRole("button", { name: "Remove code WELCOME10" }));
    await page.keyboard.press("Enter");
    await page.getByText("Code WELCOME10 removed.").waitFor();
    ({ cart } = await store.store.cart.retrieve(cartId!, { fields: "id,discount_total,promotions.code" }));
    expect(cart.discount_total).toBe(0);
    expect(cart.promotions ?? []).toEqual([]);
    await typeInto(page, code, "WELCOME10");
    await page.keyboard.press("Enter");
    await page.getByText("Code WELCOME10 applied.").waitFor();

    await tabTo(page, page.getByRole("button", { name: "Checkout" }));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 2, name: "Contact" }).waitFor();
    await check(page, "checkout-contact");
    await typeInto(page, page.getByLabel("Email", { exact: true }), email);
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { level: 2, name: "Address" }).waitFor();
    await check(page, "checkout-address");
    await typeInto(page, page.getByLabel("First name", { exact: true }), "Ada");
    await typeInto(page, page.getByLabel("Last name", { exact: true }), "Lovelace");
    await typeInto(page, page.getByLabel("Address", { exact: true }), "Unter den Linden 1");
    await typeInto(page, page.getByLabel("City", { exact: true }), "Berlin");
    await typeInto(page, page.getByLabel("Postal code", { exact: true }), "10117");
    await tabTo(page, page.getByLabel("Country", { exact: true }));
    await page.keyboard.type("Germany");
    expect(await page.getByLabel("Country", { exact: true }).inputValue()).toBe("de");
    await tabTo(page, page.getByRole("button", { name: "Continue to delivery" }));
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { level: 2, name: "Delivery" }).waitFor();
    await page.getByRole("group", { name: "Delivery method" }).getByRole("radio").first().waitFor();
    await check(page, "checkout-delivery");
    await tabTo(page, page.getByRole("button", { name: "Continue to payment" }));
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { level: 2, name: "Payment" }).waitFor();
    await page.getByRole("radio", { name: /Manual payment/ }).waitFor();
    await check(page, "checkout-payment");
    await tabTo(page, page.getByRole("button", { name: "Continue to review" }));
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { level: 2, name: "Review" }).waitFor();
    await check(page, "checkout-review");
    await tabTo(page, page.getByRole("button", { name: "Place order" }));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Thank you for your order" }).waitFor();
    await check(page, "order-confirmed");

    const orderId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    const admin = await adminUserSdk();
    const { order } = await admin.admin.order.retrieve(orderId, { fields: "id,email,discount_total,*items" });
    expect(order.email).toBe(email);
    expect(order.discount_total).toBeGreaterThan(0);
  }, 300_000);

  it("account pages pass axe, and a shopper resets a forgotten password in the browser with the token the sandbox recorded", async () => {
    const { email, password, sdk } = await registerCustomer({ first_name: "Grace", last_name: "Hopper" });
    await placeOrder({ sdk, email, lines: 1, quantity: 1 });
    const page = await newPage();

    await page.goto(`${shop.url}/account/register`);
    await page.getByRole("button", { name: "Create account" }).waitFor();
    await check(page, "account-register");

    await page.goto(`${shop.url}/account/login`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await check(page, "account-login");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
    await page.getByText(email).waitFor();
    await check(page, "account-profile");

    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Addresses" }).click();
    await page.getByRole("button", { name: "Add address" }).waitFor();
    await check(page, "account-addresses");

    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Orders" }).click();
    const orderLink = page.getByRole("link", { name: /^Order #\d+/ }).first();
    await orderLink.waitFor();
    await check(page, "account-orders");
    await orderLink.click();
    await page.getByRole("heading", { level: 2, name: /^Order #\d+/ }).waitFor();
    await check(page, "account-order-detail");

    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByRole("heading", { level: 1, name: "Log in" }).waitFor();

    await page.goto(`${shop.url}/account/forgot-password`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await check(page, "account-forgot-password");
    const since = Date.now();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("status").filter({ hasText: /./ }).first().waitFor();
    const token = await resetTokenFor(email, { since });

    // The link a reset e-mail carries (CONTRACT.md §9).
    await page.goto(`${shop.url}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`);
    await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    await check(page, "reset-password");
    const fresh = `${uniq("new-pw")}-long`;
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("Confirm new password", { exact: true }).fill(fresh);
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByText("Your password is changed.").waitFor();

    await page.getByRole("link", { name: "Log in with your new password" }).click();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(fresh);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
    // And the old password no longer works.
    await expect(storeSdk().auth.login("customer", "emailpass", { email, password })).rejects.toMatchObject({ status: 401 });
  }, 300_000);

  it("on a phone, the header's menu (search, account, categories, region) passes axe open and closed", async () => {
    const page = await newPage(390);
    await page.goto(`${shop.url}/`);
    await exactList(page, "Products").getByRole("listitem").first().waitFor();
    await check(page, "phone-home");
    const menu = page.getByRole("button", { name: "Menu" });
    await tabTo(page, menu);
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Apparel" }).waitFor();
    await check(page, "phone-menu-open");
    // Escape closes it and gives focus back to the button.
    await page.getByRole("searchbox", { name: "Search products" }).focus();
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await isFocused(menu)).toBe(true);
  }, 120_000);

  it("a customer asks for a guest order in the browser, and its owner accepts the transfer from the e-mailed link", async () => {
    const guestEmail = `${uniq("a11y-transfer")}@example.com`;
    const { order } = await placeOrder({ email: guestEmail, lines: 1, quantity: 1 });
    const { email, password, customer: me } = await registerCustomer();

    // The customer, logged in, asks for the order by its id.
    const page = await newPage();
    await page.goto(`${shop.url}/account/login?next=%2Faccount%2Forders`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
    // The number the confirmation showed: this browser did not place the order, and the store API
    // cannot find a guest order by its number, so the form says so and asks for the order ID.
    await page.getByLabel("Order number").fill(`#${order.display_id}`);
    await page.getByLabel("Order e-mail").fill(guestEmail);
    await page.getByRole("button", { name: "Request transfer" }).click();
    await page.getByRole("alert").filter({ hasText: /^This shop can only find an order placed as a guest by its full order ID/ }).waitFor();
    await check(page, "account-orders-transfer-refused");
    await page.getByLabel("Order number").fill(order.id);
    await page.getByRole("button", { name: "Request transfer" }).click();
    await page.getByText(`Transfer requested for order #${order.display_id}.`, { exact: false }).waitFor();
    await check(page, "account-orders-transfer-requested");
    await page.context().close();

    // The owner of the order's e-mail opens the link (CONTRACT.md §9) in another browser: the link
    // the sandbox recorded (it sends no e-mail), with the token Medusa keeps on the order change.
    const record = await transferTokenFor(order.id);
    expect(record).toMatchObject({ original_email: guestEmail, customer_id: me.id, token: await transferToken(order.id) });
    expect(record.link).toBe(`/account/transfers/${encodeURIComponent(order.id)}?token=${encodeURIComponent(record.token)}`);
    const owner = await newPage();
    await owner.goto(`${shop.url}${record.link}`);
    await owner.getByRole("heading", { level: 1, name: "Order transfer" }).waitFor();
    await owner.getByRole("button", { name: "Accept transfer" }).waitFor();
    await check(owner, "account-transfer");
    await owner.getByRole("button", { name: "Accept transfer" }).click();
    await owner.getByRole("status").filter({ hasText: /^You accepted the transfer of / }).waitFor();

    const admin = await adminUserSdk();
    const after = (await admin.admin.order.retrieve(order.id, { fields: "id,customer_id" })).order;
    expect(after.customer_id).toBe(me.id);
  }, 300_000);
});

/**
 * The token of the order's pending transfer. Medusa puts it in the transfer order change's action
 * (`details.token`) and sends only `{id, order_change_id}` with the `order.transfer_requested`
 * event, so a test reads it through the admin API as the notification provider would.
 */
async function transferToken(orderId: string): Promise<string> {
  const admin = await adminUserSdk();
  const { order_changes } = await admin.admin.order.listChanges(orderId, { fields: "id,change_type,status,*actions" } as never);
  const change = (order_changes as { change_type?: string; status?: string; actions?: { details?: { token?: string } }[] }[]).find(
    (c) => c.change_type === "transfer" && c.status !== "canceled",
  );
  const token = change?.actions?.find((a) => a.details?.token)?.details?.token;
  if (!token) throw new Error(`no transfer token on order ${orderId}: ${JSON.stringify(order_changes).slice(0, 400)}`);
  return token;
}
