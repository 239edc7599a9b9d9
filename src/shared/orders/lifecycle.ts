/**
 * An order as a whole: cancel, complete or archive, transfer to another customer, cancel a pending
 * order change.
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { type ActionResult, type Signal, fulfillmentsOf, lineNamer, money } from "./common.js";
import { OrderError, explainApiError } from "./errors.js";
import { type AdminOrder, type OrderRef, loadOrder, orderName } from "./read.js";
import { loadReturn } from "./returns.js";

/**
 * Why the order cannot be canceled as it stands, and the way out, or undefined. Medusa cancels an
 * order only once every fulfilment is canceled, and it never cancels a shipped one, so goods that
 * left need a return (and the money a refund) instead: the message says so rather than Medusa's
 * "All fulfillments must be canceled".
 */
export function cancelBlocker(order: AdminOrder): OrderError | undefined {
  const name = orderName(order);
  if (order.status === "canceled") return new OrderError(`order ${name} is already canceled`, "state");
  const live = fulfillmentsOf(order).filter((f) => !f.canceled_at);
  const shipped = live.filter((f) => f.shipped_at || f.delivered_at);
  if (shipped.length) {
    const state = shipped.some((f) => f.delivered_at) ? "delivered" : "shipped";
    return new OrderError(`order ${name} cannot be canceled: ${shipped.length === 1 ? `fulfilment ${shipped[0]!.id} is` : `${shipped.length} fulfilments are`} ${state}, and a shipped parcel cannot be called back`, "state", {
      hint: (w) => `take the goods back with a return and refund the customer: ${w.command("returns create", name, `${w.input("item", "<line>:<qty>")} ${w.input("receive")} ${w.input("refund")}`)}; or refund without a return: ${w.command("orders refund", name, w.input("amount", "<amount>"))}`,
    });
  }
  if (live.length) {
    return new OrderError(`order ${name} cannot be canceled while ${live.length === 1 ? `fulfilment ${live[0]!.id} stands` : `${live.length} fulfilments stand`}`, "state", {
      hint: (w) => `cancel ${live.length === 1 ? "it" : "them"} first (nothing has shipped): ${live.map((f) => w.command("fulfillments cancel", f.id)).join(", ")}`,
    });
  }
  return undefined;
}

/** Cancels the order (Medusa refuses once something is fulfilled and not canceled). */
export async function cancelOrder(sdk: Medusa, order: OrderRef, opts: Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  const blocked = cancelBlocker(before);
  if (blocked) throw blocked;
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
  // Medusa 2.21 archives only completed, canceled or draft orders, and its refusal says the
  // opposite ("… are completed, canceled, or in draft and cannot be archived"): say it plainly.
  if (how === "archive" && !["completed", "canceled", "draft"].includes(String(before.status))) {
    throw new OrderError(`order ${name} is ${before.status}: only a completed or canceled order can be archived`, "state", { hint: (w) => `complete it first: ${w.command("orders complete", name)}` });
  }
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
      throw new OrderError((err as Error).message, "state", { cause: e, status: 400, hint: (w) => `Medusa accepts this only from a logged-in admin user, not a secret API key: use a profile from \`${w.command("login", "")}\` with e-mail and password` });
    }
    throw err;
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes: [`canceled the transfer request of order ${name}`] };
}

/** Cancels a return, claim or exchange by id (`return_…`, `claim_…`, `oexc_…`). */
export async function cancelOrderChange(sdk: Medusa, id: string, opts: Signal = {}): Promise<ActionResult> {
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
    throw explainApiError(e, orderName(before), `cancel ${kind} ${id}`, lineNamer(before));
  }
  return { order: await loadOrder(sdk, orderId, opts.signal), changes: [`canceled ${kind} ${id} of order ${orderName(before)}`] };
}
