/**
 * Draft orders: create one from variants, then convert it into an order.
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { formatMoney } from "../format.js";
import type { ActionResult, Signal } from "./common.js";
import { resolveVariants } from "./edits.js";
import { OrderError, explainApiError, isOrderError, type Phrase } from "./errors.js";
import type { VariantQty } from "./lines.js";
import { balanceNote } from "./payments.js";
import { loadOrder, orderName } from "./read.js";
import { resolveRegion, resolveShippingOption } from "./shipping.js";

export type DraftAddress = HttpTypes.AdminCreateDraftOrder["shipping_address"];

/** Creates a draft order: a customer (e-mail or id), a region, variants, an optional shipping option and address. */
export async function createDraftOrder(
  sdk: Medusa,
  opts: { email?: string; customerId?: string; region: string; add: VariantQty[]; shippingOption?: string; address?: DraftAddress; salesChannelId?: string; promoCodes?: string[] } & Signal,
): Promise<{ draft: HttpTypes.AdminDraftOrder; changes: Phrase[] }> {
  if (!opts.email && !opts.customerId) throw new OrderError((w) => `a draft order needs ${w.input("email")} or ${w.input("customer")}`, "input");
  if (!opts.add?.length) throw new OrderError((w) => `a draft order needs items: ${w.input("add", "<variant or SKU>:<qty>")}`, "input");
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
  let { draft_order } = await sdk.admin.draftOrder.create(body, undefined, undefined, { signal: opts.signal });
  const changes: Phrase[] = [`draft order #${draft_order.display_id} (${draft_order.id}) created in ${region.name}: ${adds.map((a) => `${a.quantity} × ${a.label}`).join("; ")}`];
  if (option) changes.push(`shipping: ${option.name} ${formatMoney(option.amount, region.currency_code)}`);
  if (opts.promoCodes?.length) {
    // Codes go through a draft edit, as Medusa Admin adds them: the edit validates each code
    // against the draft, so a bad code fails here with Medusa's reason, after the draft exists.
    try {
      const res = await changeDraftPromotions(sdk, draft_order.id, { add: opts.promoCodes, signal: opts.signal });
      draft_order = res.draft;
      changes.push(...res.changes);
    } catch (e) {
      const message = isOrderError(e) ? e.message : (e as Error).message;
      throw new OrderError(`draft order #${draft_order.display_id} (${draft_order.id}) was created, but ${message}`, isOrderError(e) ? e.kind : "api", {
        cause: e,
        hint: (w) => `retry the codes with ${w.command("draft-orders add-promotions", draft_order.id, w.input("code", "<code>"))}`,
      });
    }
  }
  changes.push((w) => `total ${formatMoney(Number(draft_order.total ?? 0), draft_order.currency_code)}; turn it into an order with: ${w.command("draft-orders convert", draft_order.id)}`);
  return { draft: draft_order, changes };
}

/** Turns a draft into an order; its payment is then collected outside Medusa (mark-as-paid). */
export async function convertDraftOrder(sdk: Medusa, draftId: string, opts: Signal = {}): Promise<ActionResult> {
  try {
    await sdk.admin.draftOrder.convertToOrder(draftId, { fields: "id" }, undefined, { signal: opts.signal });
  } catch (e) {
    throw explainApiError(e, draftId, "convert draft");
  }
  const after = await loadOrder(sdk, draftId, opts.signal);
  const changes: Phrase[] = [`draft ${draftId} is now order ${orderName(after)}`];
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes };
}

/** The draft-order fields the promotion changes are read back with. */
export const DRAFT_PROMOTION_FIELDS = "id,display_id,status,email,currency_code,total,subtotal,discount_total,item_total,shipping_total,*promotions";

type DraftWithPromotions = HttpTypes.AdminDraftOrder & { promotions?: { id: string; code?: string | null }[] };

/**
 * Adds or removes promotion codes on a draft order through one draft edit (begin, codes,
 * confirm), as Medusa Admin does; a failed step cancels the edit so the draft stays editable.
 * Returns the draft read back with its promotions and discount.
 */
export async function changeDraftPromotions(
  sdk: Medusa,
  draftId: string,
  opts: { add?: string[]; remove?: string[] } & Signal,
): Promise<{ draft: DraftWithPromotions; changes: Phrase[] }> {
  const add = [...new Set(opts.add ?? [])];
  const remove = [...new Set(opts.remove ?? [])];
  if (!add.length && !remove.length) throw new OrderError((w) => `name a promotion code with ${w.input("code", "<code>")}`, "input");
  const s = { signal: opts.signal };
  const read = async () => (await sdk.admin.draftOrder.retrieve(draftId, { fields: DRAFT_PROMOTION_FIELDS } as never, undefined, s)).draft_order as DraftWithPromotions;
  let before: DraftWithPromotions;
  try {
    before = await read();
  } catch (e) {
    // A converted draft is an order and no longer found among the drafts.
    if ((e as { status?: number }).status === 404) throw new OrderError(`no draft order ${draftId} (a converted draft is an order now: promotions of an order change with an order edit)`, "input", { cause: e, status: 404 });
    throw explainApiError(e, draftId, "read draft order");
  }
  const name = `#${before.display_id}`;
  if (before.status !== "draft") throw new OrderError(`order ${name} (${draftId}) is not a draft (status ${before.status}): promotions of a placed order change with an order edit`, "state");
  const have = new Set((before.promotions ?? []).map((p) => p.code).filter(Boolean) as string[]);
  const missing = remove.filter((c) => !have.has(c));
  if (missing.length) throw new OrderError(`draft order ${name} has no promotion ${missing.join(", ")} (it has: ${[...have].join(", ") || "none"})`, "input");
  try {
    await sdk.admin.draftOrder.beginEdit(draftId, undefined, s);
  } catch (e) {
    throw explainApiError(e, `draft ${name}`, "begin edit");
  }
  try {
    if (add.length) await sdk.admin.draftOrder.addPromotions(draftId, { promo_codes: add }, undefined, s);
    if (remove.length) await sdk.admin.draftOrder.removePromotions(draftId, { promo_codes: remove }, undefined, s);
    await sdk.admin.draftOrder.confirmEdit(draftId, undefined, s);
  } catch (e) {
    await sdk.admin.draftOrder.cancelEdit(draftId, undefined, s).catch(() => undefined);
    throw explainApiError(e, `draft ${name}`, add.length ? `add promotion ${add.join(", ")} (edit withdrawn)` : `remove promotion ${remove.join(", ")} (edit withdrawn)`);
  }
  const draft = await read();
  const now = (draft.promotions ?? []).map((p) => p.code).filter(Boolean) as string[];
  const changes: Phrase[] = [];
  if (add.length) changes.push(`draft order ${name}: promotion ${add.join(", ")} added`);
  if (remove.length) changes.push(`draft order ${name}: promotion ${remove.join(", ")} removed`);
  const ignored = add.filter((c) => !now.includes(c));
  // Medusa accepts a code whose rules do not match the draft (wrong currency, no eligible item) and applies nothing.
  if (ignored.length) changes.push(`note: ${ignored.join(", ")} did not apply to this draft (its rules do not match it)`);
  changes.push(`promotions now: ${now.join(", ") || "none"}; discount ${formatMoney(Number(draft.discount_total ?? 0), draft.currency_code)}; total ${formatMoney(Number(draft.total ?? 0), draft.currency_code)}`);
  return { draft, changes };
}
