/**
 * The `products import` job: validate the whole file (locally, then against the store), then hand
 * it to the batch engine (plan and write chunk by chunk, with checkpoint and report) or to
 * Medusa's own import workflow (`--engine server`).
 */
import type { Factory } from "../../cmdutil/factory.js";
import { CancelError } from "../../../term/errors.js";
import { openRegularFile } from "../../cmdutil/input-file.js";
import { BulkJob, checkBulkFlags } from "../job.js";
import { emptyJob } from "../empty-job.js";
import type { ImportOptions } from "./import-options.js";
import { runPool } from "../pool.js";
import { Problems } from "../problems.js";
import { createProgress } from "../progress.js";
import { countRow, emptySummary, rowRange, type ReportRow } from "../report.js";
import * as imp from "./import-batch.js";
import type { ChunkResult } from "./import-batch.js";
import { applyStock } from "./import-stock.js";
import { serverImport } from "./import-server.js";
import type { FileProduct } from "./plan.js";
import { leanHeap } from "../lean-heap.js";
import { dialectOf } from "../options.js";
import { UsageError } from "../../../term/errors.js";
import { mappingText, toSourceColumns, type ConvertedFile } from "./convert.js";
import { DEFAULT_SALE_PRICE_LIST, applySalePrices, copySourceImages, pictureText, uploadLocalImages, type PictureOutcome, convertSource, createCategories, missingCategories, resolveFormat, type SaleOutcome, type SourceFile } from "./import-source.js";


type Rec = Record<string, any>;

export async function importRun(f: Factory, o: ImportOptions): Promise<void> {
  leanHeap();
  await checkBulkFlags(o);
  await (await openRegularFile(o.file)).close();
  const dialect = dialectOf(o);
  const format = await resolveFormat(o.file, o.from, f.signal, dialect);
  if (format === "medusa") {
    if (o.currency || o.salePriceList) throw new UsageError("--currency and --sale-price-list are for Shopify and WooCommerce files (Medusa's own columns name their currency)");
    const local: { converted?: ConvertedFile } = {};
    try {
      return await importFile(f, o, undefined, local);
    } finally {
      await local.converted?.dispose();
    }
  }
  if (o.engine === "server") throw new UsageError(`a ${format === "shopify" ? "Shopify" : "WooCommerce"} file is imported with --engine batch (the default)`);
  const sdk = await f.sdk({ pool: true });
  const problems = new Problems();
  const src = await convertSource(format, { file: o.file, problems, signal: f.signal, currency: o.currency, withStock: Boolean(o.location), sdk, dialect });
  try {
    return await importFile(f, o, { src, problems });
  } finally {
    await src.converted.dispose();
  }
}

