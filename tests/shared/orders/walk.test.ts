/**
 * The walk of one order (walk.ts): the engine under `orders <verb> --file` and the TUI's marked
 * orders. Its steps come from the order model; its writes go to the stub shop through the real SDK
 * and the shared write functions, so a lost answer is seen to have landed by the next read.
 */
import { describe, expect, it, vi } from "vitest";
import { loadOrder } from "../../../src/shared/orders/read.js";
import { nextStep, shipStep, walkOrder, type Parcel } from "../../../src/shared/orders/walk.js";
import { OrdersState, registerOrders } from "../../helpers/medusa-stub/orders.js";
import { reply, stubRegistry } from "../../helpers/medusa-stub/registry.js";

describe("the next step of a shipment, from the order as it is", () => {
  const order = (over: Record<string, unknown> = {}) =>
    ({ id: "order_1", display_id: 7, status: "pending", items: [{ id: "li_1", variant_sku: "S1", quantity: 2, detail: { quantity: 2, fulfilled_quantity: 0 } }], fulfillments: [], ...over }) as never;
  const parcel = (tracking: string[], sku?: string): Parcel => ({ labels: tracking.map((t) => ({ tracking_number: t, tracking_url: "", label_url: "" })), sku });

  it("fulfils an unfulfilled order, ships an unshipped fulfilment, and is done once the tracking number is on a shipment", () => {
    expect(shipStep(order(), parcel(["T1"]))).toMatchObject({ kind: "fulfil", lines: [{ item: { id: "li_1" }, quantity: 2 }] });
    const fulfilled = order({ items: [{ id: "li_1", quantity: 2, detail: { quantity: 2, fulfilled_quantity: 2 } }], fulfillments: [{ id: "ful_1", items: [{ line_item_id: "li_1", quantity: 2 }], labels: [] }] });
    expect(shipStep(fulfilled, parcel(["T1"]))).toMatchObject({ kind: "ship", fulfillments: [{ id: "ful_1" }], labels: [{ tracking_number: "T1" }] });
    const shipped = order({ items: [{ id: "li_1", quantity: 2, detail: { quantity: 2, fulfilled_quantity: 2 } }], fulfillments: [{ id: "ful_1", shipped_at: "x", items: [], labels: [{ tracking_number: "T1" }] }] });
    expect(shipStep(shipped, parcel(["T1"]))).toEqual({ kind: "done" });
    expect(shipStep(shipped, parcel(["T9"]))).toEqual({ kind: "skip", reason: "already shipped with tracking T1" });
    // Without tracking, a shipped order is done, and says why nothing was taken.
    expect(shipStep(shipped, parcel([]))).toMatchObject({ kind: "done", why: expect.stringMatching(/shipped/) });
  });

  it("skips a canceled order and a SKU the order does not have", () => {
    expect(shipStep(order({ status: "canceled" }), parcel(["T1"]))).toEqual({ kind: "skip", reason: "the order is canceled" });
    expect(shipStep(order(), parcel(["T1"], "NOPE"))).toEqual({ kind: "skip", reason: "the order has no line with SKU NOPE" });
  });

  it.each([
    ["fulfill", "new", "fulfil"],
    ["fulfill", "fulfilled", "done"],
    ["deliver", "new", "skip"],
    ["deliver", "shipped", "deliver"],
    ["capture", "new", "capture"],
    ["capture", "captured", "done"],
    ["complete", "new", "close"],
    ["fulfill", "canceled", "skip"],
  ] as const)("%s on a %s order: %s", (verb, state, kind) => {
    const shop = new OrdersState();
    const o = shop.view(shop.addOrder({ display_id: 1, state }));
    expect(nextStep(verb, o as never, { labels: [] }).kind).toBe(kind);
  });
});

describe("walking an order to the end", () => {
  function shop(state: "new" | "fulfilled" = "new") {
    const s = new OrdersState();
    const order = s.addOrder({ display_id: 1, state });
    const reg = stubRegistry();
    registerOrders(reg, s);
    return { s, order, reg, sdk: reg.sdk() };
  }
  const signal = new AbortController().signal;
  const label = (t: string) => ({ tracking_number: t, tracking_url: "", label_url: "" });

  it("fulfils then ships a parcel that left, and a second walk finds it done", async () => {
    const { order, reg, sdk } = shop();
    const first = await walkOrder(sdk, "ship", await loadOrder(sdk, order.id), { labels: [label("T1")] }, { signal });
    expect(first).toMatchObject({ end: "done", did: [expect.stringMatching(/^fulfil 1 item/), expect.stringMatching(/^ship ful_\d+ \(tracking T1\)/)] });
    expect(reg.calls("POST", /\/shipments$/)).toHaveLength(1);
    const again = await walkOrder(sdk, "ship", await loadOrder(sdk, order.id), { labels: [label("T1")] }, { signal });
    expect(again).toMatchObject({ end: "done", did: [] });
    expect(reg.calls("POST", /\/(fulfillments|shipments)$/)).toHaveLength(2);
  });

  it("a dry run says the first step and sends nothing", async () => {
    const { order, reg, sdk } = shop();
    const w = await walkOrder(sdk, "ship", await loadOrder(sdk, order.id), { labels: [label("T1")] }, { dryRun: true, signal });
    expect(w).toMatchObject({ end: "planned", what: "fulfil 1 item(s), then ship", did: [] });
    expect(reg.calls("POST", /./)).toHaveLength(0);
  });

  it("a fulfilment whose answer was lost is read back, not sent twice", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const { s, order, reg, sdk } = shop();
      // The server fulfils, then the answer is lost (a 503 after the write).
      reg.stub("POST /admin/orders/:id/fulfillments", ({ body }) => {
        s.fulfil(order, (body as { items: { id: string; quantity: number }[] }).items);
        return reply(503, { type: "unknown_error", message: "lost" });
      });
      const walking = walkOrder(sdk, "fulfill", await loadOrder(sdk, order.id), { labels: [] }, { signal });
      await vi.runAllTimersAsync();
      const w = await walking;
      expect(w).toMatchObject({ end: "done", did: ["fulfil 1 item(s) (its answer was lost; read back)"] });
      expect(reg.calls("POST", /\/fulfillments$/)).toHaveLength(1);
      expect(order.fulfillments).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a refusal the model gives is a skip with its reason; a server refusal fails with Medusa's error", async () => {
    const { order, reg, sdk } = shop();
    expect(await walkOrder(sdk, "deliver", await loadOrder(sdk, order.id), { labels: [] }, { signal })).toMatchObject({ end: "skipped", reason: expect.stringMatching(/ship/) });
    reg.stub("POST /admin/orders/:id/fulfillments", reply(400, { type: "not_allowed", message: "no stock" }));
    const w = await walkOrder(sdk, "fulfill", await loadOrder(sdk, order.id), { labels: [] }, { signal });
    expect(w.end).toBe("failed");
    expect(w.end === "failed" && (w.error as { status?: number }).status).toBe(400);
  });
});
