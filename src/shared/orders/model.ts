/**
 * The order model: what each verb would do next to an order as Medusa holds it, or why it cannot.
 * Pure: no reads, no writes. Every entry point decides here — the single-order verbs (through the
 * write functions of fulfillments.ts, payments.ts, returns.ts, lifecycle.ts), the batch runner,
 * the TUI's keys on one order and on marked orders, and the queues — so a verb does the same thing
 * wherever it is asked for. docs/architecture.md ("The order model") states the rules.
 *
 * A refusal carries a stable `code` (for programs and tests), a message for people, the error
 * kind the CLI maps to an exit code, and `done` when the verb has nothing left because it already
 * happened: a batch that is run again counts such an order as unchanged rather than skipped.
 */
import { type Fulfillment, fulfillmentsOf, money } from "./common.js";
import { minorDigits } from "../format.js";
import { OrderError, type OrderErrorKind, type Phrase } from "./errors.js";
import { type ItemQty, type LineQuantities, type OrderLine, lineQuantities, orderLines, resolveItems } from "./lines.js";
import { type AdminOrder, orderName, orderPayments } from "./read.js";

export type WhyCode =
  /** The order is canceled: no verb but archive acts on it. */
  | "canceled"
  /** The ask cannot be right (unknown line or fulfilment, a quantity or amount out of range). */
  | "bad-input"
  /** The line or fulfilment named has nothing left for the verb. */
  | "not-available"
  | "all-fulfilled"
  /** Ship: there is nothing fulfilled to ship yet. */
  | "not-fulfilled"
  | "all-shipped"
  /** Deliver: nothing shipped awaits delivery while something is still unshipped. */
  | "not-shipped"
  | "all-delivered"
  | "no-payment"
  | "all-captured"
  /** Refund: no captured money to give back. */
  | "not-captured"
  | "all-refunded"
  /** Cancel: a fulfilment stands (cancel it first) or has shipped (a return instead). */
  | "fulfilled"
  | "shipped"
  /** Return: nothing fulfilled is left to take back. */
  | "nothing-returnable"
  | "closed"
  /** Archive: only a completed, canceled or draft order. */
  | "not-closable";

export interface Why {
  code: WhyCode;
  message: Phrase;
  kind: Extract<OrderErrorKind, "input" | "state">;
  hint?: Phrase;
  /** Nothing left because the verb already happened (what a rerun of the same file meets). */
  done?: boolean;
}

export type Decision<P> = { ok: true; plan: P } | { ok: false; why: Why };

const yes = <P>(plan: P): Decision<P> => ({ ok: true, plan });
const no = (code: WhyCode, message: Phrase, more: { kind?: "input" | "state"; hint?: Phrase; done?: boolean } = {}): Decision<never> => ({
  ok: false,
  why: { code, message, kind: more.kind ?? "state", ...(more.hint !== undefined ? { hint: more.hint } : {}), ...(more.done ? { done: true } : {}) },
});

/**
 * The plan, or the refusal as the OrderError every entry point reports; `hint` words the way out
 * in the caller's terms (the TUI's keys) instead of the model's.
 */
export function orThrow<P>(d: Decision<P>, hint?: Phrase): P {
  if (d.ok) return d.plan;
  const h = hint ?? d.why.hint;
  throw new OrderError(d.why.message, d.why.kind, h === undefined ? {} : { hint: h });
}

/** Units of a line not fulfilled yet. */
export function leftToFulfil(q: LineQuantities): number {
  return Math.max(0, q.ordered - q.fulfilled);
}

/** Units of a line fulfilled and not shipped. */
export function leftToShip(q: LineQuantities): number {
  return Math.max(0, q.fulfilled - q.shipped);
}

/** Units of a line that can still come back (fulfilled, not already asked back, returned or dismissed). */
export function leftToReturn(q: LineQuantities): number {
  return Math.max(0, q.fulfilled - q.returnRequested - q.returned - q.dismissed);
}

const live = (o: AdminOrder) => fulfillmentsOf(o).filter((f) => !f.canceled_at);
const holds = (f: Fulfillment, lineId?: string) => !lineId || (f.items ?? []).some((i) => i.line_item_id === lineId);

function canceled(o: AdminOrder, action: string): Decision<never> | undefined {
  return o.status === "canceled" ? no("canceled", `order ${orderName(o)} is canceled: cannot ${action}`) : undefined;
}

/**
 * The fulfilment named by id, when it can still be shipped or delivered (`step`): unknown is a bad
 * ask, canceled cannot be, and one that already was is done.
 */