async function importFile(f: Factory, o: ImportOptions, from: { src: SourceFile; problems: Problems } | undefined, local: { converted?: ConvertedFile } = {}): Promise<void> {
  const json = o.json || o.output === "json";
  const src = from?.src;
  const matchHandle = o.match === "handle" || Boolean(src);
  const sdk = await f.sdk({ pool: true });
  const problems = from?.problems ?? new Problems();
  let source = src ? { read: src.converted.path, rows: src.converted.rows } : undefined;

  const validating = createProgress(f.io, { label: "validating", quiet: o.quiet });
  let index;
  try {
    index = await imp.indexFile({ file: o.file, source, problems, matchHandle, signal: f.signal, onRow: () => validating.add(), dialect: dialectOf(o) });
  } finally {
    validating.done();
  }
  if (f.signal.aborted) throw new CancelError();
  if (o.engine === "server" && index.header?.has.portable) {
    problems.add({ file: o.file, row: 1, message: "the --portable reference columns work only with --engine batch (Medusa's importer takes ids)" });
  }
  const conversion = src?.conversion;
  // A converted file's category tree: what the store lacks is created before the import.
  const cats = conversion ? await missingCategories(sdk, conversion.categories, f.signal) : undefined;
  const newCategories = new Set(cats?.missing.map((c) => c.handle));
  // Store checks run even after local problems, so one run lists everything.
  const store = index.header && index.dataRows > 0 ? await imp.checkStore(index, { ...o, file: o.file, sdk, problems, matchHandle, concurrency: o.concurrency, signal: f.signal, newCategories }) : undefined;
  if (conversion) toSourceColumns(conversion, problems.list);
  problems.throwIfAny();
  // Pictures: copied into Medusa's file module once the file is known to be good (then the converted file is rewritten).
  let pictures: PictureOutcome | undefined;
  if (conversion && !(o.quiet && !o.dryRun)) {
    const lines: string[] = [];
    if (o.dryRun) lines.push(mappingText(conversion).trimEnd());
    lines.push(`prices: in ${src!.currency.toUpperCase()} (${src!.currencyFrom})`);
    if (!o.location && conversion.products.some((p) => p.variants.some((v) => v.stock !== undefined))) lines.push("stock: not imported (give --location to set it)");
    if (cats?.missing.length) lines.push(`categories ${o.dryRun ? "to create" : "created"}: ${cats.missing.map((c) => c.handle).join(", ")}`);
    for (const s of conversion.skipped) lines.push(`row ${s.row}: skipped: ${s.reason}`);
    for (const n of conversion.notes) lines.push(`row ${n.row}: ${n.message}`);
    if (!json || o.dryRun) f.io.err.write(lines.join("\n") + "\n");
  }
  if (!src && store && o.engine !== "server" && index.header) {
    // Medusa's own format: pictures given as paths next to the CSV are uploaded (URLs too with --images copy).
    const up = await uploadLocalImages(f, sdk, o.file, index.header, { dryRun: Boolean(o.dryRun), copyUrls: o.images === "copy", strict: Boolean(o.strictImages), problems, signal: f.signal, dialect: dialectOf(o) });
    problems.throwIfAny();
    pictures = up.outcome;
    if (up.converted) {
      local.converted = up.converted;
      source = { read: up.converted.path, rows: up.converted.rows };
    }
    if (pictures && !(o.quiet && !o.dryRun) && !json) f.io.err.write(pictureText(pictures, Boolean(o.dryRun)));
  }
  if (src && store && o.images !== "link") {
    pictures = await copySourceImages(f, sdk, src, { dryRun: Boolean(o.dryRun), strict: Boolean(o.strictImages), signal: f.signal });
    source!.read = src.converted.path;
    if (!(o.quiet && !o.dryRun) && !json) f.io.err.write(pictureText(pictures, Boolean(o.dryRun)));
  }
  if (store && cats?.missing.length) {
    if (o.dryRun) for (const c of cats.missing) store.resolved.refs.category.set(c.handle, `(new) ${c.handle}`);
    else {
      await createCategories(sdk, cats.missing, cats.ids, f.signal);
      for (const c of cats.missing) store.resolved.refs.category.set(c.handle, cats.ids.get(c.handle)!);
    }
  }
  if (!store) return emptyJob(f, o.file, json, { engine: o.engine, dryRun: Boolean(o.dryRun), products: { create: 0, update: 0, unchanged: 0, failed: 0 } });

  const rowsTotal = conversion?.dataRows ?? index.dataRows;
  if (o.engine === "server") {
    return serverImport(f, o, { index, store, sdk });
  }

  type Entry = ReportRow & { product: string };
  let lastRow = 1;
  for (const p of index.products.values()) lastRow = Math.max(lastRow, p.lastRow);
  if (conversion) lastRow = Math.max(lastRow, conversion.lastRow);
  // Source rows folded into a product (Shopify image rows, WooCommerce variable parents) are reported with it.
  const extraRows = new Map(conversion?.products.map((p) => [`handle:${p.handle}`, p.extraRows]));
  const job = o.dryRun
    ? undefined
    : await BulkJob.open<{ rows: number }, Entry>(f, {
        command: "products import",
        file: o.file,
        flags: o,
        idColumns: ["product_id", "variant_id"],
        progress: { label: "importing", total: rowsTotal },
        lastRow,
        initial: { rows: rowsTotal },
        check: (state) => (state?.rows !== rowsTotal ? `it counts ${JSON.stringify(state?.rows)} rows, the file has ${rowsTotal}` : undefined),
        toReport: ({ product: _p, ...r }) => r,
      });
  const planSummary = emptySummary();
  const productSummary = { create: 0, update: 0, unchanged: 0, failed: 0 };
  const planOut: Rec[] = [];
  const done = new Set<string>();
  const countProduct = (rows: Entry[]) => {
    const action = rows.some((r) => r.action === "failed") ? "failed" : (rows[0]?.action as "create" | "update" | "unchanged");
    if (action && action in productSummary) productSummary[action as keyof typeof productSummary]++;
  };
  const progress = job?.progress ?? createProgress(f.io, { label: "planning", total: rowsTotal, quiet: o.quiet });
  const ids = new Map(store.existing);
  const wctx = { sdk, resolved: store.resolved, matchHandle, ids, signal: job?.signal ?? f.signal };

  async function writeGroup(group: FileProduct[]): Promise<void> {
    const results: ChunkResult[] = o.dryRun ? await imp.planChunk(group, wctx) : await imp.writeChunk(group, wctx);
    if (store!.locationId) {
      const targets = results.flatMap((r) => {
        if (r.error) return [];
        const fp = group.find((g) => g.key === r.plan.key)!;
        return fp.rows.flatMap((row) => (typeof row.variant.sku === "string" ? [{ sku: row.variant.sku, quantity: row.stock, row: row.row }] : []));
      });
      const { changed, errors } = await applyStock(sdk, store!.locationId, targets, { dryRun: Boolean(o.dryRun), signal: wctx.signal });
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
      for (const x of extraRows.get(r.plan.key) ?? []) rows.push({ ...rows[0]!, row: x.row, line: x.line !== x.row ? x.line : undefined, key: r.plan.handle, ids: { product_id: rows[0]?.ids?.product_id } });
      entries.push(...rows);
      countProduct(rows);
      if (o.dryRun || json) planOut.push({ action: r.error ? "failed" : r.plan.action, handle: r.plan.handle, id: r.productId, changes: r.plan.changes, ...(r.error ? { error: r.error } : {}) });
      if (o.dryRun && !json) f.io.out.write(planLine(r, f.io.isStdoutTTY));
    }
    if (job) await job.record(entries);
    else {
      for (const e of entries) countRow(planSummary, e);
      progress.add(entries.length);
    }
  }

  let sale: SaleOutcome | undefined;
  try {
    if (job?.checkpoint.resumed) {
      const byProduct = new Map<string, Entry[]>();
      for (const e of job.checkpoint.entries) byProduct.set(e.product, [...(byProduct.get(e.product) ?? []), e]);
      for (const [key, rows] of byProduct) {
        // A product that failed is tried again, not carried over as failed.
        if (rows.some((r) => r.action === "failed")) continue;
        done.add(key);
        countProduct(rows);
        await job.carry(rows);
      }
    }
    // Rows of another platform's file that have no Medusa counterpart: reported once, as skipped.
    const skippedEntries: Entry[] = (conversion?.skipped ?? []).map((x) => ({ product: `skip:${x.row}`, row: x.row, line: x.line !== x.row ? x.line : undefined, action: "skipped", key: x.key, error: { message: x.reason } }));
    if (skippedEntries.length && !skippedEntries.every((e) => done.has(e.product))) {
      const todo = skippedEntries.filter((e) => !done.has(e.product));
      if (job) await job.record(todo);
      else {
        for (const e of todo) countRow(planSummary, e);
        progress.add(todo.length);
      }
    }
    // Missing tags and types of a --portable file are plain values: create them (not in a dry run).
    if (job) {
      for (const value of store.missingTags) {
        const { product_tag } = await sdk.admin.productTag.create({ value }, undefined, undefined, { signal: job.signal });
        store.resolved.refs.tag.set(value, product_tag.id);
      }
      for (const value of store.missingTypes) {
        const { product_type } = await sdk.admin.productType.create({ value }, undefined, undefined, { signal: job.signal });
        store.resolved.refs.type.set(value, product_type.id);
      }
    }
    // A small job split as evenly as the requests in flight allow: 300 products at 2 in flight go as
    // 150 + 150, not 250 + 50 (the server's time per request grows with its size).
    const chunkSize = Math.max(1, Math.min(o.chunkSize, Math.ceil((index.products.size - done.size) / o.concurrency)));
    async function* chunks() {
      let group: FileProduct[] = [];
      for await (const p of imp.streamProducts(o.file, index!, { matchHandle, skip: done, signal: f.signal, source })) {
        group.push(p);
        if (group.length >= chunkSize) {
          yield group;
          group = [];
        }
      }
      if (group.length) yield group;
    }
    const describe = (g: FileProduct[]) => `rows ${rowRange(g.flatMap((p) => p.rows.map((r) => r.row)))}`;
    if (job) await job.each(chunks(), writeGroup, describe);
    else await runPool(chunks(), o.concurrency, writeGroup, f.signal);
    if (src && !f.signal.aborted) sale = await applySalePrices(sdk, src, o.salePriceList ?? DEFAULT_SALE_PRICE_LIST, { dryRun: Boolean(o.dryRun), signal: job?.signal ?? f.signal });
  } catch (e) {
    if (job) await job.abandon(e);
    progress.done();
    throw e;
  }
  let rowSummary = planSummary;
  const extra = {
    ...(pictures ? { pictures } : {}),
    ...(src ? { format: src.format, currency: src.currency, ...(o.dryRun ? { mapping: conversion!.columns } : {}), ...(sale ? { sale_prices: sale } : {}), ...(conversion!.notes.length ? { notes: conversion!.notes } : {}) } : {}),
  };
  if (job) rowSummary = await job.end({ products: productSummary, ...extra });
  else {
    progress.done();
    if (f.signal.aborted) throw new CancelError();
  }

  const summary = { file: o.file, engine: "batch", dryRun: Boolean(o.dryRun), products: productSummary, rows: rowSummary, ...extra, ...(o.report ? { report: o.report } : {}) };
  if (json) f.io.out.write(JSON.stringify(o.dryRun ? { ...summary, plan: planOut } : summary, null, 2) + "\n");
  else {
    const p = productSummary;
    const skippedText = rowSummary.skipped ? `; ${rowSummary.skipped} row${rowSummary.skipped === 1 ? "" : "s"} skipped` : "";
    const text = o.dryRun
      ? `${o.file}: would create ${p.create}, update ${p.update}, leave ${p.unchanged} unchanged (${rowSummary.rows} rows); nothing written`
      : `${o.file}: ${p.create} created, ${p.update} updated, ${p.unchanged} unchanged, ${p.failed} failed (${rowSummary.rows} rows)${skippedText}${o.report ? `; report: ${o.report}` : ""}`;
    const saleText = sale
      ? `\nsale prices in "${sale.title}"${sale.created ? (o.dryRun ? " (a new list)" : " (created)") : ""}: ${o.dryRun ? "would add" : "added"} ${sale.add}, ${o.dryRun ? "update" : "updated"} ${sale.update}, ${sale.unchanged} unchanged${sale.notPlaced.length ? `; not placed: ${sale.notPlaced.map((x) => `row ${x.row}: ${x.message}`).join("; ")}` : ""}`
      : "";
    (o.dryRun ? f.io.err : f.io.out).write(text + (o.dryRun ? skippedText : "") + saleText + "\n");
  }
  job?.failIfAny();
}

function planLine(r: ChunkResult, tty: boolean): string {
  const action = r.error ? "failed" : r.plan.action;
  const what = r.plan.handle ?? r.productId ?? r.plan.key;
  const detail = r.error ? r.error.message : r.plan.changes.join(", ");
  return tty ? `${action.padEnd(9)} ${what}${detail ? `  ${detail}` : ""}\n` : `${action}\t${what}\t${detail}\n`;
}
