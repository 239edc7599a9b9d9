/**
 * Draft orders: create, read, update, edit (items, shipping methods, promotions; request,
 * confirm, cancel), convert to a real order, delete.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSdk, storeSdk, uniq } from "./helpers/sdk.js";
import { ADDRESSES, orderState, previewActions, purchasableVariants, regionFor, shippingOptionId } from "./helpers/orders.js";

/** Long flows make dozens of requests to a back-end shared with other suites. */
const LONG = { timeout: 300_000 };

const sdk = adminSdk();
const admin = sdk.admin;
let regionId: string;
let variantA: string;
let variantB: string;
let standard: string;
let express: string;
let promoCode: string;
let promotionId: string;

beforeAll(async () => {
  const store = storeSdk();
  regionId = (await regionFor(store, "eur")).id;
  [variantA, variantB] = (await purchasableVariants(store, regionId, 2)).map((v) => v.id) as [string, string];
  standard = await shippingOptionId(sdk, "standard");
  express = await shippingOptionId(sdk, "express");
  promoCode = uniq("DRAFT10").toUpperCase();
  const { promotion } = await admin.promotion.create({
    code: promoCode,
    type: "standard",
    status: "active",
    is_automatic: false,
    application_method: { type: "percentage", target_type: "order", allocation: "across", value: 10 },
  });
  promotionId = promotion.id;
});

afterAll(async () => {
  if (promotionId) await admin.promotion.delete(promotionId);
});

async function newDraft() {
  const { draft_order } = await admin.draftOrder.create({
    email: `${uniq("draft")}@example.com`,
    region_id: regionId,
    items: [{ variant_id: variantA, quantity: 1 }],
    shipping_address: ADDRESSES.eur,
    billing_address: ADDRESSES.eur,
  });
  return draft_order;
}

describe("admin draft orders", () => {
  it("creates a draft, edits it twice and converts it to an order", LONG, async () => {
    const draft = await newDraft();
    expect(draft.status).toBe("draft");
    expect(draft.items!.map((i) => [i.variant_id, Number(i.quantity)])).toEqual([[variantA, 1]]);
    const lineA = draft.items![0]!;

    const { draft_orders } = await admin.draftOrder.list({ id: [draft.id], fields: "id,email" });
    expect(draft_orders.map((d) => d.email)).toEqual([draft.email]);
    await admin.draftOrder.update(draft.id, { metadata: { quote: "Q-7" } });
    expect((await admin.draftOrder.retrieve(draft.id, { fields: "id,metadata" })).draft_order.metadata).toEqual({ quote: "Q-7" });

    // First edit: items, a shipping method, a promotion.
    await admin.draftOrder.beginEdit(draft.id);
    let { draft_order_preview } = await admin.draftOrder.addItems(draft.id, { items: [{ variant_id: variantB, quantity: 1 }] });
    const [added] = previewActions(draft_order_preview, "ITEM_ADD");
    ({ draft_order_preview } = await admin.draftOrder.updateActionItem(draft.id, added!.id, { quantity: 4 }));
    expect(previewActions(draft_order_preview, "ITEM_ADD")[0]!.details!.quantity).toBe(4);
    ({ draft_order_preview } = await admin.draftOrder.removeActionItem(draft.id, added!.id));
    expect(previewActions(draft_order_preview, "ITEM_ADD")).toEqual([]);
    await admin.draftOrder.addItems(draft.id, { items: [{ variant_id: variantB, quantity: 2 }] });
    ({ draft_order_preview } = await admin.draftOrder.updateItem(draft.id, lineA.id, { quantity: 3 }));
    expect(Number(draft_order_preview.items!.find((i) => i.id === lineA.id)!.quantity)).toBe(3);

    ({ draft_order_preview } = await admin.draftOrder.addShippingMethod(draft.id, { shipping_option_id: express }));
    const [ship] = previewActions(draft_order_preview, "SHIPPING_ADD");
    ({ draft_order_preview } = await admin.draftOrder.updateActionShippingMethod(draft.id, ship!.id, { shipping_option_id: express, custom_amount: 7 }));
    expect(Number(draft_order_preview.shipping_methods!.find((m) => m.id === ship!.on)!.amount)).toBe(7);
    ({ draft_order_preview } = await admin.draftOrder.removeActionShippingMethod(draft.id, ship!.id));
    expect(previewActions(draft_order_preview, "SHIPPING_ADD")).toEqual([]);
    await admin.draftOrder.addShippingMethod(draft.id, { shipping_option_id: standard });

    ({ draft_order_preview } = await admin.draftOrder.addPromotions(draft.id, { promo_codes: [promoCode] }));
    expect(draft_order_preview.discount_total).toBeGreaterThan(0);
    ({ draft_order_preview } = await admin.draftOrder.removePromotions(draft.id, { promo_codes: [promoCode] }));
    expect(draft_order_preview.discount_total).toBe(0);
    ({ draft_order_preview } = await admin.draftOrder.addPromotions(draft.id, { promo_codes: [promoCode] }));
    const discounted = draft_order_preview;

    await admin.draftOrder.requestEdit(draft.id);
    await admin.draftOrder.confirmEdit(draft.id);
    let read = (await admin.draftOrder.retrieve(draft.id, { fields: "id,total,discount_total,*items,*shipping_methods,*promotions" })).draft_order;
    expect(read.items!.map((i) => [i.variant_id, Number(i.quantity)]).sort()).toEqual([[variantA, 3], [variantB, 2]].sort());
    expect(read.shipping_methods!.map((m) => m.name)).toEqual(["Standard Shipping"]);
    expect(read.total).toBeCloseTo(discounted.total, 4);
    expect(read.discount_total).toBeGreaterThan(0);
    const method = read.shipping_methods![0]!;

    // Second edit: reprice then drop the existing shipping method, then think better of it.
    await admin.draftOrder.beginEdit(draft.id);
    ({ draft_order_preview } = await admin.draftOrder.updateShippingMethod(draft.id, method.id, { custom_amount: 1 }));
    expect(Number(draft_order_preview.shipping_methods!.find((m) => m.id === method.id)!.amount)).toBe(1);
    ({ draft_order_preview } = await admin.draftOrder.removeShippingMethod(draft.id, method.id));
    expect(draft_order_preview.shipping_methods!.map((m) => m.id)).not.toContain(method.id);
    await admin.draftOrder.cancelEdit(draft.id);
    read = (await admin.draftOrder.retrieve(draft.id, { fields: "id,*shipping_methods" })).draft_order;
    expect(read.shipping_methods!.map((m) => [m.id, Number(m.amount)])).toEqual([[method.id, 5]]);

    const { order } = await admin.draftOrder.convertToOrder(draft.id);
    expect(order.id).toBe(draft.id);
    const state = await orderState(sdk, order.id, "id,status,is_draft_order,payment_status,*items");
    expect(state.status).toBe("pending");
    expect((state as { is_draft_order?: boolean }).is_draft_order).toBe(false);
    expect(state.items!.map((i) => [i.variant_id, Number(i.quantity)]).sort()).toEqual([[variantA, 3], [variantB, 2]].sort());
  });

  it("deletes a draft", async () => {
    const draft = await newDraft();
    const r = await admin.draftOrder.delete(draft.id);
    expect(r).toMatchObject({ id: draft.id, deleted: true });
    await expect(admin.draftOrder.retrieve(draft.id)).rejects.toMatchObject({ status: 404 });
  });
});
