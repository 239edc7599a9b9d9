import { useRef } from "react";
import { formatMoney, minorDigits, toMinor } from "../../shared/format.js";
import { cancelOrder, closeOrder } from "../../shared/orders/lifecycle.js";
import { captureOrder, refundOrder } from "../../shared/orders/payments.js";
import { createReturn } from "../../shared/orders/returns.js";
import { cancelFulfillment, deliverOrder, fulfillOrder, shipOrder } from "../../shared/orders/fulfillments.js";
import { lineLabel, parseItemFlag, type ItemQty } from "../../shared/orders/lines.js";
import { type Decision, type WhyCode, orThrow, planCancel, planCancelFulfilment, planCapture, planClose, planDeliver, planFulfil, planReturn, planShip, refundable, returnable } from "../../shared/orders/model.js";
import { type BatchVerb, type Parcel, type Step, nextStep, walkOrder } from "../../shared/orders/walk.js";
import { phrase } from "../../shared/orders/errors.js";
import { loadOrder, orderName, orderPayments, statusLine, type AdminOrder } from "../../shared/orders/read.js";
import { type ActionResult, type Fulfillment } from "../../shared/orders/common.js";
import { useSdk } from "../../shared/sdk-context.js";
import type { Medusa } from "../../sdk/index.js";
import type { ConfirmSpec, PromptSpec } from "../types.js";
import { describeError } from "../error-text.js";
import { fulfilmentNeed } from "../order-queue.js";
import { isFatal } from "../error-text.js";
import { useTuiState } from "./use-tui-state.js";
import { useTuiActions } from "./use-tui-actions.js";

type Order = { id: string; display_id?: number | null };

/** What an action will do, worked out from the order before anything is asked or sent. */
interface Plan {
  title: string;
  lines: string[];
  level: "moderate" | "severe";
  undo: string;
  /** Asked in turn before the confirmation (tracking number, URL, label; amount; items). */
  prompts?: Prompt[];
  /** Called with the answers, "" for a prompt skipped or left empty. */
  run: (answers: string[], signal: AbortSignal) => Promise<ActionResult>;
  /** "fulfilling" for the status line while it runs. */
  doing: string;
}

type Prompt = Omit<PromptSpec, "kind"> & {
  /** Asked only when the earlier answers call for it. */
  when?: (earlier: string[]) => boolean;
  /** The answer as the confirmation repeats it (an amount with its currency). */
  show?: (answer: string) => string;
};

/** "" or an http(s) URL, as Medusa 2.21 accepts for tracking and label URLs. */
function httpUrl(v: string): string | undefined {
  if (!v) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:" ? undefined : "an http:// or https:// URL, or enter for none";
  } catch {
    return "an http:// or https:// URL, or enter for none";
  }
}

function parseAmount(text: string): number | undefined {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  return n > 0 ? n : undefined;
}

function parseItems(text: string): ItemQty[] {
  return text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((part) => parseItemFlag(part));
}

/**
 * Each action's plan: what it will change, how severe it is (CONTRACT.md §7) and whether it can be
 * undone. What each can do is the order model's (src/shared/orders/model.ts) and the operations are
 * the CLI's (src/shared/orders/), so a key press here does what `medusactl orders <verb>` does.
 */
type Ful = Fulfillment;

/** The way out of a refusal in this screen's keys, for the refusal it answers (else the model's own). */
function keyHint(d: Decision<unknown>, code: WhyCode, hint: string): string | undefined {
  return !d.ok && d.why.code === code ? hint : undefined;
}

const itemCount = (f: Ful) => (f.items ?? []).reduce((n, i) => n + Number(i.quantity), 0);

