/**
 * Order edits: add, change and remove items, then confirm or cancel.
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { type ActionResult, type Signal, lineNamer, undo } from "./common.js";
import { OrderError, explainApiError, type Phrase } from "./errors.js";
import { type ItemQty, type VariantQty, lineLabel, resolveLine } from "./lines.js";
import { balanceNote } from "./payments.js";
import { type OrderRef, loadOrder, orderName } from "./read.js";

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

/**
 * An order edit: add variants, change quantities of existing lines (`items`, the new total
 * quantity), remove lines; then request and (unless `confirm` is false) confirm it.
 */
export async function createOrderEdit(
  sdk: Medusa,
  order: OrderRef,
  opts: { add?: VariantQty[]; items?: ItemQty[]; remove?: string[]; note?: string; confirm?: boolean } & Signal,
): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  if (!opts.add?.length && !opts.items?.length && !opts.remove?.length) {
    throw new OrderError((w) => `nothing to edit: give ${w.input("add", "<variant>:<qty>")}, ${w.input("item", "<line>:<new qty>")} or ${w.input("remove", "<line>")}`, "input");
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
    throw explainApiError(e, name, "begin edit", lineNamer(before));
  }
  try {
    if (adds.length) await sdk.admin.orderEdit.addItems(before.id, { items: adds.map((a) => ({ variant_id: a.variantId, quantity: a.quantity })) }, undefined, undefined, s);
    for (const u of updates) await sdk.admin.orderEdit.updateOriginalItem(before.id, u.item.id, { quantity: u.quantity }, undefined, undefined, s);
    await sdk.admin.orderEdit.request(before.id, {}, undefined, undefined, s);
    if (opts.confirm !== false) await sdk.admin.orderEdit.confirm(before.id, undefined, undefined, s);
  } catch (e) {
    await undo(() => sdk.admin.orderEdit.cancelRequest(before.id, undefined, undefined, s));
    throw explainApiError(e, name, "edit (withdrawn)", lineNamer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const changes: Phrase[] = [];
  for (const a of adds) changes.push(`added ${a.quantity} × ${a.label}`);
  for (const u of updates) changes.push(u.quantity === 0 ? `removed ${lineLabel(before, u.item)}` : `set ${lineLabel(before, u.item)} to quantity ${u.quantity}`);
  changes.push(opts.confirm === false ? (w) => `edit of order ${name} requested, not confirmed (${w.command("order-edits confirm", name)})` : `edit of order ${name} confirmed`);
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes };
}

/** Confirms or cancels the order's pending edit. */
export async function finishOrderEdit(sdk: Medusa, order: OrderRef, how: "confirm" | "cancel", opts: Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  try {
    if (how === "confirm") await sdk.admin.orderEdit.confirm(before.id, undefined, undefined, { signal: opts.signal });
    else await sdk.admin.orderEdit.cancelRequest(before.id, undefined, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, name, `${how} edit`, lineNamer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const changes: Phrase[] = [`edit of order ${name} ${how === "confirm" ? "confirmed" : "canceled"}`];
  const note = how === "confirm" ? balanceNote(after) : undefined;
  if (note) changes.push(note);
  return { order: after, changes };
}
