/**
 * Order changes that take several requests in Medusa (claims, exchanges, edits, return receipts,
 * draft orders), each as one call. A step that fails cancels what the call opened, so no pending
 * order change is left behind to block the next one.
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { formatMoney } from "../format.js";
import { OrderError, explainApiError } from "./errors.js";
import { lineLabel, resolveItems, resolveLine, type ItemQty, type VariantQty } from "./lines.js";
import { loadOrder, orderName, type AdminOrder, type OrderRef } from "./read.js";

interface Signal {
  signal?: AbortSignal;
}

export interface FlowResult {
  order: AdminOrder;
  changes: string[];
}

type Fulfillment = HttpTypes.AdminOrderFulfillment & { items?: { line_item_id: string; quantity: number }[] };

function namer(order: AdminOrder): (id: string) => string | undefined {
  return (id) => {
    const item = order.items?.find((i) => i.id === id);
    return item ? lineLabel(order, item) : undefined;
  };
}

/** The stock location items go back to: where they were fulfilled from. */
export function returnLocation(order: AdminOrder, itemIds: string[]): string | undefined {
  const fs = ((order.fulfillments ?? []) as Fulfillment[]).filter((f) => !f.canceled_at && f.location_id);
  const holding = fs.find((f) => (f.items ?? []).some((i) => itemIds.includes(i.line_item_id)));
  return (holding ?? fs[0])?.location_id ?? undefined;
}

function pendingDifference(order: AdminOrder): number {
  return Number((order.summary as { pending_difference?: number } | undefined)?.pending_difference ?? 0);
}

/** A closing line about money after a change: a refund due, or an amount still to collect. */
export function balanceNote(order: AdminOrder): string | undefined {
  const diff = pendingDifference(order);
  const name = orderName(order);
  if (diff < 0) return `refund due to the customer: ${formatMoney(-diff, order.currency_code)} (medusactl orders refund ${name} --amount ${Number((-diff).toFixed(4))})`;
  if (diff > 0) return `to collect from the customer: ${formatMoney(diff, order.currency_code)} (medusactl payment-collections mark-as-paid ${name} once paid)`;
  return undefined;
}

/** Variants by `variant_…` id or SKU, looked up in one request. */
export async function resolveVariants(sdk: Medusa, adds: VariantQty[], s: Signal = {}): Promise<{ variantId: string; label: string; quantity: number }[]> {
  const skus = [...new Set(adds.filter((a) => !a.variant.startsWith("variant_")).map((a) => a.variant))];
  const bySku = new Map<string, { id: string; title?: string | null }>();
  if (skus.length) {
    const { variants } = await sdk.admin.productVariant.list({ sku: skus, fields: "id,sku,title", limit: skus.length + 10 } as HttpTypes.AdminProductVariantParams, undefined, { signal: s.signal });
    for (const v of variants) if (v.sku) bySku.set(v.sku, v);
  }
  return adds.map((a) => {
    if (a.variant.startsWith("variant_")) return { variantId: a.variant, label: a.variant, quantity: a.quantity };
    const v = bySku.get(a.variant);
    if (!v) throw new OrderError(`no variant with SKU ${a.variant}`, "input");
    return { variantId: v.id, label: a.variant, quantity: a.quantity };
  });
}

function returnable(q: { fulfilled: number; returnRequested: number; returned: number; dismissed: number }): number {
  return q.fulfilled - q.returnRequested - q.returned - q.dismissed;
}

async function undo(fn: () => Promise<unknown>): Promise<void> {
  await fn().catch(() => undefined);
}

/**
 * The shipping option for items a claim or exchange sends out. Medusa reserves stock for those
 * items only when the change has an outbound shipping method; without one they cannot be fulfilled.
 */
async function outboundOption(sdk: Medusa, order: AdminOrder, ref: string | undefined, s: Signal): Promise<{ id: string; name: string }> {
  if (ref) return resolveShippingOption(sdk, ref, order.currency_code, s);
  const method = (order.shipping_methods ?? []).find((m) => m.shipping_option_id);
  if (!method?.shipping_option_id) throw new OrderError(`order ${orderName(order)} has no shipping method to reuse: name one with --shipping-option`, "input");
  return { id: method.shipping_option_id, name: method.name ?? method.shipping_option_id };
}

