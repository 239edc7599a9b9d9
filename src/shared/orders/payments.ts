/**
 * Payments of an order: capture and refund (never repeated on their own: an uncertain outcome is
 * read back), balances, marking a collection paid.
 */
import type { HttpTypes } from "@medusajs/types";
import { mayHaveBeenApplied } from "../../sdk/errors.js";
import type { Medusa } from "../../sdk/index.js";
import { formatMoney, minorDigits, toMinor } from "../format.js";
import { type ActionResult, type Signal, money } from "./common.js";
import { orThrow, pendingDifference, planCapture, planRefund } from "./model.js";
import { OrderError, explainApiError, type Phrase } from "./errors.js";
import { type AdminOrder, type OrderRef, loadOrder, orderName, orderPayments } from "./read.js";

/**
 * Runs a capture or refund once (no automatic retry, CONTRACT.md §5). If the outcome is uncertain,
 * reads the order back and decides from what Medusa recorded: `happened` compares the payment
 * before and after.
 */
export async function moneyOnce(
  sdk: Medusa,
  before: AdminOrder,
  action: string,
  call: () => Promise<unknown>,
  happened: (after: AdminOrder) => boolean,
  signal?: AbortSignal,
): Promise<{ order: AdminOrder; note?: string }> {
  const name = orderName(before);
  try {
    await call();
  } catch (e) {
    if (!mayHaveBeenApplied(e)) throw explainApiError(e, name, action);
    let after: AdminOrder;
    try {
      after = await loadOrder(sdk, before.id, signal);
    } catch (readErr) {
      throw new OrderError(
        `order ${name}: ${action}: no answer from Medusa (${(e as Error).message}) and the order could not be read back (${(readErr as Error).message}); it may or may not have happened`,
        "uncertain",
        { cause: e, hint: (w) => `check with \`${w.command("orders show", name)}\` before trying again; medusactl never repeats a ${action} on its own` },
      );
    }
    if (happened(after)) return { order: after, note: `no answer from Medusa (${(e as Error).message}); reading the order back shows the ${action} went through` };
    throw new OrderError(`order ${name}: ${action}: no answer from Medusa (${(e as Error).message}); reading the order back shows no ${action} recorded`, "uncertain", {
      cause: e,
      hint: (w) => `check again with \`${w.command("orders show", name)}\` before retrying: a slow ${action} may still land`,
    });
  }
  return { order: await loadOrder(sdk, before.id, signal) };
}

/**
 * Captures authorised payments (model.ts: planCapture): `amount` from the one payment that still
 * has that much to capture, else each payment in full. Never retried automatically.
 */
export async function captureOrder(sdk: Medusa, order: OrderRef, opts: { amount?: number } & Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const plan = orThrow(planCapture(before, { amount: opts.amount }));
  const changes: Phrase[] = [];
  let after = before;
  for (const t of plan.targets) {
    const captures = new Set((t.payment.payment.captures ?? []).map((c) => c.id));
    const res = await moneyOnce(
      sdk,
      before,
      "capture",
      () => sdk.admin.payment.capture(t.payment.payment.id, plan.partial ? { amount: t.amount } : {}, undefined, undefined, { signal: opts.signal, retry: false }),
      (o) => orderPayments(o).some((p) => p.payment.id === t.payment.payment.id && (p.payment.captures ?? []).some((c) => !captures.has(c.id))),
      opts.signal,
    );
    after = res.order;
    changes.push(`captured ${money(before, t.amount)} of payment ${t.payment.payment.id}`);
    if (res.note) changes.push(res.note);
  }
  return { order: after, changes };
}

