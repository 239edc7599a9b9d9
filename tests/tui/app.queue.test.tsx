/**
 * Issue 25, "a queue that shows the work": the order status beside payment and fulfilment, the
 * fulfilment an order needs after a canceled fulfilment, queue keys and `:to-ship`, exact status
 * filters, one page per refresh, "N new", the customer screen, and help and palette that fit.
 */
import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { helpRows } from "../../src/tui/components/help.js";
import { paletteEntries, paletteLines } from "../../src/tui/components/palette.js";
import { formatKeys } from "../../src/tui/hooks/use-keymap.js";
import { fulfilmentNeed, ORDER_QUEUES } from "../../src/tui/order-queue.js";
import { CUSTOMER_DETAIL, FULFILLMENT_DETAIL, GLOBAL_BINDINGS, ORDER_DETAIL, RESOURCE_DETAIL, VIEWS } from "../../src/tui/views.js";
import { OrdersState, flatQuery } from "../helpers/medusa-stub/orders.js";
import { renderTui, type TuiHarness } from "../helpers/tui.js";

afterEach(() => cleanup());

const orderGets = (t: TuiHarness) => t.registry.calls("GET", /^\/admin\/orders$/).map((c) => ({ ...c, query: flatQuery(c) }));

/** #1 new, #2 fulfilled (to ship), #3 shipped, #4 captured, #5 canceled, #6 fulfilment canceled. */
function queueShop(): OrdersState {
  const b = new OrdersState();
  b.addOrder({ display_id: 1, state: "new" });
  b.addOrder({ display_id: 2, state: "fulfilled" });
  b.addOrder({ display_id: 3, state: "shipped" });
  b.addOrder({ display_id: 4, state: "captured" });
  b.addOrder({ display_id: 5, state: "canceled" });
  const six = b.addOrder({ display_id: 6, state: "fulfilled" });
  six.fulfillments[0].canceled_at = new Date().toISOString();
  for (const it of six.items) it.detail.fulfilled_quantity = 0;
  return b;
}

const rowOf = (frame: string, n: number) => frame.split("\n").find((l) => new RegExp(`^[> ] #${n} `).test(l)) ?? "";

describe("status columns", () => {
  it("shows the order's status beside payment and fulfilment; a canceled order reads canceled, not only its payment", async () => {
    const t = renderTui({ shop: queueShop() });
    const frame = await t.see("#6 ");
    expect(frame.split("\n").find((l) => l.includes("Customer"))).toMatch(/Total\s+Status\s+Payment\s+Fulfilment/);
    expect(rowOf(frame, 5)).toMatch(/€34\.00\s+canceled\s+canceled/);
    expect(rowOf(frame, 1)).toMatch(/€34\.00\s+pending\s+authorized\s+not_fulfilled/);
  });

  it("after the only fulfilment was canceled (Medusa: canceled), shows what the order needs: not_fulfilled", async () => {
    const b = queueShop();
    const t = renderTui({ shop: b });
    const frame = await t.see("#6 ");
    // What Medusa (and the fake, like it) reports:
    const six = (await t.registry.sdk().admin.order.retrieve(b.orders[5]!.id)).order;
    expect(six.fulfillment_status).toBe("canceled");
    expect(rowOf(frame, 6)).toMatch(/pending\s+authorized\s+not_fulfilled/);
    expect(rowOf(frame, 6)).not.toContain("canceled");
  });

  it.each([
    [{ status: "pending", fulfillment_status: "canceled", items: [{ quantity: 2, detail: { fulfilled_quantity: 0 } }] }, "not_fulfilled"],
    [{ status: "pending", fulfillment_status: "canceled", items: [{ quantity: 2, detail: { fulfilled_quantity: 1 } }] }, "partially_fulfilled"],
    [{ status: "pending", fulfillment_status: "canceled", items: [{ quantity: 1, detail: { fulfilled_quantity: 1, shipped_quantity: 1 } }] }, "shipped"],
    [{ status: "canceled", fulfillment_status: "canceled", items: [{ quantity: 1, detail: { fulfilled_quantity: 0 } }] }, "canceled"],
    [{ status: "pending", fulfillment_status: "fulfilled", items: [{ quantity: 1, detail: { fulfilled_quantity: 1 } }] }, "fulfilled"],
    [{ status: "pending", fulfillment_status: "canceled" }, "canceled"],
  ])("fulfilmentNeed(%j) is %s", (order, need) => {
    expect(fulfilmentNeed(order)).toBe(need);
  });
});

