/**
 * `medusactl products export`: every product matching the filters, page by page, as the CSV
 * `products import` (and Medusa's importer) reads back, or as NDJSON. Memory stays flat: CSV rows
 * go through a spool because numbered columns (tags, images, options…) are known only at the
 * end, and the header is written once.
 */
import { Command, Option } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { CancelError, UsageError } from "../../../term/errors.js";
import { collect } from "../../cmdutil/input.js";

export interface ExportOptions {
  out?: string;
  query?: string[];
  collection?: string[];
  status?: string[];
  output: "csv" | "ndjson";
  portable?: boolean;
  quiet?: boolean;
  pageSize: number;
}

export function makeExportCommand(ctx: CommandContext, run: (f: Factory, o: ExportOptions) => Promise<void> = exportRun): Command {
  const cmd = new Command("export")
    .description("Export products as CSV (the columns import reads) or NDJSON, streamed page by page")
    .option("--out <file>", "write to a file instead of stdout")
    .option("--query <querystring>", "filters, qs syntax, e.g. 'q=shirt' or 'tag_id[]=ptag_1' (repeatable)", collect)
    .option("--collection <id|handle>", "only products of this collection (repeatable)", collect)
    .option("--status <status>", "only products with this status: draft, proposed, published, rejected (repeatable)", collect)
    .addOption(new Option("-o, --output <format>", "csv or ndjson").choices(["csv", "ndjson"]).default("csv"))
    .option("--portable", "add handle/name reference columns for importing into another store with --match handle")
    .option("--page-size <n>", "products per request", (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new UsageError("--page-size: expected 1 to 1000");
      return n;
    }, 100)
    .option("--quiet", "no progress on stderr")
    .addHelpText(
      "after",
      `
Examples:
  medusactl products export --out catalogue.csv
  medusactl products export --status published --collection summer-edition --out summer.csv
  medusactl products export --portable --out portable.csv     # then: products import portable.csv --match handle
  medusactl products export --output ndjson | jq .handle`,
    );
  cmd.action(async (o: ExportOptions, c: Command) => run(ctx.factory(c), o));
  return cmd;
}

type Rec = Record<string, any>;

const STATUSES = ["draft", "proposed", "published", "rejected"];

export async function exportRun(f: Factory, o: ExportOptions): Promise<void> {
  const { PLAN_FIELDS } = await import("../../bulk/product-import.js");
  const { productRows, exportHeader } = await import("../../bulk/product-csv.js");
  const { CsvSpool } = await import("../../bulk/csv.js");
  const { createProgress } = await import("../../bulk/progress.js");
  const { parseUserQuery } = await import("../../../sdk/query.js");
  const { listByKeys } = await import("../../bulk/lookup.js");
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
    const regions = (await sdk.client.fetch<Rec>("/admin/regions", { query: { fields: "id,name,currency_code", limit: 1000 }, signal: f.signal })).regions as Rec[];
    for (const r of regions) regionsById.set(r.id, { name: r.name, currency_code: r.currency_code });
  }

  const { createWriteStream } = await import("node:fs");
  const file = o.out ? createWriteStream(o.out) : undefined;
  const out = file ?? f.io.out;
  const progress = createProgress(f.io, { label: "exporting", unit: "products", quiet: o.quiet });
  const spool = o.output === "csv" ? new CsvSpool() : undefined;
  let exported = 0;
  try {
    let offset = 0;
    for (;;) {
      if (f.signal.aborted) throw new CancelError();
      // Sorted by id (ULIDs: creation order), so pages stay stable while others add products.
      const page = await sdk.client.fetch<Rec>("/admin/products", { query: { ...query, limit: o.pageSize, offset, order: "id" }, signal: f.signal });
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
    if (spool) await spool.writeTo(out, exportHeader(spool.columns, Boolean(o.portable)));
  } catch (e) {
    await spool?.discard();
    throw e;
  } finally {
    progress.done();
    if (file) await new Promise<void>((resolve, reject) => file.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
  if (!o.quiet && (o.out || f.io.isStderrTTY)) f.io.err.write(`exported ${exported} products${spool ? ` (${spool.rows} rows)` : ""}${o.out ? ` to ${o.out}` : ""}\n`);
}
