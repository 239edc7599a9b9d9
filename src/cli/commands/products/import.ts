/**
 * `medusactl products import <file.csv>` (issue 5, CONTRACT.md §6): validate everything, then
 * create/update by Product Id or handle and variants by id or SKU, with the batch engine (ours)
 * or Medusa's own import workflow (`--engine server`).
 */
import { Command, InvalidArgumentError, Option } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { CancelError, PartialFailureError, UsageError } from "../../../term/errors.js";
import { addBulkOptions, type BulkFlags } from "../../bulk/options.js";
import { parseChunkSize } from "../../bulk/pool.js";

export interface ImportOptions extends BulkFlags {
  file: string;
  engine: "batch" | "server";
  match?: "handle";
  salesChannel?: string;
  shippingProfile?: string;
  location?: string;
  chunkSize: number;
  output?: "table" | "json";
  json?: boolean;
  wait: boolean;
  /** Milliseconds; 30 minutes when not given. */
  waitTimeout?: number;
}

export function parseDuration(value: string): number {
  const m = value.trim().match(/^(\d+(?:\.\d+)?)(ms|s|m|h)?$/);
  if (!m) throw new InvalidArgumentError("expected a duration such as 90s, 10m or 1h");
  const n = Number(m[1]);
  const unit = m[2] ?? "s";
  return n * (unit === "ms" ? 1 : unit === "s" ? 1000 : unit === "m" ? 60_000 : 3_600_000);
}

export function makeImportCommand(ctx: CommandContext, run: (f: Factory, o: ImportOptions) => Promise<void> = importRun): Command {
  const cmd = new Command("import")
    .description("Import a product CSV (Medusa's columns): validate all, then create or update by id, handle and SKU")
    .argument("<file>", "the CSV file (UTF-8, one row per variant)")
    .addOption(new Option("--engine <engine>", "batch: our chunked batch requests; server: Medusa's own import workflow").choices(["batch", "server"]).default("batch"))
    .addOption(new Option("--match <key>", "handle: ignore ids, match products by handle and variants by SKU (a file from another store)").choices(["handle"]))
    .option("--sales-channel <id|name>", "add every product to this sales channel")
    .option("--shipping-profile <id|name>", "shipping profile for products that have none")
    .option("--location <id|name>", "stock location for the Variant Inventory Quantity column")
    .option("--chunk-size <n>", "products per batch request", parseChunkSize, 250)
    .option("--no-wait", "--engine server: print the transaction id and exit once the import is confirmed")
    .option("--wait-timeout <duration>", "--engine server: how long to wait for Medusa (default 30m)", parseDuration)
    .addOption(new Option("-o, --output <format>", "table or json").choices(["table", "json"]))
    .option("--json", "same as --output json");
  addBulkOptions(cmd);
  cmd.addHelpText(
    "after",
    `
Columns: Medusa's product CSV (Product Id, Product Handle, Product Title, … Variant Sku, Variant Price EUR,
Variant Price [Region] EUR, Variant Option 1 Name/Value, Product Sales Channel 1, …), header names in any case.
Ours: Variant Inventory Quantity (with --location), and the --portable columns of \`products export\`
(Product Collection Handle, Product Type Value, Product Category Handle N, Product Tag Value N,
Product Sales Channel Name N, Shipping Profile Name) with the batch engine.
An empty cell leaves the stored value alone. Prices are decimal major units (19.99).

Examples:
  medusactl products import catalogue.csv --dry-run
  medusactl products import catalogue.csv --sales-channel "Default Sales Channel" --location Warehouse --report out.json
  medusactl products import other-store.csv --match handle
  medusactl products import catalogue.csv --resume`,
  );
  cmd.action(async (file: string, o: Omit<ImportOptions, "file">, c: Command) => {
    await run(ctx.factory(c), { ...o, file });
  });
  return cmd;
}

type Rec = Record<string, any>;

