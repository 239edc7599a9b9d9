// Not a mirror: the order operations of src/shared/orders/ together, over one fake back-end.
import { describe, expect, it } from "vitest";
import { OrderError } from "../../src/shared/orders/errors.js";
import { captureOrder, refundOrder } from "../../src/shared/orders/payments.js";
import { fulfillOrder, shipOrder } from "../../src/shared/orders/fulfillments.js";
import { orderLines, parseAddFlag, parseItemFlag, resolveItems, resolveLine } from "../../src/shared/orders/lines.js";
import { CLI_WORDS } from "../../src/cli/cmdutil/order-words.js";
import { resolveOrder } from "../../src/shared/orders/read.js";
import { connectionReset, reply, stubRegistry, type Responder } from "../helpers/medusa-stub/registry.js";
import { orderFixture } from "../helpers/medusa-stub/order-fixture.js";

/** A route table on a stub registry; retries on with no delay, so a lost answer is retried at once. */
function fakeApi(table: Record<string, Responder>) {
  const reg = stubRegistry();
  reg.routes(table);
  return { reg, sdk: reg.sdk({ retry: { baseDelayMs: 0, maxDelayMs: 0 } }), calls: reg.requests, writes: () => reg.writes() };
}


describe("parseItemFlag", () => {
  it.each([
    ["ordli_01ABC:2", { line: "ordli_01ABC", quantity: 2 }],
    ["SKU-1:1", { line: "SKU-1", quantity: 1 }],
    ["3:1", { line: "3", quantity: 1 }],
    [" TEE-M : 4 ", { line: "TEE-M", quantity: 4 }],
    ["A:B:2", { line: "A:B", quantity: 2 }],
  ])("reads %s", (flag, want) => expect(parseItemFlag(flag)).toEqual(want));

  it.each(["3", "3:", ":2", "3:0", "3:1.5", "3:-1", "3:x", ""])("refuses %j as input", (flag) => {
    expect(() => parseItemFlag(flag)).toThrow(OrderError);
    try {
      parseItemFlag(flag);
    } catch (e) {
      expect((e as OrderError).kind).toBe("input");
    }
  });

  it("names --add in errors about variants on the command line, and the plain input elsewhere", () => {
    expect(parseAddFlag("SKU-9:3")).toEqual({ variant: "SKU-9", quantity: 3 });
    const err = (() => {
      try {
        parseAddFlag("SKU-9");
      } catch (e) {
        return e as OrderError;
      }
    })()!;
    expect(err.render(CLI_WORDS).message).toMatch(/^--add "SKU-9": expected <variant id or SKU>:<quantity>/);
    expect(err.message).toMatch(/^add "SKU-9": expected <variant id or SKU>:<quantity>/);
  });
});

describe("line resolution", () => {
  const order = orderFixture();

  it("numbers lines by creation time, not by the order of the array", () => {
    expect(orderLines(order).map((l) => l.id)).toEqual(["ordli_A", "ordli_B"]);
  });

  it.each([
    ["ordli_B", "ordli_B"],
    ["1", "ordli_A"],
    ["2", "ordli_B"],
    ["MUG-1", "ordli_B"],
  ])("resolves %s", (ref, id) => expect(resolveLine(order, ref).id).toBe(id));

  it("reads a number past the last line as a SKU before giving up", () => {
    const o = orderFixture({ items: [...orderFixture().items, { ...orderFixture().items[0], id: "ordli_C", variant_sku: "42", created_at: "2026-01-02T00:00:00.000Z" }] });
    expect(resolveLine(o, "42").id).toBe("ordli_C");
  });

  it.each([
    ["ordli_X", "order #7 has no line ordli_X"],
    ["3", "order #7 has no line 3 (it has 2)"],
    ["NOPE", 'order #7 has no line or SKU "NOPE"'],
  ])("says what is wrong with %s", (ref, msg) => expect(() => resolveLine(order, ref)).toThrow(msg));

  it("refuses a SKU that is on two lines", () => {
    const o = orderFixture();
    o.items[0].variant_sku = "TEE-M";
    expect(() => resolveLine(o, "TEE-M")).toThrow("order #7: SKU TEE-M is on 2 lines; name the line by number or ordli_ id");
  });

  it("adds up flags for the same line and checks them against what is left", () => {
    const o = orderFixture();
    o.items[1].detail.fulfilled_quantity = 1;
    const avail = (q: { ordered: number; fulfilled: number }) => q.ordered - q.fulfilled;
    expect(resolveItems(o, [{ line: "1", quantity: 1 }], avail, "fulfil", "fulfilled").map((l) => [l.item.id, l.quantity])).toEqual([["ordli_A", 1]]);
    expect(() => resolveItems(o, [{ line: "1", quantity: 1 }, { line: "TEE-M", quantity: 1 }], avail, "fulfil", "fulfilled")).toThrow(
      "order #7: line 1 (Tee M, TEE-M) has only 1 left to fulfil (asked for 2)",
    );
    o.items[1].detail.fulfilled_quantity = 2;
    expect(() => resolveItems(o, [{ line: "1", quantity: 1 }], avail, "fulfil", "fulfilled")).toThrow("order #7: line 1 (Tee M, TEE-M) is already fulfilled");
  });
});

