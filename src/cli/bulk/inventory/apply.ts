import type { BulkFlags } from "../options.js";
import type { Factory } from "../../cmdutil/factory.js";
import { renderTable } from "../../output/render.js";
import { Problems } from "../problems.js";
import { parseCount, readSheet, type SheetRow } from "../sheet.js";
import { formatNote } from "../csv-dialect.js";
import { dialectOf } from "../options.js";
import { sanitize } from "../../../term/sanitize.js";
import { chunked, runPool } from "../pool.js";
import { checkBulkFlags, runEngine, type Engine } from "../runner.js";
import { rowRange } from "../report.js";
import { emptyJob } from "../empty-job.js";
import { sendSettled } from "../../../shared/uncertain.js";
import { emptySummary, rowError, type ReportRow, type ReportSummary } from "../report.js";
import { listByKeys } from "../lookup.js";
import { planStock, type StockPlan, type StockStep, type StockWant } from "./plan.js";
import { fieldDiff, newerSummary, savedAt } from "../diff.js";
import { formatDate } from "../../../shared/format.js";
import { leanHeap } from "../lean-heap.js";
import { notice } from "../../output/notice.js";

type Rec = Record<string, unknown>;

/** The flags of `inventory apply`. */
export interface InventoryApplyOptions extends BulkFlags {
  output?: "table" | "json";
  json?: boolean;
  /** Stock levels per batch request (default 1000). */
  chunkSize?: number;
}


export interface StockRow extends StockWant {
  row: number;
  line: number;
  location_name?: string;
}

/** Levels per batch request (2,000 creates took 0.56 s, NOTES.md §13). */
const CHUNK = 1000;

/** Cell checks; `location_id` is left empty when the row names its location. */
export function validateStockRows(rows: SheetRow[], file: string, problems: Problems): StockRow[] {
  const out: StockRow[] = [];
  for (const r of rows) {
    const c = r.cells;
    const add = (column: string, message: string) => problems.add({ file, row: r.row, line: r.line, column, message });
    const before = problems.size;
    if (!c.sku) add("sku", "empty");
    const id = c.location_id || undefined;
    const name = c.location_name || undefined;
    if (!id && !name) add("location_id" in c ? "location_id" : "location_name", "empty: each row needs a location_id or a location_name");
    if (id && name) add("location_name", "give a location_id or a location_name, not both");
    const q = parseCount(c.stocked_quantity ?? "");
    if (q === undefined) add("stocked_quantity", c.stocked_quantity ? `"${c.stocked_quantity}" is not a whole number of at least 0` : "empty");
    if (problems.size > before) continue;
    out.push({ row: r.row, line: r.line, sku: c.sku!, location_id: id ?? "", location_name: name, stocked_quantity: q! });
  }
  return out;
}

export interface InventoryResult {
  dry_run: boolean;
  summary: ReportSummary;
  plan?: { create: Rec[]; update: Rec[]; unchanged: Rec[] };
}

