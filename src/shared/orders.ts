/**
 * Order operations shared by the CLI and the TUI: no commander, no IO. Each action reads the order
 * first (to check what it asks makes sense and to name lines), calls Medusa, then reads the order
 * again, because Medusa's POST answers leave out the computed statuses (NOTES.md §11).
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../sdk/index.js";
import { mayHaveBeenApplied } from "../sdk/errors.js";
import { formatMoney } from "./format.js";
import { OrderError, explainApiError } from "./orders/errors.js";
import { lineLabel, lineQuantities, orderLines, resolveItems, type ItemQty, type OrderLine } from "./orders/lines.js";
import { loadOrder, orderName, orderPayments, type AdminOrder, type OrderRef } from "./orders/read.js";
import { balanceNote, resolveShippingOption, returnLocation } from "./orders/flows.js";

export { OrderError, isOrderError, explainApiError, type OrderErrorKind } from "./orders/errors.js";
export { parseItemFlag, parseAddFlag, orderLines, lineQuantities, lineLabel, resolveLine, resolveItems, type ItemQty, type VariantQty, type OrderLine, type LineQuantities } from "./orders/lines.js";
export { resolveOrder, resolveCustomer, loadOrderDetail, type OrderDetail, loadOrder, orderName, statusLine, orderPayments, ORDER_FIELDS, type AdminOrder, type OrderRef } from "./orders/read.js";

/** The order re-read after the action, and what changed, one line per change for people. */
export interface ActionResult {
  order: HttpTypes.AdminOrder;
  changes: string[];
}

interface Signal {
  signal?: AbortSignal;
}

type Fulfillment = HttpTypes.AdminOrderFulfillment & { items?: { line_item_id: string; quantity: number }[] };

function money(order: AdminOrder, amount: number): string {
  return formatMoney(amount, order.currency_code);
}

function lineNamer(order: AdminOrder): (id: string) => string | undefined {
  return (id) => {
    const item = order.items?.find((i) => i.id === id);
    return item ? lineLabel(order, item) : undefined;
  };
}

function qtyLine(order: AdminOrder, item: OrderLine, quantity: number): string {
  return `${quantity} × ${lineLabel(order, item)}`;
}

function assertNotCanceled(order: AdminOrder, action: string): void {
  if (order.status === "canceled") throw new OrderError(`order ${orderName(order)} is canceled: cannot ${action}`, "state");
}

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

function fulfillmentsOf(order: AdminOrder): Fulfillment[] {
  return (order.fulfillments ?? []) as Fulfillment[];
}

function pickFulfillment(order: AdminOrder, id: string): Fulfillment {
  const f = fulfillmentsOf(order).find((x) => x.id === id);
  if (!f) {
    const known = fulfillmentsOf(order).map((x) => x.id).join(", ") || "none";
    throw new OrderError(`order ${orderName(order)} has no fulfilment ${id} (it has: ${known})`, "input");
  }
  if (f.canceled_at) throw new OrderError(`order ${orderName(order)}: fulfilment ${id} is canceled`, "state");
  return f;
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
      throw new OrderError(`order ${name} has no unshipped fulfilment`, "state", { hint: `fulfil it first: medusactl orders fulfill ${name}` });
    }
    if (targets.length > 1 && opts.trackingNumber) {
      throw new OrderError(`order ${name} has ${targets.length} unshipped fulfilments (${targets.map((f) => f.id).join(", ")}): pick one for the tracking number with --fulfillment`, "input");
    }
  }
  if (opts.trackingUrl && !opts.trackingNumber) throw new OrderError("a tracking URL needs a tracking number", "input");
  const changes: string[] = [];
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
        hint: unshipped ? `ship it first (medusactl orders ship ${name}), or name the fulfilment with --fulfillment` : undefined,
      });
    }
  }
  const changes: string[] = [];
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

/**
 * Runs a capture or refund once (no automatic retry, CONTRACT.md §5). If the outcome is uncertain,
 * reads the order back and decides from what Medusa recorded: `happened` compares the payment
 * before and after.
 */
