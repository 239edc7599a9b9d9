/**
 * `products import --engine server`: Medusa's own import workflow, made safe (CONTRACT.md §6).
 * Our validation has already run; here the products are planned like a dry run, and the file is
 * rewritten for Medusa's importer: unchanged products are left out, `Product Id`/`Variant Id` are
 * filled for what exists (Medusa matches by id only and would fail on a duplicate handle), our
 * own columns are removed and the flags become columns (sales channels, shipping profile). Then:
 * upload (presigned URL or Medusa's upload route), `POST /admin/products/imports`, confirm, wait
 * for the notification that names our uniquely named file, apply stock ourselves, and delete the
 * upload, which Medusa would otherwise serve to anyone forever (NOTES.md §14).
 */
import { randomUUID } from "node:crypto";
import { promises as fs, createWriteStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Medusa } from "../../../sdk/index.js";
import type { Factory } from "../../cmdutil/factory.js";
import { CancelError, JobError } from "../../../term/errors.js";
import { CsvSpool } from "../csv.js";
import { classifyColumn, type ParsedRow } from "./csv-columns.js";
import { planProduct, variantTitle, type ExistingProduct, type ProductPlan } from "./plan.js";
import { fetchExisting, type FileIndex, type StoreFacts } from "./import-batch.js";
import { streamProducts } from "./import-stream.js";
import { applyStock } from "./import-stock.js";
import { createProgress } from "../progress.js";
import { ReportWriter, emptySummary, countRow, type ReportRow } from "../report.js";
import { BulkJob } from "../job.js";
import { runPool } from "../pool.js";
import { StuckImportError, waitForImport } from "./import-wait.js";
import type { ImportOptions } from "./import-options.js";
import { notice } from "../../output/notice.js";

type Rec = Record<string, any>;

