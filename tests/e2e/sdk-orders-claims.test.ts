/**
 * Claims and exchanges on orders this file places and fulfils itself: claimed items, inbound
 * (returned) items and shipping, outbound (replacement) items and shipping, request, cancel.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { HttpTypes } from "@medusajs/types";
import { adminSdk, storeSdk } from "./helpers/sdk.js";
import { fulfilOrder, orderState, placeOrder, previewActions, purchasableVariants, regionFor, shippingOptionId, warehouseId } from "./helpers/orders.js";

/** Long flows make dozens of requests to a back-end shared with other suites. */
const LONG = { timeout: 300_000 };

const sdk = adminSdk();
const admin = sdk.admin;
let locationId: string;
let returnOptionId: string;
let standardOptionId: string;

beforeAll(async () => {
  locationId = await warehouseId(sdk);
  returnOptionId = await shippingOptionId(sdk, "return");
  standardOptionId = await shippingOptionId(sdk, "standard");
});

type Preview = HttpTypes.AdminOrderPreview;
// @medusajs/types declares the claim reason as an enum it does not export, so a literal needs this.
type ClaimReason = NonNullable<HttpTypes.AdminAddClaimItems["items"][number]["reason"]>;
const PRODUCTION_FAILURE = "production_failure" as ClaimReason;
const inbound = (p: Preview) => previewActions(p, "SHIPPING_ADD").filter((a) => a.return_id);
const outbound = (p: Preview) => previewActions(p, "SHIPPING_ADD").filter((a) => !a.return_id);
const methodAmount = (p: Preview, methodId: string) => Number(p.shipping_methods!.find((m) => m.id === methodId)!.amount);

/** A fulfilled order of two lines × 2 and a third seeded variant to send as replacement. */
async function fulfilledOrder() {
  const store = storeSdk();
  const region = await regionFor(store, "eur");
  const [a, b, replacement] = await purchasableVariants(store, region.id, 3);
  const placed = await placeOrder({ sdk: store, items: [a!, b!].map((v) => ({ variant_id: v.id, quantity: 2 })) });
  const order = await fulfilOrder(sdk, placed.order.id);
  return { order, lines: order.items!, replacementId: replacement!.id };
}

/** Confirming inbound shipping creates a return fulfillment; Medusa cancels a claim or exchange only once it is cancelled. */
async function cancelReturnFulfillments(returnId: string) {
  const { return: ret } = await admin.return.retrieve(returnId, { fields: "id,*fulfillments" });
  const open = (ret as { fulfillments?: { id: string; canceled_at: string | null }[] }).fulfillments!.filter((f) => !f.canceled_at);
  expect(open.length).toBeGreaterThan(0);
  for (const f of open) await admin.fulfillment.cancel(f.id);
}

