/**
 * Returns: request, receive (with the location items go back to), and the return records
 * themselves.
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { type ActionResult, type Fulfillment, type Signal, lineNamer, money, qtyLine, undo } from "./common.js";
import { orThrow, planReturn } from "./model.js";
import { OrderError, explainApiError, isOrderError, type Phrase } from "./errors.js";
import { type ItemQty, lineLabel, resolveLine } from "./lines.js";
import { balanceNote, pendingDifference, refundDue, refundOrder } from "./payments.js";
import { type AdminOrder, type OrderRef, loadOrder, orderName, orderPayments } from "./read.js";
import { resolveShippingOption } from "./shipping.js";

/** The stock location items go back to: where they were fulfilled from. */
export function returnLocation(order: AdminOrder, itemIds: string[]): string | undefined {
  const fs = ((order.fulfillments ?? []) as Fulfillment[]).filter((f) => !f.canceled_at && f.location_id);
  const holding = fs.find((f) => (f.items ?? []).some((i) => itemIds.includes(i.line_item_id)));
  return (holding ?? fs[0])?.location_id ?? undefined;
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
    /** Refund after the return (and receipt): `true` for what Medusa says is owed back, or an amount. */
    refund?: RefundAsk;
  } & Signal,
): Promise<ActionResult & { returnId: string }> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  const { lines } = orThrow(planReturn(before, { items: opts.items }));
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
  const changes: Phrase[] = [];
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
  if (opts.refund !== undefined && opts.refund !== false) {
    return { ...(await refundAfterReturn(sdk, after, opts.refund, `return ${returnId} ${opts.receive ? "received" : "requested"}`, changes, opts.signal)), returnId };
  }
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes, returnId };
}

/** `true`: refund what Medusa says is owed back after the return; a number: that amount. */
export type RefundAsk = boolean | number;

/**
 * The refund that closes a return, as Medusa Admin offers it once the return is in: by default
 * the negative pending difference (the returned lines with their tax, less any return shipping
 * the customer pays). Runs once, never retried (payments.ts). If it fails, the return itself
 * stands, and the error says so, so nobody re-runs the return.
 */
export async function refundAfterReturn(sdk: Medusa, order: AdminOrder, ask: RefundAsk, done: string, changes: Phrase[], signal?: AbortSignal): Promise<ActionResult> {
  const name = orderName(order);
  const amount = typeof ask === "number" ? ask : Number(refundDue(order).toFixed(4));
  const hint: Phrase = (w) => `the return is done; refund separately with ${w.command("orders refund", name, w.input("amount", "<amount>"))}`;
  const captured = orderPayments(order).filter((p) => !p.payment.canceled_at).reduce((a, p) => a + p.captured, 0);
  if (captured <= 0) {
    throw new OrderError(`${done}, but order ${name}'s payment is not captured: nothing to refund`, "state", {
      hint: (w) => `the return is done; capture with ${w.command("orders capture", name)}, then refund with ${w.command("orders refund", name, w.input("amount", "<amount>"))}`,
    });
  }
  if (!(amount > 0)) {
    throw new OrderError(`${done}, but order ${name} owes nothing back to refund (pending difference ${money(order, pendingDifference(order))})`, "state", { hint });
  }
  try {
    const res = await refundOrder(sdk, order, { amount, signal });
    changes.push(...res.changes);
    const note = balanceNote(res.order);
    if (note) changes.push(note);
    return { order: res.order, changes };
  } catch (e) {
    if (!isOrderError(e)) throw e;
    throw new OrderError(`${done}, but the refund failed: ${e.message}`, e.kind, { cause: e, status: e.status, hint: e.kind === "uncertain" ? e.parts.hint : hint });
  }
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

export type ReturnRecord = HttpTypes.AdminReturn & { items?: { item_id: string; quantity: number; received_quantity?: number; damaged_quantity?: number }[] };

export async function loadReturn(sdk: Medusa, returnId: string, s: Signal): Promise<ReturnRecord> {
  try {
    return (await sdk.admin.return.retrieve(returnId, { fields: "*items" }, undefined, { signal: s.signal })).return as ReturnRecord;
  } catch (e) {
    if ((e as { status?: number }).status === 404) throw new OrderError(`return ${returnId} not found`, "api", { cause: e, status: 404 });
    throw e;
  }
}

/**
 * Receives a requested return: the given lines (`received` back into stock, `dismissed` as
 * damaged), or by default every requested item as received. One receipt: begin, items, confirm.
 */
export async function receiveReturn(
  sdk: Medusa,
  returnId: string,
  opts: { items?: ItemQty[]; dismiss?: ItemQty[]; note?: string; refund?: RefundAsk } & Signal = {},
): Promise<ActionResult> {
  const ret = await loadReturn(sdk, returnId, opts);
  const before = await loadOrder(sdk, ret.order_id, opts.signal);
  const name = orderName(before);
  if (ret.status === "received") throw new OrderError(`return ${returnId} of order ${name} is already received`, "state");
  if (ret.status === "canceled") throw new OrderError(`return ${returnId} of order ${name} is canceled`, "state");
  const outstanding = new Map((ret.items ?? []).map((i) => [i.item_id, Number(i.quantity) - Number(i.received_quantity ?? 0) - Number(i.damaged_quantity ?? 0)]));
  const pick = (items: ItemQty[] | undefined) =>
    (items ?? []).map((it) => {
      const item = resolveLine(before, it.line);
      const left = outstanding.get(item.id) ?? 0;
      if (it.quantity > left) throw new OrderError(`return ${returnId}: ${lineLabel(before, item)} has ${left} left to receive (asked for ${it.quantity})`, "state");
      return { id: item.id, quantity: it.quantity, label: lineLabel(before, item) };
    });
  let received = pick(opts.items);
  const dismissed = pick(opts.dismiss);
  if (!received.length && !dismissed.length) {
    received = [...outstanding.entries()].filter(([, q]) => q > 0).map(([id, quantity]) => ({ id, quantity, label: lineNamer(before)(id) ?? id }));
  }
  if (!received.length && !dismissed.length) throw new OrderError(`return ${returnId} of order ${name} has nothing left to receive`, "state");
  const s = { signal: opts.signal };
  try {
    await sdk.admin.return.initiateReceive(returnId, opts.note ? { internal_note: opts.note } : {}, undefined, undefined, s);
  } catch (e) {
    throw explainApiError(e, name, `receive return ${returnId}`, lineNamer(before));
  }
  try {
    if (received.length) await sdk.admin.return.receiveItems(returnId, { items: received.map(({ id, quantity }) => ({ id, quantity })) }, undefined, undefined, s);
    if (dismissed.length) await sdk.admin.return.dismissItems(returnId, { items: dismissed.map(({ id, quantity }) => ({ id, quantity })) }, undefined, undefined, s);
    await sdk.admin.return.confirmReceive(returnId, {}, undefined, undefined, s);
  } catch (e) {
    await undo(() => sdk.admin.return.cancelReceive(returnId, undefined, undefined, s));
    throw explainApiError(e, name, `receive return ${returnId} (receipt withdrawn)`, lineNamer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const changes: Phrase[] = [];
  if (received.length) changes.push(`return ${returnId} received: ${received.map((r) => `${r.quantity} × ${r.label}`).join("; ")}`);
  if (dismissed.length) changes.push(`return ${returnId} dismissed as damaged: ${dismissed.map((r) => `${r.quantity} × ${r.label}`).join("; ")}`);
  if (opts.refund !== undefined && opts.refund !== false) return refundAfterReturn(sdk, after, opts.refund, `return ${returnId} received`, changes, opts.signal);
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes };
}