export async function importRun(f: Factory, o: ImportOptions): Promise<void> {
  const { promises: fs } = await import("node:fs");
  const { Problems } = await import("../../bulk/problems.js");
  const { createProgress } = await import("../../bulk/progress.js");
  const { reportFormat } = await import("../../bulk/report.js");
  const imp = await import("../../bulk/product-import.js");
  const json = o.json || o.output === "json";
  if (o.report) reportFormat(o.report);
  try {
    const st = await fs.stat(o.file);
    if (!st.isFile()) throw new UsageError(`${o.file} is not a file`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${o.file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const matchHandle = o.match === "handle";
  const sdk = await f.sdk();
  const problems = new Problems();

  const validating = createProgress(f.io, { label: "validating", quiet: o.quiet });
  let index;
  try {
    index = await imp.indexFile({ file: o.file, problems, matchHandle, signal: f.signal, onRow: () => validating.add() });
  } finally {
    validating.done();
  }
  if (f.signal.aborted) throw new CancelError();
  if (o.engine === "server" && index.header?.has.portable) {
    problems.add({ file: o.file, row: 1, message: "the --portable reference columns work only with --engine batch (Medusa's importer takes ids)" });
  }
  // Store checks run even after local problems, so one run lists everything.
  const store = index.header && index.dataRows > 0 ? await imp.checkStore(index, { ...o, file: o.file, sdk, problems, matchHandle, concurrency: o.concurrency, signal: f.signal }) : undefined;
  problems.throwIfAny();
  if (!store) throw new Error("unreachable: no store facts without problems");

  const rowsTotal = index.dataRows;
  if (o.engine === "server") {
    const { serverImport } = await import("./server-engine.js");
    return serverImport(f, o, { index, store, sdk });
  }
  const { ReportWriter } = await import("../../bulk/report.js");
  const { Checkpoint, jobFor } = await import("../../bulk/checkpoint.js");

  // Missing tags and types of a --portable file are plain values: create them (not in a dry run).
  if (!o.dryRun) {
    for (const [kind, path, key, missing] of [
      ["tag", "/admin/product-tags", "product_tag", store.missingTags],
      ["type", "/admin/product-types", "product_type", store.missingTypes],
    ] as const) {
      for (const value of missing) {
        const res = await sdk.client.fetch<Rec>(path, { method: "POST", body: { value }, signal: f.signal });
        store.resolved.refs[kind].set(value, res[key].id);
      }
    }
  }

  const job = o.dryRun ? undefined : await jobFor(f, "products import", o.file);
  type Entry = import("../../bulk/report.js").ReportRow & { product: string };
  let checkpoint: import("../../bulk/checkpoint.js").Checkpoint<{ rows: number }, Entry> | undefined;
  if (job) {
    if (!o.resume) {
      const old = await Checkpoint.find(job.dir, job.key);
      if (old) f.io.err.write(`note: an interrupted import of this file (${old.updatedAt}) is discarded; --resume would have continued it\n`);
    }
    checkpoint = await Checkpoint.open<{ rows: number }, Entry>({ dir: job.dir, key: job.key, file: o.file, resume: Boolean(o.resume), initial: { rows: rowsTotal } });
  } else if (o.resume) throw new UsageError("--resume cannot be combined with --dry-run");
  if (o.resume && checkpoint && !checkpoint.resumed) f.io.err.write("note: no checkpoint of this file for this store; starting from the beginning\n");

  const report = o.report ? new ReportWriter(o.report, ["product_id", "variant_id"]) : undefined;
  const { emptySummary, countRow } = await import("../../bulk/report.js");
  const rowSummary = emptySummary();
  const productSummary = { create: 0, update: 0, unchanged: 0, failed: 0 };
  const planOut: Rec[] = [];
  const done = new Set<string>();
  const countProduct = (rows: Entry[]) => {
    const action = rows.some((r) => r.action === "failed") ? "failed" : (rows[0]?.action as "create" | "update" | "unchanged");
    if (action && action in productSummary) productSummary[action as keyof typeof productSummary]++;
  };
  if (checkpoint?.resumed) {
    const byProduct = new Map<string, Entry[]>();
    for (const e of checkpoint.entries) byProduct.set(e.product, [...(byProduct.get(e.product) ?? []), e]);
    for (const [key, rows] of byProduct) {
      // A product that failed is tried again, not carried over as failed.
      if (rows.some((r) => r.action === "failed")) continue;
      done.add(key);
      countProduct(rows);
      for (const r of rows) countRow(rowSummary, r);
      await report?.add(rows.map(({ product: _p, ...r }) => r));
    }
    if (!o.quiet) f.io.err.write(`resuming: ${done.size} products were done before\n`);
  }

  const progress = createProgress(f.io, { label: o.dryRun ? "planning" : "importing", total: rowsTotal, quiet: o.quiet });
  progress.add(rowSummary.rows);
  const ids = new Map(store.existing);
  const wctx = { sdk, resolved: store.resolved, matchHandle, ids, signal: f.signal };
  const { runPool } = await import("../../bulk/pool.js");
  const { planProduct } = await import("../../bulk/product-plan.js");

  async function* chunks() {
    let group: import("../../bulk/product-plan.js").FileProduct[] = [];
    for await (const p of imp.streamProducts(o.file, index!, { matchHandle, skip: done, signal: f.signal })) {
      group.push(p);
      if (group.length >= o.chunkSize) {
        yield group;
        group = [];
      }
    }
    if (group.length) yield group;
  }

  let interrupted = false;
  let shownFailures = 0;
  try {
    await runPool(
      chunks(),
      o.concurrency,
      async (group) => {
        let results: import("../../bulk/product-import.js").ChunkResult[];
        if (o.dryRun) {
          const existing = await imp.fetchExisting(sdk, group, ids, f.signal);
          results = group.map((p) => {
            const plan = planProduct(p, existing.get(p.key), store.resolved, { matchHandle });
            const variantIds = new Map<string, string>();
            for (const v of existing.get(p.key)?.variants ?? []) if (v.sku) variantIds.set(v.sku, v.id);
            return { plan, productId: plan.productId, variantIds };
          });
        } else {
          results = await imp.writeChunk(group, wctx);
        }
        if (store.locationId) {
          const targets = results.flatMap((r) => {
            if (r.error) return [];
            const fp = group.find((g) => g.key === r.plan.key)!;
            return fp.rows.flatMap((row) => (typeof row.variant.sku === "string" ? [{ sku: row.variant.sku, quantity: row.stock, row: row.row }] : []));
          });
          const { changed, errors } = await imp.applyStock(sdk, store.locationId, targets, { dryRun: Boolean(o.dryRun), signal: f.signal });
          for (const r of results) {
            const skus = r.plan.rows.map((x) => x.sku).filter((s): s is string => Boolean(s));
            const stockChanged = skus.filter((s) => changed.has(s));
            if (stockChanged.length && r.plan.action !== "create") {
              r.plan = { ...r.plan, action: "update", changes: [...r.plan.changes, ...stockChanged.map((s) => `${s}.stock`)] };
            }
            const err = skus.map((s) => errors.get(s)).find(Boolean);
            if (err && !r.error) r.error = { ...err, message: `stock: ${err.message}` };
          }
        }
        const entries: Entry[] = [];
        for (const r of results) {
          const rows = imp.reportRows(r, r.plan.key);
          entries.push(...rows);
          countProduct(rows);
          if (o.dryRun || json) planOut.push({ action: r.error ? "failed" : r.plan.action, handle: r.plan.handle, id: r.productId, changes: r.plan.changes, ...(r.error ? { error: r.error } : {}) });
          if (o.dryRun && !json) f.io.out.write(planLine(r, f.io.isStdoutTTY));
        }
        for (const e of entries) {
          countRow(rowSummary, e);
          // The first failures are worth seeing at once; the report has all of them.
          if (e.action === "failed" && shownFailures++ < 5) progress.warn(`row ${e.row}${e.key ? ` (${e.key})` : ""}: ${e.error?.message ?? "failed"}`);
        }
        await checkpoint?.commit(entries);
        await report?.add(entries.map(({ product: _p, ...r }) => r));
        progress.add(entries.length);
      },
      f.signal,
    );
  } catch (e) {
    if ((e as Error)?.name === "AbortError" || f.signal.aborted) interrupted = true;
    else {
      progress.done();
      await report?.close({ interrupted: true });
      if (checkpoint) f.io.err.write(`The import stopped; run the same command with --resume to continue.\n`);
      throw e;
    }
  }
  progress.done();
  if (interrupted || f.signal.aborted) {
    await report?.close({ interrupted: true });
    if (checkpoint) f.io.err.write(`Interrupted; run the same command with --resume to continue.\n`);
    throw new CancelError();
  }
  await report?.close({ products: productSummary });
  await checkpoint?.finish();

  const summary = { file: o.file, engine: "batch", dryRun: Boolean(o.dryRun), products: productSummary, rows: rowSummary, ...(o.report ? { report: o.report } : {}) };
  if (json) f.io.out.write(JSON.stringify(o.dryRun ? { ...summary, plan: planOut } : summary, null, 2) + "\n");
  else {
    const p = productSummary;
    const text = o.dryRun
      ? `${o.file}: would create ${p.create}, update ${p.update}, leave ${p.unchanged} unchanged (${rowSummary.rows} rows); nothing written`
      : `${o.file}: ${p.create} created, ${p.update} updated, ${p.unchanged} unchanged, ${p.failed} failed (${rowSummary.rows} rows)${o.report ? `; report: ${o.report}` : ""}`;
    (o.dryRun ? f.io.err : f.io.out).write(text + "\n");
  }
  if (rowSummary.failed > 0) {
    throw new PartialFailureError(`${rowSummary.failed} of ${rowSummary.rows} rows failed${o.report ? `; see ${o.report}` : " (use --report for the details)"}`);
  }
}

function planLine(r: import("../../bulk/product-import.js").ChunkResult, tty: boolean): string {
  const action = r.error ? "failed" : r.plan.action;
  const what = r.plan.handle ?? r.productId ?? r.plan.key;
  const detail = r.error ? r.error.message : r.plan.changes.join(", ");
  return tty ? `${action.padEnd(9)} ${what}${detail ? `  ${detail}` : ""}\n` : `${action}\t${what}\t${detail}\n`;
}
