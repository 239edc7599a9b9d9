import { describe, expect, it } from "vitest";
import { OrderError } from "../../../src/shared/orders/errors.js";
import {
  type Decision,
  leftToFulfil,
  leftToReturn,
  leftToShip,
  orThrow,
  planCancel,
  planCancelFulfilment,
  planCapture,
  planClose,
  planDeliver,
  planFulfil,
  planRefund,
  planReturn,
  planShip,
} from "../../../src/shared/orders/model.js";

/** An order as Medusa returns it, small: lines by quantities, fulfilments by state, payments by amounts. */
type LineSpec = { sku: string; ordered: number; fulfilled?: number; shipped?: number; returned?: number };
type FulSpec = { id: string; lines?: [string, number][]; shipped?: boolean; delivered?: boolean; canceled?: boolean };
type PaySpec = { amount: number; captured?: number; refunded?: number; canceled?: boolean };

function order(spec: { status?: string; lines?: LineSpec[]; fulfillments?: FulSpec[]; payments?: PaySpec[]; pending?: number } = {}): never {
  const lines = spec.lines ?? [{ sku: "TEE", ordered: 2 }, { sku: "MUG", ordered: 1 }];
  return {
    id: "order_1",
    display_id: 7,
    status: spec.status ?? "pending",
    currency_code: "eur",
    summary: { pending_difference: spec.pending ?? 0 },
    items: lines.map((l, i) => ({
      id: `ordli_${l.sku}`,
      created_at: `2026-01-0${i + 1}`,
      title: l.sku,
      variant_sku: l.sku,
      quantity: l.ordered,
      detail: { quantity: l.ordered, fulfilled_quantity: l.fulfilled ?? 0, shipped_quantity: l.shipped ?? 0, return_received_quantity: l.returned ?? 0 },
    })),
    fulfillments: (spec.fulfillments ?? []).map((f) => ({
      id: f.id,
      items: (f.lines ?? []).map(([sku, quantity]) => ({ line_item_id: `ordli_${sku}`, quantity })),
      shipped_at: f.shipped ? "2026-01-02" : null,
      delivered_at: f.delivered ? "2026-01-03" : null,
      canceled_at: f.canceled ? "2026-01-04" : null,
    })),
    payment_collections: [
      {
        payments: (spec.payments ?? [{ amount: 40 }]).map((p, i) => ({
          id: `pay_${i + 1}`,
          amount: p.amount,
          canceled_at: p.canceled ? "2026-01-05" : null,
          captures: p.captured ? [{ id: `capt_${i}`, amount: p.captured }] : [],
          refunds: p.refunded ? [{ id: `ref_${i}`, amount: p.refunded }] : [],
        })),
      },
    ],
  } as never;
}

/** What a decision comes to, short enough for a table: the plan's ids and quantities, or the refusal's code. */
function outcome(d: Decision<unknown>): string {
  if (!d.ok) return `no: ${d.why.code}${d.why.done ? " (done)" : ""}`;
  const p = d.plan as { lines?: { item: { variant_sku: string }; quantity: number }[]; fulfillments?: { id: string }[]; targets?: { payment: { payment: { id: string } }; amount: number }[]; payment?: { payment: { id: string } }; amount?: number; how?: string };
  if (p.lines) return p.lines.map((l) => `${l.quantity} ${l.item.variant_sku}`).join(", ");
  if (p.fulfillments) return p.fulfillments.map((f) => f.id).join(", ");
  if (p.targets) return p.targets.map((t) => `${t.amount} from ${t.payment.payment.id}`).join(", ");
  if (p.payment) return `${p.amount} from ${p.payment.payment.id}`;
  return p.how ?? "yes";
}

const shippedAll = { lines: [{ sku: "TEE", ordered: 2, fulfilled: 2, shipped: 2 }], fulfillments: [{ id: "ful_1", lines: [["TEE", 2]] as [string, number][], shipped: true }] };

describe("fulfil: what is left of each line, or the lines named", () => {
  it.each([
    ["a new order: every line in full", order(), {}, "2 TEE, 1 MUG"],
    ["part fulfilled: what is left", order({ lines: [{ sku: "TEE", ordered: 3, fulfilled: 1 }, { sku: "MUG", ordered: 1, fulfilled: 1 }] }), {}, "2 TEE"],
    ["a line named by SKU", order(), { items: [{ line: "MUG", quantity: 1 }] }, "1 MUG"],
    ["a line named twice adds up", order(), { items: [{ line: "1", quantity: 1 }, { line: "TEE", quantity: 1 }] }, "2 TEE"],
    ["more than is left", order(), { items: [{ line: "TEE", quantity: 3 }] }, "no: not-available"],
    ["a line the order does not have", order(), { items: [{ line: "NOPE", quantity: 1 }] }, "no: bad-input"],
    ["a courier row's SKU, at most its quantity", order(), { sku: "TEE", quantity: 1 }, "1 TEE"],
    ["a courier row's SKU the order lacks", order(), { sku: "NOPE" }, "no: bad-input"],
    ["everything fulfilled", order({ lines: [{ sku: "TEE", ordered: 2, fulfilled: 2 }] }), {}, "no: all-fulfilled (done)"],
    ["a canceled order", order({ status: "canceled" }), {}, "no: canceled"],
  ])("%s", (_name, o, ask, want) => {
    expect(outcome(planFulfil(o, ask))).toBe(want);
  });
});

