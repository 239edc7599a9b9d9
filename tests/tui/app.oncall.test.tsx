/**
 * On-call ergonomics (issue #18): `:fulfillments`, `/!` inverted filter, `y` copy, F/C/A order
 * keys, jumps from an order and back, read-only by profile. Over the fake back-end through the
 * real SDK; tests/e2e/tui-oncall.test.ts does the same against the real one in tmux.
 */
import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { osc52 } from "../../src/tui/clipboard.js";
import { formatKeys } from "../../src/tui/hooks/use-keymap.js";
import { FULFILLMENT_DETAIL, GLOBAL_BINDINGS, ORDER_DETAIL, RESOURCE_DETAIL, VIEWS } from "../../src/tui/views.js";
import { OrdersState, flatQuery, type OrderInit } from "../helpers/medusa-stub/orders.js";
import { renderTui, type TuiHarness } from "../helpers/tui.js";

afterEach(() => cleanup());

const posts = (t: TuiHarness) => t.registry.requests.filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.path.replace(/_\d+/g, "_*")}`);

async function openOrder(init: OrderInit, extra: Parameters<typeof renderTui>[0] = {}): Promise<TuiHarness> {
  const backend = extra.backend ?? new OrdersState();
  backend.addOrder(init);
  const t = renderTui({ ...extra, shop: backend });
  await t.see(`#${init.display_id} `);
  await t.press("enter");
  await t.see(`Order #${init.display_id}`);
  return t;
}

describe("/! inverted filter", () => {
  function people(): OrdersState {
    const b = new OrdersState();
    b.addOrder({ display_id: 1, first_name: "Jane", last_name: "Doe", email: "jane@example.com" });
    b.addOrder({ display_id: 2, first_name: "John", last_name: "Smith", email: "john@example.com" });
    b.addOrder({ display_id: 3, first_name: "Janet", last_name: "Roe", email: "janet@example.com" });
    return b;
  }

  it("keeps the rows that do NOT match, locally (Medusa's q cannot say not), and shows the filter", async () => {
    const b = people();
    const t = renderTui({ shop: b });
    await t.see("#3 ");
    await t.press("/");
    await t.type("!jan");
    await t.press("enter");
    // The whole filter, not a frame drawn while "!ja" was still being typed (it also keeps one row).
    const frame = await t.see(/Orders {2}1–1 of 1 .*filter: NOT "jan"/);
    expect(frame).toContain("(local)");
    expect(frame).toContain("#2 ");
    expect(frame).not.toMatch(/#1 |#3 /);
    // No q went to the server for the inverted filter, and it read one page, not 500 orders.
    const last = t.registry.calls("GET", /^\/admin\/orders$/).at(-1)!;
    expect(last.query.q).toBeUndefined();
    expect(last.query.limit).toBe("25");
    // Keys act on the kept rows.
    await t.press("enter");
    await t.see("Order #2");
  });

  it("a lone ! filters nothing; esc while typing clears the filter", async () => {
    const t = renderTui({ shop: people() });
    await t.see("#3 ");
    await t.press("/");
    await t.type("!");
    await new Promise((r) => setTimeout(r, 200));
    expect(t.frame()).toContain("Orders  1–3 of 3");
    await t.type("nobody");
    await t.see("Orders  1–3 of 3");
    await t.type("@");
    await t.press("esc");
    const frame = await t.see("Orders  1–3 of 3");
    expect(frame).not.toContain("filter:");
  });

  it("says so when every row matches", async () => {
    const t = renderTui({ shop: people() });
    await t.see("#3 ");
    await t.press("/");
    await t.type("!€34");
    await t.press("enter");
    await t.see('every one of the orders matches "€34"');
  });
});

describe("y copies the id", () => {
  it("of the row under the cursor: OSC 52 to the terminal, and the id on the status line", async () => {
    const copied: string[] = [];
    const b = new OrdersState();
    b.addOrder({ display_id: 1 });
    const two = b.addOrder({ display_id: 2 });
    const t = renderTui({ shop: b, clipboard: (s) => copied.push(s) });
    await t.see("> #2 ");
    await t.press("y");
    await t.see(`✓ copied ${two.id} (if your terminal ignores OSC 52, select it here)`);
    expect(copied).toEqual([two.id]);
  });

  it("of the open order, of a described record, and keeps working under --read-only", async () => {
    const copied: string[] = [];
    const t = await openOrder({ display_id: 7 }, { readOnly: true, clipboard: (s) => copied.push(s) });
    await t.press("y");
    await t.see(`copied ${t.shop.orders[0]!.id}`);
    await t.press("u");
    await t.see(`customer7@example.com`);
    await t.press("y");
    await t.see(`copied ${t.shop.orders[0]!.customer_id}`);
    expect(copied).toEqual([t.shop.orders[0]!.id, t.shop.orders[0]!.customer_id]);
  });

  it("builds OSC 52 from a sanitised id: no escape or control character from the shop gets through", () => {
    expect(osc52("ord_1")).toBe(`\x1b]52;c;${Buffer.from("ord_1").toString("base64")}\x07`);
    const evil = osc52("ord_1\x07\x1b]0;pwned\x07");
    const payload = /^\x1b\]52;c;([A-Za-z0-9+/=]+)\x07$/.exec(evil)?.[1];
    expect(payload).toBeDefined();
    expect(Buffer.from(payload!, "base64").toString()).not.toMatch(/[\x00-\x1f\x7f]/);
    // Inside tmux a second copy goes through DCS passthrough, its ESCs doubled.
    expect(osc52("ord_1", { tmux: true })).toContain("\x1bPtmux;\x1b\x1b]52;c;");
  });
});

