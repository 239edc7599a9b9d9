/**
 * Exchanges: items coming back and what goes out instead, in one call.
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
    /** How the items come back: a return shipping option id or name (the inbound leg). */
    returnShippingOption?: string;
    /** What the customer pays for the return shipping; default the option's price. */
    returnShippingAmount?: number;
  } & Signal,
): Promise<ActionResult & { exchangeId: string }> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  if (!opts.items?.length) throw new OrderError((w) => `name the items coming back with ${w.input("item", "<line>:<qty>")}`, "input");
  if (!opts.add?.length) throw new OrderError((w) => `name what goes out instead with ${w.input("add", "<variant or SKU>:<qty>")}`, "input");
  const lines = resolveItems(before, opts.items, returnable, "exchange");
  const adds = await resolveVariants(sdk, opts.add, opts);
  const locationId = opts.locationId ?? returnLocation(before, lines.map((l) => l.item.id));
  const outbound = await outboundOption(sdk, before, opts.shippingOption, opts);
  const inbound = opts.returnShippingOption ? await resolveShippingOption(sdk, opts.returnShippingOption, before.currency_code, opts) : undefined;
  const s = { signal: opts.signal };
  let exchangeId: string;
  try {
    const res = await sdk.admin.exchange.create({ order_id: before.id, ...(opts.note ? { internal_note: opts.note } : {}) }, undefined, undefined, s);
    exchangeId = res.exchange.id;
  } catch (e) {
    throw explainApiError(e, name, "create exchange", lineNamer(before));
  }
  try {
    await sdk.admin.exchange.addInboundItems(
      exchangeId,
      { ...(locationId ? { location_id: locationId } : {}), items: lines.map((l) => ({ id: l.item.id, quantity: l.quantity, ...(opts.reasonId ? { reason_id: opts.reasonId } : {}) })) } as HttpTypes.AdminAddExchangeInboundItems,
      undefined,
      undefined,
      s,
    );
    if (inbound) {
      await sdk.admin.exchange.addInboundShipping(
        exchangeId,
        { shipping_option_id: inbound.id, ...(opts.returnShippingAmount !== undefined ? { custom_amount: opts.returnShippingAmount } : {}) },
        undefined,
        undefined,
        s,
      );
    }
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
    throw explainApiError(e, name, `exchange ${exchangeId} (withdrawn)`, lineNamer(before));
  }
  const after = await loadOrder(sdk, before.id, opts.signal);
  const changes: Phrase[] = [
    `exchange ${exchangeId} confirmed: ${lines.map((l) => `${l.quantity} × ${lineLabel(before, l.item)}`).join("; ")} to come back${locationId ? ` to ${locationId}` : ""}${inbound ? ` by ${inbound.name} (${money(before, opts.returnShippingAmount ?? inbound.amount)})` : ""}`,
    (w) => `to send instead: ${adds.map((a) => `${a.quantity} × ${a.label}`).join("; ")} by ${outbound.name} (new lines; fulfil them with ${w.command("orders fulfill", name)})`,
  ];
  const note = balanceNote(after);
  if (note) changes.push(note);
  return { order: after, changes, exchangeId };
}
