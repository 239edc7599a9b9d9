/**
 * Order edits (items, shipping methods, request, confirm, cancel) and what they do to payments:
 * payment collections for the new balance, payment sessions and their authorization.
 */
import { describe, expect, it } from "vitest";
import { adminSdk, storeSdk } from "./helpers/sdk.js";
import { orderState, placeOrder, previewActions, purchasableVariants, regionFor, shippingOptionId } from "./helpers/orders.js";

/** Long flows make dozens of requests to a back-end shared with other suites. */
const LONG = { timeout: 300_000 };

const sdk = adminSdk();
const admin = sdk.admin;

/** An order of one seeded variant × 1, plus another seeded variant to add by edit. */
async function orderToEdit() {
  const store = storeSdk();
  const region = await regionFor(store, "eur");
  const [bought, extra] = await purchasableVariants(store, region.id, 2);
  const { order } = await placeOrder({ sdk: store, items: [{ variant_id: bought!.id, quantity: 1 }] });
  const line = (await orderState(sdk, order.id)).items![0]!;
  return { order, line, extraId: extra!.id };
}

describe("admin order edits", () => {
  it("edits items and shipping, confirms, and settles the new balance", LONG, async () => {
    const { order, line, extraId } = await orderToEdit();
    const before = await orderState(sdk, order.id);

    const { order_change } = await admin.orderEdit.initiateRequest({ order_id: order.id, description: "customer wants more" });
    expect(order_change.change_type).toBe("edit");
    expect(order_change.status).toBe("pending");

    let { order_preview } = await admin.orderEdit.addItems(order.id, { items: [{ variant_id: extraId, quantity: 1 }] });
    const [added] = previewActions(order_preview, "ITEM_ADD");
    ({ order_preview } = await admin.orderEdit.updateAddedItem(order.id, added!.id, { quantity: 3 }));
    expect(previewActions(order_preview, "ITEM_ADD")[0]!.details!.quantity).toBe(3);
    ({ order_preview } = await admin.orderEdit.removeAddedItem(order.id, added!.id));
    expect(previewActions(order_preview, "ITEM_ADD")).toEqual([]);
    await admin.orderEdit.addItems(order.id, { items: [{ variant_id: extraId, quantity: 2 }] });

    ({ order_preview } = await admin.orderEdit.updateOriginalItem(order.id, line.id, { quantity: 2 }));
    expect(Number(order_preview.items!.find((i) => i.id === line.id)!.quantity)).toBe(2);

    const express = await shippingOptionId(sdk, "express");
    ({ order_preview } = await admin.orderEdit.addShippingMethod(order.id, { shipping_option_id: express }));
    const [ship] = previewActions(order_preview, "SHIPPING_ADD");
    expect(order_preview.shipping_methods!.find((m) => m.id === ship!.on)!.name).toBe("Express Shipping");
    ({ order_preview } = await admin.orderEdit.updateShippingMethod(order.id, ship!.id, { custom_amount: 3 }));
    expect(Number(order_preview.shipping_methods!.find((m) => m.id === ship!.on)!.amount)).toBe(3);
    ({ order_preview } = await admin.orderEdit.removeShippingMethod(order.id, ship!.id));
    expect(previewActions(order_preview, "SHIPPING_ADD")).toEqual([]);
    await admin.orderEdit.addShippingMethod(order.id, { shipping_option_id: express, custom_amount: 3 });

    const { order: preview } = await admin.order.retrievePreview(order.id);
    expect(preview.items!.map((i) => [i.variant_id, Number(i.quantity)]).sort()).toEqual(
      [[line.variant_id, 2], [extraId, 2]].sort(),
    );
    expect(preview.total).toBeGreaterThan(before.total);

    await admin.orderEdit.request(order.id, { no_notification: true });
    const { order_change: noted } = await admin.order.updateOrderChange(order_change.id, { internal_note: "approved by phone" });
    expect(noted.internal_note).toBe("approved by phone");
    expect(noted.status).toBe("requested");

    await admin.orderEdit.confirm(order.id);
    const after = await orderState(sdk, order.id, "id,total,payment_status,*items,*shipping_methods,*payment_collections,*payment_collections.payment_sessions");
    expect(after.items!.map((i) => [i.variant_id, Number(i.quantity)]).sort()).toEqual([[line.variant_id, 2], [extraId, 2]].sort());
    expect(after.shipping_methods!.map((m) => m.name).sort()).toEqual(["Express Shipping", "Standard Shipping"]);
    expect(after.total).toBeCloseTo(preview.total, 4);

    // Confirming an edit of an authorized (uncaptured) order replaces its payment collection with one for the new total.
    expect(after.payment_status).toBe("not_paid");
    const open = after.payment_collections!.find((c) => c.status === "not_paid")!;
    expect(open.amount).toBeCloseTo(after.total, 4);
    const { payment_collection } = await admin.paymentCollection.createPaymentSession(open.id, { provider_id: "pp_system_default" });
    const session = payment_collection.payment_sessions!.find((s) => s.provider_id === "pp_system_default")!;
    expect(session.status).toBe("pending");
    // Medusa authorizes here only sessions an asynchronous provider left in "pending_authorization";
    // pp_system_default never does, so the route refuses the system provider's session.
    await expect(admin.order.authorizePaymentSession(order.id, session.id)).rejects.toMatchObject({
      status: 400,
      message: `Payment session ${session.id} is not in pending_authorization status`,
    });
    await admin.paymentCollection.markAsPaid(open.id, { order_id: order.id });
    expect((await orderState(sdk, order.id)).payment_status).toBe("captured");
  });

  it("cancels an edit and leaves the order as it was", async () => {
    const { order, line, extraId } = await orderToEdit();
    await admin.orderEdit.initiateRequest({ order_id: order.id });
    await admin.orderEdit.addItems(order.id, { items: [{ variant_id: extraId, quantity: 1 }] });
    await admin.orderEdit.updateOriginalItem(order.id, line.id, { quantity: 5 });
    await admin.orderEdit.cancelRequest(order.id);
    const { order_changes } = await admin.order.listChanges(order.id, { change_type: "edit", fields: "id,status" });
    expect(order_changes).toEqual([]);
    const state = await orderState(sdk, order.id);
    expect(state.items!.map((i) => [i.id, Number(i.quantity)])).toEqual([[line.id, 1]]);
    expect(state.payment_status).toBe("authorized");
  });
});