describe("F, C, A: cancel a fulfilment, complete, archive", () => {
  it("F cancels the one unshipped fulfilment after y/N, and the items are unfulfilled again", async () => {
    const t = await openOrder({ display_id: 30, state: "fulfilled" });
    await t.press("F");
    let frame = await t.see(/Cancel fulfilment ful_\d+ of order #30\?/);
    expect(frame).toContain("Proceed? [y/N]");
    expect(frame).toContain("on profile test · http://medusa.test");
    await t.press("n");
    await t.see("cancel fulfilment canceled: nothing was changed");
    expect(posts(t)).toEqual([]);
    await t.press("F");
    await t.see("Cancel fulfilment ful_");
    await t.press("y");
    frame = await t.see(/✓ order #30 → not_fulfilled .*canceled fulfilment ful_\d+ of order #30/);
    expect(posts(t)).toEqual(["POST /admin/orders/order_*/fulfillments/ful_*/cancel"]);
  });

  it("F asks which fulfilment when there are several, and cancels the one named", async () => {
    const b = new OrdersState();
    const o = b.addOrder({ display_id: 31, items: [{ title: "Mug", sku: "MUG", quantity: 1, unit_price: 10 }, { title: "Cap", sku: "CAP", quantity: 1, unit_price: 15 }] });
    const t = renderTui({ shop: b });
    await t.see("#31 ");
    // Two fulfilments, one line each.
    await t.registry.sdk().admin.order.createFulfillment(o.id, { items: [{ id: o.items[0].id, quantity: 1 }] });
    await t.registry.sdk().admin.order.createFulfillment(o.id, { items: [{ id: o.items[1].id, quantity: 1 }] });
    const second = o.fulfillments[1].id as string;
    await t.press("F");
    await t.see("Fulfilment (number or id): 1");
    await t.see(`2: ${second}`);
    await t.press("backspace");
    await t.type("3");
    await t.press("enter");
    await t.see("a number from 1 to 2, or a fulfilment id");
    // Backspace and a digit in one chunk (fast typing, tmux send-keys): erase, then type.
    await t.press("\u007f2");
    await t.see("Fulfilment (number or id): 2");
    await t.press("enter");
    await t.see("Cancel a fulfilment of order #31?");
    await t.press("y");
    await t.see(`canceled fulfilment ${second}`);
    expect(t.registry.calls("POST", /\/cancel$/).map((c) => c.path)).toEqual([`/admin/orders/${o.id}/fulfillments/${second}/cancel`]);
  });

  it("F refuses a shipped fulfilment without asking", async () => {
    const t = await openOrder({ display_id: 32, state: "shipped" });
    await t.press("F");
    const frame = await t.see("error: order #32 has no fulfilment that can be canceled (shipped ones cannot)");
    expect(frame).not.toContain("Proceed?");
    expect(posts(t)).toEqual([]);
  });

  it.each([
    { key: "C", title: "Complete order #33?", call: "POST /admin/orders/order_*/complete", status: "completed", from: "pending" },
    { key: "A", title: "Archive order #33?", call: "POST /admin/orders/order_*/archive", status: "archived", from: "completed" },
  ])("$key asks y/N, then makes the order $status and shows it", async ({ key, title, call, status, from }) => {
    const t = await openOrder({ display_id: 33, state: "shipped" });
    t.shop.orders[0]!.status = from;
    await t.press(key);
    await t.see(title);
    await t.press("y");
    await t.see(new RegExp(`✓ order #33 → shipped · payment authorized · ${status}`));
    expect(posts(t)).toEqual([call]);
    expect(t.shop.orders[0]!.status).toBe(status);
    await t.see(`Order #33  ${status}`);
  });

  it("A refuses a pending order without asking (Medusa archives only completed or canceled ones)", async () => {
    const t = await openOrder({ display_id: 36, state: "shipped" });
    await t.press("A");
    const frame = await t.see("error: order #36 is pending: only a completed or canceled order can be archived;");
    expect(frame).not.toContain("Proceed?");
    expect(posts(t)).toEqual([]);
  });

  it("on a production profile, C needs the order number typed", async () => {
    const t = await openOrder({ display_id: 34 }, { production: true });
    await t.press("C");
    await t.see("Type 34 to confirm");
    await t.type("34");
    await t.press("enter");
    await t.see("completed");
    expect(posts(t)).toEqual(["POST /admin/orders/order_*/complete"]);
  });

  it("under read-only F, C and A do nothing and are not in ? help", async () => {
    const t = await openOrder({ display_id: 35, state: "fulfilled" }, { readOnly: true });
    for (const k of ["F", "C", "A"]) await t.press(k);
    await new Promise((r) => setTimeout(r, 50));
    expect(posts(t)).toEqual([]);
    expect(t.frame()).not.toMatch(/Proceed|to confirm/);
    await t.press("?");
    const help = await t.see("Order #35 keys");
    expect(help).not.toMatch(/complete the order|archive the order/);
    vi.clearAllTimers();
  });
});

describe("esc and a key in one chunk", () => {
  it("closes the help and then acts on the key (Ink reads the chunk as Alt+key)", async () => {
    const t = await openOrder({ display_id: 60, state: "fulfilled" });
    await t.press("?");
    await t.see("Order #60 keys");
    await t.press("\u001bF");
    await t.see(/Cancel fulfilment ful_\d+ of order #60\?/);
  });
});

describe("jumps from an order and back", () => {
  function withReturns(): OrdersState {
    const b = new OrdersState();
    const mine = b.addOrder({ display_id: 40, email: "ada@example.com" });
    const other = b.addOrder({ display_id: 41 });
    b.returns.push(
      { id: "return_mine", display_id: 7, status: "requested", order_id: mine.id, created_at: "2026-11-01T00:00:01Z" },
      { id: "return_other", display_id: 8, status: "received", order_id: other.id, created_at: "2026-11-01T00:00:02Z" },
    );
    return b;
  }

  it("u opens the customer; t the order's returns only; esc goes back to the order, then to the queue with the row kept", async () => {
    const b = withReturns();
    const t = renderTui({ shop: b });
    await t.see("#41 ");
    await t.press("j");
    await t.see("> #40 ");
    await t.press("enter");
    await t.see("Order #40");
    await t.press("u");
    let frame = await t.see("<ada@example.com>");
    expect(frame).toContain(`orders › #40 › ada@example.com`);
    // The customer's own orders under their details.
    frame = await t.see("Orders of ada@example.com  1–1 of 1");
    expect(frame).toMatch(/> #40 /);
    await t.press("esc");
    await t.see("Order #40  pending");
    await t.press("t");
    frame = await t.see("Returns of order #40  1–1 of 1");
    // The order's number comes from a second read by id (Medusa 500s on a sorted list that joins the order).
    expect(frame).toMatch(/#7\s+#40\s+requested/);
    const joined = t.registry.calls("GET", /^\/admin\/orders$/).map((c) => ({ ...c, query: flatQuery(c) })).at(-1)!;
    expect(joined.query.ids).toBe(b.orders[0]!.id);
    expect(t.registry.calls("GET", /^\/admin\/returns$/).every((c) => !String(c.query.fields).includes("order."))).toBe(true);
    expect(frame).toContain("return_mine");
    expect(frame).not.toContain("return_other");
    expect(frame).toContain("returns of order #40");
    expect(t.registry.calls("GET", /^\/admin\/returns$/).at(-1)!.query.order_id).toBe(b.orders[0]!.id);
    await t.press("esc");
    await t.see("Order #40  pending");
    await t.press("esc");
    // Back on the queue with the cursor where it was.
    await t.see("> #40 ");
  });

  it.each([
    { key: "m", title: "Claims of order #41", path: /^\/admin\/claims$/ },
    { key: "e", title: "Exchanges of order #41", path: /^\/admin\/exchanges$/ },
  ])("$key from the queue opens the selected order's list, filtered by order_id", async ({ key, title, path }) => {
    const b = withReturns();
    const t = renderTui({ shop: b });
    await t.see("> #41 ");
    await t.press(key);
    await t.see(title);
    await vi.waitFor(() => expect(t.registry.calls("GET", path).at(-1)?.query.order_id).toBe(b.orders[1]!.id));
    await t.press("esc");
    await t.see("> #41 ");
  });
});

describe(":fulfillments", () => {
  function shop(): OrdersState {
    const b = new OrdersState();
    b.addOrder({ display_id: 50, state: "fulfilled" });
    b.addOrder({ display_id: 51, state: "shipped" });
    b.addOrder({ display_id: 52 });
    return b;
  }

  it("lists the fulfilments of the newest orders, one row each, with order, status and tracking", async () => {
    const b = shop();
    const t = renderTui({ shop: b, view: "fulfillments" });
    const frame = await t.see("Fulfilments  1–2 of 2");
    expect(frame).toContain("(of the newest 100 orders)");
    expect(frame).toMatch(/#51\s+shipped\s+.*TRACK-1\s+ful_\d+/);
    expect(frame).toMatch(/#50\s+fulfilled\s+.*ful_\d+/);
    const q = t.registry.calls("GET", /^\/admin\/orders$/).at(-1)!.query;
    expect(q.limit).toBe("100");
    expect(q.fields).toContain("fulfillments.shipped_at");
  });

  it("s ships the fulfilment under the cursor, d delivers it, F cancels an unshipped one", async () => {
    const b = shop();
    const t = renderTui({ shop: b, view: "fulfillments" });
    await t.see("Fulfilments  1–2 of 2");
    // Newest first: the shipped fulfilment of #51 may be first or second; find #50's row.
    await t.press("/");
    await t.type("#50");
    await t.press("enter");
    await t.see("Fulfilments  1–1 of 1");
    const ful50 = b.orders[0]!.fulfillments[0].id as string;
    await t.press("s");
    await t.see("Tracking number (enter for none)");
    await t.type("TRK50");
    await t.press("enter");
    // Tracking URL and label URL: none.
    await t.see("Tracking URL (enter for none)");
    await t.press("enter");
    await t.see("Label URL (enter for none)");
    await t.press("enter");
    await t.see(`Ship fulfilment ${ful50} of order #50?`);
    await t.press("y");
    await t.see(/✓ order #50 → shipped/);
    await t.see(/#50\s+shipped\s+.*TRK50/);
    await t.press("d");
    await t.see(`Mark fulfilment ${ful50} of order #50 delivered?`);
    await t.press("y");
    await t.see(/#50\s+delivered/);
    expect(posts(t)).toEqual(["POST /admin/orders/order_*/fulfillments/ful_*/shipments", "POST /admin/orders/order_*/fulfillments/ful_*/mark-as-delivered"]);
    expect(t.registry.calls("POST", /shipments$/)[0]!.path).toContain(ful50);
  });

  it("enter opens the fulfilment (steps, items, tracking); F cancels it there; enter opens its order; esc back", async () => {
    const b = shop();
    const t = renderTui({ shop: b, view: "fulfillments", clipboard: () => undefined });
    await t.see("Fulfilments  1–2 of 2");
    await t.press("/");
    await t.type("#50");
    await t.press("enter");
    await t.see("Fulfilments  1–1 of 1");
    const ful50 = b.orders[0]!.fulfillments[0].id as string;
    await t.press("enter");
    let frame = await t.see(`Fulfilment ${ful50}  fulfilled`);
    expect(frame).toContain("Order #50");
    expect(frame).toMatch(/Items \(1\)/);
    expect(frame).toContain("1 × ");
    await t.press("y");
    await t.see(`copied ${ful50}`);
    await t.press("F");
    await t.see(`Cancel fulfilment ${ful50} of order #50?`);
    await t.press("y");
    frame = await t.see(`Fulfilment ${ful50}  canceled`);
    expect(posts(t)).toEqual(["POST /admin/orders/order_*/fulfillments/ful_*/cancel"]);
    await t.press("enter");
    await t.see("Order #50  pending");
    await t.press("esc");
    await t.see(`Fulfilment ${ful50}  canceled`);
    await t.press("esc");
    await t.see("Fulfilments");
  });

  it("refuses to ship or cancel what is no longer in that state", async () => {
    const b = shop();
    const t = renderTui({ shop: b, view: "fulfillments" });
    await t.see("Fulfilments  1–2 of 2");
    await t.press("/");
    await t.type("#51");
    await t.press("enter");
    await t.see("Fulfilments  1–1 of 1");
    await t.press("s");
    await t.see(/error: order #51: fulfilment ful_\d+ is already shipped/);
    await t.press("F");
    await t.see(/error: order #51: fulfilment ful_\d+ is shipped: a shipped fulfilment cannot be canceled/);
    expect(posts(t)).toEqual([]);
  });
});

describe("? help covers every key", () => {
  const screens = [
    ...VIEWS.map((v) => ({ name: v.name, bindings: v.bindings })),
    { name: "order", bindings: ORDER_DETAIL.bindings },
    { name: "record", bindings: RESOURCE_DETAIL.bindings },
    { name: "fulfilment", bindings: FULFILLMENT_DETAIL.bindings },
  ];
  it.each(screens)("$name: every binding has help that fits an 80-column help line, and no key is bound twice", ({ bindings }) => {
    const all = [...bindings, ...GLOBAL_BINDINGS];
    for (const b of all) {
      expect(b.help.length).toBeGreaterThan(0);
      expect(Math.min(18, 16) + 1 + b.help.length, `${formatKeys(b)}: ${b.help}`).toBeLessThanOrEqual(80);
    }
    const keys = bindings.flatMap((b) => b.keys);
    expect(new Set(keys).size, keys.join(" ")).toBe(keys.length);
  });

  it("the fulfilment list's help names ship, deliver, cancel and copy", async () => {
    const t = renderTui({ shop: new OrdersState(), view: "fulfillments" });
    await t.see("Fulfilments");
    await t.press("?");
    const help = await t.see("Fulfilments keys");
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      for (const l of t.frame().split("\n")) seen.add(l.trim());
      await t.press("j");
    }
    const text = [...seen].join("\n");
    expect(help).toContain("Help");
    for (const h of ["ship this fulfilment", "mark this fulfilment delivered", "cancel this fulfilment", "copy the id", "keeps rows NOT matching"]) expect(text).toContain(h);
  });
});
