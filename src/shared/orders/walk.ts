/**
 * One order brought to what a batch asks, step by step: the engine under `orders <verb> --file`
 * (src/cli/bulk/orders/batch.ts) and under the TUI's actions on marked orders
 * (src/tui/hooks/use-order-actions.ts), so a courier's row and a marked order take the same steps.
 *
 * Each step is decided by the order model (model.ts) from the order as Medusa holds it, read afresh
 * before every step: a step whose answer was lost is never sent again blindly, because the next read
 * shows whether it landed (a fulfilment that appeared, a tracking number on a shipment). A capture
 * is never sent twice: its uncertain outcome is read back once and, if the capture is not there,
 * the walk fails for a person to check (payments.ts).
 */
import type { Medusa } from "../../sdk/index.js";
import { formatMoney } from "../format.js";
import { settle, tryAgainAfter } from "../uncertain.js";
import { type Fulfillment, fulfillmentsOf } from "./common.js";
import { isOrderError, phrase } from "./errors.js";
import { sendDeliveries, sendFulfilment, sendShipments, type ShipmentLabel } from "./fulfillments.js";
import { closeOrder } from "./lifecycle.js";
import { orderLines } from "./lines.js";
import { type Decision, type LinePlan, planCapture, planClose, planDeliver, planFulfil, planShip, type Why } from "./model.js";
import { captureOrder } from "./payments.js";
import { loadOrder, orderName, type AdminOrder } from "./read.js";

export type BatchVerb = "ship" | "fulfill" | "deliver" | "capture" | "complete" | "archive";

/**
 * What goes out together for one order: every line (no SKU), or the line of one SKU, with the
 * tracking labels of the parcel that left (a ship), each put on every fulfilment shipped.
 */
export interface Parcel {
  sku?: string;
  quantity?: number;
  labels: ShipmentLabel[];
  carrier?: string;
}

/** One step toward what the batch asks, decided by the order model from the order as it is now. */
export type Step =
  | { kind: "done"; why?: string }
  | { kind: "skip"; reason: string }
  | { kind: "fulfil"; lines: LinePlan[]; what: string }
  | { kind: "ship"; fulfillments: Fulfillment[]; labels: ShipmentLabel[]; carrier?: string; what: string }
  | { kind: "deliver"; fulfillments: Fulfillment[]; what: string }
  | { kind: "capture"; what: string; amount: number }
  | { kind: "close"; how: "complete" | "archive"; what: string };

/** Steps one parcel may take (a fulfil, then a ship) before it is called stuck. */
const MAX_STEPS = 12;