describe("admin payment collections", () => {
  it("asks for an extra amount, drops the request, asks again and marks it paid", async () => {
    const { order } = await placeOrder({ lines: 1, quantity: 1 });
    const { payment_collection: extra } = await admin.paymentCollection.create({ order_id: order.id, amount: 4.5 });
    expect(extra.status).toBe("not_paid");
    expect(extra.amount).toBe(4.5);
    const { id, deleted } = await admin.paymentCollection.delete(extra.id);
    expect([id, deleted]).toEqual([extra.id, true]);
    let state = await orderState(sdk, order.id);
    expect(state.payment_collections!.map((c) => c.id)).not.toContain(extra.id);

    const { payment_collection: again } = await admin.paymentCollection.create({ order_id: order.id, amount: 4.5 });
    const { payment_collection: paid } = await admin.paymentCollection.markAsPaid(again.id, { order_id: order.id });
    expect(paid.status).toBe("completed");
    state = await orderState(sdk, order.id);
    const read = state.payment_collections!.find((c) => c.id === again.id)!;
    expect(read.payments!.map((p) => [Number(p.amount), p.provider_id])).toEqual([[4.5, "pp_system_default"]]);
    expect(read.payments![0]!.captures!.map((c) => Number(c.amount))).toEqual([4.5]);
  });
});