/**
 * A claim: the faulty lines come back (inbound, as a return), and for `replace` the `add`
 * variants go out as new lines; for `refund` Medusa computes the amount owed.
 */
export async function createClaim(
  sdk: Medusa,
  order: OrderRef,
  opts: {
    items: ItemQty[];
    type: "refund" | "replace";
    add?: VariantQty[];
    reasonId?: string;
    locationId?: string;
    note?: string;
    /** How the replacement ships: a shipping option id or name; default the order's own. */
    shippingOption?: string;
    /** What the customer pays for that shipping; default 0 (a replacement ships at the store's cost). */
    shippingAmount?: number;
  } & Signal,
): Promise<FlowResult & { claimId: string }> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  if (!opts.items?.length) throw new OrderError("name the claimed items with --item <line>:<qty>", "input");
  if (opts.type !== "refund" && opts.type !== "replace") throw new OrderError(`--type must be refund or replace, not "${opts.type}"`, "input");
  if (opts.type === "refund" && opts.add?.length) throw new OrderError("a refund claim sends nothing out: drop --add, or use --type replace", "input");
  const lines = resolveItems(before, opts.items, returnable, "claim");
  const adds = opts.add?.length ? await resolveVariants(sdk, opts.add, opts) : [];
  const locationId = opts.locationId ?? returnLocation(before, lines.map((l) => l.item.id));
  const outbound = adds.length ? await outboundOption(sdk, before, opts.shippingOption, opts) : undefined;
  const s = { signal: opts.signal };
  let claimId: string;
  try {
    const res = await sdk.admin.claim.create({ type: opts.type, order_id: before.id, ...(opts.note ? { internal_note: opts.note } : {}) } as HttpTypes.AdminCreateClaim, undefined, undefined, s);
    claimId = res.claim.id;
  } catch (e) {
    throw explainApiError(e, name, "create claim", namer(before));
  }
  try {
    await sdk.admin.claim.addInboundItems(
      claimId,
      { ...(locationId ? { location_id: locationId } : {}), items: lines.map((l) => ({ id: l.item.id, quantity: l.quantity, ...(opts.reasonId ? { reason_id: opts.reasonId } : {}) })) } as HttpTypes.AdminAddClaimInboundItems,
      undefined,
      undefined,
      s,
    );
    if (adds.length) {
      await sdk.admin.claim.addOutboundItems(claimId, { items: adds.map((a) => ({ variant_id: a.variantId, quantity: a.quantity })) }, undefined, undefined, s);
      await sdk.admin.claim.addOutboundShipping(claimId, { shipping_option_id: outbound!.id, custom_amount: opts.shippingAmount ?? 0 }, undefined, undefined, s);
    }
    await sdk.admin.claim.request(claimId, {}, undefined, undefined, s);
  } catch (e) {
    await undo(() => sdk.admin.claim.cancelRequest(claimId, undefined, undefined, s));
    throw explainApiError(e, name, `claim ${claimId} (withdrawn)`, namer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const changes = [`claim ${claimId} (${opts.type}) confirmed: ${lines.map((l) => `${l.quantity} × ${lineLabel(before, l.item)}`).join("; ")} to come back${locationId ? ` to ${locationId}` : ""}`];
  if (adds.length) changes.push(`replacement to send: ${adds.map((a) => `${a.quantity} × ${a.label}`).join("; ")} by ${outbound!.name} (new lines; fulfil them with medusactl orders fulfill ${name})`);
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes, claimId };
}