export async function inventoryApplyRun(f: Factory, file: string, o: InventoryApplyOptions): Promise<InventoryResult> {
  leanHeap();
  await checkBulkFlags(o);
  const format = o.json ? "json" : (o.output ?? "table");
  const problems = new Problems();
  const sheet = await readSheet(file, file, { required: ["sku", "stocked_quantity"], optional: [], oneOf: [["location_id", "location_name"]] }, problems, f.signal, dialectOf(o));
  const note = sheet.format && formatNote(file, sheet.format);
  if (note) notice(f.io, sanitize(note), o.quiet);
  const valid = validateStockRows(sheet.rows, file, problems);
  if (problems.list.some((p) => p.row === 1 || p.row === undefined)) problems.throwIfAny();
  if (!sheet.rows.length && !problems.size) {
    emptyJob(f, file, o.json || o.output === "json", { dryRun: Boolean(o.dryRun) });
    return { dry_run: Boolean(o.dryRun), summary: emptySummary() };
  }

  const sdk = await f.sdk({ pool: true });
  // Locations by name or id, and the SKUs' inventory items with their levels.
  const names = [...new Set(valid.flatMap((r) => (r.location_name ? [r.location_name] : [])))];
  const ids = [...new Set(valid.flatMap((r) => (r.location_id ? [r.location_id] : [])))];
  const [byName, byId] = await Promise.all([
    listByKeys<Rec>(sdk, "stockLocation", "name", names, { fields: "id,name" }, { signal: f.signal }),
    listByKeys<Rec>(sdk, "stockLocation", "id", ids, { fields: "id,name" }, { signal: f.signal }),
  ]);
  const nameToId = new Map<string, string[]>();
  for (const l of byName) nameToId.set(l.name as string, [...(nameToId.get(l.name as string) ?? []), l.id as string]);
  const knownIds = new Set(byId.map((l) => l.id as string));
  const skus = [...new Set(valid.map((r) => r.sku))];
  const items: Rec[] = [];
  const groups: string[][] = [];
  for (let i = 0; i < skus.length; i += 100) groups.push(skus.slice(i, i + 100));
  await runPool(groups, o.concurrency, async (g) => {
    items.push(...(await listByKeys<Rec>(sdk, "inventoryItem", "sku", g, { fields: "id,sku,location_levels.id,location_levels.location_id,location_levels.stocked_quantity,location_levels.updated_at" }, { signal: f.signal })));
  }, f.signal);
  const haveSku = new Set(items.map((i) => i.sku as string));
  const rows: StockRow[] = [];
  const seen = new Map<string, number>();
  for (const r of valid) {
    const add = (column: string, message: string) => problems.add({ file, row: r.row, line: r.line, column, message });
    if (r.location_name) {
      const found = nameToId.get(r.location_name) ?? [];
      if (found.length === 0) add("location_name", `no stock location named "${r.location_name}"`);
      else if (found.length > 1) add("location_name", `${found.length} stock locations are named "${r.location_name}"; use location_id`);
      else r.location_id = found[0]!;
    } else if (!knownIds.has(r.location_id)) add("location_id", `no stock location ${r.location_id}`);
    if (!haveSku.has(r.sku)) add("sku", `no inventory item with SKU "${r.sku}" (a variant that does not manage inventory has none)`);
    if (!r.location_id || !haveSku.has(r.sku)) continue;
    const key = `${r.sku}|${r.location_id}`;
    const first = seen.get(key);
    if (first !== undefined) add("sku", `the same SKU and location as row ${first}`);
    else seen.set(key, r.row);
    rows.push(r);
  }
  problems.throwIfAny();

  const plan = planStock(rows, items);
  type Op = { s: StockStep<StockRow>; action: "create" | "update" };
  const rowFor = (s: StockStep<StockRow>, action: ReportRow["action"]): ReportRow => ({
    row: s.want.row,
    line: s.want.line !== s.want.row ? s.want.line : undefined,
    action,
    key: `${s.sku}|${s.location_id}`,
    ids: { inventory_item_id: s.inventory_item_id, location_id: s.location_id },
    changes: action === "update" ? [`stocked_quantity ${s.old} → ${s.stocked_quantity}`] : undefined,
  });
  const level = (x: Op) => ({ inventory_item_id: x.s.inventory_item_id, location_id: x.s.location_id, stocked_quantity: x.s.stocked_quantity });
  const ops: Op[] = [...plan.create.map((s) => ({ s, action: "create" as const })), ...plan.update.map((s) => ({ s, action: "update" as const }))];
  const engine: Engine<Op[]> = {
    job: { command: "inventory apply", file, idColumns: ["inventory_item_id", "location_id"], progress: { label: "applying stock", unit: "levels", total: rows.length }, lastRow: Math.max(1, ...sheet.rows.map((r) => r.row)) },
    settled: plan.unchanged.map((s) => rowFor(s, "unchanged")),
    chunks: () => chunked(ops, { maxItems: o.chunkSize ?? CHUNK }),
    plan: (chunk) => chunk.map((x) => rowFor(x.s, x.action)),
    describe: (chunk) => `rows ${rowRange(chunk.map((x) => x.s.want.row))}`,
    async write(chunk, planned, signal) {
      const sent = await sendSettled(
        chunk.map((x, i) => ({ x, row: planned[i]! })),
        {
          signal,
          send: async (pending) => {
            const of = (a: Op["action"]) => pending.filter((p) => p.x.action === a).map((p) => level(p.x));
            await sdk.admin.inventoryItem.batchInventoryItemsLocationLevels({ create: of("create"), update: of("update") } as never, undefined, { signal });
            return pending.map(() => true);
          },
          // A level counts as written when it holds the sheet's quantity.
          readBack: async (pending) => {
            const items = await listByKeys<Rec>(sdk, "inventoryItem", "id", [...new Set(pending.map((p) => p.x.s.inventory_item_id))], { fields: "id,location_levels.location_id,location_levels.stocked_quantity" }, { signal });
            const held = new Set(items.flatMap((i) => ((i.location_levels as Rec[]) ?? []).map((l) => `${i.id as string}|${l.location_id as string}|${Number(l.stocked_quantity)}`)));
            return pending.map((p) => (held.has(`${p.x.s.inventory_item_id}|${p.x.s.location_id}|${p.x.s.stocked_quantity}`) ? true : undefined));
          },
        },
      );
      const err = sent.failed.length ? rowError(sent.error) : undefined;
      return [...sent.done.map((d) => d.item.row), ...sent.failed.map((p) => ({ ...p.row, action: "failed" as const, error: err }))];
    },
  };
  const since = o.dryRun ? await savedAt(file) : undefined;
  let result: InventoryResult = { dry_run: Boolean(o.dryRun), summary: emptySummary() };
  await runEngine(f, o, engine, (run) => {
    result = { dry_run: run.dryRun, summary: run.summary };
    if (run.dryRun) return writeDryRun(f, result, { ...plan, ...walkedPlan(run.walked.flatMap((w) => w.chunk)) }, format, { file, since });
    const s = run.summary;
    if (format === "json") f.io.out.write(JSON.stringify(result, null, 2) + "\n");
    else
      f.io.out.write(
        s.create + s.update + s.failed === 0
          ? `No changes: ${s.unchanged} stock level${s.unchanged === 1 ? "" : "s"} unchanged.\n`
          : `Stock levels: ${s.create} created, ${s.update} updated, ${s.unchanged} unchanged${s.failed ? `, ${s.failed} failed` : ""}.\n`,
      );
  });
  return result;
}