const labelsOf = (f: Fulfillment) => ((f as { labels?: { tracking_number?: string }[] }).labels ?? []).map((l) => String(l.tracking_number ?? ""));
const units = (lines: LinePlan[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** A refusal of the model as a step: done when it already happened, else skipped with its reason. */
function refused(why: Why): Step {
  if (why.done) return { kind: "done", why: phrase(why.message) };
  // A report names the order on its own column: the reason need not say which.
  return { kind: "skip", reason: why.code === "canceled" ? "the order is canceled" : phrase(why.message) };
}

/**
 * The next step of shipping `p`: a parcel that left ships every unshipped fulfilment (of the SKU's
 * line, for a parcel with a SKU) with its tracking, as `orders ship` does, and first fulfils what is
 * left when nothing fulfilled waits. Done once the parcel's tracking is on a shipment: a rerun
 * ships nothing twice.
 */
export function shipStep(o: AdminOrder, p: Parcel, location?: string): Step {
  if (o.status === "canceled") return { kind: "skip", reason: "the order is canceled" };
  const tracked = new Set(fulfillmentsOf(o).filter((f) => !f.canceled_at && f.shipped_at).flatMap(labelsOf));
  const tracking = p.labels.map((l) => l.tracking_number);
  if (tracking.length && tracking.every((t) => tracked.has(t))) return { kind: "done" };
  const skuLine = p.sku ? orderLines(o).find((i) => i.variant_sku === p.sku) : undefined;
  if (p.sku && !skuLine) return { kind: "skip", reason: `the order has no line with SKU ${p.sku}` };
  const labels = p.labels.filter((l) => !tracked.has(l.tracking_number));
  const ship = planShip(o, { lineId: skuLine?.id });
  if (ship.ok) {
    const ids = ship.plan.fulfillments.map((f) => f.id).join(", ");
    return { kind: "ship", fulfillments: ship.plan.fulfillments, labels, carrier: p.carrier, what: `ship ${ids}${labels.length ? ` (tracking ${labels.map((l) => l.tracking_number).join(", ")})` : ""}` };
  }
  if (ship.why.code === "not-fulfilled") {
    const fulfil = planFulfil(o, p.sku ? { sku: p.sku, quantity: p.quantity } : {});
    if (fulfil.ok) return { kind: "fulfil", lines: fulfil.plan.lines, what: `fulfil ${units(fulfil.plan.lines)} item(s)${location ? ` from ${location}` : ""}, then ship` };
  }
  if (!tracking.length) return { kind: "done", why: phrase(ship.why.message) };
  const others = [...tracked];
  return { kind: "skip", reason: others.length ? `already shipped with tracking ${others.join(", ")}` : "nothing left to ship" };
}

/** The next step of `verb` for parcel `p` of order `o`. */
export function nextStep(verb: BatchVerb, o: AdminOrder, p: Parcel, location?: string): Step {
  if (verb === "ship") return shipStep(o, p, location);
  // The model's decision first, then its wording as a step: one refusal rule for every verb.
  const d: Decision<{ lines?: LinePlan[]; fulfillments?: Fulfillment[]; total?: number; how?: string }> =
    verb === "fulfill" ? planFulfil(o) : verb === "deliver" ? planDeliver(o) : verb === "capture" ? planCapture(o) : planClose(o, verb);
  if (!d.ok) return refused(d.why);
  const { lines = [], fulfillments = [], total = 0 } = d.plan;
  switch (verb) {
    case "fulfill":
      return { kind: "fulfil", lines, what: `fulfil ${units(lines)} item(s)` };
    case "deliver":
      return { kind: "deliver", fulfillments, what: `deliver ${fulfillments.map((f) => f.id).join(", ")}` };
    case "capture":
      return { kind: "capture", amount: total, what: `capture ${formatMoney(total, o.currency_code)}` };
    default:
      return { kind: "close", how: verb, what: verb };
  }
}

/** The step's writes, through the shared write functions the single-order verbs use. */
async function take(sdk: Medusa, o: AdminOrder, step: Step, location: string | undefined, signal: AbortSignal): Promise<void> {
  switch (step.kind) {
    case "fulfil":
      await sendFulfilment(sdk, o, step.lines, { locationId: location, signal });
      return;
    case "ship":
      await sendShipments(sdk, o, step.fulfillments, { labels: step.labels, carrier: step.carrier, signal });
      return;
    case "deliver":
      await sendDeliveries(sdk, o, step.fulfillments, { signal });
      return;
    case "capture":
      // Reads back an uncertain outcome itself and never sends a capture twice (payments.ts).
      await captureOrder(sdk, o, { signal });
      return;
    case "close":
      await closeOrder(sdk, o, step.how, { signal });
      return;
  }
}

/**
 * How a walk ended, with the steps it took (`did`) and the order as last read: `done` (nothing
 * left; `why` says what the model saw when nothing was taken), `skipped` (the model refuses the
 * rest), `planned` (a dry run: the first step, not taken) or `failed`.
 */
export type Walked = { order: AdminOrder; did: string[] } & (
  | { end: "done"; why?: string }
  | { end: "skipped"; reason: string }
  | { end: "planned"; what: string }
  | { end: "failed"; error: unknown }
);

/**
 * Walks parcel `p` of `order` (as just read) to the end. A dry run stops at the first step and
 * says it: the walk the real run takes, without writes.
 */
export async function walkOrder(sdk: Medusa, verb: BatchVerb, order: AdminOrder, p: Parcel, o: { location?: string; dryRun?: boolean; signal: AbortSignal }): Promise<Walked> {
  const did: string[] = [];
  let attempt = 0;
  // A step whose answer was lost: the next read shows whether it landed (then this walk did it).
  let lost: string | undefined;
  for (let steps = 0; ; steps++) {
    const step = nextStep(verb, order, p, o.location);
    if (lost !== undefined) {
      if (step.kind === "done" || step.kind === "skip" || step.what !== lost) did.push(`${lost} (its answer was lost; read back)`);
      lost = undefined;
    }
    if (step.kind === "done") return { order, did, end: "done", why: step.why };
    if (step.kind === "skip") return { order, did, end: "skipped", reason: step.reason };
    // A step that went through but left the order as it was would be taken for ever.
    if (steps >= MAX_STEPS) return { order, did, end: "failed", error: new Error(`the order did not change after ${did.length} steps (next: ${step.what}); check it with medusactl orders show ${orderName(order)}`) };
    if (o.dryRun) return { order, did, end: "planned", what: step.what };
    try {
      await take(sdk, order, step, o.location, o.signal);
      did.push(step.what);
    } catch (thrown) {
      if ((thrown as Error)?.name === "AbortError") throw thrown;
      // The shared writes name the order in Medusa's refusals; a report keeps Medusa's own error
      // (status, type, code), and a lost answer is told by it.
      const e = isOrderError(thrown) && thrown.cause !== undefined && step.kind !== "capture" && step.kind !== "close" ? thrown.cause : thrown;
      // A capture reads itself back (payments.ts): its error is final. Any other lost answer: the
      // order is read again and the next step decided from what it holds.
      if (step.kind === "capture" || !tryAgainAfter(e, attempt)) return { order, did, end: "failed", error: e };
      lost = step.what;
      await settle(attempt++, o.signal, e);
    }
    try {
      order = await loadOrder(sdk, order.id, o.signal);
    } catch (e) {
      if ((e as Error)?.name === "AbortError") throw e;
      return { order, did, end: "failed", error: e };
    }
  }
}