/** An exchange: lines come back (inbound), `add` variants go out (outbound), in one confirmed change. */
export async function createExchange(
  sdk: Medusa,
  order: OrderRef,
  opts: {
    items: ItemQty[];
    add: VariantQty[];
    reasonId?: string;
    locationId?: string;
    note?: string;
    /** How the new items ship: a shipping option id or name; default the order's own. */
    shippingOption?: string;
    /** What the customer pays for that shipping; default the option's price. */
    shippingAmount?: number;
  } & Signal,
): Promise<FlowResult & { exchangeId: string }> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  if (!opts.items?.length) throw new OrderError("name the items coming back with --item <line>:<qty>", "input");
  if (!opts.add?.length) throw new OrderError("name what goes out instead with --add <variant or SKU>:<qty>", "input");
  const lines = resolveItems(before, opts.items, returnable, "exchange");
  const adds = await resolveVariants(sdk, opts.add, opts);
  const locationId = opts.locationId ?? returnLocation(before, lines.map((l) => l.item.id));
  const outbound = await outboundOption(sdk, before, opts.shippingOption, opts);
  const s = { signal: opts.signal };
  let exchangeId: string;
  try {
    const res = await sdk.admin.exchange.create({ order_id: before.id, ...(opts.note ? { internal_note: opts.note } : {}) }, undefined, undefined, s);
    exchangeId = res.exchange.id;
  } catch (e) {
    throw explainApiError(e, name, "create exchange", namer(before));
  }
  try {
    await sdk.admin.exchange.addInboundItems(
      exchangeId,
      { ...(locationId ? { location_id: locationId } : {}), items: lines.map((l) => ({ id: l.item.id, quantity: l.quantity, ...(opts.reasonId ? { reason_id: opts.reasonId } : {}) })) } as HttpTypes.AdminAddExchangeInboundItems,
      undefined,
      undefined,
      s,
    );
    await sdk.admin.exchange.addOutboundItems(exchangeId, { items: adds.map((a) => ({ variant_id: a.variantId, quantity: a.quantity })) }, undefined, undefined, s);
    await sdk.admin.exchange.addOutboundShipping(
      exchangeId,
      { shipping_option_id: outbound.id, ...(opts.shippingAmount !== undefined ? { custom_amount: opts.shippingAmount } : {}) },
      undefined,
      undefined,
      s,
    );
    await sdk.admin.exchange.request(exchangeId, {}, undefined, undefined, s);
  } catch (e) {
    await undo(() => sdk.admin.exchange.cancelRequest(exchangeId, undefined, undefined, s));
    throw explainApiError(e, name, `exchange ${exchangeId} (withdrawn)`, namer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const changes = [
    `exchange ${exchangeId} confirmed: ${lines.map((l) => `${l.quantity} × ${lineLabel(before, l.item)}`).join("; ")} to come back${locationId ? ` to ${locationId}` : ""}`,
    `to send instead: ${adds.map((a) => `${a.quantity} × ${a.label}`).join("; ")} by ${outbound.name} (new lines; fulfil them with medusactl orders fulfill ${name})`,
  ];
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes, exchangeId };
}

/**
 * An order edit: add variants, change quantities of existing lines (`items`, the new total
 * quantity), remove lines; then request and (unless `confirm` is false) confirm it.
 */
export async function createOrderEdit(
  sdk: Medusa,
  order: OrderRef,
  opts: { add?: VariantQty[]; items?: ItemQty[]; remove?: string[]; note?: string; confirm?: boolean } & Signal,
): Promise<FlowResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  if (!opts.add?.length && !opts.items?.length && !opts.remove?.length) {
    throw new OrderError("nothing to edit: give --add <variant>:<qty>, --item <line>:<new qty> or --remove <line>", "input");
  }
  const updates = [
    ...(opts.items ?? []).map((it) => ({ item: resolveLine(before, it.line), quantity: it.quantity })),
    ...(opts.remove ?? []).map((line) => ({ item: resolveLine(before, line), quantity: 0 })),
  ];
  const adds = opts.add?.length ? await resolveVariants(sdk, opts.add, opts) : [];
  const s = { signal: opts.signal };
  try {
    await sdk.admin.orderEdit.initiateRequest({ order_id: before.id, ...(opts.note ? { internal_note: opts.note } : {}) }, undefined, undefined, s);
  } catch (e) {
    throw explainApiError(e, name, "begin edit", namer(before));
  }
  try {
    if (adds.length) await sdk.admin.orderEdit.addItems(before.id, { items: adds.map((a) => ({ variant_id: a.variantId, quantity: a.quantity })) }, undefined, undefined, s);
    for (const u of updates) await sdk.admin.orderEdit.updateOriginalItem(before.id, u.item.id, { quantity: u.quantity }, undefined, undefined, s);
    await sdk.admin.orderEdit.request(before.id, {}, undefined, undefined, s);
    if (opts.confirm !== false) await sdk.admin.orderEdit.confirm(before.id, undefined, undefined, s);
  } catch (e) {
    await undo(() => sdk.admin.orderEdit.cancelRequest(before.id, undefined, undefined, s));
    throw explainApiError(e, name, "edit (withdrawn)", namer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const changes: string[] = [];
  for (const a of adds) changes.push(`added ${a.quantity} × ${a.label}`);
  for (const u of updates) changes.push(u.quantity === 0 ? `removed ${lineLabel(before, u.item)}` : `set ${lineLabel(before, u.item)} to quantity ${u.quantity}`);
  changes.push(opts.confirm === false ? `edit of order ${name} requested, not confirmed (medusactl order-edits confirm ${name})` : `edit of order ${name} confirmed`);
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes };
}