describe("ship: every unshipped fulfilment (one rule from every entry point), or the one named", () => {
  const two = order({ lines: [{ sku: "TEE", ordered: 2, fulfilled: 2 }, { sku: "MUG", ordered: 1, fulfilled: 1 }], fulfillments: [{ id: "ful_1", lines: [["TEE", 2]] }, { id: "ful_2", lines: [["MUG", 1]] }, { id: "ful_0", lines: [["TEE", 2]], canceled: true }] });
  it.each([
    ["two unshipped: both (the canceled one never)", two, {}, "ful_1, ful_2"],
    ["the one named", two, { fulfillmentId: "ful_2" }, "ful_2"],
    ["a courier row's line: the fulfilments that hold it", two, { lineId: "ordli_MUG" }, "ful_2"],
    ["a fulfilment it does not have", two, { fulfillmentId: "ful_9" }, "no: bad-input"],
    ["a canceled fulfilment named", two, { fulfillmentId: "ful_0" }, "no: not-available"],
    ["nothing fulfilled yet", order(), {}, "no: not-fulfilled"],
    ["shipped, more left to fulfil", order({ lines: [{ sku: "TEE", ordered: 3, fulfilled: 2, shipped: 2 }], fulfillments: [{ id: "ful_1", lines: [["TEE", 2]], shipped: true }] }), {}, "no: not-fulfilled"],
    ["everything shipped", order(shippedAll), {}, "no: all-shipped (done)"],
    ["a shipped fulfilment named", order(shippedAll), { fulfillmentId: "ful_1" }, "no: all-shipped (done)"],
    ["a canceled order", order({ status: "canceled", fulfillments: [{ id: "ful_1" }] }), {}, "no: canceled"],
  ])("%s", (_name, o, ask, want) => {
    expect(outcome(planShip(o, ask))).toBe(want);
  });
});

describe("deliver: every shipped fulfilment not delivered, or the one named", () => {
  it.each([
    ["two shipped, one delivered already", order({ fulfillments: [{ id: "ful_1", shipped: true }, { id: "ful_2", shipped: true, delivered: true }, { id: "ful_3", shipped: true }] }), {}, "ful_1, ful_3"],
    ["the one named", order({ fulfillments: [{ id: "ful_1", shipped: true }, { id: "ful_3", shipped: true }] }), { fulfillmentId: "ful_3" }, "ful_3"],
    ["fulfilled, not shipped", order({ fulfillments: [{ id: "ful_1" }] }), {}, "no: not-shipped"],
    ["nothing fulfilled", order(), {}, "no: not-shipped"],
    ["everything delivered", order({ fulfillments: [{ id: "ful_1", shipped: true, delivered: true }] }), {}, "no: all-delivered (done)"],
    ["a delivered fulfilment named", order({ fulfillments: [{ id: "ful_1", shipped: true, delivered: true }] }), { fulfillmentId: "ful_1" }, "no: all-delivered (done)"],
    ["a canceled order", order({ status: "canceled" }), {}, "no: canceled"],
  ])("%s", (_name, o, ask, want) => {
    expect(outcome(planDeliver(o, ask))).toBe(want);
  });
});

describe("capture: each payment's rest, or an amount from one payment that holds it", () => {
  it.each([
    ["authorised: in full", order(), {}, "40 from pay_1"],
    ["part captured: the rest", order({ payments: [{ amount: 40, captured: 15 }] }), {}, "25 from pay_1"],
    ["two payments, one canceled", order({ payments: [{ amount: 10 }, { amount: 30, canceled: true }] }), {}, "10 from pay_1"],
    ["an amount", order({ payments: [{ amount: 10 }, { amount: 30 }] }), { amount: 20 }, "20 from pay_2"],
    ["more than any payment holds", order({ payments: [{ amount: 10 }, { amount: 30 }] }), { amount: 35 }, "no: not-available"],
    ["an amount of 0", order(), { amount: 0 }, "no: bad-input"],
    ["captured already", order({ payments: [{ amount: 40, captured: 40 }] }), {}, "no: all-captured (done)"],
    ["no payment", order({ payments: [] }), {}, "no: no-payment"],
    ["a canceled order", order({ status: "canceled" }), {}, "no: canceled"],
  ])("%s", (_name, o, ask, want) => {
    expect(outcome(planCapture(o, ask))).toBe(want);
  });
});

