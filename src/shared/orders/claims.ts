/**
 * Claims: items that came back damaged or wrong, refunded or replaced in one call.
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { type ActionResult, type Signal, lineNamer, money, returnable, undo } from "./common.js";
import { resolveVariants } from "./edits.js";
import { OrderError, explainApiError, type Phrase } from "./errors.js";
import { type ItemQty, type VariantQty, lineLabel, resolveItems } from "./lines.js";
import { balanceNote } from "./payments.js";
import { type OrderRef, loadOrder, orderName } from "./read.js";
import { returnLocation } from "./returns.js";
import { outboundOption, resolveShippingOption } from "./shipping.js";

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
    /** How the claimed items come back: a return shipping option id or name (the inbound leg). */
    returnShippingOption?: string;
    /** What the customer pays for the return shipping; default 0 (the store pays for a faulty item's return). */
    returnShippingAmount?: number;
  } & Signal,
): Promise<ActionResult & { claimId: string }> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  if (!opts.items?.length) throw new OrderError((w) => `name the claimed items with ${w.input("item", "<line>:<qty>")}`, "input");
  if (opts.type !== "refund" && opts.type !== "replace") throw new OrderError((w) => `${w.input("type")} must be refund or replace, not "${opts.type}"`, "input");
  if (opts.type === "refund" && opts.add?.length) throw new OrderError((w) => `a refund claim sends nothing out: drop ${w.input("add")}, or use ${w.input("type", "replace")}`, "input");
  const lines = resolveItems(before, opts.items, returnable, "claim");
  const adds = opts.add?.length ? await resolveVariants(sdk, opts.add, opts) : [];
  const locationId = opts.locationId ?? returnLocation(before, lines.map((l) => l.item.id));
  const outbound = adds.length ? await outboundOption(sdk, before, opts.shippingOption, opts) : undefined;
  const inbound = opts.returnShippingOption ? await resolveShippingOption(sdk, opts.returnShippingOption, before.currency_code, opts) : undefined;
  const s = { signal: opts.signal };
  let claimId: string;
  try {
    const res = await sdk.admin.claim.create({ type: opts.type, order_id: before.id, ...(opts.note ? { internal_note: opts.note } : {}) } as HttpTypes.AdminCreateClaim, undefined, undefined, s);
    claimId = res.claim.id;
  } catch (e) {
    throw explainApiError(e, name, "create claim", lineNamer(before));
  }
  try {
    await sdk.admin.claim.addInboundItems(
      claimId,
      { ...(locationId ? { location_id: locationId } : {}), items: lines.map((l) => ({ id: l.item.id, quantity: l.quantity, ...(opts.reasonId ? { reason_id: opts.reasonId } : {}) })) } as HttpTypes.AdminAddClaimInboundItems,
      undefined,
      undefined,
      s,
    );
    if (inbound) {
      await sdk.admin.claim.addInboundShipping(claimId, { shipping_option_id: inbound.id, custom_amount: opts.returnShippingAmount ?? 0 }, undefined, undefined, s);
    }
    if (adds.length) {
      await sdk.admin.claim.addOutboundItems(claimId, { items: adds.map((a) => ({ variant_id: a.variantId, quantity: a.quantity })) }, undefined, undefined, s);
      await sdk.admin.claim.addOutboundShipping(claimId, { shipping_option_id: outbound!.id, custom_amount: opts.shippingAmount ?? 0 }, undefined, undefined, s);
    }
    await sdk.admin.claim.request(claimId, {}, undefined, undefined, s);
  } catch (e) {
    await undo(() => sdk.admin.claim.cancelRequest(claimId, undefined, undefined, s));
    throw explainApiError(e, name, `claim ${claimId} (withdrawn)`, lineNamer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const changes: Phrase[] = [`claim ${claimId} (${opts.type}) confirmed: ${lines.map((l) => `${l.quantity} × ${lineLabel(before, l.item)}`).join("; ")} to come back${locationId ? ` to ${locationId}` : ""}${inbound ? ` by ${inbound.name} (${money(before, opts.returnShippingAmount ?? 0)})` : ""}`];
  if (adds.length) changes.push((w) => `replacement to send: ${adds.map((a) => `${a.quantity} × ${a.label}`).join("; ")} by ${outbound!.name} (new lines; fulfil them with ${w.command("orders fulfill", name)})`);
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes, claimId };
}
