import { Option, type Command } from "commander";
import { OUTPUT_FORMATS, pickColumns, writeList, writeRecord, type OutputFormat } from "../../output/render.js";
import { CSV_RAW_HELP } from "../../output/csv-field.js";
import type { IOStreams } from "../../../term/io.js";
import type { Rec } from "./resource.js";

export function outputOptions(cmd: Command) {
  return cmd
    .addOption(new Option("-o, --output <format>", "table, json, ndjson, csv, or ids (one id per line)").choices(OUTPUT_FORMATS as string[]))
    .option("--json", "same as --output json")
    .option("--csv-raw", `with -o csv: ${CSV_RAW_HELP}`)
    .option("--out <file>", "write the output to a file instead of stdout");
}

export function chosenFormat(o: { output?: string; json?: boolean }): OutputFormat {
  if (o.json) return "json";
  return (o.output as OutputFormat | undefined) ?? "table";
}

/** Redirects `io.out` into a file for `--out`, closing it afterwards. */
export async function withOut<T>(io: IOStreams, file: string | undefined, fn: (io: IOStreams) => Promise<T>): Promise<T> {
  if (!file) return fn(io);
  const { openOutputFile } = await import("../../cmdutil/output-file.js");
  // Replaced only when the whole answer is written: a failed request leaves the previous file as it was.
  const out = await openOutputFile(file, "--out");
  try {
    const result = await fn({ ...io, out: out.stream, isStdoutTTY: false });
    await out.commit();
    return result;
  } catch (e) {
    await out.discard();
    throw e;
  }
}

/** The record of a `{<one>: record}` answer, else the answer itself. */
export function recordOf(out: unknown, one: string | undefined): Rec {
  return (((out as Rec)[one!] as Rec) ?? out) as Rec;
}

/** Splits a response into the list or record it carries (`{orders, count}`, `{order}`), else the whole body. */
export function unwrapResponse(res: unknown, one?: string): { list: Rec[]; count?: number } | { record: Rec } | { raw: unknown } {
  if (res === null || typeof res !== "object" || Array.isArray(res)) return { raw: res };
  const body = res as Rec;
  if (one && body[one] && typeof body[one] === "object" && !Array.isArray(body[one])) return { record: body[one] as Rec };
  const keys = Object.keys(body).filter((k) => !["count", "limit", "offset", "estimate_count"].includes(k));
  if (keys.length === 1) {
    const v = body[keys[0]!];
    if (Array.isArray(v) && v.every((x) => x && typeof x === "object")) return { list: v as Rec[], count: typeof body.count === "number" ? body.count : undefined };
    if (v && typeof v === "object" && !Array.isArray(v)) return { record: v as Rec };
  }
  return { record: body };
}

/** Prints an answer whose shape no declaration promises: a list, a record, or the body as it came. */
export function writeResult(io: IOStreams, format: OutputFormat, res: unknown, one: string | undefined, fields?: string): void {
  const r = unwrapResponse(res, one);
  if ("raw" in r) {
    if (r.raw !== undefined) io.out.write((typeof r.raw === "string" ? r.raw : JSON.stringify(r.raw, null, 2)) + "\n");
    return;
  }
  if ("list" in r) {
    writeList(io, format, r.list, format === "csv" || format === "table" ? pickColumns(r.list, undefined, fields) : []);
    return;
  }
  writeRecord(io, format, r.record);
}