/** Confirms or cancels the order's pending edit. */
export async function finishOrderEdit(sdk: Medusa, order: OrderRef, how: "confirm" | "cancel", opts: Signal = {}): Promise<FlowResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  try {
    if (how === "confirm") await sdk.admin.orderEdit.confirm(before.id, undefined, undefined, { signal: opts.signal });
    else await sdk.admin.orderEdit.cancelRequest(before.id, undefined, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, name, `${how} edit`, namer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const changes = [`edit of order ${name} ${how === "confirm" ? "confirmed" : "canceled"}`];
  const note = how === "confirm" ? balanceNote(after) : undefined;
  if (note) changes.push(note);
  return { order: after, changes };
}

type ReturnRecord = HttpTypes.AdminReturn & { items?: { item_id: string; quantity: number; received_quantity?: number; damaged_quantity?: number }[] };

async function loadReturn(sdk: Medusa, returnId: string, s: Signal): Promise<ReturnRecord> {
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
  opts: { items?: ItemQty[]; dismiss?: ItemQty[]; note?: string } & Signal = {},
): Promise<FlowResult> {
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
    received = [...outstanding.entries()].filter(([, q]) => q > 0).map(([id, quantity]) => ({ id, quantity, label: namer(before)(id) ?? id }));
  }
  if (!received.length && !dismissed.length) throw new OrderError(`return ${returnId} of order ${name} has nothing left to receive`, "state");
  const s = { signal: opts.signal };
  try {
    await sdk.admin.return.initiateReceive(returnId, opts.note ? { internal_note: opts.note } : {}, undefined, undefined, s);
  } catch (e) {
    throw explainApiError(e, name, `receive return ${returnId}`, namer(before));
  }
  try {
    if (received.length) await sdk.admin.return.receiveItems(returnId, { items: received.map(({ id, quantity }) => ({ id, quantity })) }, undefined, undefined, s);
    if (dismissed.length) await sdk.admin.return.dismissItems(returnId, { items: dismissed.map(({ id, quantity }) => ({ id, quantity })) }, undefined, undefined, s);
    await sdk.admin.return.confirmReceive(returnId, {}, undefined, undefined, s);
  } catch (e) {
    await undo(() => sdk.admin.return.cancelReceive(returnId, undefined, undefined, s));
    throw explainApiError(e, name, `receive return ${returnId} (receipt withdrawn)`, namer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const changes: string[] = [];
  if (received.length) changes.push(`return ${returnId} received: ${received.map((r) => `${r.quantity} × ${r.label}`).join("; ")}`);
  if (dismissed.length) changes.push(`return ${returnId} dismissed as damaged: ${dismissed.map((r) => `${r.quantity} × ${r.label}`).join("; ")}`);
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes };
}

/** Cancels a return, claim or exchange by id (`return_…`, `claim_…`, `oexc_…`). */
export async function cancelOrderChange(sdk: Medusa, id: string, opts: Signal = {}): Promise<FlowResult> {
  const s = { signal: opts.signal };
  let orderId: string;
  let kind: string;
  try {
    if (id.startsWith("return_")) {
      kind = "return";
      orderId = (await loadReturn(sdk, id, opts)).order_id;
    } else if (id.startsWith("claim_")) {
      kind = "claim";
      orderId = (await sdk.admin.claim.retrieve(id, { fields: "id,order_id" }, undefined, s)).claim.order_id;
    } else if (id.startsWith("oexc_")) {
      kind = "exchange";
      orderId = (await sdk.admin.exchange.retrieve(id, { fields: "id,order_id" }, undefined, s)).exchange.order_id;
    } else {
      throw new OrderError(`"${id}" is not a return, claim or exchange id (return_…, claim_…, oexc_…)`, "input");
    }
  } catch (e) {
    if ((e as { status?: number }).status === 404) throw new OrderError(`${id} not found`, "api", { cause: e, status: 404 });
    throw e;
  }
  const before = await loadOrder(sdk, orderId, opts.signal);
  try {
    if (kind === "return") await sdk.admin.return.cancel(id, undefined, undefined, s);
    else if (kind === "claim") await sdk.admin.claim.cancel(id, undefined, undefined, s);
    else await sdk.admin.exchange.cancel(id, undefined, undefined, s);
  } catch (e) {
    throw explainApiError(e, orderName(before), `cancel ${kind} ${id}`, namer(before));
  }
  return { order: await loadOrder(sdk, orderId, opts.signal), changes: [`canceled ${kind} ${id} of order ${orderName(before)}`] };
}

/** Cancels one fulfilment of the order through the order route, which also frees its quantities. */
export async function cancelFulfillment(sdk: Medusa, order: OrderRef, opts: { fulfillmentId: string } & Signal): Promise<FlowResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  const f = ((before.fulfillments ?? []) as Fulfillment[]).find((x) => x.id === opts.fulfillmentId);
  if (!f) throw new OrderError(`order ${name} has no fulfilment ${opts.fulfillmentId}`, "input");
  if (f.canceled_at) throw new OrderError(`order ${name}: fulfilment ${f.id} is already canceled`, "state");
  try {
    await sdk.admin.order.cancelFulfillment(before.id, f.id, {}, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, name, `cancel fulfilment ${f.id}`, namer(before));
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes: [`canceled fulfilment ${f.id} of order ${name}`] };
}

