/**
 * The `products import` job: validate the whole file (locally, then against the store), then hand
 * it to the batch engine (plan and write chunk by chunk, with checkpoint and report) or to
 * Medusa's own import workflow (`--engine server`). With `--on-error skip` (the default for
 * Shopify's and WooCommerce's files) a product that cannot be imported is skipped with its
 * reasons and the rest goes on (import-skip.ts).
 */
import type { Factory } from "../../cmdutil/factory.js";
import { CancelError, PartialFailureError, UsageError } from "../../../term/errors.js";
import { sanitize } from "../../../term/sanitize.js";
import { checkBulkFlags, runEngine, type Engine } from "../runner.js";
import { emptyJob } from "../empty-job.js";
import type { ImportOptions } from "./import-options.js";
import { Problems } from "../problems.js";
import { createProgress } from "../progress.js";
import { rowRange, type ReportRow } from "../report.js";
import * as imp from "./import-batch.js";
import type { ChunkResult } from "./import-batch.js";
import { streamProducts } from "./import-stream.js";
import { applyStock, type StockTarget } from "./import-stock.js";
import { serverImport } from "./import-server.js";
import type { FileProduct } from "./plan.js";
import { leanHeap } from "../lean-heap.js";
import { dialectOf } from "../options.js";
import { readHead } from "./detect.js";
import { formatNote } from "../csv-dialect.js";
import { diffText, fieldDiff, newerSummary, savedAt } from "../diff.js";
import { mappingText, toSourceColumns, type ConvertedFile } from "./convert.js";
import { emptySkips, settleProblems, skipReason, skipText, unresolvedReferences, type OnError, type Skips } from "./import-skip.js";
import { DEFAULT_SALE_PRICE_LIST, applySalePrices, copySourceImages, pictureText, uploadLocalImages, type PictureOutcome, convertSource, createCategories, missingCategories, type SaleOutcome, type SourceFile } from "./import-source.js";

type Rec = Record<string, any>;

export async function importRun(f: Factory, o: ImportOptions): Promise<void> {
  leanHeap();
  await checkBulkFlags(o);
  const dialect = dialectOf(o);
  // One read of the header: whose export it is and how it is read; the file is opened once for it.
  const head = await readHead(o.file, f.signal, dialect);
  const format = o.from ?? head.format;
  // Another platform's export carries what shop owners leave behind: import the good, name the bad.
  const onError: OnError = o.onError ?? (format === "medusa" ? "stop" : "skip");
  const readAs = formatNote(o.file, head.csv);
  if (format === "medusa") {
    if (o.currency || o.salePriceList) throw new UsageError("--currency and --sale-price-list are for Shopify and WooCommerce files (Medusa's own columns name their currency)");
    const local: { converted?: ConvertedFile } = {};
    try {
      return await importFile(f, { ...o, onError }, { readAs }, local);
    } finally {
      await local.converted?.dispose();
    }
  }
  if (o.engine === "server") throw new UsageError(`a ${format === "shopify" ? "Shopify" : "WooCommerce"} file is imported with --engine batch (the default)`);
  const sdk = await f.sdk({ pool: true });
  const problems = new Problems();
  const src = await convertSource(format, { file: o.file, problems, signal: f.signal, currency: o.currency, sdk, dialect, repair: onError === "skip" });
  try {
    return await importFile(f, { ...o, onError }, { src, problems, readAs });
  } finally {
    await src.converted.dispose();
  }
}