describe("queue filters", () => {
  it("2 shows the orders to ship in one key, narrowed by status on the server and by the lines locally; 0 shows all again", async () => {
    const b = queueShop();
    const t = renderTui({ shop: b });
    await t.see("Orders  1–6 of 6");
    await t.press("2");
    const frame = await t.see("Orders to ship  1–1 of 1");
    expect(rowOf(frame, 2)).toContain("fulfilled");
    for (const n of [1, 3, 4, 5, 6]) expect(rowOf(frame, n)).toBe("");
    const q = orderGets(t).at(-1)!;
    expect(q.query.statuses).toBe("pending,requires_action");
    expect(q.query.limit).toBe("25");
    await t.press("0");
    await t.see("Orders  1–6 of 6");
  });

  it.each([
    ["1", "to fulfil", [1, 4, 6]],
    ["3", "to capture", [1, 2, 3, 6]],
    ["4", "canceled", [5]],
  ])("key %s: orders %s", async (key, title, shown) => {
    const t = renderTui({ shop: queueShop() });
    await t.see("Orders  1–6 of 6");
    await t.press(key);
    const frame = await t.see(`Orders ${title}  1–${shown.length} of ${shown.length}`);
    for (const n of [1, 2, 3, 4, 5, 6]) expect(rowOf(frame, n) !== "", `#${n}`).toBe(shown.includes(n));
  });

  it("canceled is Medusa's own status filter: exact and counted by the server", async () => {
    const b = queueShop();
    const t = renderTui({ shop: b });
    await t.see("Orders  1–6 of 6");
    await t.press("4");
    await t.see("Orders canceled  1–1 of 1");
    expect(orderGets(t).at(-1)!.query.statuses).toBe("canceled");
  });

  it(":to-ship in the palette opens the order list with that queue", async () => {
    const b = queueShop();
    const t = renderTui({ shop: b });
    await t.see("Orders  1–6 of 6");
    await t.press(":");
    await t.type("to-ship");
    await t.press("enter");
    const frame = await t.see("Orders to ship  1–1 of 1");
    // The switch replaces the trail (no "orders › orders to-ship").
    expect(frame).toContain(" orders to-ship ");
    expect(frame).not.toContain("orders › orders to-ship");
  });

  it("the queue keys are in ? help, with their : names", async () => {
    const t = renderTui({ shop: queueShop() });
    await t.see("#6 ");
    await t.press("?");
    let text = "";
    for (let i = 0; i < 80; i++) {
      text += t.frame();
      await t.press("j");
    }
    for (const q of ORDER_QUEUES) expect(text).toContain(q.help);
    expect(text).toMatch(/N\s+show new orders/);
  });
});

describe("/ filter on status words", () => {
  it("/not_fulfilled finds the not_fulfilled orders (Medusa's q does not search statuses)", async () => {
    const b = queueShop();
    const t = renderTui({ shop: b });
    await t.see("Orders  1–6 of 6");
    await t.press("/");
    await t.type("not_fulfilled");
    await t.press("enter");
    const frame = await t.see("Orders  1–3 of 3");
    for (const n of [1, 4, 6]) expect(rowOf(frame, n)).not.toBe("");
    // Not partially_fulfilled, fulfilled or shipped ones.
    for (const n of [2, 3]) expect(rowOf(frame, n)).toBe("");
    // What was read for the finished word asked no q (a slow machine may have sent a half-typed word first).
    expect(orderGets(t).at(-1)!.query.q).toBeUndefined();
  });

  it("/!fulfilled is exact: it keeps the not_fulfilled rows and drops only the fulfilled one", async () => {
    const t = renderTui({ shop: queueShop() });
    await t.see("Orders  1–6 of 6");
    await t.press("/");
    await t.type("!fulfilled");
    await t.press("enter");
    const frame = await t.see("Orders  1–5 of 5");
    expect(frame).toContain('filter: NOT "fulfilled"');
    expect(rowOf(frame, 2)).toBe("");
    for (const n of [1, 3, 4, 5, 6]) expect(rowOf(frame, n)).not.toBe("");
  });

  it("a queue and a text filter combine", async () => {
    const t = renderTui({ shop: queueShop() });
    await t.see("Orders  1–6 of 6");
    await t.press("1", "/");
    await t.type("captured");
    await t.press("enter");
    const frame = await t.see("Orders to fulfil  1–1 of 1");
    expect(rowOf(frame, 4)).not.toBe("");
  });
});

