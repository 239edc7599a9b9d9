/**
 * Every figure true: for real orders and carts of the real back-end — a tax-exclusive region (the
 * seeded Europe, 19 % VAT added) and a tax-inclusive one (helpers/regions.ts, 20 % VAT included), a
 * percentage and a fixed promotion, free shipping, a partial refund and a return — the lines each
 * front-end shows add up to the total it shows, to the cent, and that total is Medusa's, rounded:
 * `orders show` (the binary), the TUI's order view (its own renderer over what Medusa answered) and
 * the storefront's confirmation and cart pages (Chromium).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, runCli } from "../helpers/cli.js";
import { loadOrderDetail } from "../../src/shared/orders/read.js";
import { orderViewLines } from "../../src/tui/screens/order-detail.js";
import { makeTheme } from "../../src/tui/theme.js";
import { adminSdk, backend, storeSdk } from "./helpers/sdk.js";
import { orderState, placeOrder, type PlacedOrder } from "./helpers/orders.js";
import { fixedPromotion, taxInclusiveRegion, type TaxInclusiveRegion } from "./helpers/regions.js";
import { ARTIFACTS, startStorefront, type Storefront } from "./helpers/storefront.js";

const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken };
const cli = (...args: string[]) => runCli(args, { env });
const admin = adminSdk();

/** "€1,234.56" → 123456 cents; "−€5.40" → -540; "£4.90" → 490. */
function cents(text: string): number {
  const t = text.trim();
  const negative = /^[−-]/.test(t);
  const digits = t.replace(/[^\d.]/g, "");
  const [whole, frac = ""] = digits.split(".");
  const n = Number(whole) * 100 + Number((frac + "00").slice(0, 2));
  return negative ? -n : n;
}

/** Medusa's exact total rounded to cents as a person would (half away from zero). */
const medusaCents = (n: unknown) => Math.round(Number((Number(n) * 100).toPrecision(12)));

interface Shown {
  lines: { label: string; cents: number }[];
  total: number;
}

const sum = (s: Shown) => s.lines.reduce((a, l) => a + l.cents, 0);

/** The Totals block of `orders show`: label/amount lines up to Total. */
function cliTotals(text: string): Shown & { items: { billed: number; unit: number; amount: number }[] } {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith("Totals ("));
  expect(start, text).toBeGreaterThan(0);
  const out: Shown = { lines: [], total: NaN };
  for (const l of lines.slice(start + 1)) {
    const m = /^ {2}(\S.*?)\s{2,}(\S+)$/.exec(l);
    if (!m) break;
    if (m[1]!.startsWith("Total (")) {
      out.total = cents(m[2]!);
      break;
    }
    out.lines.push({ label: m[1]!, cents: cents(m[2]!) });
  }
  // Items table: BILLED, UNIT, AMOUNT are the 9th–11th columns (right-aligned, two spaces apart).
  const head = lines.findIndex((l) => /^\s+#\s+SKU/.test(l));
  const items: { billed: number; unit: number; amount: number }[] = [];
  for (const l of lines.slice(head + 1)) {
    if (!/^\s+\d+\s/.test(l)) break;
    const cells = l.trim().split(/\s{2,}/);
    // # SKU ITEM QTY FULFILLED SHIPPED DELIVERED RETURNED BILLED UNIT AMOUNT DISCOUNT LINE-ID
    const [billed, unit, amount] = cells.slice(-5, -2);
    items.push({ billed: Number(billed), unit: cents(unit!), amount: cents(amount!) });
  }
  return { ...out, items };
}

/** The TUI's order view over the same order, as text lines. */
async function tuiTotals(orderId: string): Promise<Shown & { items: { q: number; unit: number; amount: number }[] }> {
  const detail = await loadOrderDetail(admin, orderId);
  const text = orderViewLines(detail as never, makeTheme(false)).map((l) => l.map((s) => s.text).join(""));
  const i = text.findIndex((l) => l.startsWith("Totals"));
  const parts = text[i + 1]!.trim().split(/ (?=[+−] )/);
  const lines = parts.map((p) => {
    const m = /^([+−] )?(.+?) (\S+)$/.exec(p)!;
    return { label: m[2]!, cents: (m[1]?.startsWith("−") ? -1 : 1) * cents(m[3]!) };
  });
  const total = cents(/= Total (\S+)/.exec(text[i + 2]!)![1]!);
  const items = text.flatMap((l) => {
    const m = /^\s+(\d+) × (\S+) = (\S+)/.exec(l);
    return m ? [{ q: Number(m[1]), unit: cents(m[2]!), amount: cents(m[3]!) }] : [];
  });
  return { lines, total, items };
}