async function moneyOnce(
  sdk: Medusa,
  before: AdminOrder,
  action: string,
  call: () => Promise<unknown>,
  happened: (after: AdminOrder) => boolean,
  signal?: AbortSignal,
): Promise<{ order: AdminOrder; note?: string }> {
  const name = orderName(before);
  try {
    await call();
  } catch (e) {
    if (!mayHaveBeenApplied(e)) throw explainApiError(e, name, action);
    let after: AdminOrder;
    try {
      after = await loadOrder(sdk, before.id, signal);
    } catch (readErr) {
      throw new OrderError(
        `order ${name}: ${action}: no answer from Medusa (${(e as Error).message}) and the order could not be read back (${(readErr as Error).message}); it may or may not have happened`,
        "uncertain",
        { cause: e, hint: `check with \`medusactl orders show ${name}\` before trying again; medusactl never repeats a ${action} on its own` },
      );
    }
    if (happened(after)) return { order: after, note: `no answer from Medusa (${(e as Error).message}); reading the order back shows the ${action} went through` };
    throw new OrderError(`order ${name}: ${action}: no answer from Medusa (${(e as Error).message}); reading the order back shows no ${action} recorded`, "uncertain", {
      cause: e,
      hint: `check again with \`medusactl orders show ${name}\` before retrying: a slow ${action} may still land`,
    });
  }
  return { order: await loadOrder(sdk, before.id, signal) };
}

/**
 * Captures authorised payments: `amount` from the one payment that still has that much to
 * capture, else each payment in full. Never retried automatically.
 */
export async function captureOrder(sdk: Medusa, order: OrderRef, opts: { amount?: number } & Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  assertNotCanceled(before, "capture");
  const name = orderName(before);
  if (opts.amount !== undefined && !(opts.amount > 0)) throw new OrderError("the amount to capture must be greater than 0", "input");
  const payments = orderPayments(before).filter((p) => !p.payment.canceled_at);
  const open = payments.filter((p) => p.captured < p.amount);
  if (open.length === 0) {
    throw new OrderError(payments.length ? `order ${name}: payment already captured` : `order ${name} has no payment to capture`, "state");
  }
  let targets = open.map((p) => ({ p, amount: p.amount - p.captured }));
  if (opts.amount !== undefined) {
    const fit = open.find((p) => p.amount - p.captured >= opts.amount! - 1e-9);
    if (!fit) {
      const left = open.reduce((a, p) => Math.max(a, p.amount - p.captured), 0);
      throw new OrderError(`order ${name}: only ${money(before, left)} left to capture (asked for ${money(before, opts.amount)})`, "state");
    }
    targets = [{ p: fit, amount: opts.amount }];
  }
  const changes: string[] = [];
  let after = before;
  for (const t of targets) {
    const captures = new Set((t.p.payment.captures ?? []).map((c) => c.id));
    const res = await moneyOnce(
      sdk,
      before,
      "capture",
      () => sdk.admin.payment.capture(t.p.payment.id, opts.amount !== undefined ? { amount: t.amount } : {}, undefined, undefined, { signal: opts.signal, retry: false }),
      (o) => orderPayments(o).some((p) => p.payment.id === t.p.payment.id && (p.payment.captures ?? []).some((c) => !captures.has(c.id))),
      opts.signal,
    );
    after = res.order;
    changes.push(`captured ${money(before, t.amount)} of payment ${t.p.payment.id}`);
    if (res.note) changes.push(res.note);
  }
  return { order: after, changes };
}

