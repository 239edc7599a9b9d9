/**
 * The `products export` job: every product matching the filters, page by page (`--concurrency`
 * pages in flight, written in order), as the CSV `products import` (and Medusa's importer) reads
 * back, or as NDJSON. Memory stays flat: CSV rows go through a spool because numbered columns
 * (tags, images, options…) are known only at the end, and the header is written once.
 *
 * With `--out`, the work so far lives in a part file beside the target and a checkpoint in
 * `jobs/`: `--resume` continues after the last complete page, and the result equals an
 * uninterrupted export. The target is replaced only when the export is complete.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { READ_OWN_FLAGS as READ_OWN, createNew, openOwn, randomSibling, writeAll } from "../../../sdk/atomic-write.js";
import { createReadStream, promises as fs } from "node:fs";
import { createInterface } from "node:readline";
import type { Writable } from "node:stream";
import type { Factory } from "../../cmdutil/factory.js";
import { checkOutputPath, openOutputFile } from "../../cmdutil/output-file.js";
import { parseUserQuery } from "../../../sdk/query.js";
import { InconsistentResponseError } from "../../../sdk/errors.js";
import { inconsistentPage, readPage, WalkState } from "../../../sdk/resource.js";
import { adminResources } from "../../../sdk/admin/index.js";
import { CancelError, UsageError } from "../../../term/errors.js";
import { BulkJob, checkBulkFlags } from "../job.js";
import { CsvSpool, CsvWriter } from "../csv.js";
import { listByKeys } from "../lookup.js";
import { createProgress } from "../progress.js";
import { ReportWriter, type ReportRow } from "../report.js";
import { exportHeader, productRows } from "./csv-columns.js";
import { PLAN_FIELDS } from "./import-batch.js";
import { leanHeap } from "../lean-heap.js";

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
  /** Pages in flight at once. */
  concurrency?: number;
  report?: string;
  resume?: boolean;
}

type Rec = Record<string, any>;

interface ExportState {
  /** Products written so far (the offset of the next page). */
  offset: number;
  /** Committed bytes of the part file. */
  bytes: number;
  /** The part file's name in the target's folder (random, created exclusively by the first run). */
  part?: string;
}

const STATUSES = ["draft", "proposed", "published", "rejected"];
/** The part files an export writes beside its --out (randomSibling's names). */
const PART_NAME = /^\.[^/\\]*\.[0-9a-f]{16}\.medusactl-part$/;

