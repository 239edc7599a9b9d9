/**
 * Draft orders: create one from variants, then convert it into an order.
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { formatMoney } from "../format.js";
import type { ActionResult, Signal } from "./common.js";
import { resolveVariants } from "./edits.js";
import { OrderError, explainApiError, type Phrase } from "./errors.js";
import type { VariantQty } from "./lines.js";
import { balanceNote } from "./payments.js";
import { loadOrder, orderName } from "./read.js";
import { resolveRegion, resolveShippingOption } from "./shipping.js";

export type DraftAddress = HttpTypes.AdminCreateDraftOrder["shipping_address"];

/** Creates a draft order: a customer (e-mail or id), a region, variants, an optional shipping option and address. */
export async function createDraftOrder(
  sdk: Medusa,
  opts: { email?: string; customerId?: string; region: string; add: VariantQty[]; shippingOption?: string; address?: DraftAddress; salesChannelId?: string } & Signal,
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
  const { draft_order } = await sdk.admin.draftOrder.create(body, undefined, undefined, { signal: opts.signal });
  const changes: Phrase[] = [`draft order #${draft_order.display_id} (${draft_order.id}) created in ${region.name}: ${adds.map((a) => `${a.quantity} × ${a.label}`).join("; ")}`];
  if (option) changes.push(`shipping: ${option.name} ${formatMoney(option.amount, region.currency_code)}`);
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