const PLANS: Record<string, (sdk: Medusa, o: AdminOrder, fulfillmentId?: string) => Plan> = {
  fulfill(sdk, o) {
    const name = orderName(o);
    const { lines } = orThrow(planFulfil(o));
    return {
      title: `Fulfil order ${name}?`,
      lines: lines.map((l) => `  ${l.quantity} × ${lineLabel(o, l.item)}`),
      level: "moderate",
      undo: "Can be undone: a fulfilment can be canceled until it ships.",
      doing: "fulfilling",
      run: (_a, signal) => fulfillOrder(sdk, o.id, { signal }),
    };
  },
  ship(sdk, o, fulfillmentId) {
    const name = orderName(o);
    // As `medusactl orders ship`: the fulfilment on screen, else every unshipped one, all with the tracking given.
    const d = planShip(o, { fulfillmentId });
    const { fulfillments: open } = orThrow(d, keyHint(d, "not-fulfilled", "fulfil it first (f)"));
    const f = open[0]!;
    const which = open.length === 1 ? `fulfilment ${f.id}` : `${open.length} fulfilments`;
    return {
      title: `Ship ${which} of order ${name}?`,
      lines: open.map((x) => `  ${x.id}: ${itemCount(x)} item(s)`),
      level: "moderate",
      undo: "Cannot be undone here: the shipment stays recorded.",
      // As `medusactl orders ship`: --tracking-number, --tracking-url, --label-url. Medusa keeps a
      // label only with its tracking number, so the URLs are asked for only after one.
      prompts: [
        { title: `Ship order ${name}`, label: "Tracking number (enter for none)", lines: [which] },
        { title: `Ship order ${name}`, label: "Tracking URL (enter for none)", lines: [which, "the carrier's tracking page, http(s)"], when: ([n]) => !!n, validate: httpUrl },
        { title: `Ship order ${name}`, label: "Label URL (enter for none)", lines: [which, "the carrier's shipping label, http(s)"], when: ([n]) => !!n, validate: httpUrl },
      ],
      doing: "shipping",
      run: ([tracking, url, label], signal) =>
        shipOrder(sdk, o.id, { fulfillmentId, trackingNumber: tracking || undefined, trackingUrl: url || undefined, labelUrl: label || undefined, signal }),
    };
  },
  deliver(sdk, o, fulfillmentId) {
    const name = orderName(o);
    const d = planDeliver(o, { fulfillmentId });
    const { fulfillments: shipped } = orThrow(d, keyHint(d, "not-shipped", "ship it first (s)"));
    return {
      title: `Mark ${shipped.length === 1 ? `fulfilment ${shipped[0]!.id}` : `${shipped.length} shipments`} of order ${name} delivered?`,
      lines: shipped.map((f) => `  ${f.id}`),
      level: "moderate",
      undo: "Cannot be undone here.",
      doing: "marking delivered",
      run: (_a, signal) => deliverOrder(sdk, o.id, { fulfillmentId, signal }),
    };
  },
  capture(sdk, o) {
    const name = orderName(o);
    const { targets, total } = orThrow(planCapture(o));
    return {
      title: `Capture ${formatMoney(total, o.currency_code)} on order ${name}?`,
      lines: targets.map((t) => `  payment ${t.payment.payment.id}: ${formatMoney(t.amount, o.currency_code)}`),
      level: "moderate",
      undo: "Cannot be undone: money taken is given back only by a refund. Never repeated automatically.",
      doing: "capturing",
      run: (_a, signal) => captureOrder(sdk, o.id, { signal }),
    };
  },
  refund(sdk, o) {
    const name = orderName(o);
    const ps = orderPayments(o).filter((p) => !p.payment.canceled_at);
    const { left } = orThrow(refundable(o));
    const m = (n: number) => formatMoney(n, o.currency_code);
    return {
      title: `Refund on order ${name}?`,
      lines: [`  total ${m(Number(o.total ?? 0))}, captured ${m(ps.reduce((n, p) => n + p.captured, 0))}, refunded so far ${m(ps.reduce((n, p) => n + p.refunded, 0))}`],
      level: "severe",
      undo: "Cannot be undone: the money goes back to the customer. Never repeated automatically.",
      prompts: [{
        title: `Refund on order ${name}`,
        label: `Amount in ${String(o.currency_code ?? "").toUpperCase() || "the order's currency"}`,
        show: (a) => m(parseAmount(a) ?? Number(a)),
        initial: String(Number(left.toFixed(2))),
        lines: [`up to ${m(left)} from one payment`],
        validate: (v) => {
          const n = parseAmount(v);
          if (n === undefined) return "a positive amount in the currency's units, e.g. 19.99";
          return n > left + 1e-9 ? `at most ${m(left)}` : undefined;
        },
      }],
      doing: "refunding",
      run: ([amount], signal) => refundOrder(sdk, o.id, { amount: parseAmount(amount ?? "")!, signal }),
    };
  },
  cancel(sdk, o) {
    const name = orderName(o);
    const d = planCancel(o);
    // The way out in this screen's terms: a return brings the goods back, $ gives the money back.
    if (!d.ok) orThrow(d, d.why.code === "shipped" ? "return the items (medusactl returns create; t lists this order's returns) and refund with $" : d.why.code === "fulfilled" ? "cancel the fulfilment first with F" : undefined);
    return {
      title: `Cancel order ${name}?`,
      lines: [`  ${statusLine(o)}`, `  total ${formatMoney(Number(o.total ?? 0), o.currency_code)}`],
      level: "severe",
      undo: "Cannot be undone.",
      doing: "canceling",
      run: (_a, signal) => cancelOrder(sdk, o.id, { signal }),
    };
  },
  cancelFulfillment(sdk, o, fulfillmentId) {
    const name = orderName(o);
    // Medusa refuses to cancel a shipped fulfilment: only the unshipped ones are offered.
    const d = planCancelFulfilment(o, { fulfillmentId });
    const open = orThrow(d, d.ok ? undefined : d.why.code === "shipped" ? "return the items (medusactl returns create; t lists returns) and refund with $" : "for goods that left: a return (medusactl returns create) and a refund ($)").fulfillments;
    const pick = (answer: string | undefined): Ful => {
      const a = (answer ?? "").trim();
      return open.find((f) => f.id === a) ?? open[Number(a) - 1] ?? open[0]!;
    };
    const listed = open.map((f, i) => `  ${i + 1}: ${f.id}, ${itemCount(f)} item(s)`);
    return {
      title: open.length === 1 ? `Cancel fulfilment ${open[0]!.id} of order ${name}?` : `Cancel a fulfilment of order ${name}?`,
      lines: open.length === 1 ? [`  ${itemCount(open[0]!)} item(s) become unfulfilled again`] : ["  its items become unfulfilled again"],
      level: "moderate",
      undo: "Can be undone by fulfilling the items again (f).",
      prompts:
        open.length > 1
          ? [{
              title: `Cancel a fulfilment of order ${name}`,
              label: "Fulfilment (number or id)",
              initial: "1",
              lines: listed,
              validate: (v) => (open.some((f) => f.id === v.trim()) || (Number(v) >= 1 && Number(v) <= open.length && Number.isInteger(Number(v))) ? undefined : `a number from 1 to ${open.length}, or a fulfilment id`),
            }]
          : undefined,
      doing: "canceling the fulfilment of",
      run: ([answer], signal) => cancelFulfillment(sdk, o.id, { fulfillmentId: pick(answer).id, signal }),
    };
  },
  complete(sdk, o) {
    const name = orderName(o);
    orThrow(planClose(o, "complete"));
    return {
      title: `Complete order ${name}?`,
      lines: [`  ${statusLine(o)}`],
      level: "moderate",
      undo: "Cannot be undone: a completed order stays completed.",
      doing: "completing",
      run: (_a, signal) => closeOrder(sdk, o.id, "complete", { signal }),
    };
  },
  archive(sdk, o) {
    const name = orderName(o);
    const d = planClose(o, "archive");
    orThrow(d, keyHint(d, "not-closable", "C completes it"));
    return {
      title: `Archive order ${name}?`,
      lines: [`  ${statusLine(o)}`],
      level: "moderate",
      undo: "Cannot be undone here.",
      doing: "archiving",
      run: (_a, signal) => closeOrder(sdk, o.id, "archive", { signal }),
    };
  },
  return(sdk, o) {
    const name = orderName(o);
    const lines = returnable(o).map((l) => ({ i: l.number, item: l.item, n: l.quantity }));
    if (!lines.length) orThrow(planReturn(o, {}));
    return {
      title: `Start a return on order ${name}?`,
      lines: lines.map((l) => `  line ${l.i}: up to ${l.n} × ${lineLabel(o, l.item).replace(/^line \d+ /, "")}`),
      level: "moderate",
      undo: "Can be undone: a requested return can be canceled (medusactl returns cancel).",
      prompts: [{
        title: `Return items of order ${name}`,
        label: "Items as line:qty",
        initial: lines.map((l) => `${l.i}:${l.n}`).join(","),
        lines: lines.map((l) => `line ${l.i}: ${lineLabel(o, l.item).replace(/^line \d+ /, "")}, up to ${l.n}`),
        validate: (v) => {
          try {
            return parseItems(v).length ? undefined : "name at least one line, e.g. 1:1";
          } catch (e) {
            return (e as Error).message.replace(/--item /, "");
          }
        },
      }],
      doing: "requesting the return",
      run: ([items], signal) => createReturn(sdk, o.id, { items: parseItems(items ?? ""), signal }),
    };
  },
};