/** Refunds `amount` from a captured payment that has that much left (model.ts: planRefund). Never retried automatically. */
export async function refundOrder(sdk: Medusa, order: OrderRef, opts: { amount: number; reasonId?: string; note?: string } & Signal): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const { payment: fit, amount } = orThrow(planRefund(before, { amount: opts.amount }));
  opts = { ...opts, amount };
  const refunds = new Set((fit.payment.refunds ?? []).map((r) => r.id));
  const body: HttpTypes.AdminRefundPayment = { amount: opts.amount };
  if (opts.reasonId) body.refund_reason_id = opts.reasonId;
  if (opts.note) body.note = opts.note;
  const res = await moneyOnce(
    sdk,
    before,
    "refund",
    () => sdk.admin.payment.refund(fit.payment.id, body, undefined, undefined, { signal: opts.signal, retry: false }),
    (o) => orderPayments(o).some((p) => p.payment.id === fit.payment.id && (p.payment.refunds ?? []).some((r) => !refunds.has(r.id))),
    opts.signal,
  );
  const changes: Phrase[] = [`refunded ${money(before, opts.amount)} of payment ${fit.payment.id}${opts.note ? ` (${opts.note})` : ""}`];
  if (res.note) changes.push(res.note);
  return { order: res.order, changes };
}

// Pure money rules the model decides with; kept importable from here, where callers look for them.
export { paymentDue, pendingDifference, refundDue } from "./model.js";

/**
 * An amount to refund as a person (and `--amount`) writes it: Medusa's exact figure (23.7881)
 * rounded to the currency's minor unit, as money leaves in cents, but never more than the captured
 * payments still hold. The cent fraction left over is within Medusa's own rounding tolerance.
 */
export function refundableAmountText(order: AdminOrder, amount: number): string {
  const left = orderPayments(order).filter((p) => !p.payment.canceled_at).reduce((a, p) => a + p.captured - p.refunded, 0);
  const digits = minorDigits(order.currency_code);
  let minor = toMinor(amount, digits);
  if (left > 0 && minor / 10 ** digits > left + 1e-9) minor = Math.floor(Number((left * 10 ** digits).toPrecision(12)));
  return (minor / 10 ** digits).toFixed(digits);
}

/** A closing line about money after a change: a refund due, or an amount still to collect. */
export function balanceNote(order: AdminOrder): Phrase | undefined {
  const diff = pendingDifference(order);
  const name = orderName(order);
  if (diff < 0) return (w) => `refund due to the customer: ${formatMoney(-diff, order.currency_code)} (${w.command("orders refund", name, `${w.input("amount")} ${refundableAmountText(order, -diff)}`)})`;
  if (diff > 0) return (w) => `to collect from the customer: ${formatMoney(diff, order.currency_code)} (${w.command("payment-collections mark-as-paid", name)} once paid)`;
  return undefined;
}

/** Marks the order's unpaid payment collections (or the one named) as paid: money taken outside Medusa. */
export async function markPaid(sdk: Medusa, order: OrderRef, opts: { collectionId?: string } & Signal = {}): Promise<ActionResult> {
  const before = await loadOrder(sdk, order, opts.signal);
  const name = orderName(before);
  const cols = before.payment_collections ?? [];
  const targets = opts.collectionId ? cols.filter((c) => c.id === opts.collectionId) : cols.filter((c) => c.status === "not_paid" || c.status === "awaiting");
  if (opts.collectionId && !targets.length) throw new OrderError(`order ${name} has no payment collection ${opts.collectionId}`, "input");
  const due = pendingDifference(before);
  if (!targets.length && due > 0) {
    // A converted draft order has no payment collection at all: make one for what is owed.
    try {
      const { payment_collection } = await sdk.admin.paymentCollection.create({ order_id: before.id, amount: due }, undefined, undefined, { signal: opts.signal });
      targets.push(payment_collection as (typeof cols)[number]);
    } catch (e) {
      throw explainApiError(e, name, "create a payment collection");
    }
  }
  if (!targets.length) throw new OrderError(`order ${name} has nothing to pay: no unpaid payment collection and no amount outstanding`, "state");
  const changes: Phrase[] = [];
  for (const c of targets) {
    try {
      await sdk.admin.paymentCollection.markAsPaid(c.id, { order_id: before.id }, undefined, undefined, { signal: opts.signal, retry: false });
    } catch (e) {
      throw explainApiError(e, name, `mark ${c.id} as paid`);
    }
    changes.push(`marked payment collection ${c.id} (${formatMoney(Number(c.amount ?? 0), before.currency_code)}) as paid`);
  }
  return { order: await loadOrder(sdk, before.id, opts.signal), changes };
}