/** The creates and updates a dry run walked, in the order the real run sends them. */
function walkedPlan(ops: { s: StockStep<StockRow>; action: "create" | "update" }[]): Pick<StockPlan<StockRow>, "create" | "update"> {
  return { create: ops.filter((x) => x.action === "create").map((x) => x.s), update: ops.filter((x) => x.action === "update").map((x) => x.s) };
}

function writeDryRun(f: Factory, r: InventoryResult, plan: StockPlan<StockRow>, format: string, saved: { file: string; since?: number }): void {
  // A level the store changed after the sheet was saved (a sale, another sheet): applying would undo that.
  const newer = (s: StockPlan<StockRow>["create"][number]) => fieldDiff("stocked_quantity", s.old, s.stocked_quantity, s.at, saved.since).newer;
  const flagged = plan.update.filter((s) => newer(s)).length;
  const rec = (s: StockPlan<StockRow>["create"][number]) => ({ row: s.want.row, sku: s.sku, location_id: s.location_id, inventory_item_id: s.inventory_item_id, old: s.old ?? null, stocked_quantity: s.stocked_quantity, ...(newer(s) ? { newer: newer(s) } : {}) });
  if (format === "json") {
    r.plan = { create: plan.create.map(rec), update: plan.update.map(rec), unchanged: plan.unchanged.map(rec) };
    f.io.out.write(JSON.stringify(r, null, 2) + "\n");
    return;
  }
  const lines = [
    ...plan.create.map((s) => ({ change: "new", sku: s.sku, location: s.want.location_name ?? s.location_id, old: "", new: String(s.stocked_quantity) })),
    ...plan.update.map((s) => ({ change: "changed", sku: s.sku, location: s.want.location_name ?? s.location_id, old: String(s.old), new: String(s.stocked_quantity), note: newer(s) ? `undoes a change made at ${formatDate(newer(s))} UTC, after the sheet was saved` : "" })),
  ];
  if (lines.length) f.io.out.write(renderTable(f.io, lines, ["change", "sku", "location", "old", "new", ...(flagged ? ["note"] : [])]));
  const newerText = newerSummary(flagged, saved.file, saved.since);
  if (newerText) notice(f.io, newerText);
  const s = r.summary;
  notice(f.io, lines.length ? `Dry run: ${s.create} new, ${s.update} changed, ${s.unchanged} unchanged; nothing was written.\n` : `Dry run: no changes; ${s.unchanged} stock level${s.unchanged === 1 ? "" : "s"} unchanged.\n`);
}