function named(o: AdminOrder, id: string, step: "shipped" | "delivered"): Decision<{ fulfillments: Fulfillment[] }> {
  const f = fulfillmentsOf(o).find((x) => x.id === id);
  if (!f) return no("bad-input", `order ${orderName(o)} has no fulfilment ${id} (it has: ${fulfillmentsOf(o).map((x) => x.id).join(", ") || "none"})`, { kind: "input" });
  if (f.canceled_at) return no("not-available", `order ${orderName(o)}: fulfilment ${id} is canceled`);
  if (step === "shipped" ? f.shipped_at : f.delivered_at) return no(step === "shipped" ? "all-shipped" : "all-delivered", `order ${orderName(o)}: fulfilment ${id} is already ${step}`, { done: true });
  return yes({ fulfillments: [f] });
}

/** An OrderError of a line lookup (lines.ts) as a refusal. */
function fromError(e: unknown): Decision<never> {
  if (!(e instanceof OrderError) || (e.kind !== "input" && e.kind !== "state")) throw e;
  return no(e.kind === "input" ? "bad-input" : "not-available", e.parts.message, { kind: e.kind, hint: e.parts.hint });
}

export interface LinePlan {
  item: OrderLine;
  quantity: number;
}

/**
 * Fulfil: the lines named (each at most what is left of it), else every line with units left.
 * `sku` (a courier file's row) narrows to that line, `quantity` of it at most.
 */
export function planFulfil(o: AdminOrder, ask: { items?: ItemQty[]; sku?: string; quantity?: number } = {}): Decision<{ lines: LinePlan[] }> {
  const c = canceled(o, "fulfil");
  if (c) return c;
  const name = orderName(o);
  if (ask.items?.length) {
    try {
      return yes({ lines: resolveItems(o, ask.items, leftToFulfil, "fulfil", "fulfilled") });
    } catch (e) {
      return fromError(e);
    }
  }
  let lines = orderLines(o).map((item) => ({ item, quantity: leftToFulfil(lineQuantities(item)) }));
  if (ask.sku !== undefined) {
    const line = lines.find((l) => l.item.variant_sku === ask.sku);
    if (!line) return no("bad-input", `order ${name} has no line with SKU ${ask.sku}`, { kind: "input" });
    lines = [{ item: line.item, quantity: Math.min(line.quantity, ask.quantity ?? line.quantity) }];
  }
  lines = lines.filter((l) => l.quantity > 0);
  if (!lines.length) return no("all-fulfilled", `order ${name}: every item${ask.sku !== undefined ? ` with SKU ${ask.sku}` : ""} is already fulfilled`, { done: true });
  return yes({ lines });
}

/**
 * Ship: the fulfilment named, else EVERY unshipped fulfilment (of the line `lineId`, for a courier
 * row that names a SKU), all with the same tracking: a parcel's label goes on each.
 */
export function planShip(o: AdminOrder, ask: { fulfillmentId?: string; lineId?: string } = {}): Decision<{ fulfillments: Fulfillment[] }> {
  const c = canceled(o, "ship");
  if (c) return c;
  const name = orderName(o);
  if (ask.fulfillmentId) return named(o, ask.fulfillmentId, "shipped");
  const open = live(o).filter((f) => !f.shipped_at && holds(f, ask.lineId));
  if (open.length) return yes({ fulfillments: open });
  const unfulfilled = orderLines(o).some((i) => (!ask.lineId || i.id === ask.lineId) && leftToFulfil(lineQuantities(i)) > 0);
  if (unfulfilled || !live(o).length) {
    return no("not-fulfilled", `order ${name} has no unshipped fulfilment`, { hint: (w) => `fulfil it first: ${w.command("orders fulfill", name)}` });
  }
  return no("all-shipped", `order ${name} has no unshipped fulfilment: everything fulfilled is shipped`, { done: true });
}

/** Deliver: the fulfilment named, else every shipped fulfilment not delivered yet. */
export function planDeliver(o: AdminOrder, ask: { fulfillmentId?: string } = {}): Decision<{ fulfillments: Fulfillment[] }> {
  const c = canceled(o, "deliver");
  if (c) return c;
  const name = orderName(o);
  if (ask.fulfillmentId) return named(o, ask.fulfillmentId, "delivered");
  const shipped = live(o).filter((f) => f.shipped_at && !f.delivered_at);
  if (shipped.length) return yes({ fulfillments: shipped });
  const unshipped = live(o).some((f) => !f.shipped_at);
  if (unshipped || !live(o).length) {
    return no("not-shipped", `order ${name} has no shipped fulfilment awaiting delivery`, {
      hint: unshipped ? (w) => `ship it first (${w.command("orders ship", name)}), or name the fulfilment with ${w.input("fulfillment")}` : (w) => `fulfil and ship it first: ${w.command("orders fulfill", name)}`,
    });
  }
  return no("all-delivered", `order ${name}: every shipment is already delivered`, { done: true });
}

