import { describe, expect, it } from "vitest";
import { factsOf, indexAnswers, inQueue, matchesFilter, orderInQueue, worthIndexing, type QueueName } from "../../../src/shared/orders/queues.js";

/** An order as `GET /admin/orders` answers it: lines with their detail quantities, computed statuses. */
function order(status: string, payment: string, fulfillment: string, lines: [ordered: number, fulfilled: number, shipped: number][]) {
  return {
    id: "order_1",
    display_id: 7,
    created_at: "2025-02-03T04:05:06.000Z",
    updated_at: "2025-02-04T04:05:06.000Z",
    status,
    payment_status: payment,
    fulfillment_status: fulfillment,
    items: lines.map(([q, f, s], i) => ({ id: `ordli_${i}`, quantity: q, detail: { quantity: q, fulfilled_quantity: f, shipped_quantity: s, delivered_quantity: 0 } })),
  };
}

const Q: QueueName[] = ["to-fulfil", "to-ship", "to-capture"];

describe("the queues", () => {
  it.each([
    // status, payment, fulfilment, lines → [to fulfil, to ship, to capture]
    ["new order, authorized", "pending", "authorized", "not_fulfilled", [[2, 0, 0]], [true, false, true]],
    ["new order, paid up front", "pending", "captured", "not_fulfilled", [[1, 0, 0]], [true, false, false]],
    ["packed, not shipped", "pending", "authorized", "fulfilled", [[1, 1, 0]], [false, true, true]],
    ["half packed", "pending", "captured", "partially_fulfilled", [[3, 1, 0]], [true, true, false]],
    ["shipped, captured", "pending", "captured", "shipped", [[1, 1, 1]], [false, false, false]],
    ["shipped, still authorized", "pending", "authorized", "shipped", [[1, 1, 1]], [false, false, true]],
    ["completed but never captured", "completed", "authorized", "delivered", [[1, 1, 1]], [false, false, true]],
    ["canceled before fulfilment", "canceled", "canceled", "not_fulfilled", [[2, 0, 0]], [false, false, false]],
    ["canceled with money left authorized", "canceled", "authorized", "not_fulfilled", [[2, 0, 0]], [false, false, false]],
    ["archived", "archived", "authorized", "not_fulfilled", [[1, 0, 0]], [false, false, false]],
    ["draft", "draft", "not_paid", "not_fulfilled", [[1, 0, 0]], [false, false, false]],
    ["requires action", "requires_action", "requires_action", "not_fulfilled", [[1, 0, 0]], [true, false, false]],
    ["partially captured", "pending", "partially_captured", "delivered", [[1, 1, 1]], [false, false, true]],
  ] as const)("%s", (_name, status, payment, fulfillment, lines, want) => {
    const o = order(status, payment, fulfillment, lines as unknown as [number, number, number][]);
    expect(Q.map((q) => orderInQueue(q, o))).toEqual(want);
  });

  it("reads the facts an order's queues depend on, and nothing from lines that were not read", () => {
    const f = factsOf(order("pending", "authorized", "partially_fulfilled", [[3, 1, 0], [2, 2, 1]]));
    expect(f).toEqual({ id: "order_1", display_id: 7, created: Date.parse("2025-02-03T04:05:06.000Z"), updated: Date.parse("2025-02-04T04:05:06.000Z"), status: "pending", payment: "authorized", fulfillment: "partially_fulfilled", unfulfilled: 2, unshipped: 2 });
    const { items: _items, ...noLines } = order("pending", "authorized", "not_fulfilled", [[1, 0, 0]]);
    expect(factsOf(noLines)).toMatchObject({ unfulfilled: 0, unshipped: 0 });
    expect(factsOf({ id: "order_2", created_at: "not a date" }).created).toBe(0);
  });

  it("a canceled order is never to fulfil, whatever its lines say", () => {
    const f = factsOf(order("canceled", "canceled", "not_fulfilled", [[5, 0, 0]]));
    expect(inQueue("to-fulfil", f)).toBe(false);
    expect(inQueue("to-ship", f)).toBe(false);
  });
});

describe("what the index keeps and answers", () => {
  it.each([
    ["work to do", "pending", "authorized", "not_fulfilled", [[1, 0, 0]], true],
    ["canceled (Medusa calls it not_fulfilled)", "canceled", "canceled", "not_fulfilled", [[1, 0, 0]], true],
    ["delivered and captured", "pending", "captured", "delivered", [[1, 1, 1]], false],
    ["completed", "completed", "captured", "delivered", [[1, 1, 1]], false],
    ["refunded after delivery", "pending", "refunded", "delivered", [[1, 1, 1]], false],
    ["shipped and captured", "pending", "captured", "shipped", [[1, 1, 1]], false],
    ["shipped, authorized", "pending", "authorized", "shipped", [[1, 1, 1]], true],
  ] as const)("%s: kept %s", (_name, status, payment, fulfillment, lines, want) => {
    expect(worthIndexing(factsOf(order(status, payment, fulfillment, lines as unknown as [number, number, number][])))).toBe(want);
  });

  it.each([
    [{ fulfillment: ["not_fulfilled"] }, true],
    [{ fulfillment: ["fulfilled", "partially_shipped"] }, true],
    [{ fulfillment: ["not_fulfilled", "delivered"] }, false],
    [{ fulfillment: ["shipped"] }, false],
    [{ payment: ["authorized"] }, true],
    [{ payment: ["captured"] }, false],
    [{ payment: ["captured"], fulfillment: ["fulfilled"] }, true],
    [{ status: ["pending"] }, false],
    [{}, false],
  ])("%j: answered by the index %s", (filter, want) => expect(indexAnswers(filter)).toBe(want));

  it("matches every given list and ignores the missing ones", () => {
    const f = factsOf(order("pending", "authorized", "fulfilled", [[1, 1, 0]]));
    expect(matchesFilter(f, { fulfillment: ["fulfilled"] })).toBe(true);
    expect(matchesFilter(f, { fulfillment: ["fulfilled"], payment: ["captured"] })).toBe(false);
    expect(matchesFilter(f, { status: ["pending"], payment: ["authorized", "captured"] })).toBe(true);
    expect(matchesFilter(f, {})).toBe(true);
  });
});