async function importFile(
  f: Factory,
  o: ImportOptions & { onError: OnError },
  from: { src?: SourceFile; problems?: Problems; readAs?: string },
  local: { converted?: ConvertedFile } = {},
): Promise<void> {
  const json = o.json || o.output === "json";
  const src = from.src;
  const matchHandle = o.match === "handle" || Boolean(src);
  const sdk = await f.sdk({ pool: true });
  const problems = from.problems ?? new Problems();
  const skipping = o.onError === "skip";
  const skips = emptySkips();
  let source = src ? { read: src.converted.path, rows: src.converted.rows } : undefined;
  const since = await savedAt(o.file);

  const validating = createProgress(f.io, { label: "validating", quiet: o.quiet });
  let index;
  try {
    index = await imp.indexFile({ file: o.file, source, problems, matchHandle, signal: f.signal, onRow: () => validating.add(), dialect: dialectOf(o), repair: skipping });
  } finally {
    validating.done();
  }
  if (f.signal.aborted) throw new CancelError();
  const conversion = src?.conversion;
  // Source rows folded into a product (Shopify image rows, WooCommerce variable parents) belong to it.
  for (const p of conversion?.products ?? []) for (const x of p.extraRows) index.rowKeys.set(x.row, `handle:${p.handle}`);
  if (o.engine === "server" && index.header?.has.portable) {
    problems.add({ file: o.file, row: 1, message: "the --portable reference columns work only with --engine batch (Medusa's importer takes ids)" });
  }
  if (o.engine === "server") for (const at of index.stockWithoutSku) problems.add({ file: o.file, ...at, column: "Variant Inventory Quantity", message: "with --engine server, stock needs a Variant Sku on the row (the batch engine stocks a row without one through its variant)" });
  // A converted file's category tree: what the store lacks is created before the import.
  const cats = conversion ? await missingCategories(sdk, conversion.categories, f.signal) : undefined;
  const newCategories = new Set(cats?.missing.map((c) => c.handle));
  // Store checks run even after local problems, so one run lists everything.
  const store =
    index.header && index.dataRows > 0
      ? await imp.checkStore(index, { ...o, file: o.file, sdk, problems, matchHandle, concurrency: o.concurrency, signal: f.signal, newCategories, stockNeedsLocation: !src })
      : undefined;
  if (store && skipping) unresolvedReferences(index, store, o.file, problems, newCategories);
  if (conversion) toSourceColumns(conversion, problems.list);
  if (skipping) settleProblems(problems, index, skips);
  else problems.throwIfAny();
  const handles = new Map([...index.products].map(([k, p]) => [k, p.handle ?? k]));
  const say = (lines: string[]) => {
    if (lines.length && !(o.quiet && !o.dryRun) && (!json || o.dryRun)) f.io.err.write(lines.join("\n") + "\n");
  };
  if (from.readAs) say([sanitize(from.readAs)]);
  // Pictures: copied into Medusa's file module once the file is known to be good (then the converted file is rewritten).
  let pictures: PictureOutcome | undefined;
  if (conversion) {
    const lines: string[] = [];
    if (o.dryRun) lines.push(mappingText(conversion).trimEnd());
    lines.push(`prices: in ${src!.currency.toUpperCase()} (${src!.currencyFrom})`);
    if (!o.location && conversion.products.some((p) => p.variants.some((v) => v.stock !== undefined))) lines.push("stock: not imported (give --location to set it)");
    if (cats?.missing.length) lines.push(`categories ${o.dryRun ? "to create" : "created"}: ${cats.missing.map((c) => c.handle).join(", ")}`);
    for (const s of conversion.skipped) lines.push(`row ${s.row}: skipped: ${s.reason}`);
    for (const n of conversion.notes) lines.push(`row ${n.row}: ${n.message}`);
    say(lines.flatMap((l) => l.split("\n")).map((l) => sanitize(l)));
  }
  say(index.repairs.map((r) => sanitize(`row ${r.row}: ${r.message}`)));
  if (!src && store && o.engine !== "server" && index.header) {
    // Medusa's own format: pictures given as paths next to the CSV are uploaded (URLs too with --images copy).
    const up = await uploadLocalImages(f, sdk, o.file, index.header, { dryRun: Boolean(o.dryRun), copyUrls: o.images === "copy", strict: Boolean(o.strictImages), allowPrivate: o.imagesAllowPrivate, problems, signal: f.signal, dialect: dialectOf(o) });
    if (skipping) settleProblems(problems, index, skips);
    else problems.throwIfAny();
    pictures = up.outcome;
    if (up.converted) {
      local.converted = up.converted;
      source = { read: up.converted.path, rows: up.converted.rows };
    }
    if (pictures && !(o.quiet && !o.dryRun) && !json) f.io.err.write(pictureText(pictures, Boolean(o.dryRun)));
  }
  say(skipText(skips, handles, Boolean(o.dryRun)));
  const skippedProducts = new Map([...skips.products].map(([k, list]) => [k, skipReason(list)]));
  if (src && store && o.images !== "link") {
    pictures = await copySourceImages(f, sdk, src, { dryRun: Boolean(o.dryRun), strict: Boolean(o.strictImages), allowPrivate: o.imagesAllowPrivate, signal: f.signal, skip: new Set([...skippedProducts.keys()].map((k) => k.replace(/^handle:/, ""))) });
    source!.read = src.converted.path;
    if (!(o.quiet && !o.dryRun) && !json) f.io.err.write(pictureText(pictures, Boolean(o.dryRun)));
  }
  if (store && cats?.missing.length) {
    // Only the categories a product that is imported needs: a skipped product leaves no empty category behind.
    const needed = neededCategories(conversion!, skippedProducts);
    const missing = cats.missing.filter((c) => needed.has(c.handle));
    if (o.dryRun) for (const c of missing) store.resolved.refs.category.set(c.handle, `(new) ${c.handle}`);
    else {
      await createCategories(sdk, missing, cats.ids, f.signal);
      for (const c of missing) store.resolved.refs.category.set(c.handle, cats.ids.get(c.handle)!);
    }
  }
  if (!store) return emptyJob(f, o.file, json, { engine: o.engine, dryRun: Boolean(o.dryRun), products: { create: 0, update: 0, unchanged: 0, failed: 0 } });

  const rowsTotal = conversion?.dataRows ?? index.dataRows;
  if (o.engine === "server") {
    if (skippedProducts.size || skips.rows.size) throw new UsageError("--engine server imports a file whole: use the batch engine (the default) to skip the products above, or --on-error stop");
    return serverImport(f, o, { index, store, sdk });
  }

  type Entry = ReportRow & { product: string };
  let lastRow = 1;
  for (const p of index.products.values()) lastRow = Math.max(lastRow, p.lastRow);
  if (conversion) lastRow = Math.max(lastRow, conversion.lastRow);
  const extraRows = new Map(conversion?.products.map((p) => [`handle:${p.handle}`, p.extraRows]));
  const productSummary = { create: 0, update: 0, unchanged: 0, failed: 0, skipped: 0 };
  const planOut: Rec[] = [];
  const done = new Set<string>();
  let newer = 0;
  let sale: SaleOutcome | undefined;
  const countProduct = (rows: Entry[]) => {
    const action = rows.some((r) => r.action === "failed") ? "failed" : (rows[0]?.action as "create" | "update" | "unchanged" | "skipped");
    if (action && action in productSummary) productSummary[action as keyof typeof productSummary]++;
  };
  const ids = new Map(store.existing);
  const wctx = (signal: AbortSignal) => ({ sdk, resolved: store.resolved, matchHandle, ids, signal, since });
  const good = (group: FileProduct[]) => group.filter((p) => p.skipped === undefined);

  /** Stock at --location for every row of the chunk's good products; stock changes count as updates. */
  async function stockOf(group: FileProduct[], results: ChunkResult[], write: boolean, signal: AbortSignal): Promise<void> {
    const targets: StockTarget[] = [];
    const owners: { r: ChunkResult; label: string }[] = [];
    for (const r of results) {
      if (r.error) continue;
      for (const row of group.find((g) => g.key === r.plan.key)!.rows) {
        const sku = typeof row.variant.sku === "string" ? row.variant.sku : undefined;
        targets.push({ sku, productId: r.productId ?? r.plan.productId, options: row.options, quantity: row.stock, row: row.row });
        owners.push({ r, label: sku ?? `row ${row.row}` });
      }
    }
    const { changed, errors } = await applyStock(sdk, store!.locationId!, targets, { dryRun: !write, signal });
    for (const [i, c] of changed) {
      const { r, label } = owners[i]!;
      if (r.plan.action === "create") continue;
      r.plan = { ...r.plan, action: "update", changes: [...r.plan.changes, `${label}.stock`], diff: [...r.plan.diff, fieldDiff(`${label}.stock`, c.old, c.new, c.at, since)] };
    }
    for (const [i, e] of errors) {
      const { r } = owners[i]!;
      if (!r.error) r.error = { ...e, message: `stock: ${e.message}` };
    }
  }

  // Rows of another platform's file with no Medusa counterpart, and rows of no product that have problems: reported as skipped.
  const rowSkips: Entry[] = [
    ...(conversion?.skipped ?? []).map((x) => ({ product: `skip:${x.row}`, row: x.row, line: x.line !== x.row ? x.line : undefined, action: "skipped" as const, key: x.key, error: { message: x.reason } })),
    ...[...skips.rows].map(([row, list]) => ({ product: `skip:${row}`, row, line: list[0]!.line !== row ? list[0]!.line : undefined, action: "skipped" as const, error: { message: skipReason(list), retryable: false } })),
  ];
  /** A chunk's plan: the products as the store holds them now; `shown` adds the stock the chunk would set. */
  type GroupPlan = { results: ChunkResult[]; shown: ChunkResult[] };
  const engine: Engine<FileProduct[], Entry, GroupPlan, { rows: number }> = {
    job: {
      command: "products import",
      file: o.file,
      idColumns: ["product_id", "variant_id"],
      progress: { label: "importing", total: rowsTotal },
      lastRow,
      initial: { rows: rowsTotal },
      check: (state) => (state?.rows !== rowsTotal ? `it counts ${JSON.stringify(state?.rows)} rows, the file has ${rowsTotal}` : undefined),
      toReport: ({ product: _p, ...r }) => r,
    },
    settled: rowSkips,
    resume(journal) {
      const byProduct = new Map<string, Entry[]>();
      for (const e of journal) byProduct.set(e.product, [...(byProduct.get(e.product) ?? []), e]);
      const carried: Entry[] = [];
      for (const [key, rows] of byProduct) {
        // A product that failed is tried again, not carried over as failed.
        if (rows.some((r) => r.action === "failed")) continue;
        done.add(key);
        countProduct(rows);
        carried.push(...rows);
      }
      return carried;
    },
    async prepare(signal) {
      // Missing tags and types of a --portable file are plain values: created before the products.
      for (const value of store.missingTags) {
        const { product_tag } = await sdk.admin.productTag.create({ value }, undefined, undefined, { signal });
        store.resolved.refs.tag.set(value, product_tag.id);
      }
      for (const value of store.missingTypes) {
        const { product_type } = await sdk.admin.productType.create({ value }, undefined, undefined, { signal });
        store.resolved.refs.type.set(value, product_type.id);
      }
    },
    async *chunks() {
      // A small job split as evenly as the requests in flight allow: 300 products at 2 in flight go as
      // 150 + 150, not 250 + 50 (the server's time per request grows with its size).
      const chunkSize = Math.max(1, Math.min(o.chunkSize, Math.ceil((index.products.size - done.size) / o.concurrency)));
      let group: FileProduct[] = [];
      for await (const p of streamProducts(o.file, index, { matchHandle, skip: done, skipped: skippedProducts, signal: f.signal, source })) {
        group.push(p);
        if (group.length >= chunkSize) {
          yield group;
          group = [];
        }
      }
      if (group.length) yield group;
    },
    async plan(group, signal) {
      const results = good(group).length ? await imp.planChunk(good(group), wctx(signal)) : [];
      // Stock is set after the products are written (a new product has no inventory item before):
      // the plan shows what the store's levels would become.
      const shown = results.map((r) => ({ ...r }));
      if (store.locationId && shown.length) await stockOf(good(group), shown, false, signal);
      return { results, shown };
    },
    async write(group, planned, signal) {
      const results = planned.results.length ? await imp.writeChunk(good(group), wctx(signal), 0, planned.results) : [];
      if (store.locationId && results.length) await stockOf(good(group), results, true, signal);
      return { results, shown: results };
    },
    rows(group, { shown }) {
      const entries: Entry[] = [];
      for (const p of group) {
        if (p.skipped === undefined) continue;
        const seen = new Set<number>();
        const rows: Entry[] = [...p.rows, ...(extraRows.get(p.key) ?? [])]
          .filter((r) => !seen.has(r.row) && Boolean(seen.add(r.row)))
          .map((r) => ({ product: p.key, row: r.row, line: r.line !== r.row ? r.line : undefined, action: "skipped", key: handles.get(p.key), error: { message: p.skipped!, retryable: false } }));
        entries.push(...rows);
        countProduct(rows);
        if (o.dryRun) planOut.push({ action: "skipped", handle: handles.get(p.key), reason: p.skipped });
        if (o.dryRun && !json) f.io.out.write(skipLine(handles.get(p.key) ?? p.key, p.skipped!, f.io.isStdoutTTY));
      }
      for (const r of shown) {
        const rows = imp.reportRows(r, r.plan.key);
        for (const x of extraRows.get(r.plan.key) ?? []) rows.push({ ...rows[0]!, row: x.row, line: x.line !== x.row ? x.line : undefined, key: r.plan.handle, ids: { product_id: rows[0]?.ids?.product_id } });
        entries.push(...rows);
        countProduct(rows);
        newer += r.plan.diff.filter((d) => d.newer).length;
        if (o.dryRun) planOut.push({ action: r.error ? "failed" : r.plan.action, handle: r.plan.handle, id: r.productId, changes: r.plan.changes, ...(r.plan.diff.length ? { diff: r.plan.diff } : {}), ...(r.error ? { error: r.error } : {}) });
        if (o.dryRun && !json) f.io.out.write(planLine(r, f.io.isStdoutTTY));
      }
      return entries;
    },
    describe: (g) => `rows ${rowRange(g.flatMap((p) => p.rows.map((r) => r.row)))}`,
    async finish(signal) {
      if (src && !f.signal.aborted) sale = await applySalePrices(sdk, src, o.salePriceList ?? DEFAULT_SALE_PRICE_LIST, { dryRun: Boolean(o.dryRun), signal, skip: new Set([...skippedProducts.keys()].map((k) => k.replace(/^handle:/, ""))), since });
    },
    extra: () => ({ products: productSummary, ...extraOf() }),
  };
  const extraOf = () => ({
    ...(pictures ? { pictures } : {}),
    ...(src ? { format: src.format, currency: src.currency, ...(o.dryRun ? { mapping: conversion!.columns } : {}), ...(sale ? { sale_prices: sale } : {}), ...(conversion!.notes.length ? { notes: conversion!.notes } : {}) } : {}),
    ...(index.repairs.length ? { repairs: index.repairs } : {}),
    ...(from.readAs ? { read_as: from.readAs } : {}),
    ...(newer ? { undoes_newer_changes: newer } : {}),
  });
  // Rows skipped because of what they hold (not for want of a Medusa counterpart): exit 3.
  const problemRows = [...skips.products.keys()].reduce((n, k) => n + (index!.products.get(k)?.rows ?? 0) + (extraRows.get(k)?.length ?? 0), 0) + skips.rows.size;
  await runEngine(f, o, engine, ({ summary: rowSummary }) => {
    const summary = { file: o.file, engine: "batch", dryRun: Boolean(o.dryRun), products: productSummary, rows: rowSummary, ...extraOf(), ...(o.report ? { report: o.report } : {}) };
    if (json) f.io.out.write(JSON.stringify(o.dryRun ? { ...summary, plan: planOut } : summary, null, 2) + "\n");
    else {
      const p = productSummary;
      const skippedText = rowSummary.skipped ? `; ${rowSummary.skipped} row${rowSummary.skipped === 1 ? "" : "s"} skipped` : "";
      const text = o.dryRun
        ? `${o.file}: would create ${p.create}, update ${p.update}, leave ${p.unchanged} unchanged${p.skipped ? `, skip ${p.skipped}` : ""} (${rowSummary.rows} rows); nothing written`
        : `${o.file}: ${p.create} created, ${p.update} updated, ${p.unchanged} unchanged, ${p.failed} failed${p.skipped ? `, ${p.skipped} skipped` : ""} (${rowSummary.rows} rows)${skippedText}${o.report ? `; report: ${o.report}` : ""}`;
      const saleText = sale
        ? `\nsale prices in "${sale.title}"${sale.created ? (o.dryRun ? " (a new list)" : " (created)") : ""}: ${o.dryRun ? "would add" : "added"} ${sale.add}, ${o.dryRun ? "update" : "updated"} ${sale.update}, ${sale.unchanged} unchanged${sale.undoes ? ` (${sale.undoes} of the updates would undo a change the list got after the file was saved)` : ""}${sale.notPlaced.length ? `; not placed: ${sale.notPlaced.map((x) => `row ${x.row}: ${x.message}`).join("; ")}` : ""}`
        : "";
      const newerText = newerSummary(newer, o.file, since);
      const out = (text + (o.dryRun ? skippedText : "") + saleText).split("\n").map((l) => sanitize(l));
      (o.dryRun ? f.io.err : f.io.out).write([...out, ...(newerText ? [newerText] : [])].join("\n") + "\n");
    }
  });
  if (problemRows && !o.dryRun) {
    throw new PartialFailureError(
      `${problemRows} row${problemRows === 1 ? "" : "s"} of ${sanitize(o.file)} ${problemRows === 1 ? "was" : "were"} not imported: their reasons are above${o.report ? ` and in ${sanitize(o.report)}` : ""}. Correct them and run the same command again: what was imported stays as it is`,
    );
  }
}