interface Rewritten {
  plan: ProductPlan;
  rows: ParsedRow[];
  existing?: ExistingProduct;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** The row as Medusa's importer should see it (header name → cell). */
function rewriteRow(index: FileIndex, row: ParsedRow, r: Rewritten, store: StoreFacts, plannedVariantId: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const names = index.header.names;
  let channels: string[] | undefined;
  row.cells!.forEach((cell, i) => {
    const role = index.header.roles[i];
    if (!role || role.role === "stock") return;
    if (role.role === "list" && role.list === "salesChannel" && store.resolved.salesChannelId) return;
    out[names[i]!] = cell;
  });
  const name = (field: string, fallback: string) => names.find((n) => {
    const role = classifyColumn(n);
    return (role?.role === "product" || role?.role === "variant") && role.col.header === fallback && role.col.field === field;
  }) ?? fallback;
  // Medusa's importer refuses a variant without a title (500, after the upload): give it the one the
  // variant has, or the one the batch engine would give.
  if (typeof row.variant.title !== "string") {
    const current = plannedVariantId ? r.existing?.variants?.find((v) => v.id === plannedVariantId)?.title : undefined;
    out[name("title", "Variant Title")] = current ?? variantTitle(row, row.product.title ?? r.existing?.title);
  }
  if (r.plan.productId) out[name("id", "Product Id")] = r.plan.productId;
  if (plannedVariantId) out[name("id", "Variant Id")] = plannedVariantId;
  if (store.resolved.salesChannelId) {
    channels = row.lists.salesChannel ?? (r.existing?.sales_channels ?? []).map((c) => c.id);
    if (!channels.includes(store.resolved.salesChannelId)) channels = [...channels, store.resolved.salesChannelId];
    channels.forEach((id, i) => (out[`Product Sales Channel ${i + 1}`] = id));
  }
  if (store.resolved.shippingProfileId && !row.product.shipping_profile_id && !r.existing?.shipping_profile?.id) {
    out[name("shipping_profile_id", "Shipping Profile Id")] = store.resolved.shippingProfileId;
  }
  return out;
}

function header(spool: CsvSpool, index: FileIndex): string[] {
  // The file's own column order, then what we added.
  const own = index.header.names.filter((n) => spool.columns.has(n));
  const added = [...spool.columns].filter((c) => !own.includes(c));
  const channel = added.filter((c) => c.startsWith("Product Sales Channel ")).sort((a, b) => Number(a.split(" ").pop()) - Number(b.split(" ").pop()));
  return [...own, ...added.filter((c) => !channel.includes(c)), ...channel];
}

export async function serverImport(f: Factory, o: ImportOptions, ctx: { index: FileIndex; store: StoreFacts; sdk: Medusa }): Promise<void> {
  const { index, store, sdk } = ctx;
  const json = o.json || o.output === "json";
  const ids = new Map(store.existing);
  const spool = new CsvSpool();
  const plans: Rewritten[] = [];
  const warnings = { numericOptions: 0, whitespace: 0, droppedVariants: 0, droppedProducts: 0 };
  const progress = createProgress(f.io, { label: "planning", total: index.dataRows, quiet: o.quiet });
  const groups: import("./plan.js").FileProduct[][] = [];
  let group: import("./plan.js").FileProduct[] = [];
  try {
    for await (const p of streamProducts(o.file, index, { matchHandle: o.match === "handle", skip: new Set(), keepCells: true, signal: f.signal })) {
      group.push(p);
      if (group.length >= 100) {
        groups.push(group);
        group = [];
      }
    }
    if (group.length) groups.push(group);
    await runPool(
      groups,
      o.concurrency,
      async (g) => {
        const existing = await fetchExisting(sdk, g, ids, f.signal);
        for (const p of g) {
          const e = existing.get(p.key);
          const plan = planProduct(p, e, store.resolved, { matchHandle: o.match === "handle" });
          plans.push({ plan, rows: p.rows, existing: e });
          progress.add(p.rows.length);
        }
      },
      f.signal,
    );
  } finally {
    progress.done();
  }
  if (f.signal.aborted) throw new CancelError();

  // Stock is ours to apply afterwards; a dry run shows its effect too.
  const stockTargets = store.locationId
    ? plans.flatMap((r) => r.rows.flatMap((row) => (typeof row.variant.sku === "string" ? [{ sku: row.variant.sku, quantity: row.stock, row: row.row }] : [])))
    : [];
  const stockPlan = store.locationId ? await applyStock(sdk, store.locationId, stockTargets, { dryRun: true, signal: f.signal }) : undefined;
  const changedSkus = new Set([...(stockPlan?.changed.keys() ?? [])].map((i) => stockTargets[i]!.sku));

  for (const r of plans) {
    const stockChanged = r.rows.some((row) => typeof row.variant.sku === "string" && changedSkus.has(row.variant.sku));
    if (r.plan.action === "unchanged" && stockChanged) r.plan = { ...r.plan, action: "update", changes: [...r.plan.changes, "stock"] };
    // Only products Medusa has to write go into the upload; stock-only changes are ours.
    if (!r.plan.create && !r.plan.update && !r.plan.optionOps) continue;
    if (r.existing) {
      const listed = new Set(r.plan.rows.map((x) => x.variantId).filter(Boolean));
      const dropped = (r.existing.variants ?? []).filter((v) => !listed.has(v.id)).length;
      if (dropped) {
        warnings.droppedVariants += dropped;
        warnings.droppedProducts++;
      }
    }
    r.rows.forEach((row, i) => {
      for (const [, v] of row.options) if (NUMERIC.test(v)) warnings.numericOptions++;
      if (row.cells!.some((c) => c !== c.trim())) warnings.whitespace++;
    });
    for (const [i, row] of r.rows.entries()) await spool.add(rewriteRow(index, row, r, store, r.plan.rows[i]?.variantId));
  }
  const warn = (text: string) => f.io.err.write(`warning: ${text}\n`);
  if (warnings.numericOptions) warn(`${warnings.numericOptions} option values look like numbers; Medusa's importer fails on them (use e.g. "10 pack", or --engine batch)`);
  if (warnings.whitespace) warn(`${warnings.whitespace} rows have values with leading or trailing spaces; Medusa's importer trims them`);
  if (warnings.droppedVariants) warn(`Medusa's importer will delete ${warnings.droppedVariants} variants of ${warnings.droppedProducts} products that the file does not list (--engine batch keeps them)`);

  const counts = { create: 0, update: 0, unchanged: 0, failed: 0 };
  for (const r of plans) counts[r.plan.action]++;
  const rowsOf = (action: (r: Rewritten) => ReportRow["action"], error?: ReportRow["error"]): ReportRow[] =>
    plans.flatMap((r) =>
      r.plan.rows.map((x) => ({
        row: x.row,
        line: x.line !== x.row ? x.line : undefined,
        action: action(r),
        key: x.sku ?? r.plan.handle,
        ids: { product_id: r.plan.productId, variant_id: x.variantId },
        ...(r.plan.changes.length ? { changes: r.plan.changes } : {}),
        ...(error && action(r) === "failed" ? { error } : {}),
      })),
    );
  // The dry run writes its report here; a real run's goes through the job (lock, checkpoint, wording).
  let job: BulkJob | undefined;
  const finish = async (rows: ReportRow[], extra: Rec) => {
    rows.sort((a, b) => a.row - b.row);
    if (job) {
      await job.record(rows);
      return job.end({ products: counts, engine: "server", ...extra });
    }
    const summary = emptySummary();
    for (const r of rows) countRow(summary, r);
    if (o.report) {
      const w = new ReportWriter(o.report, ["product_id", "variant_id"]);
      await w.add(rows);
      await w.close({ products: counts, engine: "server", ...extra });
    }
    return summary;
  };

  if (o.dryRun) {
    await spool.discard();
    for (const r of plans.sort((a, b) => (a.plan.rows[0]?.row ?? 0) - (b.plan.rows[0]?.row ?? 0))) {
      if (!json) f.io.out.write(f.io.isStdoutTTY ? `${r.plan.action.padEnd(9)} ${r.plan.handle}  ${r.plan.changes.join(", ")}\n` : `${r.plan.action}\t${r.plan.handle}\t${r.plan.changes.join(", ")}\n`);
    }
    const summary = await finish(rowsOf((r) => r.plan.action), {});
    if (json) f.io.out.write(JSON.stringify({ file: o.file, engine: "server", dryRun: true, products: counts, rows: summary, plan: plans.map((r) => ({ action: r.plan.action, handle: r.plan.handle, id: r.plan.productId, changes: r.plan.changes })) }, null, 2) + "\n");
    else notice(f.io, `${o.file}: would create ${counts.create}, update ${counts.update}, leave ${counts.unchanged} unchanged (${summary.rows} rows); nothing written\n`);
    return;
  }

  let lastRow = 1;
  for (const p of index.products.values()) lastRow = Math.max(lastRow, p.lastRow);
  job = await BulkJob.open(f, { command: "products import", file: o.file, flags: o, idColumns: ["product_id", "variant_id"], progress: { label: "importing", total: index.dataRows }, lastRow });
  try {
    return await runServerJob(f, o, { ...ctx, job, plans, spool, counts, stockTargets, rowsOf, finish, json });
  } catch (e) {
    return job.abandon(e);
  }
}

async function runServerJob(
  f: Factory,
  o: ImportOptions,
  c: { index: FileIndex; store: StoreFacts; sdk: Medusa; job: BulkJob; plans: Rewritten[]; spool: CsvSpool; counts: Record<"create" | "update" | "unchanged" | "failed", number>; stockTargets: { sku: string; quantity: number | undefined; row: number }[]; rowsOf: (action: (r: Rewritten) => ReportRow["action"], error?: ReportRow["error"]) => ReportRow[]; finish: (rows: ReportRow[], extra: Rec) => Promise<import("../report.js").ReportSummary>; json: boolean },
): Promise<void> {
  const { index, store, sdk, job, plans, spool, counts, stockTargets, rowsOf, finish, json } = c;
  const ids = new Map(store.existing);
  let transactionId: string | undefined;
  let upload: string | undefined;
  const started = Date.now();
  const originalname = `medusactl-import-${randomUUID()}.csv`;
  let outcome: "done" | "failed" | "nothing" = "nothing";
  try {
    if (spool.rows > 0) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "medusactl-import-"));
      const csvPath = path.join(dir, originalname);
      try {
        const out = createWriteStream(csvPath, { mode: 0o600 });
        // Medusa's importer reads values as they are: no spreadsheet guard in this file.
        await spool.writeTo(out, header(spool, index), { raw: true });
        await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
        const bytes = await fs.readFile(csvPath);
        const file = new File([bytes], originalname, { type: "text/csv" });
        if (!(o.quiet || f.io.quiet)) f.io.err.write(`uploading ${spool.rows} rows for Medusa's importer\n`);
        upload = await uploadFile(sdk, file, job.signal);
        const res: Rec = await sdk.admin.product.createImport({ file_key: upload, originalname, extension: "csv", size: file.size, mime_type: "text/csv" }, undefined, undefined, { signal: job.signal });
        transactionId = res.transaction_id as string;
        if (!(o.quiet || f.io.quiet)) f.io.err.write(`Medusa import ${transactionId}: ${res.summary?.toCreate ?? "?"} to create, ${res.summary?.toUpdate ?? "?"} to update\n`);
        await sdk.admin.product.confirmImport(transactionId, undefined, undefined, { signal: job.signal });
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
      if (!o.wait) {
        f.io.out.write(json ? JSON.stringify({ file: o.file, engine: "server", transaction_id: transactionId, upload }, null, 2) + "\n" : `${transactionId}\n`);
        f.io.err.write(`not waiting: the uploaded file stays on the server until deleted (medusactl uploads delete ${upload})\n`);
        upload = undefined;
        await job.end({ transaction_id: transactionId, outcome: "not waited for" });
        return;
      }
      const newHandles = plans.filter((r) => r.plan.action === "create" && r.plan.handle).map((r) => r.plan.handle!);
      try {
        const holdsFile = async () => (await landedProducts(sdk, plans, ids, store, o.match === "handle", job.signal)).size === plans.filter((r) => r.plan.action !== "unchanged").length;
        const waited = await waitForImport(sdk, f, { originalname, transactionId: transactionId!, since: started, timeoutMs: o.waitTimeout ?? 30 * 60_000, stallMs: o.stallTimeout ?? 2 * 60_000, newHandles, holdsFile, quiet: o.quiet });
        outcome = waited.outcome;
        if (waited.note && !(o.quiet || f.io.quiet)) f.io.err.write(`${waited.note}\n`);
      } catch (e) {
        if (e instanceof StuckImportError) {
          // The report says what is true: each product is read back and planned again; one that now
          // plans as "unchanged" landed, any other did not.
          const landed = await landedProducts(sdk, plans, ids, store, o.match === "handle", job.signal).catch((e2: Error) => {
            f.io.err.write(`warning: could not read the products back for the report (${e2.message}); it lists every row not known to be written as failed\n`);
            return new Set<string>();
          });
          await finish(rowsOf((r) => (r.plan.action === "unchanged" ? "unchanged" : landed.has(r.plan.key) ? r.plan.action : "failed"), { message: `not written: Medusa's import ${transactionId} is stuck (rerun to finish)` }), { transaction_id: transactionId, outcome: "stuck" });
        }
        throw e;
      }
    }
  } finally {
    if (upload) {
      await sdk.admin.upload.delete(upload).catch((e: Error) => {
        f.io.err.write(`warning: could not delete the uploaded file ${upload}: ${e.message}\n`);
      });
    }
  }
  if (outcome === "failed") {
    await finish(rowsOf((r) => (r.plan.action === "unchanged" ? "unchanged" : "failed"), { message: "Medusa's import workflow failed" }), { transaction_id: transactionId, outcome });
    throw new JobError(`Medusa's import ${transactionId} failed (Medusa gives no reason in its notification)`, "the reason is in the server log (`medusactl sandbox logs` for the sandbox)");
  }
  // Medusa's import answers no ids: read the created products back for the report.
  const created = plans.filter((r) => r.plan.action === "create" && r.plan.handle);
  if (created.length) {
    const { listByKeys } = await import("../lookup.js");
    const found = await listByKeys(sdk, "product", "handle", created.map((r) => r.plan.handle!), { fields: "id,handle,variants.id,variants.sku" }, { concurrency: o.concurrency, signal: job.signal });
    for (const r of created) {
      const p = found.find((x) => x.handle === r.plan.handle);
      if (!p) continue;
      r.plan.productId = p.id;
      for (const x of r.plan.rows) x.variantId = ((p.variants as Rec[]) ?? []).find((v) => x.sku && v.sku === x.sku)?.id;
    }
  }
  const stockErrors = new Map<string, import("../report.js").RowError>();
  if (store.locationId && stockTargets.length) for (const [i, e] of (await applyStock(sdk, store.locationId, stockTargets, { dryRun: false, signal: job.signal })).errors) stockErrors.set(stockTargets[i]!.sku, e);
  const rows = rowsOf((r) => (r.rows.some((row) => typeof row.variant.sku === "string" && stockErrors.has(row.variant.sku)) ? "failed" : r.plan.action));
  for (const row of rows) if (row.action === "failed" && row.key && stockErrors.has(row.key)) row.error = stockErrors.get(row.key);
  const summary = await finish(rows, { transaction_id: transactionId, outcome });
  const text = `${o.file}: ${counts.create} created, ${counts.update} updated, ${counts.unchanged} unchanged by Medusa's import${transactionId ? ` ${transactionId}` : " (nothing to send)"} (${summary.rows} rows)${o.report ? `; report: ${o.report}` : ""}`;
  f.io.out.write(json ? JSON.stringify({ file: o.file, engine: "server", transaction_id: transactionId, products: counts, rows: summary, ...(o.report ? { report: o.report } : {}) }, null, 2) + "\n" : text + "\n");
  job.failIfAny();
}