let shop: Storefront;
let incl: TaxInclusiveRegion;
const orders: Record<string, PlacedOrder> = {};

beforeAll(async () => {
  incl = await taxInclusiveRegion(admin);
  const fixedEur = await fixedPromotion(admin, "eur", 5);
  const fixedGbp = await fixedPromotion(admin, "gbp", 5);
  const inclItems = [{ variant_id: incl.variantId, quantity: 3 }];
  // Placed one after another: the back-end is shared and orders run through its workflows.
  orders["excl, 10 % off"] = await placeOrder({ lines: 2, quantity: 2, promoCodes: ["WELCOME10"] });
  orders["excl, 5 off"] = await placeOrder({ lines: 2, quantity: 1, promoCodes: [fixedEur] });
  orders["excl, free shipping"] = await placeOrder({ lines: 2, quantity: 5 });
  orders["incl, 10 % off"] = await placeOrder({ region: incl.region, address: incl.address, items: inclItems, promoCodes: ["WELCOME10"] });
  orders["incl, 5 off"] = await placeOrder({ region: incl.region, address: incl.address, items: inclItems, promoCodes: [fixedGbp] });
  shop = await startStorefront(backend);
}, 300_000);

afterAll(async () => {
  await shop?.close();
});

async function reconcile(name: string, orderId: string): Promise<number> {
  const order = await orderState(admin, orderId, "id,display_id,total,currency_code");
  const want = medusaCents(order.total);

  const shown = ok(await cli("orders", "show", orderId)).stdout;
  const c = cliTotals(shown);
  expect(sum(c), `${name}: orders show\n${shown}`).toBe(c.total);
  expect(c.total, name).toBe(want);
  for (const it of c.items) expect(it.billed * it.unit, `${name}: unit × billed`).toBe(it.amount);
  expect(c.items.reduce((a, it) => a + it.amount, 0), `${name}: rows add up to Items`).toBe(c.lines[0]!.cents);

  const t = await tuiTotals(orderId);
  expect(sum(t), `${name}: TUI ${JSON.stringify(t)}`).toBe(t.total);
  expect(t.total, name).toBe(want);
  for (const it of t.items) expect(it.q * it.unit, `${name}: TUI unit × quantity`).toBe(it.amount);
  expect(t.lines.map((l) => l.cents), `${name}: TUI and CLI lines`).toEqual(c.lines.map((l) => l.cents));

  const page = await shop.browser.newPage({ viewport: { width: 390, height: 900 } });
  try {
    await page.goto(`${shop.url}/order/confirmed/${orderId}`);
    const totals = page.getByLabel("Order totals");
    await totals.waitFor();
    const rows = await totals.locator("div").evaluateAll((ds) => ds.map((d) => [d.getAttribute("data-line"), d.querySelector("dd")?.textContent ?? ""]));
    const lines = rows.filter(([k]) => k && k !== "total" && k !== "tax-included").map(([k, v]) => ({ label: k!, cents: cents(v!) }));
    const total = cents(rows.find(([k]) => k === "total")![1]!);
    expect(sum({ lines, total }), `${name}: storefront ${JSON.stringify(rows)}`).toBe(total);
    expect(total, name).toBe(want);
    await page.screenshot({ path: path.join(ARTIFACTS, `money-${name.replace(/[^a-z0-9]+/gi, "-")}-390.png`), fullPage: true });
  } finally {
    await page.close();
  }
  return want;
}

