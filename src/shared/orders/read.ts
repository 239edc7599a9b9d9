import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import { OrderError, explainApiError } from "./errors.js";
import { NameLookupError, resolveName, sameName } from "../resolve.js";

export type AdminOrder = HttpTypes.AdminOrder;
/** An order as read, or its id. */
export type OrderRef = AdminOrder | string;

/**
 * What order operations and `orders show` read: Medusa's defaults leave out the email, the
 * currency, the customer, fulfilment items and labels, captures, refunds and returns.
 */
export const ORDER_FIELDS = [
  "+email",
  "+currency_code",
  "+customer_id",
  "+sales_channel_id",
  "+canceled_at",
  "*customer",
  "*items",
  "*fulfillments",
  "*fulfillments.items",
  "*fulfillments.labels",
  "*payment_collections",
  "*payment_collections.payments",
  "*payment_collections.payments.captures",
  "*payment_collections.payments.refunds",
  "*returns",
  "*returns.items",
].join(",");

export interface ReadOpts {
  fields?: string;
  signal?: AbortSignal;
}

/** "#21" for messages; the id when the display id is unknown. */
export function orderName(order: Pick<AdminOrder, "id" | "display_id"> | string): string {
  if (typeof order === "string") return order;
  return order.display_id !== undefined && order.display_id !== null ? `#${order.display_id}` : order.id;
}

async function retrieve(sdk: Medusa, id: string, opts: ReadOpts, name: string): Promise<AdminOrder> {
  try {
    const { order } = await sdk.admin.order.retrieve(id, { fields: opts.fields ?? ORDER_FIELDS }, undefined, { signal: opts.signal });
    return order;
  } catch (e) {
    if ((e as { status?: number }).status === 404) throw new OrderError(`order ${name} not found`, "api", { cause: e, status: 404 });
    throw explainApiError(e, name, "read");
  }
}

/**
 * Finds an order by `order_…` id, display id (`123`) or `#123`. Medusa's order list has no
 * display-id filter, so a display id is searched with `q` and matched exactly.
 */
export async function resolveOrder(sdk: Medusa, ref: string, opts: ReadOpts = {}): Promise<AdminOrder> {
  const id = await resolveOrderId(sdk, ref, opts);
  return retrieve(sdk, id, opts, id === ref.trim() ? id : `#${/\d+/.exec(ref)![0]}`);
}

/**
 * The id of the order `ref` names (an `order_…` id as it is, a display id looked up), so that two
 * references to one order are known as one before anything is planned.
 */
export async function resolveOrderId(sdk: Medusa, ref: string, opts: ReadOpts = {}): Promise<string> {
  const text = ref.trim();
  if (text.startsWith("order_")) return text;
  const m = /^#?(\d+)$/.exec(text);
  if (!m) throw new OrderError(`"${ref.slice(0, 80)}" is not an order: expected an order_… id, a display id (123) or #123`, "input");
  const displayId = Number(m[1]);
  for await (const o of sdk.admin.order.paginate<AdminOrder>({ q: String(displayId), fields: "id,display_id", limit: 100 }, { signal: opts.signal })) {
    if (Number(o.display_id) === displayId) return o.id;
  }
  throw new OrderError(`order #${displayId} not found`, "api", { status: 404 });
}

/** Reads the order afresh with the fields operations need (an AdminOrder passed in may be stale or partial). */
export async function loadOrder(sdk: Medusa, order: OrderRef, signal?: AbortSignal): Promise<AdminOrder> {
  const id = typeof order === "string" ? order : order.id;
  if (typeof order === "string" && !order.startsWith("order_")) return resolveOrder(sdk, order, { signal });
  return retrieve(sdk, id, { signal }, typeof order === "string" ? order : orderName(order));
}

/** "pending · payment captured · fulfilment shipped" — the statuses Medusa computes on reads only. */
export function statusLine(order: Pick<AdminOrder, "status" | "payment_status" | "fulfillment_status">): string {
  return `${order.status} · payment ${order.payment_status ?? "?"} · fulfilment ${order.fulfillment_status ?? "?"}`;
}

type Payment = HttpTypes.AdminPayment & { captures?: { id: string; amount: number }[]; refunds?: { id: string; amount: number }[] };

/** Every payment of the order (across payment collections), with what was captured and refunded. */
export function orderPayments(order: AdminOrder): { payment: Payment; amount: number; captured: number; refunded: number }[] {
  const out: { payment: Payment; amount: number; captured: number; refunded: number }[] = [];
  for (const pc of order.payment_collections ?? []) {
    for (const p of (pc.payments ?? []) as Payment[]) {
      const sum = (xs?: { amount: number }[]) => (xs ?? []).reduce((a, x) => a + Number(x.amount ?? 0), 0);
      out.push({ payment: p, amount: Number(p.amount ?? 0), captured: sum(p.captures), refunded: sum(p.refunds) });
    }
  }
  return out;
}

/** A customer by `cus_…` id or e-mail (exact, case-insensitive). */
export async function resolveCustomer(sdk: Medusa, ref: string, opts: ReadOpts = {}): Promise<HttpTypes.AdminCustomer> {
  const text = ref.trim();
  if (text.startsWith("cus_")) {
    try {
      return (await sdk.admin.customer.retrieve(text, undefined, undefined, { signal: opts.signal })).customer;
    } catch (e) {
      if ((e as { status?: number }).status === 404) throw new OrderError(`customer ${text} not found`, "api", { cause: e, status: 404 });
      throw e;
    }
  }
  if (!text.includes("@")) throw new OrderError(`"${ref}" is not a customer: expected a cus_… id or an e-mail address`, "input");
  try {
    return await resolveName({
      what: "customer",
      value: text,
      page: async (q) => (await sdk.admin.customer.list({ ...q, q: text }, undefined, { signal: opts.signal })).customers,
      matches: (c) => sameName(c.email, text, true),
      describe: (c) => `${c.email} (${c.id}${c.has_account ? "" : ", guest"})`,
      // A guest and a registered customer may share an e-mail; a transfer needs the account.
      prefer: (hits) => hits.find((c) => c.has_account) ?? hits[0],
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof NameLookupError) throw new OrderError(`no customer with e-mail ${text}`, "api", { status: 404 });
    throw e;
  }
}

export interface OrderDetail {
  order: AdminOrder;
  claims: HttpTypes.AdminClaim[];
  exchanges: HttpTypes.AdminExchange[];
  changes: HttpTypes.AdminOrderChange[];
}

/**
 * Everything `orders show` presents: the order, its claims and exchanges (not relations of the
 * order in Medusa 2.21, so listed by order id) and its change history, read in parallel.
 */
export async function loadOrderDetail(sdk: Medusa, ref: string, opts: ReadOpts = {}): Promise<OrderDetail> {
  const order = await resolveOrder(sdk, ref, opts);
  const s = { signal: opts.signal };
  const [claims, exchanges, changes] = await Promise.all([
    sdk.admin.claim.list({ order_id: order.id, limit: 100 }, undefined, s).then((r) => r.claims),
    sdk.admin.exchange.list({ order_id: order.id, limit: 100 }, undefined, s).then((r) => r.exchanges),
    sdk.admin.order.listChanges(order.id, undefined, undefined, s).then((r) => (r as { order_changes: HttpTypes.AdminOrderChange[] }).order_changes),
  ]);
  return { order, claims: claims ?? [], exchanges: exchanges ?? [], changes: changes ?? [] };
}
