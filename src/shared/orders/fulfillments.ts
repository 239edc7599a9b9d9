/**
 * Fulfilments of an order: fulfil, ship, deliver, cancel. Each reads the order first (to check the
 * ask and name lines) and again after, because Medusa's answers leave out the computed statuses
 * (NOTES.md §11). What each does is decided by the order model (model.ts); the `send…` functions
 * are the writes alone, for a caller that has just read the order and planned (the batch runner).
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { type ActionResult, type Fulfillment, type Signal, lineNamer, qtyLine } from "./common.js";
import { OrderError, explainApiError, type Phrase } from "./errors.js";
import type { ItemQty } from "./lines.js";
import { type LinePlan, orThrow, planCancelFulfilment, planDeliver, planFulfil, planShip } from "./model.js";
import { type AdminOrder, type OrderRef, loadOrder, orderName } from "./read.js";

/**
 * Fulfils the given lines, or every line with something left to fulfil (model.ts: planFulfil).
 * Without a location, Medusa takes the stock location of the order's shipping option.
 */
export async function fulfillOrder(sdk: Medusa, order: OrderRef, opts: { items?: ItemQty[]; locationId?: string } & Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const { lines } = orThrow(planFulfil(before, { items: opts.items }));
  const changes = await sendFulfilment(sdk, before, lines, opts);
  const after = await loadOrder(sdk, before.id, opts.signal);
  const old = new Set((before.fulfillments ?? []).map((f) => f.id));
  for (const f of after.fulfillments ?? []) if (!old.has(f.id)) changes.push(`new fulfilment ${f.id}${f.location_id ? ` from ${f.location_id}` : ""}`);
  return { order: after, changes };
}

/** The write of a fulfilment planned by planFulfil, on the order as just read. */
export async function sendFulfilment(sdk: Medusa, order: AdminOrder, lines: LinePlan[], opts: { locationId?: string } & Signal = {}): Promise<Phrase[]> {
  const body: HttpTypes.AdminCreateOrderFulfillment = { items: lines.map((l) => ({ id: l.item.id, quantity: l.quantity })) };
  if (opts.locationId) body.location_id = opts.locationId;
  try {
    await sdk.admin.order.createFulfillment(order.id, body, { fields: "id" }, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, orderName(order), "fulfil", lineNamer(order));
  }
  return lines.map((l) => `fulfilled ${qtyLine(order, l.item, l.quantity)}`);
}

/** A carrier's label as Medusa keeps it on a shipment. */
export type ShipmentLabel = { tracking_number: string; tracking_url: string; label_url: string };

export interface ShipAsk {
  /** Labels for every fulfilment shipped (a parcel's tracking goes on each). */
  labels?: ShipmentLabel[];
  /** The carrier's name, kept in the shipment's metadata. */
  carrier?: string;
}

/**
 * Marks fulfilments as shipped (model.ts: planShip): the one named, else every unshipped one, each
 * with the tracking given. A tracking URL needs its tracking number: Medusa keeps a label only with one.
 */
export async function shipOrder(
  sdk: Medusa,
  order: OrderRef,
  opts: { fulfillmentId?: string; trackingNumber?: string; trackingUrl?: string; labelUrl?: string } & Signal = {},
): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const { fulfillments } = orThrow(planShip(before, { fulfillmentId: opts.fulfillmentId }));
  const changes = await sendShipments(sdk, before, fulfillments, { labels: trackingLabels(opts), signal: opts.signal });
  return { order: await loadOrder(sdk, before.id, opts.signal), changes };
}

/** The label of `--tracking-number` (with its URLs), or none; a URL without a number is refused. */
export function trackingLabels(o: { trackingNumber?: string; trackingUrl?: string; labelUrl?: string }): ShipmentLabel[] {
  if (o.trackingUrl && !o.trackingNumber) throw new OrderError("a tracking URL needs a tracking number", "input");
  return o.trackingNumber ? [{ tracking_number: o.trackingNumber, tracking_url: o.trackingUrl ?? "", label_url: o.labelUrl ?? "" }] : [];
}

/** The writes of the shipments planned by planShip, on the order as just read; one per fulfilment. */
export async function sendShipments(sdk: Medusa, order: AdminOrder, fulfillments: Fulfillment[], ask: ShipAsk & Signal = {}): Promise<Phrase[]> {
  const changes: Phrase[] = [];
  const tracking = ask.labels?.length ? ` (tracking ${ask.labels.map((l) => `${l.tracking_number}${l.tracking_url ? ` ${l.tracking_url}` : ""}`).join(", ")})` : "";
  for (const f of fulfillments) {
    const body: HttpTypes.AdminCreateOrderShipment = { items: (f.items ?? []).map((i) => ({ id: i.line_item_id, quantity: Number(i.quantity) })) };
    if (ask.labels?.length) body.labels = ask.labels;
    if (ask.carrier) body.metadata = { carrier: ask.carrier };
    try {
      await sdk.admin.order.createShipment(order.id, f.id, body, { fields: "id" }, undefined, { signal: ask.signal });
    } catch (e) {
      throw explainApiError(e, orderName(order), `ship ${f.id}`, lineNamer(order));
    }
    changes.push(`shipped fulfilment ${f.id}${tracking}`);
  }
  return changes;
}

/** Marks fulfilments as delivered (model.ts: planDeliver): the one named, else every shipped one not yet delivered. */
export async function deliverOrder(sdk: Medusa, order: OrderRef, opts: { fulfillmentId?: string } & Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const { fulfillments } = orThrow(planDeliver(before, { fulfillmentId: opts.fulfillmentId }));
  const changes = await sendDeliveries(sdk, before, fulfillments, opts);
  return { order: await loadOrder(sdk, before.id, opts.signal), changes };
}

/** The writes of the deliveries planned by planDeliver, on the order as just read. */
export async function sendDeliveries(sdk: Medusa, order: AdminOrder, fulfillments: Fulfillment[], s: Signal = {}): Promise<Phrase[]> {
  const changes: Phrase[] = [];
  for (const f of fulfillments) {
    try {
      await sdk.admin.order.markAsDelivered(order.id, f.id, {}, { fields: "id" }, undefined, { signal: s.signal });
    } catch (e) {
      throw explainApiError(e, orderName(order), `deliver ${f.id}`, lineNamer(order));
    }
    changes.push(`delivered fulfilment ${f.id}`);
  }
  return changes;
}

/** Cancels one fulfilment of the order through the order route, which also frees its quantities. */
export async function cancelFulfillment(sdk: Medusa, order: OrderRef, opts: { fulfillmentId: string } & Signal): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  const [f] = orThrow(planCancelFulfilment(before, { fulfillmentId: opts.fulfillmentId })).fulfillments;
  try {
    await sdk.admin.order.cancelFulfillment(before.id, f!.id, {}, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, name, `cancel fulfilment ${f!.id}`, lineNamer(before));
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes: [`canceled fulfilment ${f!.id} of order ${name}`] };
}