/**
 * The handlers of the one-key order actions for the current order (the row under the cursor or the
 * open order, asked at the moment of the key press): read the
 * order fresh, ask what is needed, confirm as the risk requires (every action is severe on a
 * production profile), run the shared operation, report what changed, refresh the screens.
 */
/**
 * The actions that also work on every marked order of the list at once (issue 27), with what the
 * status line says while each runs and what the confirmation says of undoing it.
 */
const BATCH: Record<BatchVerb, { doing: string; undo: string }> = {
  fulfill: { doing: "fulfilling", undo: "Can be undone: a fulfilment can be canceled until it ships." },
  ship: { doing: "shipping", undo: "Cannot be undone here: the shipment stays recorded." },
  deliver: { doing: "marking delivered", undo: "Cannot be undone here." },
  capture: { doing: "capturing", undo: "Cannot be undone: money taken is given back only by a refund. Never repeated automatically." },
  complete: { doing: "completing", undo: "Cannot be undone: a completed order stays completed." },
  archive: { doing: "archiving", undo: "Cannot be undone here." },
};
const isBatchVerb = (a: string): a is BatchVerb => Object.hasOwn(BATCH, a);
/** Orders read at once when a batch is planned. */
const READERS = 4;
/** Lines of a batch confirmation before "…and N more". */
const BATCH_LINES = 8;