/** Refunds `amount` from a captured payment that has that much left. Never retried automatically. */
export async function refundOrder(sdk: Medusa, order: OrderRef, opts: { amount: number; reasonId?: string; note?: string } & Signal): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  if (!(opts.amount > 0)) throw new OrderError("the amount to refund must be greater than 0", "input");
  const payments = orderPayments(before).filter((p) => !p.payment.canceled_at);
  const captured = payments.reduce((a, p) => a + p.captured, 0);
  if (captured <= 0) throw new OrderError(`order ${name}: payment not captured; nothing to refund`, "state", { hint: `capture first: medusactl orders capture ${name}` });
  const fit = payments.find((p) => p.captured - p.refunded >= opts.amount - 1e-9);
  if (!fit) {
    const left = payments.reduce((a, p) => Math.max(a, p.captured - p.refunded), 0);
    throw new OrderError(`order ${name}: only ${money(before, left)} can be refunded (asked for ${money(before, opts.amount)})`, "state");
  }
  const refunds = new Set((fit.payment.refunds ?? []).map((r) => r.id));
  const body: HttpTypes.AdminRefundPayment = { amount: opts.amount };
  if (opts.reasonId) body.refund_reason_id = opts.reasonId;
  if (opts.note) body.note = opts.note;
  const res = await moneyOnce(
    sdk,
    before,
    "refund",
    () => sdk.admin.payment.refund(fit.payment.id, body, undefined, undefined, { signal: opts.signal, retry: false }),
    (o) => orderPayments(o).some((p) => p.payment.id === fit.payment.id && (p.payment.refunds ?? []).some((r) => !refunds.has(r.id))),
    opts.signal,
  );
  const changes = [`refunded ${money(before, opts.amount)} of payment ${fit.payment.id}${opts.note ? ` (${opts.note})` : ""}`];
  if (res.note) changes.push(res.note);
  return { order: res.order, changes };
}