/** Uploads through a presigned URL when the file provider gives one, else through Medusa; returns the file key. */
async function uploadFile(sdk: Medusa, file: File, signal: AbortSignal): Promise<string> {
  const presigned: Rec = await sdk.admin.upload.presignedUrl({ originalname: file.name, mime_type: file.type, size: file.size } as never, undefined, undefined, { signal });
  if (/^https?:\/\//.test(presigned.url)) {
    const { putPresigned } = await import("../../../sdk/admin/helpers.js");
    await putPresigned({ fetch: (p: string, init: object) => sdk.client.fetch(p, init), client: sdk.client } as never, presigned.url, file, { signal });
    return presigned.filename as string;
  }
  // The local file provider answers a relative URL: upload through Medusa; the key is the file id.
  const uploaded = await sdk.admin.upload.create({ files: [file] } as never, undefined, undefined, { signal });
  return (uploaded as Rec).files[0].id as string;
}

/** Keys of the products that now hold what the file says (Medusa's import wrote them). */
async function landedProducts(sdk: Medusa, plans: Rewritten[], ids: Map<string, string>, store: StoreFacts, matchHandle: boolean, signal: AbortSignal): Promise<Set<string>> {
  const { listByKeys } = await import("../lookup.js");
  const todo = plans.filter((r) => r.plan.action !== "unchanged");
  const fresh = todo.filter((r) => !ids.has(r.plan.key) && r.plan.handle);
  const found = await listByKeys(sdk, "product", "handle", fresh.map((r) => r.plan.handle!), { fields: "id,handle" }, { concurrency: 2, signal });
  for (const r of fresh) {
    const hit = found.find((p) => p.handle === r.plan.handle);
    if (hit) ids.set(r.plan.key, hit.id as string);
  }
  const out = new Set<string>();
  for (let i = 0; i < todo.length; i += 100) {
    const chunk = todo.slice(i, i + 100).map((r) => ({ key: r.plan.key, rows: r.rows }));
    const existing = await fetchExisting(sdk, chunk, ids, signal);
    for (const p of chunk) if (existing.has(p.key) && planProduct(p, existing.get(p.key), store.resolved, { matchHandle }).action === "unchanged") out.add(p.key);
  }
  return out;
}