/** Marks the order's unpaid payment collections (or the one named) as paid: money taken outside Medusa. */
export async function markPaid(sdk: Medusa, order: OrderRef, opts: { collectionId?: string } & Signal = {}): Promise<FlowResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  const cols = before.payment_collections ?? [];
  const targets = opts.collectionId ? cols.filter((c) => c.id === opts.collectionId) : cols.filter((c) => c.status === "not_paid" || c.status === "awaiting");
  if (opts.collectionId && !targets.length) throw new OrderError(`order ${name} has no payment collection ${opts.collectionId}`, "input");
  const due = pendingDifference(before);
  if (!targets.length && due > 0) {
    // A converted draft order has no payment collection at all: make one for what is owed.
    try {
      const { payment_collection } = await sdk.admin.paymentCollection.create({ order_id: before.id, amount: due }, undefined, undefined, { signal: opts.signal });
      targets.push(payment_collection as (typeof cols)[number]);
    } catch (e) {
      throw explainApiError(e, name, "create a payment collection");
    }
  }
  if (!targets.length) throw new OrderError(`order ${name} has nothing to pay: no unpaid payment collection and no amount outstanding`, "state");
  const changes: string[] = [];
  for (const c of targets) {
    try {
      await sdk.admin.paymentCollection.markAsPaid(c.id, { order_id: before.id }, undefined, undefined, { signal: opts.signal, retry: false });
    } catch (e) {
      throw explainApiError(e, name, `mark ${c.id} as paid`);
    }
    changes.push(`marked payment collection ${c.id} (${formatMoney(Number(c.amount ?? 0), before.currency_code)}) as paid`);
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes };
}

/** A region by `reg_…` id, name or currency code (case-insensitive). */
export async function resolveRegion(sdk: Medusa, ref: string, s: Signal = {}): Promise<HttpTypes.AdminRegion> {
  const { regions } = await sdk.admin.region.list({ limit: 200, fields: "id,name,currency_code" }, undefined, { signal: s.signal });
  const t = ref.toLowerCase();
  const hits = regions.filter((r) => r.id === ref || r.name?.toLowerCase() === t || r.currency_code?.toLowerCase() === t);
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) throw new OrderError(`"${ref}" matches ${hits.length} regions (${hits.map((r) => r.name).join(", ")}): use the id`, "input");
  throw new OrderError(`no region "${ref}" (have: ${regions.map((r) => `${r.name} ${r.currency_code}`).join(", ")})`, "input");
}