/** Handles of the categories the imported products need, their ancestors included. */
function neededCategories(conversion: SourceFile["conversion"], skipped: Map<string, string>): Set<string> {
  const parent = new Map(conversion.categories.map((c) => [c.handle, c.parent]));
  const out = new Set<string>();
  for (const p of conversion.products) {
    if (skipped.has(`handle:${p.handle}`)) continue;
    for (const leaf of p.categories) for (let h: string | undefined = leaf; h; h = parent.get(h)) out.add(h);
  }
  return out;
}

function planLine(r: ChunkResult, tty: boolean): string {
  const action = r.error ? "failed" : r.plan.action;
  const what = sanitize(r.plan.handle ?? r.productId ?? r.plan.key);
  if (r.error) return tty ? `${action.padEnd(9)} ${what}  ${sanitize(r.error.message)}\n` : `${action}\t${what}\t${sanitize(r.error.message)}\n`;
  const fields = r.plan.diff.map(diffText);
  if (!tty) return `${action}\t${what}\t${fields.join("; ")}\n`;
  return `${action.padEnd(9)} ${what}\n${fields.map((x) => `            ${x}\n`).join("")}`;
}

function skipLine(handle: string, reason: string, tty: boolean): string {
  return tty ? `${"skipped".padEnd(9)} ${sanitize(handle)}  ${sanitize(reason)}\n` : `skipped\t${sanitize(handle)}\t${sanitize(reason)}\n`;
}