describe("refund: an amount from one captured payment; the refund due to the cent is Medusa's exact figure", () => {
  it.each([
    ["captured", order({ payments: [{ amount: 40, captured: 40 }] }), 10, "10 from pay_1"],
    ["refunded in part: what is left", order({ payments: [{ amount: 40, captured: 40, refunded: 30 }] }), 15, "no: not-available"],
    ["refunded in full", order({ payments: [{ amount: 40, captured: 40, refunded: 40 }] }), 5, "no: all-refunded (done)"],
    ["the due, asked to the cent", order({ payments: [{ amount: 40, captured: 40 }], pending: -23.7881 }), 23.79, "23.7881 from pay_1"],
    ["not captured", order(), 5, "no: not-captured"],
    ["an amount of 0", order({ payments: [{ amount: 40, captured: 40 }] }), 0, "no: bad-input"],
  ])("%s", (_name, o, amount, want) => {
    expect(outcome(planRefund(o, { amount }))).toBe(want);
  });
});

describe("cancel: only with every fulfilment canceled, and never after a parcel left", () => {
  it.each([
    ["nothing fulfilled", order(), "yes"],
    ["a canceled fulfilment only", order({ fulfillments: [{ id: "ful_1", canceled: true }] }), "yes"],
    ["a fulfilment stands", order({ fulfillments: [{ id: "ful_1" }] }), "no: fulfilled"],
    ["a fulfilment shipped", order({ fulfillments: [{ id: "ful_1", shipped: true }] }), "no: shipped"],
    ["canceled already", order({ status: "canceled" }), "no: canceled (done)"],
  ])("%s", (_name, o, want) => {
    expect(outcome(planCancel(o))).toBe(want);
  });

  it.each([
    ["the unshipped ones", order({ fulfillments: [{ id: "ful_1" }, { id: "ful_2", shipped: true }, { id: "ful_3" }] }), {}, "ful_1, ful_3"],
    ["a shipped one named", order({ fulfillments: [{ id: "ful_2", shipped: true }] }), { fulfillmentId: "ful_2" }, "no: shipped"],
    ["a canceled one named", order({ fulfillments: [{ id: "ful_2", canceled: true }] }), { fulfillmentId: "ful_2" }, "no: not-available (done)"],
    ["none left to cancel", order({ fulfillments: [{ id: "ful_2", shipped: true }] }), {}, "no: not-available"],
  ])("a fulfilment: %s", (_name, o, ask, want) => {
    expect(outcome(planCancelFulfilment(o, ask))).toBe(want);
  });
});

describe("return: lines fulfilled and not back yet", () => {
  const fulfilled = order({ lines: [{ sku: "TEE", ordered: 2, fulfilled: 2, returned: 1 }, { sku: "MUG", ordered: 1 }] });
  it.each([
    ["what can come back", fulfilled, [{ line: "TEE", quantity: 1 }], "1 TEE"],
    ["more than can come back", fulfilled, [{ line: "TEE", quantity: 2 }], "no: not-available"],
    ["a line not fulfilled", fulfilled, [{ line: "MUG", quantity: 1 }], "no: not-available"],
    ["no line named", fulfilled, [], "no: bad-input"],
    ["nothing fulfilled", order(), [], "no: nothing-returnable"],
    ["a canceled order", order({ status: "canceled" }), [{ line: "TEE", quantity: 1 }], "no: canceled"],
  ])("%s", (_name, o, items, want) => {
    expect(outcome(planReturn(o, { items }))).toBe(want);
  });
});

describe("complete and archive", () => {
  it.each([
    ["pending", "complete", "complete"],
    ["completed", "complete", "no: closed (done)"],
    ["canceled", "complete", "no: canceled"],
    ["completed", "archive", "archive"],
    ["canceled", "archive", "archive"],
    ["pending", "archive", "no: not-closable"],
    ["archived", "archive", "no: closed (done)"],
  ] as const)("a %s order, %s", (status, how, want) => {
    expect(outcome(planClose(order({ status }), how))).toBe(want);
  });
});

describe("units per line, as the queues count them", () => {
  const q = { ordered: 5, fulfilled: 3, shipped: 1, delivered: 0, returnRequested: 1, returned: 1, dismissed: 0 };
  it.each([
    [leftToFulfil, 2],
    [leftToShip, 2],
    [leftToReturn, 1],
  ])("%o", (f, want) => {
    expect(f(q)).toBe(want);
  });
});

describe("orThrow", () => {
  it("throws the refusal as the OrderError every entry point reports, with a hint in the caller's words when given", () => {
    const d = planShip(order());
    expect(() => orThrow(d)).toThrow(OrderError);
    expect(() => orThrow(d)).toThrow("order #7 has no unshipped fulfilment");
    const thrown = (() => {
      try {
        orThrow(d, "fulfil it first (f)");
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toMatchObject({ kind: "state", hint: "fulfil it first (f)" });
    expect(orThrow(planFulfil(order())).lines).toHaveLength(2);
  });
});
