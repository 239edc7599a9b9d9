/**
 * Pass 2 of `products import` (pass 1 is import-batch.ts indexFile): the file read again, each
 * product yielded as soon as its last record has been read, so memory holds the products in
 * flight, not the file.
 */
import { Problems } from "../problems.js";
import { parseRow, productKeyOf, type HeaderMap, type ParsedRow } from "./csv-columns.js";
import { records, type FileIndex, type SourceRows } from "./import-batch.js";
import type { FileProduct } from "./plan.js";

/**
 * Pass 2: yields each product once its last row has been read (rows of a product need not be
 * adjacent), skipping the keys in `skip` (done by an interrupted run). Products in `skipped`
 * (`--on-error skip`) are yielded with their reason and never planned.
 */
export async function* streamProducts(
  file: string,
  index: FileIndex,
  opts: { matchHandle: boolean; skip: Set<string>; skipped?: Map<string, string>; keepCells?: boolean; signal?: AbortSignal; source?: SourceRows },
): AsyncGenerator<FileProduct> {
  const open = new Map<string, ParsedRow[]>();
  let changed = false;
  let header: HeaderMap | undefined;
  for await (const rec of records(file, new Problems(), opts.source, opts.signal, index.dialect)) {
    if (!header) {
      header = index.header;
      continue;
    }
    const problems = new Problems();
    const row = parseRow(header, rec, file, problems);
    if (index.dropSku.has(rec.row)) delete row.variant.sku;
    const key = productKeyOf(row, opts.matchHandle);
    if (!key || opts.skip.has(key)) continue;
    const skipped = opts.skipped?.get(key);
    // Only a product that was found good may read differently now: its file changed under us.
    if (problems.size && skipped === undefined) changed = true;
    if (opts.keepCells) row.cells = rec.cells;
    const facts = index.products.get(key);
    if (!facts) {
      changed = true;
      continue;
    }
    const rows = open.get(key) ?? [];
    rows.push(row);
    // By count, not by row number: several records of a converted file may share a source row
    // (a WooCommerce "any" variation made several variants).
    if (rows.length === facts.rows) {
      open.delete(key);
      yield skipped === undefined ? { key, rows } : { key, rows, skipped };
    } else open.set(key, rows);
  }
  // The file changed under us (the checkpoint key is the content hash, so this is a race).
  if (changed || open.size) throw new Error(`${file} changed while it was being imported`);
}
