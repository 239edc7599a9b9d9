/**
 * The order queue's words, without React or Ink: Medusa's status vocabularies, the fulfilment an
 * order still needs, and the on-call filters (to fulfil, to ship, to capture, canceled).
 *
 * Medusa 2.21's `GET /admin/orders` filters by `status` only (a string, a list, or an operator map
 * such as `status[$ne]=canceled`; an unknown value answers 500). `payment_status` and
 * `fulfillment_status` are computed on read and silently ignored as filters (the count does not
 * change), so those parts of a queue run locally over the pages read, on top of the server's
 * `status` narrowing.
 */
import { lineQuantities, type OrderLine } from "../shared/orders/lines.js";
import { OPEN_STATUSES, orderInQueue, type QueueName } from "../shared/orders/queues.js";
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from "../shared/orders/statuses.js";

type Row = Record<string, unknown>;

const STATUS_WORDS = new Set<string>([...ORDER_STATUSES, ...PAYMENT_STATUSES, ...FULFILLMENT_STATUSES, "requested", "received", "published", "proposed", "rejected"]);

/** A word that names a status: a filter for it matches status cells exactly, never as a substring. */
export function isStatusWord(word: string): boolean {
  return STATUS_WORDS.has(word.trim().toLowerCase());
}

/** Ordered, fulfilled, shipped and delivered units over the order's lines. */
export function unitTotals(order: Row): { ordered: number; fulfilled: number; shipped: number; delivered: number } | undefined {
  if (!Array.isArray(order.items)) return undefined;
  const t = { ordered: 0, fulfilled: 0, shipped: 0, delivered: 0 };
  for (const item of order.items as OrderLine[]) {
    const q = lineQuantities(item);
    t.ordered += q.ordered;
    t.fulfilled += q.fulfilled;
    t.shipped += q.shipped;
    t.delivered += q.delivered;
  }
  return t;
}

/** Medusa's fulfilment words, worked out from the lines' quantities. */
export function fulfilmentFromItems(order: Row): string | undefined {
  const t = unitTotals(order);
  if (!t) return undefined;
  const step = (done: number, word: string) => (t.ordered > 0 && done >= t.ordered ? word : done > 0 ? `partially_${word}` : undefined);
  return step(t.delivered, "delivered") ?? step(t.shipped, "shipped") ?? step(t.fulfilled, "fulfilled") ?? "not_fulfilled";
}

/**
 * The fulfilment column: Medusa's `fulfillment_status`, except that Medusa 2.21 reports
 * `canceled` once the order's only fulfilment was canceled, though the order is open and still
 * needs fulfilling. Then the lines say what the order needs (`not_fulfilled`, …).
 */
export function fulfilmentNeed(order: Row): string {
  const reported = order.fulfillment_status === null || order.fulfillment_status === undefined ? "" : String(order.fulfillment_status);
  if (reported !== "canceled" || order.status === "canceled") return reported;
  return fulfilmentFromItems(order) ?? reported;
}

/** An on-call filter of the order list: what the server narrows (`status`) and what runs locally on top. */
export interface OrderQueue {
  /** The `:` name (`:to-ship`) and the word in the list's title. */
  name: string;
  aliases: readonly string[];
  /** The single key on the order list. */
  key: string;
  title: string;
  /** The `?` help line of its key. */
  help: string;
  /** Query parameters Medusa filters by. */
  server: Record<string, unknown>;
  /** The rows kept of what the server answered; without it the server's count is exact. */
  keeps?: (order: Row) => boolean;
  /** The rule of src/shared/orders/queues.ts this queue is; the order index holds its orders. */
  rule?: QueueName;
}

const OPEN = [...OPEN_STATUSES];

export const ORDER_QUEUES: readonly OrderQueue[] = [
  { name: "all", aliases: [], key: "0", title: "all", help: "all orders: no queue filter (:orders)", server: {} },
  {
    name: "to-fulfil",
    aliases: ["to-fulfill", "tf"],
    key: "1",
    title: "to fulfil",
    help: "to fulfil: open orders with items not fulfilled (:to-fulfil)",
    server: { status: OPEN },
    rule: "to-fulfil",
    keeps: (o) => orderInQueue("to-fulfil", o),
  },
  {
    name: "to-ship",
    aliases: ["ts"],
    key: "2",
    title: "to ship",
    help: "to ship: open orders with a fulfilment not shipped (:to-ship)",
    server: { status: OPEN },
    rule: "to-ship",
    keeps: (o) => orderInQueue("to-ship", o),
  },
  {
    name: "to-capture",
    aliases: ["tc"],
    key: "3",
    title: "to capture",
    help: "to capture: a payment authorized, not captured (:to-capture)",
    server: { status: [...OPEN, "completed"] },
    rule: "to-capture",
    keeps: (o) => orderInQueue("to-capture", o),
  },
  { name: "canceled", aliases: ["cancelled"], key: "4", title: "canceled", help: "canceled: orders whose status is canceled (:canceled)", server: { status: ["canceled"] } },
];

export function findQueue(word: string | undefined): OrderQueue | undefined {
  const w = (word ?? "").trim().toLowerCase();
  if (!w) return undefined;
  return ORDER_QUEUES.find((q) => q.name === w || q.aliases.includes(w));
}
