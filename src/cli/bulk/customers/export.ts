/**
 * `customers export`: every customer (or those a filter names) as the CSV `customers import` reads
 * back, or as NDJSON; page by page through the SDK's walk (which ends on a lying server), with
 * flat memory: CSV rows go through a spool because the address columns are numbered as far as
 * the data goes, so the header is known only at the end. With `--out` the target is replaced only
 * when the export is whole. Cells are guarded for spreadsheets (csv-field.ts) unless `--csv-raw`.
 */
import type { Writable } from "node:stream";
import type { Factory } from "../../cmdutil/factory.js";
import { checkOutputPath, openOutputFile } from "../../cmdutil/output-file.js";
import { parseUserQuery } from "../../../sdk/query.js";
import { CancelError } from "../../../term/errors.js";
import { sanitize } from "../../../term/sanitize.js";
import { CsvSpool } from "../csv.js";
import { adminOf } from "../lookup.js";
import { createProgress } from "../progress.js";
import { customerExportHeader, customerRow } from "./columns.js";
import { leanHeap } from "../lean-heap.js";

export interface CustomersExportOptions {
  out?: string;
  query?: string[];
  output: "csv" | "ndjson";
  csvRaw?: boolean;
  quiet?: boolean;
  pageSize: number;
}

type Rec = Record<string, any>;

const FIELDS = "id,email,first_name,last_name,phone,company_name,metadata,has_account,created_at,*addresses,groups.id,groups.name";

export async function customersExportRun(f: Factory, o: CustomersExportOptions): Promise<void> {
  leanHeap();
  if (o.out) await checkOutputPath(o.out, "--out");
  const sdk = await f.sdk({ pool: true });
  const query: Rec = {};
  for (const part of o.query ?? []) Object.assign(query, parseUserQuery(part));
  const file = o.out ? await openOutputFile(o.out, "--out") : undefined;
  const out: Writable = (file?.stream as Writable | undefined) ?? f.io.out;
  const spool = o.output === "csv" ? new CsvSpool() : undefined;
  const progress = createProgress(f.io, { label: "exporting", unit: "customers", quiet: o.quiet });
  let count = 0;
  let addresses = 0;
  try {
    for await (const c of adminOf(sdk).customer!.paginate({ ...query, fields: FIELDS, limit: o.pageSize, order: "id" }, { signal: f.signal })) {
      if (spool) {
        addresses = Math.max(addresses, ((c.addresses as unknown[]) ?? []).length);
        await spool.add(customerRow(c));
      } else if (!out.write(JSON.stringify(c) + "\n")) await new Promise<void>((r) => out.once("drain", r));
      count++;
      progress.add(1);
    }
    if (f.signal.aborted) throw new CancelError();
    if (spool) await spool.writeTo(out, customerExportHeader(addresses), { raw: o.csvRaw });
    await file?.commit();
  } catch (e) {
    await spool?.discard();
    await file?.discard();
    throw e;
  } finally {
    progress.done();
  }
  if (!(o.quiet || f.io.quiet) && (o.out || f.io.isStderrTTY)) f.io.err.write(`exported ${count} customers${o.out ? ` to ${sanitize(o.out)}` : ""}\n`);
}
