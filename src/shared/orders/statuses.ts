/**
 * The words Medusa 2.21 uses for an order's three statuses (OrderStatus, PaymentStatus and
 * FulfillmentStatus in @medusajs/utils), so a typo is caught before a request: Medusa answers an
 * unknown `status` filter with a 500.
 */
export const ORDER_STATUSES = ["pending", "completed", "draft", "archived", "canceled", "requires_action"] as const;
export const PAYMENT_STATUSES = [
  "not_paid",
  "awaiting",
  "authorized",
  "partially_authorized",
  "captured",
  "partially_captured",
  "partially_refunded",
  "refunded",
  "canceled",
  "requires_action",
] as const;
export const FULFILLMENT_STATUSES = [
  "not_fulfilled",
  "partially_fulfilled",
  "fulfilled",
  "partially_shipped",
  "shipped",
  "partially_delivered",
  "delivered",
  "canceled",
] as const;

export type StatusKind = "status" | "payment" | "fulfillment";

const KINDS: { kind: StatusKind; flag: string; words: readonly string[]; name: string }[] = [
  { kind: "status", flag: "--status", words: ORDER_STATUSES, name: "an order status" },
  { kind: "payment", flag: "--payment-status", words: PAYMENT_STATUSES, name: "a payment status" },
  { kind: "fulfillment", flag: "--fulfillment-status", words: FULFILLMENT_STATUSES, name: "a fulfilment status" },
];

/**
 * Why `word` is not a status of `kind`, with where it belongs if it is another kind's word
 * ("shipped" is a fulfilment status), or undefined when it is fine.
 */
export function statusProblem(kind: StatusKind, word: string): string | undefined {
  const own = KINDS.find((k) => k.kind === kind)!;
  const w = statusWord(word);
  if (own.words.includes(w)) return undefined;
  const others = KINDS.filter((k) => k.kind !== kind && k.words.includes(w));
  const where = others.length ? `. "${w}" is ${others[0]!.name}: use ${others.map((k) => `${k.flag} ${w}`).join(" or ")}` : "";
  return `"${word}" is not ${own.name}; allowed: ${own.words.join(", ")}${where}`;
}

/** The canonical word ("Not fulfilled" → "not_fulfilled"). */
export function statusWord(word: string): string {
  return word.trim().toLowerCase().replace(/[\s-]+/g, "_");
}