describe("every figure true: the shown lines add up to the shown total, in every front-end", () => {
  it.each(["excl, 10 % off", "excl, 5 off", "excl, free shipping", "incl, 10 % off", "incl, 5 off"])("%s", async (name) => {
    const placed = orders[name]!;
    const total = await reconcile(name, placed.order.id);
    const shown = ok(await cli("orders", "show", placed.order.id)).stdout;
    if (name.startsWith("incl")) {
      // Told in the prices the shopper paid, with the VAT they hold stated and not added.
      expect(shown).toContain("Totals (Prices include VAT)");
      expect(shown).toMatch(/incl\. VAT\s+£\d/);
      expect(shown).toContain(`£${(incl.unitPrice).toFixed(2)}`);
    } else {
      expect(shown).toContain("Totals (Prices exclude VAT; VAT is added)");
      expect(shown).toMatch(/\n {2}VAT\s+€\d/);
    }
    if (name.includes("off")) expect(shown).toMatch(/\n {2}Discount\s+−[€£]\d/);
    if (name === "excl, free shipping") expect(shown).toMatch(/\n {2}Shipping\s+€0\.00\n/);
    expect(total).toBeGreaterThan(0);
  });

  it("a partial refund leaves the total and its lines as they were, and is shown as refunded", async () => {
    const { order } = orders["excl, 10 % off"]!;
    ok(await cli("orders", "capture", order.id, "--yes"));
    ok(await cli("orders", "refund", order.id, "--amount", "10", "--yes"));
    await reconcile("partially refunded", order.id);
    expect(ok(await cli("orders", "show", order.id)).stdout).toMatch(/\n {2}Refunded\s+€10\.00\n/);
  });

  it("after a return is received, the lines bill what the customer kept and still add up", async () => {
    const { order } = orders["excl, 5 off"]!;
    ok(await cli("orders", "fulfill", order.id, "--yes"));
    ok(await cli("orders", "ship", order.id, "--yes"));
    ok(await cli("returns", "create", order.id, "--item", "1:1", "--receive", "--yes"));
    await reconcile("returned", order.id);
    const shown = ok(await cli("orders", "show", order.id)).stdout;
    expect(shown).toContain("BILLED is the quantity ordered less the quantity returned");
  });

  it("the storefront's cart tells the same sum before checkout, in a tax-inclusive region with incl. VAT stated", async () => {
    const store = storeSdk();
    let { cart } = await store.store.cart.create({ region_id: incl.region.id, items: [{ variant_id: incl.variantId, quantity: 2 }] });
    ({ cart } = await store.store.cart.update(cart.id, { email: "money@example.com", shipping_address: incl.address }));
    ({ cart } = await store.store.cart.addPromotions(cart.id, { promo_codes: ["WELCOME10"] }));
    const { cart: exact } = await store.store.cart.retrieve(cart.id, { fields: "total" });
    const page = await shop.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(shop.url);
      await page.evaluate(([id]) => localStorage.setItem("storefront_cart_id", id!), [cart.id]);
      // The country is the page's: the Isle of Man's region prices with VAT included.
      await page.goto(`${shop.url}/im/cart`);
      const totals = page.getByLabel("Order totals");
      await totals.waitFor();
      const rows = await totals.locator("div").evaluateAll((ds) => ds.map((d) => [d.getAttribute("data-line"), d.querySelector("dd")?.textContent ?? ""]));
      const lines = rows.filter(([k]) => k && k !== "total" && k !== "tax-included").map(([k, v]) => ({ label: k!, cents: cents(v!) }));
      const total = cents(rows.find(([k]) => k === "total")![1]!);
      expect(sum({ lines, total }), JSON.stringify(rows)).toBe(total);
      expect(total).toBe(medusaCents(exact.total));
      expect(rows.find(([k]) => k === "items")![1]).toBe(`£${(incl.unitPrice * 2).toFixed(2)}`);
      expect(rows.some(([k]) => k === "tax-included")).toBe(true);
      await page.getByText("Prices include VAT.", { exact: true }).waitFor();
      await page.screenshot({ path: path.join(ARTIFACTS, "money-cart-incl-vat-1280.png"), fullPage: true });
    } finally {
      await page.close();
    }
  });
});
