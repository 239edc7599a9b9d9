/**
 * What work an order still needs, as pure rules over an order as Medusa answers it: the on-call
 * queues (to fulfil, to ship, to capture), the compact facts the local order index keeps, and
 * which status filters that index can answer.
 *
 * Medusa 2.21's `GET /admin/orders` filters by `status`, dates and ids, but ignores
 * `payment_status` and `fulfillment_status` (computed on every read from the payment collections,
 * the fulfilments and the lines' quantities). These rules are the one place that says how an order
 * falls into a queue; the TUI, `orders list`, `orders pick-list` and the index all use them. What
 * is left to fulfil or ship on a line is the order model's (model.ts), as the verbs count it; a
 * canceled order is in no queue, as no verb but archive acts on it.
 */
import { lineQuantities, type OrderLine } from "./lines.js";
import { leftToFulfil, leftToShip } from "./model.js";

type Row = Record<string, unknown>;

/** Orders work can still be done on. A canceled, archived or draft order is in no queue. */
export const OPEN_STATUSES: readonly string[] = ["pending", "requires_action"];
/** Payment states with money authorized and not yet captured. */
export const CAPTURABLE: readonly string[] = ["authorized", "partially_authorized", "partially_captured"];

export type QueueName = "to-fulfil" | "to-ship" | "to-capture";

/** The facts about an order that decide its queues: what the index keeps, one small record per order. */
export interface OrderFacts {
  id: string;
  display_id: number;
  /** Epoch milliseconds. */
  created: number;
  updated: number;
  status: string;
  payment: string;
  fulfillment: string;
  /** Units ordered and not yet fulfilled (returned units count as done). */
  unfulfilled: number;
  /** Units fulfilled and not yet shipped. */
  unshipped: number;
}

/** Units left to fulfil and to ship over the order's lines (model.ts); undefined when the lines were not read. */
function units(order: Row): { unfulfilled: number; unshipped: number } | undefined {
  if (!Array.isArray(order.items)) return undefined;
  const t = { unfulfilled: 0, unshipped: 0 };
  for (const item of order.items as OrderLine[]) {
    const q = lineQuantities(item);
    t.unfulfilled += leftToFulfil(q);
    t.unshipped += leftToShip(q);
  }
  return t;
}

const word = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const time = (v: unknown) => {
  const t = typeof v === "string" || v instanceof Date ? new Date(v).getTime() : NaN;
  return Number.isFinite(t) ? t : 0;
};

/** The facts of an order read with its lines (`items`, as `GET /admin/orders` always returns them). */
export function factsOf(order: Row): OrderFacts {
  const u = units(order);
  return {
    id: word(order.id),
    display_id: Number(order.display_id ?? 0) || 0,
    created: time(order.created_at),
    updated: time(order.updated_at),
    status: word(order.status),
    payment: word(order.payment_status),
    fulfillment: word(order.fulfillment_status),
    unfulfilled: u?.unfulfilled ?? 0,
    unshipped: u?.unshipped ?? 0,
  };
}

/**
 * Whether an order is in a queue. To fulfil: open, with units not fulfilled. To ship: open, with
 * units fulfilled and not shipped. To capture: not canceled (a completed order may still owe a
 * capture), with money authorized and not captured.
 */
export function inQueue(queue: QueueName, f: OrderFacts): boolean {
  const open = OPEN_STATUSES.includes(f.status);
  switch (queue) {
    case "to-fulfil":
      return open && f.unfulfilled > 0;
    case "to-ship":
      return open && f.unshipped > 0;
    case "to-capture":
      return (open || f.status === "completed") && CAPTURABLE.includes(f.payment);
  }
}

/** The same rule over an order as read (the TUI's rows, `orders list`'s pages). */
export function orderInQueue(queue: QueueName, order: Row): boolean {
  return inQueue(queue, factsOf(order));
}

/**
 * Fulfilment and payment states that few orders of a long history stay in: the work still to do,
 * and the canceled orders (Medusa calls those `not_fulfilled`). Delivered, shipped, captured and
 * refunded orders are the bulk of any history and are found quickly by reading pages in order.
 */
export const SPARSE_FULFILLMENT: readonly string[] = ["not_fulfilled", "partially_fulfilled", "fulfilled", "partially_shipped", "partially_delivered"];
export const SPARSE_PAYMENT: readonly string[] = ["not_paid", "awaiting", "authorized", "partially_authorized", "partially_captured", "requires_action"];

/** Whether the index keeps an order: it is in a queue, or in a sparse state a filter may ask for. */
export function worthIndexing(f: OrderFacts): boolean {
  return (
    inQueue("to-fulfil", f) ||
    inQueue("to-ship", f) ||
    inQueue("to-capture", f) ||
    f.status === "requires_action" ||
    SPARSE_FULFILLMENT.includes(f.fulfillment) ||
    SPARSE_PAYMENT.includes(f.payment)
  );
}

export interface StatusFilter {
  status?: readonly string[];
  payment?: readonly string[];
  fulfillment?: readonly string[];
}

/**
 * Whether the index holds every order a filter can match: at least one of the computed filters is
 * given and names sparse states only. (`--fulfillment-status delivered` is not: most orders are
 * delivered, and reading pages finds them at once.)
 */
export function indexAnswers(filter: StatusFilter): boolean {
  const f = filter.fulfillment ?? [];
  const p = filter.payment ?? [];
  const sparseF = f.length > 0 && f.every((w) => SPARSE_FULFILLMENT.includes(w));
  const sparseP = p.length > 0 && p.every((w) => SPARSE_PAYMENT.includes(w));
  return sparseF || sparseP;
}

/** Whether an order's facts match a status filter (every given list must contain the order's word). */
export function matchesFilter(f: OrderFacts, filter: StatusFilter): boolean {
  return (
    (!filter.status?.length || filter.status.includes(f.status)) &&
    (!filter.payment?.length || filter.payment.includes(f.payment)) &&
    (!filter.fulfillment?.length || filter.fulfillment.includes(f.fulfillment))
  );
}