describe("live refresh of a filtered list", () => {
  it("reads one page of 25 per refresh, not 500 orders, with /! and with a queue", async () => {
    const b = new OrdersState();
    for (let i = 1; i <= 120; i++) b.addOrder({ display_id: i, state: i % 2 ? "new" : "fulfilled" });
    const t = renderTui({ shop: b, refreshMs: 40 });
    await t.see("Orders  1–18 of 120");
    await t.press("/");
    await t.type("!fulfilled");
    await t.press("enter");
    await t.see(/Orders  1–18 of \d+\+/);
    const before = orderGets(t).length;
    // Three refreshes at least, however long a loaded machine takes to run their timers.
    await vi.waitFor(() => expect(orderGets(t).length - before).toBeGreaterThan(2), { timeout: 10_000 });
    const during = orderGets(t).slice(before);
    for (const c of during) expect(Number(c.query.limit)).toBeLessThanOrEqual(25);
    // The visible rows came from the first two pages: a refresh reads those again and nothing
    // further (the first fill read one page more, to have a screen in hand).
    const pages = during.filter((c) => c.query.limit === "25");
    expect(pages.every((c) => Number(c.query.offset) <= 50)).toBe(true);
    expect(pages.filter((c) => c.query.offset === "50").length).toBeLessThanOrEqual(1);
    // Clear the text filter (/ then esc), then the to-ship queue.
    await t.press("/", "esc", "2");
    await t.see(/Orders to ship  1–18 of \d+\+?/);
    const mark = orderGets(t).length;
    await vi.waitFor(() => expect(orderGets(t).length - mark).toBeGreaterThan(2), { timeout: 10_000 });
    for (const c of orderGets(t).slice(mark)) expect(Number(c.query.limit)).toBeLessThanOrEqual(25);
  });

  it("reads on (page by page) as the cursor moves down a filtered list", async () => {
    const b = new OrdersState();
    for (let i = 1; i <= 120; i++) b.addOrder({ display_id: i, state: i % 2 ? "new" : "fulfilled" });
    const t = renderTui({ shop: b });
    await t.see("Orders  1–18 of 120");
    await t.press("2");
    await t.see(/Orders to ship  1–18 of \d+\+ .*read 50 of 120/);
    // G goes to the last row read; the pages below are read as the cursor gets there.
    for (let i = 0; i < 8 && !t.frame().includes("43–60 of 60"); i++) {
      await t.press("G");
      await new Promise((r) => setTimeout(r, 50));
    }
    const frame = await t.see("Orders to ship  43–60 of 60");
    expect(frame).not.toContain("read ");
    expect(orderGets(t).every((c) => c.query.limit === "25" || c.query.limit === "1")).toBe(true);
  });
});