/** Cancels the order (Medusa refuses once something is fulfilled and not canceled). */
export async function cancelOrder(sdk: Medusa, order: OrderRef, opts: Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  if (before.status === "canceled") throw new OrderError(`order ${name} is already canceled`, "state");
  try {
    await sdk.admin.order.cancel(before.id, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, name, "cancel", lineNamer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  return { order: after, changes: [`canceled order ${name} (${money(before, Number(before.total ?? 0))})`] };
}

/** Completes (`complete`) or archives (`archive`) the order. */
export async function closeOrder(sdk: Medusa, order: OrderRef, how: "complete" | "archive", opts: Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  try {
    if (how === "complete") await sdk.admin.order.complete(before.id, {}, { fields: "id" }, undefined, { signal: opts.signal });
    else await sdk.admin.order.archive(before.id, { fields: "id" }, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, name, how);
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes: [`${how === "complete" ? "completed" : "archived"} order ${name}`] };
}

/** Asks a customer to take over the order (they accept or decline in the storefront). */
export async function requestTransfer(
  sdk: Medusa,
  order: OrderRef,
  opts: { customerId: string; description?: string; internalNote?: string } & Signal,
): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  const body: HttpTypes.AdminRequestOrderTransfer = { customer_id: opts.customerId };
  if (opts.description) body.description = opts.description;
  if (opts.internalNote) body.internal_note = opts.internalNote;
  try {
    await sdk.admin.order.requestTransfer(before.id, body, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, name, "request transfer");
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes: [`requested transfer of order ${name} to customer ${opts.customerId}`] };
}

export async function cancelTransfer(sdk: Medusa, order: OrderRef, opts: Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  try {
    await sdk.admin.order.cancelTransfer(before.id, undefined, { signal: opts.signal });
  } catch (e) {
    const err = explainApiError(e, name, "cancel transfer");
    // Medusa lets only an admin user (or the customer) withdraw a transfer, not a secret API key.
    if (/not allowed to cancel the transfer/i.test((e as Error)?.message ?? "")) {
      throw new OrderError((err as Error).message, "state", { cause: e, status: 400, hint: "Medusa accepts this only from a logged-in admin user, not a secret API key: use a profile from `medusactl login` with e-mail and password" });
    }
    throw err;
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes: [`canceled the transfer request of order ${name}`] };
}

/** How much Medusa says is owed back to the customer after a change (negative pending difference). */
export function refundDue(order: AdminOrder): number {
  const diff = Number((order.summary as { pending_difference?: number } | undefined)?.pending_difference ?? 0);
  return diff < 0 ? -diff : 0;
}

/** Amount still to collect from the customer (positive pending difference). */
export function paymentDue(order: AdminOrder): number {
  const diff = Number((order.summary as { pending_difference?: number } | undefined)?.pending_difference ?? 0);
  return diff > 0 ? diff : 0;
}

/**
 * Requests a return of fulfilled lines and confirms the request; with `receive`, also receives
 * the items back into stock. A failed step cancels what this call opened, so no half-made order
 * change blocks the next one. Without a location, the items go back where they were fulfilled
 * from (Medusa needs one to receive: without it the receipt fails with a 500).
 */
export async function createReturn(
  sdk: Medusa,
  order: OrderRef,
  opts: {
    items: ItemQty[];
    reasonId?: string;
    locationId?: string;
    receive?: boolean;
    note?: string;
    /** A return shipping option (`so_…` id or name) the customer sends the parcel with. */
    shippingOption?: string;
  } & Signal,
): Promise<ActionResult & { returnId: string }> {
  const before = await loadOrder(sdk, order, opts.signal);
  assertNotCanceled(before, "return items");
  const name = orderName(before);
  if (!opts.items?.length) throw new OrderError("name the items to return with --item <line>:<qty>", "input");
  const lines = resolveItems(before, opts.items, (q) => q.fulfilled - q.returnRequested - q.returned - q.dismissed, "return");
  const locationId = opts.locationId ?? returnLocation(before, lines.map((l) => l.item.id));
  const shipping = opts.shippingOption ? await resolveShippingOption(sdk, opts.shippingOption, before.currency_code, opts) : undefined;
  const s = { signal: opts.signal };
  const namer = lineNamer(before);
  let returnId: string;
  try {
    const created = await sdk.admin.return.initiateRequest(
      { order_id: before.id, ...(locationId ? { location_id: locationId } : {}), ...(opts.note ? { internal_note: opts.note } : {}) },
      { fields: "id" },
      undefined,
      s,
    );
    returnId = created.return.id;
  } catch (e) {
    throw explainApiError(e, name, "request return", namer);
  }
  const changes: string[] = [];
  try {
    await sdk.admin.return.addReturnItem(
      returnId,
      { items: lines.map((l) => ({ id: l.item.id, quantity: l.quantity, ...(opts.reasonId ? { reason_id: opts.reasonId } : {}) })) },
      undefined,
      undefined,
      s,
    );
    if (shipping) await sdk.admin.return.addReturnShipping(returnId, { shipping_option_id: shipping.id }, undefined, undefined, s);
    await sdk.admin.return.confirmRequest(returnId, {}, undefined, undefined, s);
  } catch (e) {
    await sdk.admin.return.cancelRequest(returnId, undefined, undefined, s).catch(() => undefined);
    throw explainApiError(e, name, "request return", namer);
  }
  changes.push(`return ${returnId} requested${locationId ? ` (to ${locationId})` : ""}${shipping ? ` by ${shipping.name} (${money(before, shipping.amount)})` : ""}: ${lines.map((l) => qtyLine(before, l.item, l.quantity)).join("; ")}`);
  if (opts.receive) {
    try {
      await receiveReturnItems(sdk, returnId, lines.map((l) => ({ id: l.item.id, quantity: l.quantity })), s);
    } catch (e) {
      throw explainApiError(e, name, `receive return ${returnId} (the return stays requested)`, namer);
    }
    changes.push(`return ${returnId} received: ${lines.map((l) => qtyLine(before, l.item, l.quantity)).join("; ")}`);
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes, returnId };
}

/** Receives items of a requested return (begin, items, confirm); cancels the receipt if a step fails. */
export async function receiveReturnItems(sdk: Medusa, returnId: string, items: { id: string; quantity: number }[], s: Signal = {}): Promise<void> {
  await sdk.admin.return.initiateReceive(returnId, {}, undefined, undefined, { signal: s.signal });
  try {
    await sdk.admin.return.receiveItems(returnId, { items }, undefined, undefined, { signal: s.signal });
    await sdk.admin.return.confirmReceive(returnId, {}, undefined, undefined, { signal: s.signal });
  } catch (e) {
    await sdk.admin.return.cancelReceive(returnId, undefined, undefined, { signal: s.signal }).catch(() => undefined);
    throw e;
  }
}

export {
  createClaim,
  createExchange,
  createOrderEdit,
  finishOrderEdit,
  receiveReturn,
  cancelOrderChange,
  cancelFulfillment,
  markPaid,
  createDraftOrder,
  convertDraftOrder,
  resolveVariants,
  resolveRegion,
  resolveShippingOption,
  balanceNote,
  type FlowResult,
  type DraftAddress,
} from "./orders/flows.js";
