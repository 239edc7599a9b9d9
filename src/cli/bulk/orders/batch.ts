/**
 * Order verbs on many orders at once (issue 27): `orders ship --file shipments.csv`, and fulfil,
 * deliver, capture, complete, archive with `--file` or `-` (references on stdin). An engine of the
 * runner (runner.ts), which owns dry run, report, --resume, progress, the lock and cancel: one
 * order is one chunk, its plan the first step of each parcel, its write the walk to the end.
 *
 * The walk of one order (each step decided by the order model from the order read afresh, a lost
 * answer read back before anything is sent again) is the shared engine src/shared/orders/walk.ts,
 * which the TUI's actions on marked orders take too; this file turns a file's rows into parcels
 * and the walks' ends into report rows.
 */
import type { Readable } from "node:stream";
import type { Factory } from "../../cmdutil/factory.js";
import type { Medusa } from "../../../sdk/index.js";
import { sanitize } from "../../../term/sanitize.js";
import type { ShipmentLabel } from "../../../shared/orders/fulfillments.js";
import { loadOrder, orderName, resolveOrderId, type AdminOrder } from "../../../shared/orders/read.js";
import { type BatchVerb, type Parcel, walkOrder } from "../../../shared/orders/walk.js";
import { requireConfirmation } from "../../cmdutil/prompter.js";
import { renderTable } from "../../output/render.js";
import { notice } from "../../output/notice.js";
import { checkBulkFlags, runEngine, type Engine } from "../runner.js";
import { dialectOf, type BulkFlags } from "../options.js";
import { formatNote } from "../csv-dialect.js";
import { runPool } from "../pool.js";
import { Problems } from "../problems.js";
import { rowError, type ReportRow } from "../report.js";
import { orderKey, readOrderRows, type OrderRow } from "./input.js";

export interface OrderBatchOptions extends BulkFlags {
  yes?: boolean;
  json?: boolean;
  columns?: string;
  location?: string;
}

/** A parcel of the file: the rows of one order that go out together (all rows without a SKU are one). */
interface RowParcel extends Parcel {
  rows: OrderRow[];
}

/** A row's label; a tracking number on many rows keeps its first row's URLs. */
function labelsOfRows(rows: OrderRow[]): ShipmentLabel[] {
  const seen = new Map<string, ShipmentLabel>();
  for (const r of rows) if (r.tracking && !seen.has(r.tracking)) seen.set(r.tracking, { tracking_number: r.tracking, tracking_url: r.url ?? "", label_url: r.label ?? "" });
  return [...seen.values()];
}

function parcelsOf(rows: OrderRow[]): RowParcel[] {
  const parcel = (rs: OrderRow[], sku?: string, quantity?: number): RowParcel => ({ rows: rs, sku, quantity, labels: labelsOfRows(rs), carrier: rs.find((r) => r.carrier)?.carrier });
  const whole = rows.filter((r) => !r.sku);
  const out = rows.filter((r) => r.sku).map((r) => parcel([r], r.sku, r.quantity));
  if (whole.length) out.unshift(parcel(whole));
  return out;
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
 * Brings one order from `start` to what its rows ask (walk.ts); one report row per input row. A
 * dry run stops each parcel at its first step and reports it: the walk the real run takes, without writes.
 */
async function applyOrder(sdk: Medusa, verb: BatchVerb, rows: OrderRow[], start: Start, o: { location?: string; dryRun?: boolean }, signal: AbortSignal): Promise<ReportRow[]> {
  const out: ReportRow[] = [];
  let order: AdminOrder | undefined = start.order;
  const base = (r: OrderRow): ReportRow => ({ row: r.row, line: r.line !== r.row ? r.line : undefined, action: "unchanged", key: order ? orderName(order) : r.order, ids: { order_id: order?.id ?? start.id, tracking_number: r.tracking } });
  if (!order) {
    append(out, rows.map((r) => ({ ...base(r), action: "failed" as const, error: rowError(start.error) })));
    return out;
  }
  const parcels: RowParcel[] = verb === "ship" ? parcelsOf(rows) : [{ rows, labels: [] }];
  for (const p of parcels) {
    const w = await walkOrder(sdk, verb, order, p, { location: o.location, dryRun: o.dryRun, signal });
    order = w.order;
    const changes = w.did.length ? w.did : undefined;
    const row = (r: OrderRow): ReportRow => {
      switch (w.end) {
        case "done":
          return { ...base(r), action: changes ? "update" : "unchanged", changes };
        case "skipped":
          return { ...base(r), action: changes ? "update" : "skipped", changes, error: changes ? undefined : { message: w.reason } };
        case "planned":
          return { ...base(r), action: "update", changes: [w.what] };
        case "failed":
          return { ...base(r), action: "failed", error: rowError(w.error), changes };
      }
    };
    append(out, p.rows.map(row));
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
