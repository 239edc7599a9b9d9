import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrdersState, failNext, type OrderInit } from "../helpers/medusa-stub/orders.js";
import { renderTui, type TuiHarness } from "../helpers/tui.js";

afterEach(() => cleanup());

/** One order in the queue, opened. */
async function openOrder(init: OrderInit, extra: Parameters<typeof renderTui>[0] = {}): Promise<TuiHarness> {
  const backend = new OrdersState();
  backend.addOrder(init);
  const t = renderTui({ shop: backend, ...extra });
  await t.see(`#${init.display_id} `);
  await t.press("enter");
  await t.see(`Order #${init.display_id}`);
  return t;
}

const posts = (t: TuiHarness) => t.registry.requests.filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.path.replace(/_\d+/g, "_*")}`);

describe("order actions: moderate (y/N)", () => {
  it.each([
    { key: "f", state: "new", title: "Fulfil order #5?", call: "POST /admin/orders/order_*/fulfillments", after: "fulfilment fulfilled" },
    { key: "d", state: "shipped", title: "Mark fulfilment ful_", call: "POST /admin/orders/order_*/fulfillments/ful_*/mark-as-delivered", after: "fulfilment delivered" },
    { key: "c", state: "new", title: "Capture €34.00 on order #5?", call: "POST /admin/payments/pay_*/capture", after: "payment captured" },
  ] as const)("$key: asks y/N naming the profile and URL; n changes nothing, y runs it and re-reads", async ({ key, state, title, call, after }) => {
    const t = await openOrder({ display_id: 5, state });
    await t.press(key);
    let frame = await t.see(title);
    expect(frame).toContain("on profile test · http://medusa.test");
    expect(frame).toContain("Proceed? [y/N]");
    await t.press("n");
    await t.see("canceled: nothing was changed");
    expect(posts(t)).toEqual([]);

    await t.press(key);
    await t.see(title);
    await t.press("y");
    frame = await t.see(after);
    expect(posts(t)).toEqual([call]);
    expect(frame).toMatch(/✓ order #5 → \w+ · payment \w+: /);
  });

  it("s: asks for the tracking number, tracking URL and label URL (as orders ship does), then y/N, and ships with them", async () => {
    const t = await openOrder({ display_id: 6, state: "fulfilled" });
    await t.press("s");
    await t.see("Tracking number (enter for none)");
    await t.type("1Z999");
    await t.press("enter");
    await t.see("Tracking URL (enter for none)");
    await t.type("ftp://x");
    await t.press("enter");
    await t.see("an http:// or https:// URL, or enter for none");
    await t.press("ctrl+u");
    await t.type("https://track.example/1Z999");
    await t.press("enter");
    await t.see("Label URL (enter for none)");
    await t.type("https://labels.example/1Z999.pdf");
    await t.press("enter");
    const frame = await t.see("Ship fulfilment ful_");
    expect(frame).toContain("Tracking number: 1Z999");
    expect(frame).toContain("Tracking URL: https://track.example/1Z999");
    expect(frame).toContain("Label URL: https://labels.example/1Z999.pdf");
    await t.press("y");
    await t.see(/✓ order #6 → shipped · payment authorized: shipped fulfilment ful_\d+ \(tracking 1Z999 https:\/\/track.example\/1Z999\)/);
    const ship = t.registry.calls("POST", /\/shipments$/);
    expect(ship).toHaveLength(1);
    expect(ship[0]!.body.labels).toEqual([{ tracking_number: "1Z999", tracking_url: "https://track.example/1Z999", label_url: "https://labels.example/1Z999.pdf" }]);
    await t.see(/fulfilment shipped/);
  });

  it("s: without a tracking number asks nothing more and ships without a label", async () => {
    const t = await openOrder({ display_id: 7, state: "fulfilled" });
    await t.press("s");
    await t.see("Tracking number (enter for none)");
    await t.press("enter");
    const frame = await t.see("Ship fulfilment ful_");
    expect(frame).not.toContain("Tracking URL");
    await t.press("y");
    await t.see(/✓ order #7 → shipped/);
    expect(t.registry.calls("POST", /\/shipments$/)[0]!.body.labels).toBeUndefined();
  });

  it("R: proposes every returnable line as line:qty, then y/N, and requests the return", async () => {
    const t = await openOrder({ display_id: 8, state: "shipped", items: [
      { title: "Mug", sku: "MUG", quantity: 2, unit_price: 10 },
      { title: "Cap", sku: "CAP", quantity: 1, unit_price: 15 },
    ] });
    await t.press("R");
    await t.see("Items as line:qty: 1:2,2:1");
    // Return one mug only.
    for (let i = 0; i < "1:2,2:1".length; i++) await t.press("backspace");
    await t.type("1:1");
    await t.press("enter");
    await t.see("Start a return on order #8?");
    await t.press("y");
    await t.see("returning 1");
    expect(posts(t)).toEqual(["POST /admin/returns", "POST /admin/returns/return_*/request-items", "POST /admin/returns/return_*/request"]);
    expect(t.registry.calls("POST", /request-items$/)[0]!.body.items).toEqual([{ id: t.shop.orders[0]!.items[0].id, quantity: 1 }]);
  });

  it("rejects an item list it cannot read and keeps the prompt open", async () => {
    const t = await openOrder({ display_id: 9, state: "shipped" });
    await t.press("R");
    await t.see("Items as line:qty");
    await t.press("ctrl+u");
    await t.type("1:0");
    await t.press("enter");
    await t.see("the quantity must be a whole number of at least 1");
    await t.press("esc");
    await t.see("return canceled: nothing was changed");
    expect(posts(t)).toEqual([]);
  });
});

describe("order actions: severe (type the display id)", () => {
  it("$: asks for the amount, then needs the display id typed exactly", async () => {
    const t = await openOrder({ display_id: 12, state: "captured" });
    await t.press("$");
    // The currency is named in the prompt and shown with the amount in the confirmation.
    await t.see("Amount in EUR: 34");
    expect(t.frame()).toContain("up to €34.00 from one payment");
    await t.press("ctrl+u");
    await t.type("abc");
    await t.press("enter");
    await t.see("a positive amount in the currency's units");
    await t.press("ctrl+u");
    await t.type("50");
    await t.press("enter");
    await t.see("at most €34.00");
    await t.press("ctrl+u");
    await t.type("10");
    await t.press("enter");
    let frame = await t.see("Type 12 to confirm");
    expect(frame).toContain("Cannot be undone: the money goes back to the customer.");
    expect(frame).toContain("Amount: €10.00");
    await t.type("21");
    await t.press("enter");
    await t.see("that is not 12; type it exactly, or esc to cancel");
    expect(posts(t)).toEqual([]);
    await t.press("ctrl+u");
    await t.type("12");
    await t.press("enter");
    frame = await t.see("refunded €10.00 of payment");
    const refund = t.registry.calls("POST", /\/refund$/);
    expect(refund.map((c) => c.body.amount)).toEqual([10]);
  });

  it("x: cancels only after the display id is typed; esc backs out", async () => {
    const t = await openOrder({ display_id: 13 });
    await t.press("x");
    await t.see("Cancel order #13?");
    await t.see("Type 13 to confirm");
    await t.press("esc");
    await t.see("cancel canceled: nothing was changed");
    expect(posts(t)).toEqual([]);
    await t.press("x");
    await t.see("Type 13 to confirm");
    await t.type("13");
    await t.press("enter");
    await t.see("canceled order #13");
    expect(posts(t)).toEqual(["POST /admin/orders/order_*/cancel"]);
    await t.see("Order #13  canceled");
  });

  it("makes every moderate action severe on a production profile", async () => {
    const t = await openOrder({ display_id: 14 }, { production: true });
    expect(t.frame().split("\n")[0]).toContain("[PRODUCTION]");
    await t.press("f");
    const frame = await t.see("Type 14 to confirm");
    expect(frame).toContain("PRODUCTION");
    expect(frame).not.toContain("[y/N]");
    await t.press("y");
    expect(posts(t)).toEqual([]);
    await t.press("enter");
    await t.see("that is not 14");
    await t.press("ctrl+u");
    await t.type("14");
    await t.press("enter");
    await t.see("fulfilled 1 × line 1");
    expect(posts(t)).toEqual(["POST /admin/orders/order_*/fulfillments"]);
  });
});

describe("order actions from the queue", () => {
  it("works on the selected row and refreshes the list", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 1 });
    backend.addOrder({ display_id: 2 });
    const t = renderTui({ shop: backend });
    await t.see("#2 ");
    await t.press("j");
    await t.press("f");
    await t.see("Fulfil order #1?");
    await t.press("y");
    const frame = await t.see(/#1 .*authorized\s+fulfilled/);
    expect(frame).toMatch(/#2 .*authorized\s+not_fulfilled/);
    expect(t.registry.calls("POST", /fulfillments$/)[0]!.path).toContain(backend.orders[0]!.id);
  });

  it("acts on the row under the cursor even when the keys come in one chunk", async () => {
    const backend = new OrdersState();
    backend.addOrder({ display_id: 1 });
    backend.addOrder({ display_id: 2 });
    backend.addOrder({ display_id: 3 });
    const t = renderTui({ shop: backend });
    await t.see("#3 ");
    await t.press("jjf");
    await t.see("Fulfil order #1?");
    await t.press("n");
    await t.press("k\r");
    await t.see("Order #2");
  });

  it("says why when there is nothing to do, without asking", async () => {
    const t = await openOrder({ display_id: 3, state: "fulfilled" });
    await t.press("f");
    const frame = await t.see("error: order #3: every item is already fulfilled");
    expect(frame).not.toContain("Proceed?");
    await t.press("d");
    await t.see("error: order #3 has no shipped fulfilment awaiting delivery; ship it first (s)");
    expect(posts(t)).toEqual([]);
  });

  it("shows Medusa's refusal in place, with its status and type", async () => {
    const t = await openOrder({ display_id: 4 });
    failNext(t.registry, "POST /admin/orders/*/fulfillments", 400, { type: "not_allowed", message: "Some variant does not have the required inventory", code: "insufficient_inventory" });
    await t.press("f");
    await t.see("Fulfil order #4?");
    await t.press("y");
    await t.see("error: order #4: fulfil: Some variant does not have the required inventory");
    // The screen is still there and still works.
    await t.press("G");
    await t.see("History");
  });
});

describe("read-only", () => {
  it("hides every action: keys do nothing, hints and help leave them out", async () => {
    const t = await openOrder({ display_id: 20 }, { readOnly: true });
    expect(t.frame().split("\n")[0]).toContain("read-only");
    const footer = t.frame().split("\n").at(-1)!;
    expect(footer).not.toMatch(/fulfil|ship|capture|refund|cancel/);
    for (const key of ["f", "s", "d", "c", "$", "x", "R"]) await t.press(key);
    await new Promise((r) => setTimeout(r, 50));
    expect(t.frame()).not.toMatch(/Proceed|to confirm|Tracking number|Amount/);
    expect(posts(t)).toEqual([]);
    await t.press("?");
    const help = await t.see("Order #20 keys");
    expect(help).toContain("read-only: order actions are off");
    expect(help).not.toMatch(/fulfil the unfulfilled|refund \(asks|cancel the order/);
    vi.clearAllTimers();
  });
});