export interface CapturePlan {
  targets: { payment: ReturnType<typeof orderPayments>[number]; amount: number }[];
  /** Sum of the targets. */
  total: number;
  /** Only part of what is authorised (an amount was asked for). */
  partial: boolean;
}

/** Capture: `amount` from the one payment that still holds that much, else each payment in full. */
export function planCapture(o: AdminOrder, ask: { amount?: number } = {}): Decision<CapturePlan> {
  const c = canceled(o, "capture");
  if (c) return c;
  const name = orderName(o);
  if (ask.amount !== undefined && !(ask.amount > 0)) return no("bad-input", "the amount to capture must be greater than 0", { kind: "input" });
  const payments = orderPayments(o).filter((p) => !p.payment.canceled_at);
  const open = payments.filter((p) => p.captured < p.amount);
  if (!open.length) return payments.length ? no("all-captured", `order ${name}: payment already captured`, { done: true }) : no("no-payment", `order ${name} has no payment to capture`);
  if (ask.amount === undefined) {
    const targets = open.map((payment) => ({ payment, amount: payment.amount - payment.captured }));
    return yes({ targets, total: targets.reduce((n, t) => n + t.amount, 0), partial: false });
  }
  const amount = ask.amount;
  const fit = open.find((p) => p.amount - p.captured >= amount - 1e-9);
  if (!fit) {
    const left = open.reduce((a, p) => Math.max(a, p.amount - p.captured), 0);
    return no("not-available", `order ${name}: only ${money(o, left)} left to capture (asked for ${money(o, amount)})`);
  }
  return yes({ targets: [{ payment: fit, amount }], total: amount, partial: true });
}

/** Medusa's pending difference: positive, owed by the customer; negative, owed back to them. */
export function pendingDifference(order: AdminOrder): number {
  return Number((order.summary as { pending_difference?: number } | undefined)?.pending_difference ?? 0);
}

/** How much Medusa says is owed back to the customer after a change (negative pending difference). */
export function refundDue(order: AdminOrder): number {
  return Math.max(0, -pendingDifference(order));
}

/** Amount still to collect from the customer (positive pending difference). */
export function paymentDue(order: AdminOrder): number {
  return Math.max(0, pendingDifference(order));
}

/**
 * Refund: `amount` from one captured payment that still holds that much. People (and --amount)
 * give cents; Medusa keeps what it owes exactly (23.7881): asked for the refund due to the cent,
 * the plan sends Medusa's own figure, so its books close at 0 rather than 0.0019.
 */
export function planRefund(o: AdminOrder, ask: { amount: number }): Decision<{ payment: ReturnType<typeof orderPayments>[number]; amount: number }> {
  const name = orderName(o);
  if (!(ask.amount > 0)) return no("bad-input", "the amount to refund must be greater than 0", { kind: "input" });
  const due = refundDue(o);
  if (due > 0 && Math.abs(ask.amount - due) < 0.5 / 10 ** minorDigits(o.currency_code)) ask = { amount: due };
  const most = refundable(o);
  if (!most.ok) return most;
  const fit = orderPayments(o).find((p) => !p.payment.canceled_at && p.captured - p.refunded >= ask.amount - 1e-9);
  if (!fit) return no("not-available", `order ${name}: only ${money(o, most.plan.left)} can be refunded (asked for ${money(o, ask.amount)})`);
  return yes({ payment: fit, amount: ask.amount });
}

/** The most one refund can give back (one payment's captured rest), or why nothing can be. */
export function refundable(o: AdminOrder): Decision<{ left: number }> {
  const name = orderName(o);
  const payments = orderPayments(o).filter((p) => !p.payment.canceled_at);
  if (payments.reduce((a, p) => a + p.captured, 0) <= 0) {
    return no("not-captured", `order ${name}: payment not captured; nothing to refund`, { hint: (w) => `capture first: ${w.command("orders capture", name)}` });
  }
  const left = payments.reduce((a, p) => Math.max(a, p.captured - p.refunded), 0);
  if (left <= 1e-9) return no("all-refunded", `order ${name}: everything captured is already refunded`, { done: true });
  return yes({ left });
}