/** A shipping option by `so_…` id or name, with its price in `currency`. */
export async function resolveShippingOption(sdk: Medusa, ref: string, currency: string, s: Signal = {}): Promise<{ id: string; name: string; amount: number }> {
  const { shipping_options } = await sdk.admin.shippingOption.list({ limit: 200, fields: "id,name,*prices" } as HttpTypes.AdminShippingOptionListParams, undefined, { signal: s.signal });
  const hit = shipping_options.find((o) => o.id === ref) ?? shipping_options.find((o) => o.name?.toLowerCase() === ref.toLowerCase());
  if (!hit) throw new OrderError(`no shipping option "${ref}"`, "input");
  const price = (hit.prices ?? []).find((p) => p.currency_code?.toLowerCase() === currency.toLowerCase() && !(p as { price_rules?: unknown[] }).price_rules?.length);
  return { id: hit.id, name: hit.name, amount: Number(price?.amount ?? 0) };
}

export type DraftAddress = HttpTypes.AdminCreateDraftOrder["shipping_address"];

/** Creates a draft order: a customer (e-mail or id), a region, variants, an optional shipping option and address. */
export async function createDraftOrder(
  sdk: Medusa,
  opts: { email?: string; customerId?: string; region: string; add: VariantQty[]; shippingOption?: string; address?: DraftAddress; salesChannelId?: string } & Signal,
): Promise<{ draft: HttpTypes.AdminDraftOrder; changes: string[] }> {
  if (!opts.email && !opts.customerId) throw new OrderError("a draft order needs --email or --customer", "input");
  if (!opts.add?.length) throw new OrderError("a draft order needs items: --add <variant or SKU>:<qty>", "input");
  const region = await resolveRegion(sdk, opts.region, opts);
  const adds = await resolveVariants(sdk, opts.add, opts);
  const body: HttpTypes.AdminCreateDraftOrder = {
    region_id: region.id,
    items: adds.map((a) => ({ variant_id: a.variantId, quantity: a.quantity })),
  } as HttpTypes.AdminCreateDraftOrder;
  if (opts.email) body.email = opts.email;
  if (opts.customerId) body.customer_id = opts.customerId;
  if (opts.salesChannelId) body.sales_channel_id = opts.salesChannelId;
  if (opts.address) {
    body.shipping_address = opts.address;
    body.billing_address = opts.address;
  }
  let option: { id: string; name: string; amount: number } | undefined;
  if (opts.shippingOption) {
    option = await resolveShippingOption(sdk, opts.shippingOption, region.currency_code, opts);
    body.shipping_methods = [{ shipping_option_id: option.id, name: option.name, amount: option.amount }] as unknown as HttpTypes.AdminCreateDraftOrder["shipping_methods"];
  }
  const { draft_order } = await sdk.admin.draftOrder.create(body, undefined, undefined, { signal: opts.signal });
  const changes = [`draft order #${draft_order.display_id} (${draft_order.id}) created in ${region.name}: ${adds.map((a) => `${a.quantity} × ${a.label}`).join("; ")}`];
  if (option) changes.push(`shipping: ${option.name} ${formatMoney(option.amount, region.currency_code)}`);
  changes.push(`total ${formatMoney(Number(draft_order.total ?? 0), draft_order.currency_code)}; turn it into an order with: medusactl draft-orders convert ${draft_order.id}`);
  return { draft: draft_order, changes };
}

/** Turns a draft into an order; its payment is then collected outside Medusa (mark-as-paid). */
export async function convertDraftOrder(sdk: Medusa, draftId: string, opts: Signal = {}): Promise<FlowResult> {
  try {
    await sdk.admin.draftOrder.convertToOrder(draftId, { fields: "id" }, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, draftId, "convert draft");
  }
  const after = await loadOrder(sdk, draftId, opts.signal);
  const changes = [`draft ${draftId} is now order ${orderName(after)}`];
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes };
}
