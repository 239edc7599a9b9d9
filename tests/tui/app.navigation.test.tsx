import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrdersState, registerOrders } from "../helpers/medusa-stub/orders.js";
import { stubRegistry } from "../helpers/medusa-stub/registry.js";
import { renderTui } from "../helpers/tui.js";

afterEach(() => cleanup());

function backendWith(n: number): OrdersState {
  const b = new OrdersState();
  for (let i = 1; i <= n; i++) b.addOrder({ display_id: i, first_name: `First${i}`, last_name: "Last", state: i % 3 === 0 ? "shipped" : i % 3 === 1 ? "new" : "captured" });
  return b;
}

/** The row the `>` marker is on. */
function selectedRow(frame: string): string | undefined {
  return frame.split("\n").find((l) => l.startsWith("> "));
}

describe("order queue", () => {
  it("starts on the orders view with display id, date, customer, total and the order, payment and fulfilment statuses", async () => {
    const t = renderTui({ shop: backendWith(3) });
    const frame = await t.see("#3");
    const header = frame.split("\n").find((l) => l.includes("Customer"))!;
    for (const col of ["#", "Date", "Customer", "Total", "Status", "Payment", "Fulfilment"]) expect(header).toContain(col);
    const row = selectedRow(frame)!;
    expect(row).toMatch(/#3\s+11-01 00:00\s+First3 Last\s+€34\.00\s+pending\s+authorized\s+shipped/);
    expect(frame).toMatch(/#2 .*€34\.00\s+pending\s+captured\s+not_fulfilled/);
    expect(frame).toContain("Orders  1–3 of 3");
  });

  it("shows profile, URL, who is logged in and the age of the data in the header", async () => {
    let now = Date.parse("2026-11-22T10:00:00Z");
    const t = renderTui({ shop: backendWith(1), now: () => now, tickMs: 20 });
    await t.see("updated 0s ago");
    now += 42_000;
    const frame = await t.see("updated 42s ago");
    const header = frame.split("\n")[0]!;
    expect(header).toContain("test │ http://medusa.test │ secret API key sk_…1234");
  });

  it("moves with j/k, jumps with G/g, and keys sent in one chunk count one by one", async () => {
    const t = renderTui({ shop: backendWith(30) });
    await t.see("#30");
    await t.press("j", "j");
    await t.see(/> #28 /);
    await t.press("k");
    await t.see(/> #29 /);
    await t.press("G");
    await t.see("> #1 ");
    // 24 rows: the API-call log is off below 40, so 18 orders fit.
    expect(t.frame()).toContain("13–30 of 30");
    await t.press("g");
    await t.see(/> #30 /);
    await t.press("jjj");
    await t.see(/> #27 /);
  });

  it("pages 1,000 orders from the server around the viewport instead of reading them all", async () => {
    const b = backendWith(1000);
    const t = renderTui({ shop: b });
    await t.see("#1000");
    const offsets = () => t.registry.calls("GET", /^\/admin\/orders$/).map((c) => Number(c.query.offset));
    // The visible page and the next one, read ahead.
    await vi.waitFor(() => expect(new Set(offsets())).toEqual(new Set([0, 25])));
    await t.press("G");
    await t.see("> #1 ");
    expect(t.frame()).toContain("983–1,000 of 1,000");
    // The last page and its neighbour, not the 37 pages between.
    expect(Math.max(...offsets())).toBe(975);
    expect(new Set(offsets()).size).toBeLessThanOrEqual(4);
    for (const c of t.registry.calls("GET", /^\/admin\/orders$/)) expect(c.query.limit).toBe("25");
  });

  it("opens an order with Enter (items, totals, payments, fulfilments with tracking, addresses, history) and esc goes back", async () => {
    const b = new OrdersState();
    b.addOrder({ display_id: 7, first_name: "Grace", last_name: "Hopper", email: "grace@example.com", items: [{ title: "Mug", sku: "MUG-1", quantity: 2, unit_price: 10 }], state: "shipped" });
    b.addOrder({ display_id: 8 });
    const t = renderTui({ shop: b });
    await t.see("#8");
    await t.press("j");
    await t.press("enter");
    let frame = await t.see("Order #7");
    expect(frame).toContain("orders › #7");
    expect(frame).toContain("Customer Grace Hopper <grace@example.com>");
    expect(frame).toContain("1  Mug  MUG-1");
    expect(frame).toContain("2 × €10.00 = €20.00   fulfilled 2, shipped 2, delivered 0");
    expect(frame).toContain("Items €20.00 + Shipping €5.00 + VAT €0.00");
    expect(frame).toContain("= Total €25.00 EUR");
    expect(frame).toMatch(/pay_\d+\s+authorized\s+€25\.00/);
    // Further down: fulfilments with tracking, addresses, history.
    await t.press("G");
    frame = await t.see("History");
    expect(frame).toMatch(/ful_\d+\s+shipped/);
    expect(frame).toContain("tracking TRACK-1");
    expect(frame).toContain("Grace Hopper, 1 Main St, 10115 Berlin, DE");
    expect(frame).toContain("order placed");
    await t.press("esc");
    frame = await t.see("Orders  1–2 of 2");
    expect(selectedRow(frame)).toContain("#7");
  });

  it("sorts with o (next field) and O (reverse), on the server", async () => {
    const b = backendWith(5);
    const t = renderTui({ shop: b });
    await t.see("sort: date ↓");
    await t.press("o");
    await t.see("sort: number ↓");
    await t.press("O");
    await t.see("sort: number ↑");
    // Rows in ascending order; the cursor may stay on the order it was on (it follows the chosen order).
    await t.see(/#1 [^\n]*\n[^\n]*#2 [^\n]*\n[^\n]*#3 [^\n]*\n[^\n]*#4 [^\n]*\n[^\n]*#5 /);
    const orders = t.registry.calls("GET", /^\/admin\/orders$/).map((c) => c.query.order);
    expect(orders).toContain("-display_id");
    expect(orders).toContain("display_id");
  });
});

describe("first page sent early", () => {
  it("draws the start view from the page the CLI requested while Ink loaded, and reads the rest itself", async () => {
    const b = backendWith(2);
    // The CLI's own client sent it, before the TUI's existed.
    const cli = stubRegistry();
    registerOrders(cli, b);
    const early = (await cli.sdk().admin.order.list({ limit: 25, offset: 0, order: "-created_at" })) as unknown as Record<string, unknown>;
    const t = renderTui({ shop: b, prefetch: { view: "orders", page: Promise.resolve(early) } });
    await t.see("> #2 ");
    expect(t.registry.calls("GET", /^\/admin\/orders$/)).toEqual([]);
    await t.press("r");
    await vi.waitFor(() => expect(t.registry.calls("GET", /^\/admin\/orders$/)).toHaveLength(1));
  });

  it("shows a failed early request like any other, and r asks again", async () => {
    const b = backendWith(1);
    const failed = Promise.reject(Object.assign(new Error("socket hang up"), { name: "NetworkError" }));
    failed.catch(() => undefined);
    const t = renderTui({ shop: b, prefetch: { view: "orders", page: failed } });
    await t.see("error: socket hang up");
    await t.press("r");
    await t.see("> #1 ");
  });
});

describe("live refresh", () => {
  it("re-reads on the interval, and p pauses and resumes it", async () => {
    const b = backendWith(3);
    const t = renderTui({ shop: b, refreshMs: 30 });
    await t.see("#3 ");
    const reads = () => t.registry.calls("GET", /^\/admin\/orders$/).length;
    await vi.waitFor(() => expect(reads()).toBeGreaterThanOrEqual(3));
    await t.press("p");
    await t.see("paused");
    await t.see("live refresh paused (p resumes)");
    const atPause = reads();
    await new Promise((r) => setTimeout(r, 200));
    expect(reads()).toBeLessThanOrEqual(atPause + 1);
    await t.press("p");
    await t.see("live refresh resumed");
    await vi.waitFor(() => expect(reads()).toBeGreaterThanOrEqual(atPause + 3));
  });

  it("shows new orders as they arrive and keeps the cursor on the order it was on", async () => {
    const b = backendWith(5);
    const t = renderTui({ shop: b });
    await t.see("#5 ");
    await t.press("j", "j");
    await t.see(/> #3 /);
    b.addOrder({ display_id: 6 });
    b.addOrder({ display_id: 7 });
    await t.press("r");
    await t.see("Orders  1–7 of 7");
    const frame = await t.see(/> #3 /);
    expect(frame.indexOf("#7 ")).toBeLessThan(frame.indexOf("#6 "));
  });
});

describe("views", () => {
  it("switches views with : and a name, replacing the trail; esc goes back within a view's screens", async () => {
    const b = backendWith(2);
    b.products.push({ id: "prod_1", title: "Blue Mug", handle: "blue-mug", status: "published", updated_at: "2026-11-01T00:00:00Z", created_at: "2026-11-01T00:00:00Z" });
    const t = renderTui({ shop: b });
    await t.see("#2");
    await t.press(":");
    const palette = await t.see("tab completes");
    for (const name of ["orders", "returns", "claims", "exchanges", "products", "inventory", "customers"]) expect(palette).toContain(`:${name}`);
    await t.type("prod");
    await t.press("tab");
    await t.see(":products");
    await t.press("enter");
    let frame = await t.see("Blue Mug");
    // A `:` switch replaces the trail: the crumbs name where you are, not every view on the way.
    expect(frame).not.toContain("orders › products");
    expect(frame).toContain("cli: medusactl products list --json");
    await t.press("enter");
    frame = await t.see("handle: blue-mug");
    expect(frame).toContain("products › ");
    await t.press("esc");
    await t.see("Products  1–1 of 1");
    await t.press("esc");
    await t.see("this is the first screen");
    await t.press(":");
    await t.type("orders");
    await t.press("enter");
    frame = await t.see("Orders  1–2 of 2");
    expect(frame).not.toContain("products › orders");
  });

  it("pre-filters a view named with words after it (:orders <text>)", async () => {
    const b = backendWith(12);
    const t = renderTui({ shop: b });
    await t.see("#12");
    await t.press(":");
    await t.type("orders First11");
    await t.press("enter");
    const frame = await t.see("Orders  1–1 of 1");
    expect(frame).toContain("filter: First11");
    expect(selectedRow(frame)).toContain("#11");
    expect(t.registry.calls("GET", /^\/admin\/orders$/).some((c) => c.query.q === "First11")).toBe(true);
  });

  it("says so when a : name is not a view", async () => {
    const t = renderTui({ shop: backendWith(1) });
    await t.see("#1");
    await t.press(":");
    await t.type("nonsense");
    await t.press("enter");
    await t.see('error: no view named "nonsense": ? lists them');
  });
});