describe("resolveOrder", () => {
  it("finds a display id by searching and matching exactly", async () => {
    const { sdk, calls } = fakeApi({
      "GET /admin/orders": () => ({ orders: [{ id: "order_170", display_id: 170 }, { id: "order_1", display_id: 7 }], count: 2 }),
      "GET /admin/orders/:id": ({ params }) => ({ order: orderFixture({ id: params[0] }) }),
    });
    const o = await resolveOrder(sdk, "#7");
    expect(o.id).toBe("order_1");
    expect(new URLSearchParams(calls[0]!.query).get("q")).toBe("7");
    expect(calls[1]!.path).toBe("/admin/orders/order_1");
  });

  it("says an unknown display id is not found, and refuses what is no order reference", async () => {
    const { sdk } = fakeApi({ "GET /admin/orders": () => ({ orders: [{ id: "order_170", display_id: 170 }], count: 1 }) });
    await expect(resolveOrder(sdk, "17")).rejects.toThrow("order #17 not found");
    await expect(resolveOrder(sdk, "seventeen")).rejects.toMatchObject({ kind: "input" });
  });
});

function orderRoutes(order: any, extra: Record<string, (req: any) => unknown> = {}) {
  return fakeApi({ "GET /admin/orders/:id": () => ({ order: structuredClone(order) }), ...extra });
}

describe("fulfillOrder", () => {
  it("sends what is left of every line by default and reports the order as re-read", async () => {
    const order = orderFixture();
    order.items[1].detail.fulfilled_quantity = 1;
    const api = orderRoutes(order, {
      "POST /admin/orders/:id/fulfillments": ({ body }) => {
        order.fulfillments = [{ id: "ful_1", location_id: "sloc_1", items: body.items.map((i: any) => ({ line_item_id: i.id, quantity: i.quantity })) }];
        order.fulfillment_status = "fulfilled";
        return { order: { id: order.id } };
      },
    });
    const res = await fulfillOrder(api.sdk, "order_1");
    expect(api.writes().map((c) => c.body)).toEqual([{ items: [{ id: "ordli_A", quantity: 1 }, { id: "ordli_B", quantity: 1 }] }]);
    expect(res.order.fulfillment_status).toBe("fulfilled");
    expect(res.changes).toEqual(["fulfilled 1 × line 1 (Tee M, TEE-M)", "fulfilled 1 × line 2 (Mug M, MUG-1)", "new fulfilment ful_1 from sloc_1"]);
  });

  it("turns Medusa's reservation message into one that names the line", async () => {
    const api = orderRoutes(orderFixture(), {
      "POST /admin/orders/:id/fulfillments": () => reply(400, { type: "invalid_data", message: "No stock reservation found for item ordli_B - Mug (M)" }),
    });
    await expect(fulfillOrder(api.sdk, "order_1", { items: [{ line: "2", quantity: 1 }] })).rejects.toThrow(
      "order #7: fulfil: line 2 (Mug M, MUG-1) has no stock reservation left: it is already fulfilled, or its stock was never reserved",
    );
  });
});

