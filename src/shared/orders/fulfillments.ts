/**
 * Fulfilments of an order: fulfil, ship, deliver, cancel. Each reads the order first (to check the
 * ask and name lines) and again after, because Medusa's answers leave out the computed statuses
 * (NOTES.md §11).
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { type ActionResult, type Fulfillment, type Signal, assertNotCanceled, fulfillmentsOf, lineNamer, pickFulfillment, qtyLine } from "./common.js";
import { OrderError, explainApiError, type Phrase } from "./errors.js";
import { type ItemQty, lineQuantities, orderLines, resolveItems } from "./lines.js";
import { type OrderRef, loadOrder, orderName } from "./read.js";

/**
 * Fulfils the given lines, or every line with something left to fulfil. Without a location,
 * Medusa takes the stock location of the order's shipping option.
 */
export async function fulfillOrder(sdk: Medusa, order: OrderRef, opts: { items?: ItemQty[]; locationId?: string } & Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  assertNotCanceled(before, "fulfil");
  const name = orderName(before);
  const lines = opts.items?.length
    ? resolveItems(before, opts.items, (q) => q.ordered - q.fulfilled, "fulfil", "fulfilled")
    : orderLines(before)
        .map((item) => ({ item, quantity: lineQuantities(item).ordered - lineQuantities(item).fulfilled }))
        .filter((l) => l.quantity > 0);
  if (lines.length === 0) throw new OrderError(`order ${name}: every item is already fulfilled`, "state");
  const body: HttpTypes.AdminCreateOrderFulfillment = { items: lines.map((l) => ({ id: l.item.id, quantity: l.quantity })) };
  if (opts.locationId) body.location_id = opts.locationId;
  try {
    await sdk.admin.order.createFulfillment(before.id, body, { fields: "id" }, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, name, "fulfil", lineNamer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const old = new Set((before.fulfillments ?? []).map((f) => f.id));
  const created = (after.fulfillments ?? []).filter((f) => !old.has(f.id));
  const changes = lines.map((l) => `fulfilled ${qtyLine(before, l.item, l.quantity)}`);
  for (const f of created) changes.push(`new fulfilment ${f.id}${f.location_id ? ` from ${f.location_id}` : ""}`);
  return { order: after, changes };
}

/**
 * Marks fulfilments as shipped, with an optional tracking label. Without `fulfillmentId`, every
 * unshipped fulfilment; a tracking number belongs to one parcel, so then there must be exactly one.
 */
export async function shipOrder(
  sdk: Medusa,
  order: OrderRef,
  opts: { fulfillmentId?: string; trackingNumber?: string; trackingUrl?: string; labelUrl?: string } & Signal = {},
): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  assertNotCanceled(before, "ship");
  const name = orderName(before);
  let targets: Fulfillment[];
  if (opts.fulfillmentId) {
    const f = pickFulfillment(before, opts.fulfillmentId);
    if (f.shipped_at) throw new OrderError(`order ${name}: fulfilment ${f.id} is already shipped`, "state");
    targets = [f];
  } else {
    targets = fulfillmentsOf(before).filter((f) => !f.canceled_at && !f.shipped_at);
    if (targets.length === 0) {
      throw new OrderError(`order ${name} has no unshipped fulfilment`, "state", { hint: (w) => `fulfil it first: ${w.command("orders fulfill", name)}` });
    }
    if (targets.length > 1 && opts.trackingNumber) {
      throw new OrderError((w) => `order ${name} has ${targets.length} unshipped fulfilments (${targets.map((f) => f.id).join(", ")}): pick one for the tracking number with ${w.input("fulfillment")}`, "input");
    }
  }
  if (opts.trackingUrl && !opts.trackingNumber) throw new OrderError("a tracking URL needs a tracking number", "input");
  const changes: Phrase[] = [];
  for (const f of targets) {
    const body: HttpTypes.AdminCreateOrderShipment = {
      items: (f.items ?? []).map((i) => ({ id: i.line_item_id, quantity: Number(i.quantity) })),
    };
    if (opts.trackingNumber) {
      body.labels = [{ tracking_number: opts.trackingNumber, tracking_url: opts.trackingUrl ?? "", label_url: opts.labelUrl ?? "" }];
    }
    try {
      await sdk.admin.order.createShipment(before.id, f.id, body, { fields: "id" }, undefined, { signal: opts.signal });
    } catch (e) {
      throw explainApiError(e, name, `ship ${f.id}`, lineNamer(before));
    }
    changes.push(`shipped fulfilment ${f.id}${opts.trackingNumber ? ` (tracking ${opts.trackingNumber}${opts.trackingUrl ? ` ${opts.trackingUrl}` : ""})` : ""}`);
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes };
}

/** Marks fulfilments as delivered: the one named, else every shipped one not yet delivered. */
export async function deliverOrder(sdk: Medusa, order: OrderRef, opts: { fulfillmentId?: string } & Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  assertNotCanceled(before, "deliver");
  const name = orderName(before);
  let targets: Fulfillment[];
  if (opts.fulfillmentId) {
    const f = pickFulfillment(before, opts.fulfillmentId);
    if (f.delivered_at) throw new OrderError(`order ${name}: fulfilment ${f.id} is already delivered`, "state");
    targets = [f];
  } else {
    targets = fulfillmentsOf(before).filter((f) => !f.canceled_at && f.shipped_at && !f.delivered_at);
    if (targets.length === 0) {
      const unshipped = fulfillmentsOf(before).some((f) => !f.canceled_at && !f.shipped_at);
      throw new OrderError(`order ${name} has no shipped fulfilment awaiting delivery`, "state", {
        hint: unshipped ? (w) => `ship it first (${w.command("orders ship", name)}), or name the fulfilment with ${w.input("fulfillment")}` : undefined,
      });
    }
  }
  const changes: Phrase[] = [];
  for (const f of targets) {
    try {
      await sdk.admin.order.markAsDelivered(before.id, f.id, {}, { fields: "id" }, undefined, { signal: opts.signal });
    } catch (e) {
      throw explainApiError(e, name, `deliver ${f.id}`, lineNamer(before));
    }
    changes.push(`delivered fulfilment ${f.id}`);
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes };
}

/** Cancels one fulfilment of the order through the order route, which also frees its quantities. */
export async function cancelFulfillment(sdk: Medusa, order: OrderRef, opts: { fulfillmentId: string } & Signal): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  const f = ((before.fulfillments ?? []) as Fulfillment[]).find((x) => x.id === opts.fulfillmentId);
  if (!f) throw new OrderError(`order ${name} has no fulfilment ${opts.fulfillmentId}`, "input");
  if (f.canceled_at) throw new OrderError(`order ${name}: fulfilment ${f.id} is already canceled`, "state");
  try {
    await sdk.admin.order.cancelFulfillment(before.id, f.id, {}, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, name, `cancel fulfilment ${f.id}`, lineNamer(before));
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes: [`canceled fulfilment ${f.id} of order ${name}`] };
}