export interface BatchMarks {
  /** The marked orders, in the order they were marked. */
  orders: () => Order[];
  /** Called with the ids that went through, to unmark them. */
  done: (ids: string[]) => void;
}

export function useOrderActions(currentOrder: () => Order | undefined, currentFulfillment?: () => string | undefined, marks?: BatchMarks): Partial<Record<string, () => void>> {
  const sdk = useSdk<Medusa>();
  const tui = useTuiState();
  const act = useTuiActions();
  const running = useRef(false);
  if (tui.readOnly) return {};
  const where = `on ${tui.profile ? `profile ${tui.profile}` : "environment credentials"} · ${tui.url}${tui.production ? " · PRODUCTION" : ""}`;
  const start = (action: string) => async () => {
    // The order under the cursor now, not at the last render.
    const order = currentOrder();
    if (!order) return;
    const fulfillmentId = currentFulfillment?.();
    if (running.current) {
      act.notify({ text: "another action is still running", tone: "warn" });
      return;
    }
    running.current = true;
    const label = action.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`).replace("fulfillment", "fulfilment");
    const controller = new AbortController();
    const name = orderName(order as AdminOrder);
    try {
      act.notify({ text: `reading order ${name}…`, tone: "info" });
      const fresh = await loadOrder(sdk, order.id, controller.signal);
      const plan = PLANS[action]!(sdk, fresh, fulfillmentId);
      act.notify(undefined);
      const answers: string[] = [];
      const lines = [...plan.lines];
      for (const { when, show, ...prompt } of plan.prompts ?? []) {
        if (when && !when(answers)) {
          answers.push("");
          continue;
        }
        const a = await act.ask({ kind: "prompt", ...prompt });
        if (a === null || a === false) {
          act.notify({ text: `${label} canceled: nothing was changed`, tone: "warn" });
          return;
        }
        answers.push(String(a));
        if (a) lines.push(`  ${prompt.label.replace(/ \(.*\)$/, "").replace(/ in [A-Z]{3}$/, "")}: ${show ? show(String(a)) : String(a)}`);
      }
      const level = plan.level === "severe" || tui.production ? "severe" : "moderate";
      lines.push(`  ${where}`);
      const confirm: ConfirmSpec = { kind: "confirm", title: plan.title, lines, level, typed: String(fresh.display_id ?? fresh.id), undo: plan.undo };
      if (!(await act.ask(confirm))) {
        act.notify({ text: `${label} canceled: nothing was changed`, tone: "warn" });
        return;
      }
      act.notify({ text: `${plan.doing} order ${name}…`, tone: "info" });
      const result = await plan.run(answers, controller.signal);
      const o = result.order;
      act.notify({ text: `order ${name} → ${fulfilmentNeed(o as unknown as Record<string, unknown>) || "?"} · payment ${o.payment_status ?? "?"}${["canceled", "completed", "archived"].includes(String(o.status)) ? ` · ${o.status}` : ""}: ${result.changes.map((c) => phrase(c)).join("; ")}`, tone: "ok" });
      act.bumpData();
    } catch (e) {
      if (isFatal(e)) act.fatal(e);
      const { message, kind, hint } = describeError(e);
      act.notify({ text: `${message}${kind ? ` (${kind})` : ""}${hint ? `; ${hint}` : ""}`, tone: "error" });
      // A failed action may still have changed something (a return opened and canceled): re-read.
      act.bumpData();
    } finally {
      running.current = false;
    }
  };
  /**
   * The same action on every marked order, on the engine of `orders <verb> --file` (walk.ts): each
   * order read fresh and its first step planned by the order model (what cannot be done is listed,
   * not sent), one tracking number asked per order for a shipment (a parcel that left, as a
   * courier's row: an order not fulfilled yet is fulfilled, then shipped), one confirmation with the
   * count (and the total for a capture), then each order walked to the end with a progress line —
   * a step whose answer was lost read back, never sent twice — and a result list whose failures can
   * be tried again.
   */
  const startBatch = async (verb: BatchVerb, orders: Order[]) => {
    if (running.current) {
      act.notify({ text: "another action is still running", tone: "warn" });
      return;
    }
    running.current = true;
    const controller = new AbortController();
    const said = verb === "fulfill" ? "fulfil" : verb;
    const { doing, undo } = BATCH[verb];
    try {
      let todo = orders;
      for (let round = 0; todo.length; round++) {
        const planned: { order: AdminOrder; what: string; amount?: number; parcel: Parcel }[] = [];
        const skipped: string[] = [];
        // Read four at a time, kept in the order they were marked.
        const read: ({ order: AdminOrder; step: Step } | { skip: string } | undefined)[] = new Array(todo.length);
        let next = 0;
        let finished = 0;
        await Promise.all(
          Array.from({ length: Math.min(READERS, todo.length) }, async () => {
            for (let i = next++; i < todo.length; i = next++) {
              const o = todo[i]!;
              try {
                const fresh = await loadOrder(sdk, o.id, controller.signal);
                read[i] = { order: fresh, step: nextStep(verb, fresh, { labels: [] }) };
              } catch (e) {
                if (isFatal(e)) throw e;
                read[i] = { skip: `  skipped ${orderName(o as AdminOrder)}: ${describeError(e).message}` };
              }
              act.notify({ text: `reading marked orders: ${++finished} of ${todo.length}…`, tone: "info" });
            }
          }),
        );
        act.notify(undefined);
        for (const r of read) {
          if (!r) continue;
          if ("skip" in r) skipped.push(r.skip);
          else if (r.step.kind === "skip") skipped.push(`  skipped ${orderName(r.order)}: ${r.step.reason}`);
          else if (r.step.kind === "done") skipped.push(`  skipped ${orderName(r.order)}: ${r.step.why ?? "nothing left to do"}`);
          else planned.push({ order: r.order, what: r.step.what, amount: r.step.kind === "capture" ? r.step.amount : undefined, parcel: { labels: [] } });
        }
        if (!planned.length) {
          act.notify({ text: `none of the ${todo.length} marked orders can be ${verb === "ship" ? "shipped" : `${said}ed`}: ${skipped.map((x) => x.replace(/^ {2}skipped /, "")).join("; ")}`, tone: "warn" });
          return;
        }
        if (verb === "ship") {
          for (const [k, p] of planned.entries()) {
            const a = await act.ask({ kind: "prompt", title: `Ship order ${orderName(p.order)} (${k + 1} of ${planned.length})`, label: "Tracking number (enter for none)", lines: [`  ${p.what}`] });
            if (a === null || a === false) {
              act.notify({ text: "ship canceled: nothing was changed", tone: "warn" });
              return;
            }
            if (a) p.parcel = { labels: [{ tracking_number: String(a), tracking_url: "", label_url: "" }] };
          }
        }
        const lines = planned.slice(0, BATCH_LINES).map((p) => `  ${orderName(p.order)}${p.parcel.labels[0] ? ` tracking ${p.parcel.labels[0].tracking_number}` : ""} · ${p.what}`);
        if (planned.length > BATCH_LINES) lines.push(`  …and ${planned.length - BATCH_LINES} more`);
        if (verb === "capture") {
          const totals = new Map<string, number>();
          // Each amount as shown above (rounded to the cent), so the total is their sum to the cent.
          for (const p of planned) {
            const c = String(p.order.currency_code);
            totals.set(c, (totals.get(c) ?? 0) + toMinor(p.amount ?? 0, minorDigits(c)));
          }
          lines.push(`  total: ${[...totals].map(([c, minor]) => formatMoney(minor / 10 ** minorDigits(c), c)).join(" + ")}`);
        }
        lines.push(...skipped.slice(0, 3), ...(skipped.length > 3 ? [`  …and ${skipped.length - 3} more skipped`] : []), `  ${where}`);
        const title = `${round ? "Try again: " : ""}${said[0]!.toUpperCase()}${said.slice(1)} ${planned.length} marked order${planned.length === 1 ? "" : "s"}?`;
        if (!(await act.ask({ kind: "confirm", title, lines, level: tui.production ? "severe" : "moderate", typed: String(planned.length), undo }))) {
          act.notify({ text: `${said} canceled: nothing was changed`, tone: "warn" });
          return;
        }
        const ok: string[] = [];
        const failed: { order: AdminOrder; why: string }[] = [];
        for (const [k, p] of planned.entries()) {
          act.notify({ text: `${doing} ${k + 1} of ${planned.length}: order ${orderName(p.order)}…`, tone: "info" });
          try {
            // Read again: the person may have taken a while to confirm, and the walk starts from what Medusa holds now.
            const w = await walkOrder(sdk, verb, await loadOrder(sdk, p.order.id, controller.signal), p.parcel, { signal: controller.signal });
            if (w.end === "done" || (w.end === "skipped" && w.did.length)) ok.push(p.order.id);
            else failed.push({ order: w.order, why: w.end === "failed" ? describeError(w.error).message : w.end === "skipped" ? w.reason : w.what });
          } catch (e) {
            if (isFatal(e)) throw e;
            failed.push({ order: p.order, why: describeError(e).message });
          }
        }
        marks?.done(ok);
        act.bumpData();
        if (!failed.length) {
          act.notify({ text: `${said}: ${ok.length} of ${planned.length} marked orders done${skipped.length ? `, ${skipped.length} skipped` : ""}`, tone: "ok" });
          return;
        }
        const again = await act.ask({
          kind: "confirm",
          title: `${ok.length} done, ${failed.length} failed. Try the failed ones again?`,
          lines: [...failed.slice(0, BATCH_LINES).map((f) => `  ✗ ${orderName(f.order)}: ${f.why}`), ...(failed.length > BATCH_LINES ? [`  …and ${failed.length - BATCH_LINES} more`] : [])],
          level: "moderate",
          undo: "Each is read again first: what went through is not sent twice.",
        });
        if (!again) {
          act.notify({ text: `${said}: ${ok.length} done, ${failed.length} failed (still marked)`, tone: "warn" });
          return;
        }
        todo = failed.map((f) => f.order);
      }
    } catch (e) {
      if (isFatal(e)) act.fatal(e);
      const { message } = describeError(e);
      act.notify({ text: message, tone: "error" });
      act.bumpData();
    } finally {
      running.current = false;
    }
  };
  const handlers: Record<string, () => void> = {};
  for (const action of Object.keys(PLANS)) {
    handlers[action] = () => {
      const marked = marks?.orders() ?? [];
      void (marked.length && isBatchVerb(action) ? startBatch(action, marked) : start(action)());
    };
  }
  return handlers;
}