export async function exportRun(f: Factory, o: ExportOptions): Promise<void> {
  leanHeap();
  for (const s of o.status ?? []) if (!STATUSES.includes(s)) throw new UsageError(`--status ${s}: expected one of ${STATUSES.join(", ")}`);
  if (o.resume && !o.out) throw new UsageError("--resume continues an export into a file: give the same --out");
  if (o.out) await checkOutputPath(o.out, "--out");
  await checkBulkFlags(o);
  const sdk = await f.sdk({ pool: true });

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
  // One line per product (NDJSON) or per CSV row (JSON of its cells, turned into CSV at the end).
  const linesOf = (p: Rec): string[] => (o.output === "csv" ? productRows(p, regionsById, Boolean(o.portable)).map((r) => JSON.stringify(r)) : [JSON.stringify(p)]);

  // --out: a part file beside the target, a checkpoint in jobs/ keyed by what is exported and where.
  let job: BulkJob<ExportState, ReportRow> | undefined;
  let part: string | undefined;
  if (o.out) {
    const what = JSON.stringify([query, o.output, Boolean(o.portable), o.pageSize, Boolean(o.csvRaw), o.out]);
    // The part file's name is random and created exclusively, so nothing planted beside the
    // target (a link to a victim) is ever written through; the checkpoint remembers the name.
    const fresh = randomSibling(o.out, ".medusactl-part");
    job = await BulkJob.open<ExportState, ReportRow>(f, {
      command: "products export",
      file: o.out,
      fingerprint: createHash("sha256").update(what).digest("hex"),
      flags: { ...o, concurrency: Math.max(1, o.concurrency ?? 2) },
      idColumns: ["product_id"],
      progress: { label: "exporting", unit: "products" },
      firstRow: 1,
      lastRow: Number.MAX_SAFE_INTEGER,
      initial: { offset: 0, bytes: 0, part: path.basename(fresh) },
      // The part file of the run whose checkpoint is discarded: only a name of ours, beside the target.
      discarded: async (old) => {
        const name = (old as ExportState | undefined)?.part;
        if (typeof name === "string" && PART_NAME.test(name)) await fs.rm(path.join(path.dirname(o.out!), name), { force: true });
      },
      check: (s) =>
        !Number.isSafeInteger(s?.offset) || s.offset < 0 || !Number.isSafeInteger(s?.bytes) || s.bytes < 0
          ? "its offset or length is not a count"
          : typeof s.part !== "string" || !PART_NAME.test(s.part)
            ? "it names no part file of ours"
            : undefined,
    });
    const checkpoint = job.checkpoint;
    part = path.join(path.dirname(o.out), checkpoint.state.part!);
    const partFile = part;
    try {
      if (checkpoint.resumed) {
        // Opened without following a link: a part file swapped for one is refused (ELOOP).
        const h = await openOwn(partFile, "update").catch((e: NodeJS.ErrnoException) => {
          if (e.code === "ENOENT") return undefined;
          throw e;
        });
        try {
          const size = h ? (await h.stat()).size : -1;
          if (size < checkpoint.state.bytes) throw new UsageError(`--resume: ${partFile} is missing or shorter than the checkpoint says`, "run the same command without --resume to start the export over");
          await h!.truncate(checkpoint.state.bytes);
        } finally {
          await h?.close();
        }
        await job.carry(checkpoint.entries);
      } else {
        await (await createNew(partFile)).close();
      }
    } catch (e) {
      await job.abandon(e);
    }
  }
  const report = !job && o.report ? new ReportWriter(o.report, ["product_id"]) : undefined;
  const progress = job?.progress ?? createProgress(f.io, { label: "exporting", unit: "products", quiet: o.quiet });
  let offset = job?.checkpoint.state.offset ?? 0;
  let bytes = job?.checkpoint.state.bytes ?? 0;
  const spool = !part && o.output === "csv" ? new CsvSpool() : undefined;
  const concurrency = Math.max(1, o.concurrency ?? 2);
  const signal = job?.signal ?? f.signal;
  // One walk, however many pages are read at once: it ends at the count the first page announced.
  const walk = new WalkState(sdk.client.config.maxListRows);
  let count: number | undefined;
  try {
    for (;;) {
      if (f.signal.aborted) {
        // With --out the pages so far are saved and `end` says how to resume; on stdout there is nothing to resume.
        if (job) break;
        throw new CancelError();
      }
      // Sorted by id (ULIDs: creation order), so pages stay stable while others add products.
      const offsets = Array.from({ length: count === undefined ? 1 : concurrency }, (_, i) => offset + i * o.pageSize).filter((x) => count === undefined || x < count);
      const pages = await Promise.all(offsets.map((at) => readPage(() => sdk.admin.product.list({ ...query, limit: o.pageSize, offset: at, order: "id" }, undefined, { signal }) as Promise<Rec>, "products", o.pageSize, at, signal, walk)));
      let done = false;
      for (const { page, rows: got, verdict } of pages) {
        const products = got as Rec[];
        // A page that contradicts itself ends the job as a failure: the part file never becomes --out.
        if (typeof verdict === "object") throw new InconsistentResponseError(inconsistentPage(adminResources.product.path, verdict.problem));
        if (walk.announced !== undefined && count === undefined) progress.setTotal((count = walk.announced));
        const lines = products.flatMap(linesOf);
        const rows: ReportRow[] = products.map((p, i) => ({ row: offset + i + 1, action: "exported", key: p.handle, ids: { product_id: p.id } }));
        if (part) {
          const text = lines.map((l) => `${l}\n`).join("");
          const h = await openOwn(part, "append");
          try {
            await writeAll(h, text);
            await h.sync();
          } finally {
            await h.close();
          }
          bytes += Buffer.byteLength(text);
        } else if (spool) {
          for (const l of lines) await spool.add(JSON.parse(l) as Record<string, string>);
        } else {
          for (const l of lines) if (!f.io.out.write(`${l}\n`)) await new Promise<void>((r) => f.io.out.once("drain", r));
        }
        offset += products.length;
        if (job) await job.record(rows, { state: { ...job.checkpoint.state, offset, bytes } });
        else {
          await report?.add(rows);
          progress.add(products.length);
        }
        if (verdict === "done") {
          done = true;
          break;
        }
      }
      if (done) break;
    }
    if (spool) await spool.writeTo(f.io.out, exportHeader(spool.columns, Boolean(o.portable)), { raw: o.csvRaw });
    if (part && !f.signal.aborted) await finishPart(part, o.out!, o);
  } catch (e) {
    await spool?.discard();
    if (job) await job.abandon(e);
    progress.done();
    await report?.close({ interrupted: true });
    throw e;
  }
  if (job) await job.end({ products: offset });
  else {
    progress.done();
    await report?.close({ products: offset });
  }
  if (!(o.quiet || f.io.quiet) && (o.out || f.io.isStderrTTY)) f.io.err.write(`exported ${offset} products${o.out ? ` to ${o.out}` : ""}\n`);
}

/** Turns the part file into the target: NDJSON as it is, CSV under a header of every column seen. */
async function finishPart(part: string, out: string, o: ExportOptions): Promise<void> {
  const file = await openOutputFile(out, "--out");
  try {
    const lines = () => createInterface({ input: createReadStream(part, { flags: READ_OWN as unknown as string }), crlfDelay: Infinity });
    if (o.output === "csv") {
      const columns = new Set<string>();
      for await (const line of lines()) if (line) for (const k of Object.keys(JSON.parse(line) as object)) columns.add(k);
      const header = exportHeader(columns, Boolean(o.portable));
      const writer = new CsvWriter(file.stream as Writable, { raw: o.csvRaw });
      await writer.write(header);
      for await (const line of lines()) {
        if (!line) continue;
        const row = JSON.parse(line) as Record<string, string>;
        await writer.write(header.map((h) => row[h] ?? ""));
      }
      await writer.flush();
    } else {
      for await (const line of lines()) if (line && !file.stream.write(`${line}\n`)) await new Promise<void>((r) => file.stream.once("drain", r));
    }
    await file.commit();
  } catch (e) {
    await file.discard();
    throw e;
  }
  await fs.rm(part, { force: true });
}
