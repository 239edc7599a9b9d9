/**
 * Issue 27 in the TUI: space marks an order, `*` marks every order the list shows, and the action
 * keys then act on every marked order (a tracking number asked per order for a shipment, the
 * capture's total shown before it is confirmed), unmarking those that went through.
 */
import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { OrdersState } from "../helpers/medusa-stub/orders.js";
import { reply } from "../helpers/medusa-stub/registry.js";
import { renderTui, type TuiHarness } from "../helpers/tui.js";

afterEach(() => cleanup());

function shop(): OrdersState {
  const b = new OrdersState();
  b.addOrder({ display_id: 1, state: "new" });
  b.addOrder({ display_id: 2, state: "new" });
  b.addOrder({ display_id: 3, state: "new" });
  return b;
}

const posts = (t: TuiHarness, re: RegExp) => t.registry.calls("POST", re);

describe("marking orders for a batch", () => {
  it("space marks and moves on; the header counts; f fulfils every marked order after one confirmation and unmarks them", async () => {
    const b = shop();
    const t = renderTui({ shop: b });
    await t.see("#1 ");
    await t.press(" ", " ");
    const frame = await t.see("● 2 marked");
    // The newest first: #3 and #2 are marked, #1 is not.
    expect(frame).toMatch(/ ●#3 /);
    expect(frame).toMatch(/ ●#2 /);
    expect(frame).not.toMatch(/●#1 /);
    await t.press("f");
    const confirm = await t.see("Fulfil 2 marked orders?");
    expect(confirm).toContain("#3");
    expect(confirm).toContain("#2");
    await t.press("y");
    await t.see("fulfil: 2 of 2 marked orders done");
    expect(posts(t, /\/fulfillments$/)).toHaveLength(2);
    // Those that went through are unmarked.
    expect(t.frame()).not.toMatch(/● \d+ marked/);
    expect(t.frame()).not.toContain("●#");
  });

  it("* marks every order shown (again: none); ship asks one tracking number per order", async () => {
    const b = new OrdersState();
    b.addOrder({ display_id: 1, state: "fulfilled" });
    b.addOrder({ display_id: 2, state: "fulfilled" });
    const t = renderTui({ shop: b });
    await t.see("#1 ");
    await t.press("*");
    await t.see("● 2 marked");
    await t.press("*");
    await t.see(/sort: date/);
    expect(t.frame()).not.toMatch(/● \d+ marked/);
    await t.press("*", "s");
    await t.see("Ship order #2 (1 of 2)");
    await t.type("T-2");
    await t.press("enter");
    await t.see("Ship order #1 (2 of 2)");
    await t.type("T-1");
    await t.press("enter");
    const confirm = await t.see("Ship 2 marked orders?");
    expect(confirm).toContain("#2 tracking T-2");
    expect(confirm).toContain("#1 tracking T-1");
    await t.press("y");
    await t.see("ship: 2 of 2 marked orders done");
    const bodies = posts(t, /\/shipments$/).map((c) => JSON.stringify(c.body));
    expect(bodies.some((x) => x.includes("T-1"))).toBe(true);
    expect(bodies.some((x) => x.includes("T-2"))).toBe(true);
  });

  it("capture shows the total of the marked orders, and an order that cannot be captured is listed as skipped", async () => {
    const b = new OrdersState();
    b.addOrder({ display_id: 1, state: "new" });
    b.addOrder({ display_id: 2, state: "captured" });
    const t = renderTui({ shop: b });
    await t.see("#1 ");
    await t.press("*", "c");
    const confirm = await t.see("Capture 1 marked order?");
    expect(confirm).toMatch(/total: €34\.00/);
    expect(confirm).toMatch(/skipped #2: order #2: payment already captured/);
    await t.press("n");
    await t.see("capture canceled: nothing was changed");
    expect(posts(t, /capture/)).toHaveLength(0);
  });

  it("ship on marked orders takes the courier file's steps: an order not fulfilled yet is fulfilled, then shipped", async () => {
    const b = new OrdersState();
    b.addOrder({ display_id: 1, state: "new" });
    b.addOrder({ display_id: 2, state: "fulfilled" });
    const t = renderTui({ shop: b });
    await t.see("#1 ");
    await t.press("*", "s");
    const first = await t.see("Ship order #2 (1 of 2)");
    expect(first).toMatch(/ship ful_\d+/);
    await t.type("T-2");
    await t.press("enter");
    const second = await t.see("Ship order #1 (2 of 2)");
    expect(second).toContain("fulfil 1 item(s), then ship");
    await t.type("T-1");
    await t.press("enter");
    await t.see("Ship 2 marked orders?");
    await t.press("y");
    await t.see("ship: 2 of 2 marked orders done");
    for (const o of b.orders) expect(o.fulfillments.map((f: { shipped_at: unknown; labels: { tracking_number: string }[] }) => [Boolean(f.shipped_at), f.labels.map((l) => l.tracking_number)])).toEqual([[true, [`T-${o.display_id}`]]]);
  });

  it("a fulfilment whose answer was lost is read back: the order is done, and nothing is sent twice", async () => {
    const b = new OrdersState();
    const o = b.addOrder({ display_id: 1, state: "new" });
    const t = renderTui({ shop: b });
    // The server fulfils, then the answer is lost.
    t.registry.stub("POST /admin/orders/:id/fulfillments", ({ body }) => {
      b.fulfil(o, (body as { items: { id: string; quantity: number }[] }).items);
      return reply(503, { type: "unknown_error", message: "lost" });
    });
    await t.see("#1 ");
    await t.press(" ", "f");
    await t.see("Fulfil 1 marked order?");
    await t.press("y");
    await t.see("fulfil: 1 of 1 marked orders done", 15_000);
    expect(posts(t, /\/fulfillments$/)).toHaveLength(1);
    expect(o.fulfillments).toHaveLength(1);
  });
});
