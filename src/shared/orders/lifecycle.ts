/**
 * An order as a whole: cancel, complete or archive, transfer to another customer, cancel a pending
 * order change.
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { type ActionResult, type Signal, lineNamer, money } from "./common.js";
import { orThrow, planCancel, planClose } from "./model.js";
import { OrderError, explainApiError } from "./errors.js";
import { type OrderRef, loadOrder, orderName } from "./read.js";
import { loadReturn } from "./returns.js";

/** Cancels the order (Medusa refuses once something is fulfilled and not canceled). */
export async function cancelOrder(sdk: Medusa, order: OrderRef, opts: Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  orThrow(planCancel(before));
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
  // Medusa 2.21's refusal to archive an open order says the opposite ("… are completed, canceled,
  // or in draft and cannot be archived"): the model says it plainly.
  orThrow(planClose(before, how));
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