/**
 * Cancel. Medusa cancels an order only once every fulfilment is canceled, and never a shipped
 * one, so goods that left need a return (and the money a refund) instead: the refusal says so
 * rather than Medusa's "All fulfillments must be canceled".
 */
export function planCancel(o: AdminOrder): Decision<Record<string, never>> {
  const name = orderName(o);
  if (o.status === "canceled") return no("canceled", `order ${name} is already canceled`, { done: true });
  const standing = live(o);
  const shipped = standing.filter((f) => f.shipped_at || f.delivered_at);
  if (shipped.length) {
    const state = shipped.some((f) => f.delivered_at) ? "delivered" : "shipped";
    return no("shipped", `order ${name} cannot be canceled: ${shipped.length === 1 ? `fulfilment ${shipped[0]!.id} is` : `${shipped.length} fulfilments are`} ${state}, and a shipped parcel cannot be called back`, {
      hint: (w) => `take the goods back with a return and refund the customer: ${w.command("returns create", name, `${w.input("item", "<line>:<qty>")} ${w.input("receive")} ${w.input("refund")}`)}; or refund without a return: ${w.command("orders refund", name, w.input("amount", "<amount>"))}`,
    });
  }
  if (standing.length) {
    return no("fulfilled", `order ${name} cannot be canceled while ${standing.length === 1 ? `fulfilment ${standing[0]!.id} stands` : `${standing.length} fulfilments stand`}`, {
      hint: (w) => `cancel ${standing.length === 1 ? "it" : "them"} first (nothing has shipped): ${standing.map((f) => w.command("fulfillments cancel", f.id)).join(", ")}`,
    });
  }
  return yes({});
}

/** Cancel a fulfilment: the one named, else those that can be (Medusa never cancels a shipped one). */
export function planCancelFulfilment(o: AdminOrder, ask: { fulfillmentId?: string } = {}): Decision<{ fulfillments: Fulfillment[] }> {
  const name = orderName(o);
  if (ask.fulfillmentId) {
    const f = fulfillmentsOf(o).find((x) => x.id === ask.fulfillmentId);
    if (!f) return no("bad-input", `order ${name} has no fulfilment ${ask.fulfillmentId}`, { kind: "input" });
    if (f.canceled_at) return no("not-available", `order ${name}: fulfilment ${f.id} is already canceled`, { done: true });
    if (f.shipped_at) return no("shipped", `order ${name}: fulfilment ${f.id} is shipped: a shipped fulfilment cannot be canceled`);
    return yes({ fulfillments: [f] });
  }
  const open = live(o).filter((f) => !f.shipped_at);
  if (!open.length) return no("not-available", `order ${name} has no fulfilment that can be canceled (shipped ones cannot)`);
  return yes({ fulfillments: open });
}

/** Return: the lines named, each at most what can still come back. */
export function planReturn(o: AdminOrder, ask: { items?: ItemQty[] }): Decision<{ lines: LinePlan[] }> {
  const c = canceled(o, "return items");
  if (c) return c;
  if (!ask.items?.length) {
    return returnable(o).length ? no("bad-input", (w) => `name the items to return with ${w.input("item", "<line>:<qty>")}`, { kind: "input" }) : no("nothing-returnable", `order ${orderName(o)}: nothing fulfilled is left to return`);
  }
  try {
    return yes({ lines: resolveItems(o, ask.items, leftToReturn, "return") });
  } catch (e) {
    return fromError(e);
  }
}

/** Every line with units that can still come back, in the numbering `orders show` prints. */
export function returnable(o: AdminOrder): (LinePlan & { number: number })[] {
  return orderLines(o)
    .map((item, i) => ({ item, number: i + 1, quantity: leftToReturn(lineQuantities(item)) }))
    .filter((l) => l.quantity > 0);
}

/** Complete or archive. Medusa 2.21 archives only completed, canceled or draft orders. */
export function planClose(o: AdminOrder, how: "complete" | "archive"): Decision<{ how: "complete" | "archive" }> {
  const name = orderName(o);
  const status = String(o.status);
  if (how === "complete" && (status === "completed" || status === "archived")) return no("closed", `order ${name} is already ${status}`, { done: true });
  if (how === "complete" && status === "canceled") return no("canceled", `order ${name} is canceled: cannot complete`);
  if (how === "archive" && status === "archived") return no("closed", `order ${name} is already archived`, { done: true });
  if (how === "archive" && !["completed", "canceled", "draft"].includes(status)) {
    return no("not-closable", `order ${name} is ${status}: only a completed or canceled order can be archived`, { hint: (w) => `complete it first: ${w.command("orders complete", name)}` });
  }
  return yes({ how });
}