describe("new orders", () => {
  it('says "2 new" when orders arrive above the rows shown (scrolled down), and N shows them at the top', async () => {
    const b = new OrdersState();
    for (let i = 1; i <= 40; i++) b.addOrder({ display_id: i, created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString() });
    const t = renderTui({ shop: b, refreshMs: 40 });
    await t.see("> #40 ");
    await t.press("pagedown", "pagedown");
    await t.see(/Orders  \d+–\d+ of 40/);
    b.addOrder({ display_id: 41, created_at: new Date(Date.UTC(2026, 10, 2)).toISOString() });
    b.addOrder({ display_id: 42, created_at: new Date(Date.UTC(2026, 10, 3)).toISOString() });
    await t.see("▲ 2 new (N)", 8000);
    await t.press("N");
    // The title and the selection marker are drawn in separate renders: wait for a frame with both.
    await vi.waitFor(
      () => {
        expect(t.frame()).toContain("> #42 ");
        expect(t.frame()).toContain("Orders  1–18 of 42");
      },
      { timeout: 8000 },
    );
    await vi.waitFor(() => expect(t.frame()).not.toContain("new (N)"));
  });

  it("says so under a filter too, and N clears the filter to show them", async () => {
    const b = queueShop();
    const t = renderTui({ shop: b, refreshMs: 40 });
    await t.see("Orders  1–6 of 6");
    await t.press("4");
    await t.see("Orders canceled  1–1 of 1");
    // Let the first probe mark the newest order, then place one. A second probe is sent only once
    // the first answer was taken, so after two the mark cannot be the new order itself.
    await vi.waitFor(() => expect(orderGets(t).filter((c) => c.query.limit === "1").length).toBeGreaterThanOrEqual(2));
    b.addOrder({ display_id: 7, created_at: new Date(Date.UTC(2026, 10, 5)).toISOString() });
    await t.see("▲ 1 new (N)", 8000);
    await t.press("N");
    await vi.waitFor(
      () => {
        expect(t.frame()).toContain("Orders  1–7 of 7");
        expect(t.frame()).toContain("> #7 ");
      },
      { timeout: 8000 },
    );
  });

  it("asks nothing extra while the list shows the newest orders itself", async () => {
    const b = queueShop();
    const t = renderTui({ shop: b, refreshMs: 30 });
    await t.see("Orders  1–6 of 6");
    // Several refreshes pass (a loaded machine runs their timers late), and none of them probes.
    const mark = orderGets(t).length;
    await vi.waitFor(() => expect(orderGets(t).length - mark).toBeGreaterThan(4), { timeout: 10_000 });
    expect(orderGets(t).filter((c) => c.query.limit === "1")).toEqual([]);
    b.addOrder({ display_id: 7, created_at: new Date(Date.UTC(2026, 10, 5)).toISOString() });
    // It shows at the top.
    await t.see("Orders  1–7 of 7");
    expect(t.frame()).toMatch(/^[ >] #7 /m);
    expect(t.frame()).not.toContain("new (N)");
  });
});

describe("customer screen", () => {
  function withCustomer(): OrdersState {
    const b = queueShop();
    const c = b.customers.find((x) => x.id === b.orders[0]!.customer_id)!;
    Object.assign(c, {
      first_name: "Jane",
      last_name: "Doe",
      email: "jane@example.com",
      phone: "+49301234567",
      has_account: true,
      groups: [{ id: "cusgroup_1", name: "VIP" }],
      addresses: [{ id: "cuaddr_1", first_name: "Jane", last_name: "Doe", address_1: "Torstraße 1", postal_code: "10119", city: "Berlin", country_code: "de", is_default_shipping: true }],
    });
    // A second order of hers, in dollars.
    const o = b.addOrder({ display_id: 9, currency_code: "usd", email: "jane@example.com" });
    o.customer_id = c.id;
    return b;
  }

  it("u from an order shows name, e-mail, phone, account, groups, addresses and their orders; enter opens one", async () => {
    const b = withCustomer();
    const t = renderTui({ shop: b });
    await t.see("#9 ");
    await t.press("G");
    await t.see("> #1 ");
    await t.press("u");
    const frame = await t.see("Orders of jane@example.com  1–2 of 2");
    expect(frame).toContain("Jane Doe <jane@example.com>");
    expect(frame).toContain("phone +49301234567 · registered account · groups: VIP");
    expect(frame).toContain("addresses: Jane Doe, Torstraße 1, 10119 Berlin, DE (default shipping)");
    expect(frame).toMatch(/#9\s+2026-11-01 00:00\s+\$34\.00\s+pending\s+authorized\s+not_fulfilled/);
    expect(frame).toMatch(/#1\s+2026-11-01 00:00\s+€34\.00\s+pending/);
    expect(t.registry.calls("GET", /^\/admin\/orders$/).at(-1)!.query.customer_id).toBe(b.orders[0]!.customer_id);
    await t.press("j", "enter");
    await t.see("Order #1  pending");
    await t.press("esc");
    await t.see("Jane Doe <jane@example.com>");
    await t.press("y");
    await t.see(`copied ${b.orders[0]!.customer_id}`);
  });

  it("opens from :customers with enter, and says guest for a customer without an account", async () => {
    const b = queueShop();
    const t = renderTui({ shop: b, view: "customers" });
    await t.see("Customers  1–6 of 6");
    await t.press("enter");
    const frame = await t.see(/Orders of \S+  1–1 of 1/);
    expect(frame).toContain("guest (no account) · groups: none");
    expect(frame).toContain("addresses: none");
  });
});

describe("? help and : palette fit", () => {
  const screens = [
    ...VIEWS.map((v) => ({ title: v.title, bindings: v.bindings })),
    { title: "Order", bindings: ORDER_DETAIL.bindings },
    { title: "Customer", bindings: CUSTOMER_DETAIL.bindings },
    { title: "Record", bindings: RESOURCE_DETAIL.bindings },
    { title: "Fulfilment", bindings: FULFILLMENT_DETAIL.bindings },
  ];
  const sizes = [
    { columns: 80, rows: 24 },
    { columns: 120, rows: 35 },
  ];
  const flat = (s: string) => s.replace(/\s+/g, " ");

  it.each(sizes)("help at $columns×$rows: no line is wider, and every key's help is there in full", ({ columns }) => {
    for (const s of screens) {
      for (const readOnly of [false, true]) {
        const { rows, two, colWidth } = helpRows({ title: s.title, screenBindings: s.bindings, globalBindings: GLOBAL_BINDINGS, views: VIEWS, readOnly, width: columns });
        expect(two).toBe(columns >= 100);
        const left = rows.map(([a]) => a?.text ?? "");
        const right = rows.map(([, b]) => b?.text ?? "");
        for (const l of [...left, ...right]) expect([...l].length, l).toBeLessThanOrEqual(colWidth);
        expect(two ? 2 * colWidth + 3 : colWidth).toBeLessThanOrEqual(columns);
        const text = flat([...left, ...right].join("\n"));
        for (const b of [...s.bindings, ...GLOBAL_BINDINGS].filter((b) => !(readOnly && b.mutating))) {
          expect(text).toContain(formatKeys(b));
          expect(text).toContain(flat(b.help));
        }
      }
    }
  });

  it.each(sizes)("palette at $columns×$rows: names never run into titles, nothing cut, and it fits the body", ({ columns, rows }) => {
    const entries = paletteEntries(VIEWS);
    const lines = paletteLines(entries, columns);
    for (const l of lines) expect([...l.text].length, l.text).toBeLessThanOrEqual(columns);
    const text = flat(lines.map((l) => l.text).join("\n"));
    for (const e of entries) {
      expect(text).toMatch(new RegExp(`:${e.name} +${e.text.replace(/[()]/g, "\\$&")}`));
      for (const a of e.aliases) expect(text).toContain(`:${a}`);
    }
    expect(text).toContain(":fulfillments Fulfilments");
    // Input line, entries, footer: within the body (rows less header, breadcrumbs, log and status line).
    const body = rows - 1 - 2 - 1 - (rows >= 36 ? 8 : 5);
    expect(lines.length + 2).toBeLessThanOrEqual(body + 5);
  });

  it.each(sizes)("the palette drawn at $columns×$rows: no line wider than the terminal", async ({ columns, rows }) => {
    const t = renderTui({ shop: queueShop(), size: { columns, rows } });
    await t.see("#6 ");
    await t.press(":");
    const frame = await t.see("tab completes");
    for (const l of frame.split("\n")) expect([...l].length).toBeLessThanOrEqual(columns);
    expect(frame).toContain(":to-ship");
    expect(frame).not.toMatch(/:fulfillmen…/);
  });
});