describe("shipOrder", () => {
  it("ships every unshipped fulfilment, each with the tracking given, and sends nothing when there is none", async () => {
    const order = orderFixture({ fulfillments: [{ id: "ful_1", items: [{ line_item_id: "ordli_A", quantity: 1 }] }, { id: "ful_2", items: [{ line_item_id: "ordli_B", quantity: 2 }] }, { id: "ful_3", shipped_at: "2026-01-01", items: [] }] });
    const api = orderRoutes(order, { "POST /admin/orders/:id/fulfillments/:fid/shipments": () => ({ order: { id: order.id } }) });
    const res = await shipOrder(api.sdk, "order_1", { trackingNumber: "T1" });
    expect(api.writes().map((c) => [c.path, c.body])).toEqual([
      ["/admin/orders/order_1/fulfillments/ful_1/shipments", { items: [{ id: "ordli_A", quantity: 1 }], labels: [{ tracking_number: "T1", tracking_url: "", label_url: "" }] }],
      ["/admin/orders/order_1/fulfillments/ful_2/shipments", { items: [{ id: "ordli_B", quantity: 2 }], labels: [{ tracking_number: "T1", tracking_url: "", label_url: "" }] }],
    ]);
    expect(res.changes).toEqual(["shipped fulfilment ful_1 (tracking T1)", "shipped fulfilment ful_2 (tracking T1)"]);
    const none = orderRoutes(orderFixture({ fulfillments: [{ id: "ful_3", shipped_at: "2026-01-01", items: [] }] }));
    await expect(shipOrder(none.sdk, "order_1", { trackingNumber: "T1" })).rejects.toMatchObject({ kind: "state", message: expect.stringContaining("no unshipped fulfilment") });
    expect(none.writes()).toEqual([]);
  });
});

describe("captureOrder and refundOrder: never repeated, uncertain outcomes read back", () => {
  it("reports a capture whose answer was lost as done when the order shows it", async () => {
    const order = orderFixture();
    const api = orderRoutes(order, {
      "POST /admin/payments/:id/capture": () => {
        order.payment_collections[0].payments[0].captures.push({ id: "capt_1", amount: 40.7 });
        order.payment_status = "captured";
        throw connectionReset();
      },
    });
    const res = await captureOrder(api.sdk, "order_1");
    expect(api.writes()).toHaveLength(1);
    expect(res.order.payment_status).toBe("captured");
    expect(res.changes[0]).toBe("captured €40.70 of payment pay_1");
    expect(res.changes[1]).toMatch(/^no answer from Medusa \(.*\); reading the order back shows the capture went through$/);
  });

  it("says a capture did not land when the order shows none, and does not try again", async () => {
    const api = orderRoutes(orderFixture(), {
      "POST /admin/payments/:id/capture": () => {
        throw connectionReset();
      },
    });
    const err = await captureOrder(api.sdk, "order_1").catch((e) => e);
    expect(err).toMatchObject({ kind: "uncertain", message: expect.stringContaining("reading the order back shows no capture recorded") });
    expect(err.hint).toContain("before retrying");
    expect(api.writes()).toHaveLength(1);
  });

  it("says the outcome is unknown when the order cannot be read back either", async () => {
    let reads = 0;
    const order = orderFixture();
    order.payment_collections[0].payments[0].captures = [{ id: "capt_1", amount: 40.7 }];
    const api2 = fakeApi({
      "GET /admin/orders/:id": () => {
        if (++reads > 1) throw connectionReset();
        return { order: structuredClone(order) };
      },
      "POST /admin/payments/:id/refund": () => {
        throw connectionReset();
      },
    });
    const err = await refundOrder(api2.sdk, "order_1", { amount: 5 }).catch((e) => e);
    expect(err).toMatchObject({ kind: "uncertain", message: expect.stringContaining("it may or may not have happened") });
    expect(api2.writes()).toHaveLength(1);
  });

  it("refuses to refund an uncaptured payment or more than is left, without sending anything", async () => {
    const api = orderRoutes(orderFixture());
    await expect(refundOrder(api.sdk, "order_1", { amount: 5 })).rejects.toThrow("order #7: payment not captured; nothing to refund");
    const captured = orderFixture();
    captured.payment_collections[0].payments[0].captures = [{ id: "capt_1", amount: 40.7 }];
    captured.payment_collections[0].payments[0].refunds = [{ id: "ref_1", amount: 40 }];
    const api2 = orderRoutes(captured);
    await expect(refundOrder(api2.sdk, "order_1", { amount: 5 })).rejects.toThrow("order #7: only €0.70 can be refunded (asked for €5.00)");
    expect([...api.writes(), ...api2.writes()]).toEqual([]);
  });

  it("sends the refund amount, reason and note once", async () => {
    const order = orderFixture();
    order.payment_collections[0].payments[0].captures = [{ id: "capt_1", amount: 40.7 }];
    const api = orderRoutes(order, { "POST /admin/payments/:id/refund": () => ({ payment: { id: "pay_1" } }) });
    const res = await refundOrder(api.sdk, "order_1", { amount: 12.5, reasonId: "refr_1", note: "late" });
    expect(api.writes()).toEqual([expect.objectContaining({ path: "/admin/payments/pay_1/refund", body: { amount: 12.5, refund_reason_id: "refr_1", note: "late" } })]);
    expect(res.changes).toEqual(["refunded €12.50 of payment pay_1 (late)"]);
  });
});
