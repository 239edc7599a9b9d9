/**
 * Order verbs on many orders at once (issue 27): `orders ship --file shipments.csv`, and fulfil,
 * deliver, capture, complete, archive with `--file` or `-` (references on stdin). An engine of the
 * runner (runner.ts), which owns dry run, report, --resume, progress, the lock and cancel: one
 * order is one chunk, its plan the first step of each parcel, its write the walk to the end.
 *
 * Each order is brought to what the file asks by steps decided from the order as Medusa holds it,
 * read afresh before every step: a step whose answer was lost is never sent again blindly, because
 * the next read shows whether it landed (a fulfilment that appeared, a tracking number on a
 * shipment). A capture is never sent twice: its uncertain outcome is read back once and, if the
 * capture is not there, the row fails for a person to check (payments.ts).
 */
import type { Readable } from "node:stream";
import type { Factory } from "../../cmdutil/factory.js";
import type { Medusa } from "../../../sdk/index.js";
import { sanitize } from "../../../term/sanitize.js";
import { formatMoney } from "../../../shared/format.js";
import { type Fulfillment, fulfillmentsOf } from "../../../shared/orders/common.js";
import { isOrderError, phrase } from "../../../shared/orders/errors.js";
import { sendDeliveries, sendFulfilment, sendShipments, type ShipmentLabel } from "../../../shared/orders/fulfillments.js";
import { orderLines } from "../../../shared/orders/lines.js";
import { type Decision, type LinePlan, planCapture, planClose, planDeliver, planFulfil, planShip, type Why } from "../../../shared/orders/model.js";
import { loadOrder, orderName, resolveOrderId, type AdminOrder } from "../../../shared/orders/read.js";
import { captureOrder } from "../../../shared/orders/payments.js";
import { closeOrder } from "../../../shared/orders/lifecycle.js";
import { requireConfirmation } from "../../cmdutil/prompter.js";
import { renderTable } from "../../output/render.js";
import { notice } from "../../output/notice.js";
import { checkBulkFlags, runEngine, type Engine } from "../runner.js";
import { dialectOf, type BulkFlags } from "../options.js";
import { formatNote } from "../csv-dialect.js";
import { runPool } from "../pool.js";
import { Problems } from "../problems.js";
import { rowError, type ReportRow } from "../report.js";
import { settle, tryAgainAfter } from "../uncertain.js";
import { orderKey, readOrderRows, type OrderRow } from "./input.js";

export type BatchVerb = "ship" | "fulfill" | "deliver" | "capture" | "complete" | "archive";

export interface OrderBatchOptions extends BulkFlags {
  yes?: boolean;
  json?: boolean;
  columns?: string;
  location?: string;
}

/** One step toward what the file asks, decided by the order model from the order as it is now. */
type Step =
  | { kind: "done"; changed: boolean }
  | { kind: "skip"; reason: string }
  | { kind: "fulfil"; lines: LinePlan[]; what: string }
  | { kind: "ship"; fulfillments: Fulfillment[]; labels: ShipmentLabel[]; carrier?: string; what: string }
  | { kind: "deliver"; fulfillments: Fulfillment[]; what: string }
  | { kind: "capture"; what: string; amount: number }
  | { kind: "close"; how: "complete" | "archive"; what: string };

/** Steps one parcel may take (a fulfil, then a ship) before it is called stuck. */
const MAX_STEPS = 12;

/** A parcel: the rows of one order that go out together (all rows without a SKU are one parcel). */
interface Parcel {
  rows: OrderRow[];
  sku?: string;
  quantity?: number;
  tracking: string[];
}

function parcelsOf(rows: OrderRow[]): Parcel[] {
  const whole = rows.filter((r) => !r.sku);
  const out: Parcel[] = rows.filter((r) => r.sku).map((r) => ({ rows: [r], sku: r.sku, quantity: r.quantity, tracking: r.tracking ? [r.tracking] : [] }));
  if (whole.length) out.unshift({ rows: whole, tracking: [...new Set(whole.flatMap((r) => (r.tracking ? [r.tracking] : [])))] });
  return out;
}

