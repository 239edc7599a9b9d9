/**
 * The `products export` job: every product matching the filters, page by page, as the CSV
 * `products import` (and Medusa's importer) reads back, or as NDJSON. Memory stays flat: CSV rows
 * go through a spool because numbered columns (tags, images, options…) are known only at the
 * end, and the header is written once.
 */
import type { Factory } from "../../cmdutil/factory.js";
import { CancelError, UsageError } from "../../../term/errors.js";

export interface ExportOptions {
  out?: string;
  query?: string[];
  collection?: string[];
  status?: string[];
  output: "csv" | "ndjson";
  portable?: boolean;
  quiet?: boolean;
  pageSize: number;
  /** Cells exactly as stored, without the spreadsheet formula guard. */
  csvRaw?: boolean;
}

type Rec = Record<string, any>;

const STATUSES = ["draft", "proposed", "published", "rejected"];

export async function exportRun(f: Factory, o: ExportOptions): Promise<void> {
  const { PLAN_FIELDS } = await import("./import-batch.js");
  const { productRows, exportHeader } = await import("./csv-columns.js");
  const { CsvSpool } = await import("../csv.js");
  const { createProgress } = await import("../progress.js");
  const { parseUserQuery } = await import("../../../sdk/query.js");
  const { listByKeys } = await import("../lookup.js");
  for (const s of o.status ?? []) if (!STATUSES.includes(s)) throw new UsageError(`--status ${s}: expected one of ${STATUSES.join(", ")}`);
  const sdk = await f.sdk();

  const query: Rec = {};
  for (const part of o.query ?? []) Object.assign(query, parseUserQuery(part));
  if (o.status?.length) query.status = o.status;
  if (o.collection?.length) {
    const ids = o.collection.filter((c) => c.startsWith("pcol_"));
    const handles = o.collection.filter((c) => !c.startsWith("pcol_"));
    if (handles.length) {
      const found = await listByKeys(sdk, "productCollection", "handle", handles, { fields: "id,handle" }, { signal: f.signal });
      for (const h of handles) {
        const hit = found.find((c) => c.handle === h);
        if (!hit) throw new UsageError(`--collection ${h}: no collection with that id or handle`);
        ids.push(hit.id);
      }
    }
    query.collection_id = ids;
  }
  const portableFields = ",collection.handle,type.value,categories.handle,tags.value,sales_channels.name,shipping_profile.name";
  query.fields = PLAN_FIELDS + ",options.created_at" + (o.portable ? portableFields : "");

  const regionsById = new Map<string, { name: string; currency_code: string }>();
  if (o.output === "csv") {
    const regions = (await sdk.admin.region.list({ fields: "id,name,currency_code", limit: 1000 }, undefined, { signal: f.signal })).regions as Rec[];
    for (const r of regions) regionsById.set(r.id, { name: r.name, currency_code: r.currency_code });
  }

  // The file is replaced only when the export is complete; a failed one leaves the previous file.
  const file = o.out ? await (await import("../../cmdutil/output-file.js")).openOutputFile(o.out, "--out") : undefined;
  const out = file?.stream ?? f.io.out;
  const progress = createProgress(f.io, { label: "exporting", unit: "products", quiet: o.quiet });
  const spool = o.output === "csv" ? new CsvSpool() : undefined;
  let exported = 0;
  try {
    let offset = 0;
    for (;;) {
      if (f.signal.aborted) throw new CancelError();
      // Sorted by id (ULIDs: creation order), so pages stay stable while others add products.
      const page: Rec = await sdk.admin.product.list({ ...query, limit: o.pageSize, offset, order: "id" }, undefined, { signal: f.signal });
      const products = (page.products as Rec[]) ?? [];
      if (typeof page.count === "number") progress.setTotal(page.count);
      for (const p of products) {
        if (spool) for (const row of productRows(p, regionsById, Boolean(o.portable))) await spool.add(row);
        else if (!out.write(JSON.stringify(p) + "\n")) await new Promise<void>((r) => out.once("drain", r));
      }
      exported += products.length;
      progress.add(products.length);
      offset += products.length;
      if (!products.length || (typeof page.count === "number" && offset >= page.count)) break;
    }
    if (spool) await spool.writeTo(out, exportHeader(spool.columns, Boolean(o.portable)), { raw: o.csvRaw });
    await file?.commit();
  } catch (e) {
    await spool?.discard();
    await file?.discard();
    throw e;
  } finally {
    progress.done();
  }
  if (!o.quiet && (o.out || f.io.isStderrTTY)) f.io.err.write(`exported ${exported} products${spool ? ` (${spool.rows} rows)` : ""}${o.out ? ` to ${o.out}` : ""}\n`);
}
