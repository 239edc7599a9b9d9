/**
 * The one workflow of claims and exchanges: items come back (inbound, with an optional return
 * shipping), others may go out (outbound, with a shipping method), and the change is requested in
 * one go. Medusa makes it in steps (create, inbound, outbound, request); a step that fails cancels
 * what this call opened, so no half-made order change blocks the next one.
 */
import type { Medusa } from "../../sdk/index.js";
import { type Signal, lineNamer, money, undo } from "./common.js";
import { resolveVariants } from "./edits.js";
import { OrderError, explainApiError, type Phrase } from "./errors.js";
import { type ItemQty, type VariantQty, lineLabel, resolveItems } from "./lines.js";
import { leftToReturn, type LinePlan } from "./model.js";
import { type AdminOrder, type OrderRef, loadOrder, orderName } from "./read.js";
import { returnLocation } from "./returns.js";
import { outboundOption, resolveShippingOption } from "./shipping.js";

/** What a claim or an exchange asks: the lines coming back and what goes out instead. */
export interface ItemsBackAndOut {
  items: ItemQty[];
  add?: VariantQty[];
  reasonId?: string;
  locationId?: string;
  note?: string;
  /** How what goes out ships: a shipping option id or name; default the order's own. */
  shippingOption?: string;
  /** What the customer pays for that shipping; default per kind (see ChangeRoutes). */
  shippingAmount?: number;
  /** How the items come back: a return shipping option id or name (the inbound leg). */
  returnShippingOption?: string;
  /** What the customer pays for the return shipping; default per kind. */
  returnShippingAmount?: number;
}

type Shipping = { shipping_option_id: string; custom_amount?: number };
/** One step of Medusa's order-change routes: (id, body, query, headers, request options). */
// `any`: the claim and exchange routes take bodies of their own types, alike in shape.
type ChangeStep = (id: string, body: any, query?: undefined, headers?: undefined, opts?: Signal) => Promise<unknown>;

/** Medusa's routes of one kind of order change (`sdk.admin.claim`, `sdk.admin.exchange` have the same). */
export interface ChangeRoutes {
  kind: "claim" | "exchange";
  /** The amount charged for a leg when none is given; undefined leaves it to the option's price. */
  defaultAmount?: number;
  create(orderId: string, note: string | undefined, s: Signal): Promise<string>;
  resource: {
    addInboundItems: ChangeStep;
    addInboundShipping: ChangeStep;
    addOutboundItems: ChangeStep;
    addOutboundShipping: ChangeStep;
    request: ChangeStep;
    cancelRequest(id: string, query?: undefined, headers?: undefined, opts?: Signal): Promise<unknown>;
  };
}

/**
 * What is wrong with the ask before anything is read or sent (commands call it before they
 * confirm; the workflow calls it again): no lines, nothing to send where something must go out,
 * a return shipping amount without its option.
 */
export function itemsBackAndOutProblem(kind: "claim" | "exchange", ask: Pick<ItemsBackAndOut, "items" | "add" | "returnShippingOption" | "returnShippingAmount">, needsAdd: boolean): OrderError | undefined {
  if (!ask.items?.length) return new OrderError((w) => `name the ${kind === "claim" ? "claimed items" : "items coming back"} with ${w.input("item", "<line>:<qty>")}`, "input");
  if (needsAdd && !ask.add?.length) return new OrderError((w) => kind === "claim" ? `a replace claim needs what to send: ${w.input("add", "<variant or SKU>:<qty>")}` : `name what goes out instead with ${w.input("add", "<variant or SKU>:<qty>")}`, "input");
  if (ask.returnShippingAmount !== undefined && !ask.returnShippingOption) return new OrderError((w) => `${w.input("returnShippingAmount")} needs ${w.input("returnShippingOption")}`, "input");
  return undefined;
}

export interface ChangeDone {
  changeId: string;
  before: AdminOrder;
  after: AdminOrder;
  changes: Phrase[];
}

/** Runs the workflow and words what it did; `label` names the change ("claim claim_… (refund)"). */
export async function runItemsBackAndOut(sdk: Medusa, order: OrderRef, ask: ItemsBackAndOut & Signal, routes: ChangeRoutes, label: (id: string) => string, needsAdd: boolean): Promise<ChangeDone> {
  const before = await loadOrder(sdk, order, ask.signal);
  const problem = itemsBackAndOutProblem(routes.kind, ask, needsAdd);
  if (problem) throw problem;
  const name = orderName(before);
  const lines: LinePlan[] = resolveItems(before, ask.items, leftToReturn, routes.kind);
  const adds = ask.add?.length ? await resolveVariants(sdk, ask.add, ask) : [];
  const locationId = ask.locationId ?? returnLocation(before, lines.map((l) => l.item.id));
  const outbound = adds.length ? await outboundOption(sdk, before, ask.shippingOption, ask) : undefined;
  const inbound = ask.returnShippingOption ? await resolveShippingOption(sdk, ask.returnShippingOption, before.currency_code, ask) : undefined;
  const amount = (given: number | undefined) => given ?? routes.defaultAmount;
  const leg = (id: string, given: number | undefined): Shipping => (amount(given) === undefined ? { shipping_option_id: id } : { shipping_option_id: id, custom_amount: amount(given) });
  const s = { signal: ask.signal };
  const namer = lineNamer(before);
  let id: string;
  try {
    id = await routes.create(before.id, ask.note, s);
  } catch (e) {
    throw explainApiError(e, name, `create ${routes.kind}`, namer);
  }
  const r = routes.resource;
  try {
    await r.addInboundItems(id, { ...(locationId ? { location_id: locationId } : {}), items: lines.map((l) => ({ id: l.item.id, quantity: l.quantity, ...(ask.reasonId ? { reason_id: ask.reasonId } : {}) })) }, undefined, undefined, s);
    if (inbound) await r.addInboundShipping(id, leg(inbound.id, ask.returnShippingAmount), undefined, undefined, s);
    if (adds.length) {
      await r.addOutboundItems(id, { items: adds.map((a) => ({ variant_id: a.variantId, quantity: a.quantity })) }, undefined, undefined, s);
      await r.addOutboundShipping(id, leg(outbound!.id, ask.shippingAmount), undefined, undefined, s);
    }
    await r.request(id, {}, undefined, undefined, s);
  } catch (e) {
    await undo(() => r.cancelRequest(id, undefined, undefined, s));
    throw explainApiError(e, name, `${routes.kind} ${id} (withdrawn)`, namer);
  }
  const after = await loadOrder(sdk, before.id, ask.signal);
  const changes: Phrase[] = [
    `${label(id)} confirmed: ${lines.map((l) => `${l.quantity} × ${lineLabel(before, l.item)}`).join("; ")} to come back${locationId ? ` to ${locationId}` : ""}${inbound ? ` by ${inbound.name} (${money(before, amount(ask.returnShippingAmount) ?? inbound.amount)})` : ""}`,
  ];
  if (adds.length) {
    const what = routes.kind === "claim" ? "replacement to send" : "to send instead";
    changes.push((w) => `${what}: ${adds.map((a) => `${a.quantity} × ${a.label}`).join("; ")} by ${outbound!.name} (new lines; fulfil them with ${w.command("orders fulfill", name)})`);
  }
  return { changeId: id, before, after, changes };
}