describe("admin claims", () => {
  it("builds a replacement claim piece by piece, confirms it, then cancels it", LONG, async () => {
    const { order, lines, replacementId } = await fulfilledOrder();
    const [line1, line2] = lines;
    const { claim } = await admin.claim.create({ order_id: order.id, type: "replace", description: "arrived torn" });
    expect(claim.order_id).toBe(order.id);
    expect(claim.type).toBe("replace");

    // Claimed (written-off) items.
    let { order_preview } = await admin.claim.addItems(claim.id, { items: [{ id: line1!.id, quantity: 1, reason: PRODUCTION_FAILURE }] });
    const [writeOff] = previewActions(order_preview, "WRITE_OFF_ITEM");
    expect(writeOff!.on).toBe(line1!.id);
    ({ order_preview } = await admin.claim.updateItem(claim.id, writeOff!.id, { quantity: 2 }));
    expect(previewActions(order_preview, "WRITE_OFF_ITEM")[0]!.details!.quantity).toBe(2);
    ({ order_preview } = await admin.claim.removeItem(claim.id, writeOff!.id));
    expect(previewActions(order_preview, "WRITE_OFF_ITEM")).toEqual([]);
    await admin.claim.addItems(claim.id, { items: [{ id: line1!.id, quantity: 2, reason: PRODUCTION_FAILURE }] });

    // Inbound: the customer sends line 2 back.
    ({ order_preview } = await admin.claim.addInboundItems(claim.id, { items: [{ id: line2!.id, quantity: 2 }] }));
    const [ret] = previewActions(order_preview, "RETURN_ITEM");
    ({ order_preview } = await admin.claim.updateInboundItem(claim.id, ret!.id, { quantity: 1 }));
    expect(previewActions(order_preview, "RETURN_ITEM")[0]!.details!.quantity).toBe(1);
    ({ order_preview } = await admin.claim.removeInboundItem(claim.id, ret!.id));
    expect(previewActions(order_preview, "RETURN_ITEM")).toEqual([]);
    await admin.claim.addInboundItems(claim.id, { items: [{ id: line2!.id, quantity: 1 }] });

    ({ order_preview } = await admin.claim.addInboundShipping(claim.id, { shipping_option_id: returnOptionId }));
    const [inShip] = inbound(order_preview);
    ({ order_preview } = await admin.claim.updateInboundShipping(claim.id, inShip!.id, { custom_amount: 0 }));
    expect(methodAmount(order_preview, inShip!.on)).toBe(0);
    ({ order_preview } = await admin.claim.deleteInboundShipping(claim.id, inShip!.id));
    expect(inbound(order_preview)).toEqual([]);
    await admin.claim.addInboundShipping(claim.id, { shipping_option_id: returnOptionId, custom_amount: 0 });

    // Outbound: the replacement and its shipping.
    ({ order_preview } = await admin.claim.addOutboundItems(claim.id, { items: [{ variant_id: replacementId, quantity: 1 }] }));
    const [add] = previewActions(order_preview, "ITEM_ADD");
    ({ order_preview } = await admin.claim.updateOutboundItem(claim.id, add!.id, { quantity: 2 }));
    expect(previewActions(order_preview, "ITEM_ADD")[0]!.details!.quantity).toBe(2);
    ({ order_preview } = await admin.claim.removeOutboundItem(claim.id, add!.id));
    expect(previewActions(order_preview, "ITEM_ADD")).toEqual([]);
    ({ order_preview } = await admin.claim.addOutboundItems(claim.id, { items: [{ variant_id: replacementId, quantity: 2 }] }));

    ({ order_preview } = await admin.claim.addOutboundShipping(claim.id, { shipping_option_id: standardOptionId }));
    const [outShip] = outbound(order_preview);
    ({ order_preview } = await admin.claim.updateOutboundShipping(claim.id, outShip!.id, { custom_amount: 0 }));
    expect(methodAmount(order_preview, outShip!.on)).toBe(0);
    ({ order_preview } = await admin.claim.deleteOutboundShipping(claim.id, outShip!.id));
    expect(outbound(order_preview)).toEqual([]);
    await admin.claim.addOutboundShipping(claim.id, { shipping_option_id: standardOptionId, custom_amount: 0 });

    await admin.claim.request(claim.id, {});
    const { claim: read } = await admin.claim.retrieve(claim.id, { fields: "id,type,return_id,canceled_at,*claim_items,*additional_items,*additional_items.item" });
    expect(read.claim_items!.map((i) => [i.item_id, Number(i.quantity)])).toEqual([[line1!.id, 2]]);
    expect(read.additional_items!.map((i) => [i.item!.variant_id, Number(i.quantity)])).toEqual([[replacementId, 2]]);
    expect(read.return_id).toBeTruthy();
    const { claims } = await admin.claim.list({ order_id: order.id, fields: "id" });
    expect(claims.map((c) => c.id)).toEqual([claim.id]);
    const after = await orderState(sdk, order.id, "id,*items");
    expect(after.items!.filter((i) => i.variant_id === replacementId && Number(i.quantity) === 2)).toHaveLength(1);

    await cancelReturnFulfillments(read.return_id!);
    await admin.claim.cancel(claim.id);
    const { claim: canceled } = await admin.claim.retrieve(claim.id, { fields: "id,canceled_at" });
    expect(canceled.canceled_at).toBeTruthy();
  });

  it("drops an unconfirmed claim", async () => {
    const { order, lines } = await fulfilledOrder();
    const { claim } = await admin.claim.create({ order_id: order.id, type: "refund" });
    await admin.claim.addItems(claim.id, { items: [{ id: lines[0]!.id, quantity: 1, reason: "missing_item" as ClaimReason }] });
    await admin.claim.cancelRequest(claim.id);
    await expect(admin.claim.retrieve(claim.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("admin exchanges", () => {
  it("swaps a returned line for another variant, confirms it, then cancels it", LONG, async () => {
    const { order, lines, replacementId } = await fulfilledOrder();
    const { exchange } = await admin.exchange.create({ order_id: order.id, description: "wrong size" });
    expect(exchange.order_id).toBe(order.id);

    let { order_preview } = await admin.exchange.addInboundItems(exchange.id, { items: [{ id: lines[0]!.id, quantity: 1 }], location_id: locationId });
    const [ret] = previewActions(order_preview, "RETURN_ITEM");
    ({ order_preview } = await admin.exchange.updateInboundItem(exchange.id, ret!.id, { quantity: 2 }));
    expect(previewActions(order_preview, "RETURN_ITEM")[0]!.details!.quantity).toBe(2);
    ({ order_preview } = await admin.exchange.removeInboundItem(exchange.id, ret!.id));
    expect(previewActions(order_preview, "RETURN_ITEM")).toEqual([]);
    await admin.exchange.addInboundItems(exchange.id, { items: [{ id: lines[0]!.id, quantity: 2 }] });

    ({ order_preview } = await admin.exchange.addInboundShipping(exchange.id, { shipping_option_id: returnOptionId }));
    const [inShip] = inbound(order_preview);
    ({ order_preview } = await admin.exchange.updateInboundShipping(exchange.id, inShip!.id, { custom_amount: 1.5 }));
    expect(methodAmount(order_preview, inShip!.on)).toBe(1.5);
    ({ order_preview } = await admin.exchange.deleteInboundShipping(exchange.id, inShip!.id));
    expect(inbound(order_preview)).toEqual([]);
    await admin.exchange.addInboundShipping(exchange.id, { shipping_option_id: returnOptionId });

    ({ order_preview } = await admin.exchange.addOutboundItems(exchange.id, { items: [{ variant_id: replacementId, quantity: 1 }] }));
    const [add] = previewActions(order_preview, "ITEM_ADD");
    ({ order_preview } = await admin.exchange.updateOutboundItem(exchange.id, add!.id, { quantity: 2 }));
    expect(previewActions(order_preview, "ITEM_ADD")[0]!.details!.quantity).toBe(2);
    ({ order_preview } = await admin.exchange.removeOutboundItem(exchange.id, add!.id));
    expect(previewActions(order_preview, "ITEM_ADD")).toEqual([]);
    await admin.exchange.addOutboundItems(exchange.id, { items: [{ variant_id: replacementId, quantity: 2 }] });

    ({ order_preview } = await admin.exchange.addOutboundShipping(exchange.id, { shipping_option_id: standardOptionId }));
    const [outShip] = outbound(order_preview);
    ({ order_preview } = await admin.exchange.updateOutboundShipping(exchange.id, outShip!.id, { custom_amount: 0 }));
    expect(methodAmount(order_preview, outShip!.on)).toBe(0);
    ({ order_preview } = await admin.exchange.deleteOutboundShipping(exchange.id, outShip!.id));
    expect(outbound(order_preview)).toEqual([]);
    await admin.exchange.addOutboundShipping(exchange.id, { shipping_option_id: standardOptionId });

    await admin.exchange.request(exchange.id, {});
    const { exchange: read } = await admin.exchange.retrieve(exchange.id, { fields: "id,return_id,canceled_at,*additional_items" });
    expect(read.return_id).toBeTruthy();
    expect(read.additional_items!.map((i) => Number(i.quantity))).toEqual([2]);
    const { exchanges } = await admin.exchange.list({ order_id: order.id, fields: "id" });
    expect(exchanges.map((e) => e.id)).toEqual([exchange.id]);
    const { return: linkedReturn } = await admin.return.retrieve(read.return_id!, { fields: "id,status,*items" });
    expect(linkedReturn.status).toBe("requested");
    expect(linkedReturn.items!.map((i) => [i.item_id, Number(i.quantity)])).toEqual([[lines[0]!.id, 2]]);

    await cancelReturnFulfillments(read.return_id!);
    await admin.exchange.cancel(exchange.id);
    const { exchange: canceled } = await admin.exchange.retrieve(exchange.id, { fields: "id,canceled_at" });
    expect(canceled.canceled_at).toBeTruthy();
  });

  it("drops an unconfirmed exchange", async () => {
    const { order, lines } = await fulfilledOrder();
    const { exchange } = await admin.exchange.create({ order_id: order.id });
    await admin.exchange.addInboundItems(exchange.id, { items: [{ id: lines[1]!.id, quantity: 1 }] });
    await admin.exchange.cancelRequest(exchange.id);
    await expect(admin.exchange.retrieve(exchange.id)).rejects.toMatchObject({ status: 404 });
  });
});