const labelsOf = (f: Fulfillment) => ((f as { labels?: { tracking_number?: string }[] }).labels ?? []).map((l) => String(l.tracking_number ?? ""));
const units = (lines: LinePlan[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** A refusal of the model as this runner reports it: done when it already happened, else skipped. */
function refused(why: Why): Step {
  if (why.done) return { kind: "done", changed: false };
  // The report names the order on its own column: the reason need not say which.
  return { kind: "skip", reason: why.code === "canceled" ? "the order is canceled" : phrase(why.message) };
}

/**
 * The next step of shipping `p`: a courier's row says the parcel left, so it ships every unshipped
 * fulfilment (of the SKU's line, for a row with a SKU) with the row's tracking, as `orders ship`
 * does, and first fulfils what is left when nothing fulfilled waits. Done once the row's tracking
 * is on a shipment: a rerun of the file ships nothing twice.
 */
export function shipStep(o: AdminOrder, p: Parcel, location?: string): Step {
  if (o.status === "canceled") return { kind: "skip", reason: "the order is canceled" };
  const tracked = new Set(fulfillmentsOf(o).filter((f) => !f.canceled_at && f.shipped_at).flatMap(labelsOf));
  if (p.tracking.length && p.tracking.every((t) => tracked.has(t))) return { kind: "done", changed: false };
  const skuLine = p.sku ? orderLines(o).find((i) => i.variant_sku === p.sku) : undefined;
  if (p.sku && !skuLine) return { kind: "skip", reason: `the order has no line with SKU ${p.sku}` };
  const rowOf = new Map<string, OrderRow>();
  for (const r of p.rows) if (r.tracking && !rowOf.has(r.tracking)) rowOf.set(r.tracking, r);
  const labels = p.tracking.filter((t) => !tracked.has(t)).map((t) => {
    const r = rowOf.get(t)!;
    return { tracking_number: t, tracking_url: r.url ?? "", label_url: r.label ?? "" };
  });
  const carrier = p.rows.find((r) => r.carrier)?.carrier;
  const ship = planShip(o, { lineId: skuLine?.id });
  if (ship.ok) {
    const ids = ship.plan.fulfillments.map((f) => f.id).join(", ");
    return { kind: "ship", fulfillments: ship.plan.fulfillments, labels, carrier, what: `ship ${ids}${labels.length ? ` (tracking ${labels.map((l) => l.tracking_number).join(", ")})` : ""}` };
  }
  if (ship.why.code === "not-fulfilled") {
    const fulfil = planFulfil(o, p.sku ? { sku: p.sku, quantity: p.quantity } : {});
    if (fulfil.ok) return { kind: "fulfil", lines: fulfil.plan.lines, what: `fulfil ${units(fulfil.plan.lines)} item(s)${location ? ` from ${location}` : ""}, then ship` };
  }
  if (!p.tracking.length) return { kind: "done", changed: false };
  const others = [...tracked];
  return { kind: "skip", reason: others.length ? `already shipped with tracking ${others.join(", ")}` : "nothing left to ship" };
}

function nextStep(verb: BatchVerb, o: AdminOrder, p: Parcel, location?: string): Step {
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

/** One order of the file: every row that names it, however it was written (1042, #1042, order_…). */
interface OrderGroup {
  /** The order's id, once the reference was resolved. */
  id?: string;
  /** The reference as first written, for messages. */
  ref: string;
  rows: OrderRow[];
  /** Why the reference names no order (not found, not readable). */
  error?: unknown;
}

const rowList = (rows: OrderRow[]) => `row${rows.length === 1 ? "" : "s"} ${rows.slice(0, 5).map((r) => r.row).join(", ")}${rows.length > 5 ? `, … (${rows.length} rows)` : ""}`;

/**
 * The orders a file names, one group per order: references are resolved to ids first (each
 * distinct reference once), so an order named by its id and its display id, or on many lines, is
 * one order, said in a note. Linear in the file's size.
 */
async function groupOrders(sdk: Medusa, verb: BatchVerb, rows: OrderRow[], concurrency: number, signal: AbortSignal): Promise<{ groups: OrderGroup[]; notes: string[] }> {
  const byRef = new Map<string, OrderRow[]>();
  for (const r of rows) {
    const key = orderKey(r.order);
    const list = byRef.get(key);
    if (list) list.push(r);
    else byRef.set(key, [r]);
  }
  const ids = new Map<string, { id: string } | { error: unknown }>();
  await runPool(
    [...byRef.keys()],
    concurrency,
    async (ref) => {
      try {
        ids.set(ref, { id: await resolveOrderId(sdk, ref, { signal }) });
      } catch (e) {
        if ((e as Error)?.name === "AbortError" || signal.aborted) throw e;
        ids.set(ref, { error: e });
      }
    },
    signal,
  );
  const groups = new Map<string, OrderGroup & { refs: string[] }>();
  for (const [ref, rs] of byRef) {
    const got = ids.get(ref)!;
    const key = "id" in got ? got.id : `\0${ref}`;
    const g = groups.get(key);
    if (g) {
      g.refs.push(ref);
      for (const r of rs) g.rows.push(r);
    } else groups.set(key, { ...("id" in got ? { id: got.id } : { error: got.error }), ref: rs[0]!.order, rows: [...rs], refs: [ref] });
  }
  const notes: string[] = [];
  for (const g of groups.values()) {
    if (g.refs.length > 1) g.rows.sort((a, b) => a.row - b.row);
    if (g.refs.length > 1) notes.push(`${rowList(g.rows)} name one order (${g.refs.map((r) => sanitize(r)).join(", ")}): merged into one.`);
    else if (verb !== "ship" && g.rows.length > 1) notes.push(`${rowList(g.rows)} name order ${sanitize(g.ref)}: it is done once.`);
  }
  return { groups: [...groups.values()].map(({ refs: _r, ...g }) => g), notes };
}

/** Adds `more` to `out` one by one: a spread of 100k report rows would overflow the call stack. */
function append<T>(out: T[], more: T[]): void {
  for (const x of more) out.push(x);
}

/** A chunk of the runner: one order, with its rows not yet done. */
interface OrderChunk {
  group: OrderGroup;
  rows: OrderRow[];
}

/** An order as first read for its rows: the plan and the write both start from it. */
interface Start {
  /** The order's id, once its reference was resolved. */
  id?: string;
  order?: AdminOrder;
  /** Why it could not be read (or its reference names no order). */
  error?: unknown;
}

async function readStart(sdk: Medusa, group: OrderGroup, signal: AbortSignal): Promise<Start> {
  if (group.error !== undefined) return { error: group.error };
  try {
    return { id: group.id, order: await loadOrder(sdk, group.id!, signal) };
  } catch (e) {
    if ((e as Error)?.name === "AbortError") throw e;
    return { id: group.id, error: e };
  }
}

/**
 * Brings one order from `start` to what its rows ask; one report row per input row. A dry run
 * stops each parcel at its first step and reports it: the walk the real run takes, without writes.
 */
async function applyOrder(sdk: Medusa, verb: BatchVerb, rows: OrderRow[], start: Start, o: { location?: string; dryRun?: boolean }, signal: AbortSignal): Promise<ReportRow[]> {
  const out: ReportRow[] = [];
  let order: AdminOrder | undefined = start.order;
  const base = (r: OrderRow): ReportRow => ({ row: r.row, line: r.line !== r.row ? r.line : undefined, action: "unchanged", key: order ? orderName(order) : r.order, ids: { order_id: order?.id ?? start.id, tracking_number: r.tracking } });
  const fail = (e: unknown, rs: OrderRow[]) => rs.map((r) => ({ ...base(r), action: "failed" as const, error: rowError(e) }));
  if (!order) return fail(start.error, rows);
  const parcels = verb === "ship" ? parcelsOf(rows) : [{ rows, tracking: [] as string[] }];
  for (const p of parcels) {
    const did: string[] = [];
    let attempt = 0;
    // A step whose answer was lost: the next read shows whether it landed (then this run did it).
    let lost: string | undefined;
    for (let steps = 0; ; steps++) {
      const step = nextStep(verb, order, p, o.location);
      if (lost !== undefined) {
        if (step.kind === "done" || step.kind === "skip" || step.what !== lost) did.push(`${lost} (its answer was lost; read back)`);
        lost = undefined;
      }
      // A step that went through but left the order as it was would be taken for ever.
      if (steps >= MAX_STEPS && step.kind !== "done" && step.kind !== "skip") {
        append(out, fail(new Error(`the order did not change after ${did.length} steps (next: ${step.what}); check it with medusactl orders show ${orderName(order)}`), p.rows).map((r) => ({ ...r, changes: did })));
        break;
      }
      if (step.kind === "done") {
        append(out, p.rows.map((r) => ({ ...base(r), action: did.length ? ("update" as const) : ("unchanged" as const), changes: did.length ? did : undefined })));
        break;
      }
      if (step.kind === "skip") {
        append(out, p.rows.map((r) => ({ ...base(r), action: did.length ? ("update" as const) : ("skipped" as const), changes: did.length ? did : undefined, error: did.length ? undefined : { message: step.reason } })));
        break;
      }
      if (o.dryRun) {
        append(out, p.rows.map((r) => ({ ...base(r), action: "update" as const, changes: [step.what] })));
        break;
      }
      try {
        await take(sdk, order, step, o.location, signal);
        did.push(step.what);
      } catch (thrown) {
        if ((thrown as Error)?.name === "AbortError") throw thrown;
        // The shared writes name the order in Medusa's refusals; the report keeps Medusa's own
        // error (status, type, code), and a lost answer is told by it.
        const e = isOrderError(thrown) && thrown.cause !== undefined && step.kind !== "capture" && step.kind !== "close" ? thrown.cause : thrown;
        // A capture reads itself back (payments.ts): its error is final. Any other lost answer: the
        // order is read again and the next step decided from what it holds.
        if (step.kind === "capture" || !tryAgainAfter(e, attempt)) {
          append(out, fail(e, p.rows).map((r) => ({ ...r, changes: did.length ? did : undefined })));
          break;
        }
        lost = step.what;
        await settle(attempt++, signal, e);
      }
      try {
        order = await loadOrder(sdk, order.id, signal);
      } catch (e) {
        if ((e as Error)?.name === "AbortError") throw e;
        append(out, fail(e, p.rows).map((r) => ({ ...r, changes: did.length ? did : undefined })));
        break;
      }
    }
  }
  return out;
}

/** `orders <verb> --file F` / `orders <verb> -`. */
export async function orderBatchRun(f: Factory, verb: BatchVerb, source: { file: string; stdin?: Readable; fingerprint?: string }, o: OrderBatchOptions): Promise<void> {
  await checkBulkFlags(o);
  const label = source.file === "-" ? "stdin" : source.file;
  const problems = new Problems();
  let note: string | undefined;
  const { rows, ignored } = await readOrderRows(source.stdin ?? source.file, label, { columns: o.columns, needTracking: false, dialect: dialectOf(o), onFormat: (x) => (note = formatNote(label, x)) }, problems, f.signal);
  if (note) notice(f.io, sanitize(note), o.quiet);
  problems.throwIfAny();
  if (!rows.length) {
    notice(f.io, `${sanitize(label)}: no orders; nothing to do.`);
    return;
  }
  if (ignored.length) notice(f.io, `Columns not used: ${ignored.map((c) => sanitize(c)).join(", ")}.`, o.quiet);
  const sdk = await f.sdk({ pool: true });
  // References become ids before anything is planned: 1042 and order_… on two lines are one order.
  const { groups, notes } = await groupOrders(sdk, verb, rows, o.concurrency, f.signal);
  for (const n of notes) notice(f.io, n, o.quiet);
  const lastRow = rows.reduce((m, r) => Math.max(m, r.row), 1);
  const what = `orders ${verb}`;

  if (!o.dryRun) {
    // Many orders at once: moderate on a TTY, typed count on a production profile; --yes off a TTY.
    const target = await f.target();
    await requireConfirmation(f.io, f.prompter(), {
      yes: o.yes,
      level: target.production ? "severe" : "moderate",
      question: `${verb[0]!.toUpperCase()}${verb.slice(1)} ${groups.length} order${groups.length === 1 ? "" : "s"} from ${sanitize(label)}?`,
      typed: String(groups.length),
    });
  }

  // Rows an interrupted run wrote (a failed row is tried again): their orders' other rows still run.
  const done = new Map<number, ReportRow>();
  // The plan reads the order and says each parcel's first step; the write walks on from that read.
  type Planned = { start: Start; rows: ReportRow[] };
  const engine: Engine<OrderChunk, ReportRow, Planned> = {
    job: { command: what, file: source.file, fingerprint: source.fingerprint, idColumns: ["order_id", "tracking_number"], progress: { label: `${verb} orders`, unit: "rows", total: rows.length }, lastRow },
    resume(journal) {
      for (const e of journal) if (e.action !== "failed") done.set(e.row, e);
      return rows.filter((r) => done.has(r.row)).map((r) => done.get(r.row)!);
    },
    *chunks() {
      for (const group of groups) {
        const left = group.rows.filter((r) => !done.has(r.row));
        if (left.length) yield { group, rows: left };
      }
    },
    async plan(c, signal) {
      const start = await readStart(sdk, c.group, signal);
      return { start, rows: await applyOrder(sdk, verb, c.rows, start, { location: o.location, dryRun: true }, signal) };
    },
    async write(c, planned, signal) {
      return { start: planned.start, rows: await applyOrder(sdk, verb, c.rows, planned.start, { location: o.location }, signal) };
    },
    rows: (_c, p) => p.rows,
    describe: (c) => `order ${sanitize(c.group.ref)}`,
    size: (c) => c.rows.length,
  };

  await runEngine(f, o, engine, (run) => {
    const summary = run.summary;
    if (run.dryRun) {
      const plan = run.walked.flatMap((w) => w.rows).sort((x, y) => x.row - y.row);
      if (o.json) f.io.out.write(JSON.stringify({ dry_run: true, summary, plan }, null, 2) + "\n");
      else {
        f.io.out.write(renderTable(f.io, plan.map((r) => ({ row: String(r.row), order: r.key ?? "", plan: r.action === "update" ? (r.changes ?? []).join(", ") : r.action, why: r.error?.message ?? "" })), ["row", "order", "plan", "why"]));
        notice(f.io, `Dry run: ${summary.update} to change, ${summary.unchanged} unchanged, ${summary.skipped} skipped, ${summary.failed} not found; nothing was written.`);
      }
      return;
    }
    if (o.json) f.io.out.write(JSON.stringify({ summary, ...(o.report ? { report: o.report } : {}) }, null, 2) + "\n");
    else f.io.out.write(`${what}: ${summary.update} changed, ${summary.unchanged} unchanged, ${summary.skipped} skipped, ${summary.failed} failed (${summary.rows} rows, ${groups.length} orders)${o.report ? `; report: ${o.report}` : ""}.\n`);
    if (summary.skipped && !o.report) notice(f.io, "Skipped rows say why in --report FILE.");
  });
}
