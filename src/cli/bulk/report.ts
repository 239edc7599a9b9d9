/**
 * `--report file.json|file.csv`: one entry per input row with the action taken, the ids it
 * concerns and, for a failed row, the server's error (status, type, code, message), so failed
 * rows can be found and re-run. Streamed while the job runs (rows arrive in commit order, not
 * file order); the JSON form ends with a summary of counts.
 */
import type { WriteStream } from "node:fs";
import { openAtomicStream, removeStaleTemps, type AtomicStream } from "../../sdk/atomic-write.js";
import { checkOutputPath } from "../cmdutil/output-file.js";
import { UsageError } from "../../term/errors.js";
import { CsvWriter } from "./csv.js";
import { isNetworkError, isTimeoutError } from "../../sdk/errors.js";

export type RowAction = "create" | "update" | "unchanged" | "failed" | "skipped" | "exported";

export interface RowError {
  status?: number;
  type?: string;
  code?: string;
  message: string;
  /** Whether the same write may succeed when tried again (the network, a busy server); false: the data must change. */
  retryable?: boolean;
}

export interface ReportRow {
  /** CSV record number (header = 1). */
  row: number;
  line?: number;
  action: RowAction;
  /** The natural key the row was matched by (handle, SKU, price key…). */
  key?: string;
  /** Ids of what the row created or touched, by report column (e.g. product_id, variant_id). */
  ids?: Record<string, string | undefined>;
  /** Changed fields, for updates (and dry runs). */
  changes?: string[];
  error?: RowError;
}

export type ReportSummary = Record<Exclude<RowAction, "exported">, number> & { rows: number; exported?: number };

export function emptySummary(): ReportSummary {
  return { rows: 0, create: 0, update: 0, unchanged: 0, failed: 0, skipped: 0 };
}

export function countRow(summary: ReportSummary, row: Pick<ReportRow, "action">): void {
  summary.rows++;
  summary[row.action] = (summary[row.action] ?? 0) + 1;
}

/**
 * Whether trying the same write again may succeed: a network failure, a timeout, or a server that
 * was busy or failing (408, 409, 429, 5xx). A refusal of the data (400, 404, 422…) or one of our
 * own checks would fail the same way: retry advice there only wastes the operator's time.
 */
export function retryable(e: unknown): boolean {
  if (isNetworkError(e) || isTimeoutError(e)) return true;
  const s = (e as { status?: unknown })?.status;
  return typeof s === "number" && (s === 408 || s === 409 || s === 429 || s >= 500);
}

/** A ReportError-shaped copy of any error (ApiError keeps status, type and code). */
export function rowError(e: unknown): RowError {
  const err = e as { status?: number; type?: string; code?: string; message?: string };
  const out: RowError = { message: err?.message ?? String(e) };
  if (typeof err?.status === "number") out.status = err.status;
  if (typeof err?.type === "string") out.type = err.type;
  if (typeof err?.code === "string") out.code = err.code;
  out.retryable = retryable(e);
  return out;
}

export function reportFormat(file: string): "json" | "csv" {
  if (/\.json$/i.test(file)) return "json";
  if (/\.csv$/i.test(file)) return "csv";
  throw new UsageError(`--report ${file}: the name must end in .json or .csv`);
}

export class ReportWriter {
  readonly summary = emptySummary();
  private readonly stream: WriteStream;
  private readonly file$: AtomicStream;
  private readonly csv?: CsvWriter;
  private first = true;
  private failed?: Error;
  private chain: Promise<void> = Promise.resolve();

  /** `idColumns` are the CSV columns for `ReportRow.ids` (JSON keeps the object as is). */
  constructor(readonly file: string, private readonly idColumns: string[]) {
    const format = reportFormat(file);
    // Written beside the target and renamed when closed: a previous report stays whole until then.
    this.file$ = openAtomicStream(file);
    this.stream = this.file$.stream;
    // A write that fails (a full disk) fails the job's next add, instead of waiting for a drain that never comes.
    this.stream.on("error", (e) => (this.failed ??= e));
    if (format === "csv") {
      this.csv = new CsvWriter(this.stream);
      this.chain = this.csv.write(["row", "line", "action", "key", ...idColumns, "changes", "error_status", "error_type", "error_code", "error_message"]);
    } else {
      this.stream.write('{"rows":[');
    }
  }

  add(rows: ReportRow[]): Promise<void> {
    for (const r of rows) countRow(this.summary, r);
    const run = async () => {
      for (const r of rows) {
        if (this.csv) {
          await this.csv.write([
            String(r.row),
            r.line !== undefined ? String(r.line) : "",
            r.action,
            r.key ?? "",
            ...this.idColumns.map((c) => r.ids?.[c] ?? ""),
            (r.changes ?? []).join(" "),
            r.error?.status !== undefined ? String(r.error.status) : "",
            r.error?.type ?? "",
            r.error?.code ?? "",
            r.error?.message ?? "",
          ]);
        } else {
          if (this.failed) throw this.failed;
          const ok = this.stream.write((this.first ? "\n" : ",\n") + JSON.stringify(r));
          this.first = false;
          if (!ok) await this.drained();
        }
      }
    };
    this.chain = this.chain.then(run);
    return this.chain;
  }

  private drained(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      const onError = (e: Error) => {
        this.stream.off("drain", onDrain);
        reject(e);
      };
      const onDrain = () => {
        this.stream.off("error", onError);
        resolve();
      };
      this.stream.once("error", onError);
      this.stream.once("drain", onDrain);
    });
  }

  /**
   * Finishes the file (the JSON form gets `summary` plus any extra fields). A report that could
   * not be written whole (a full disk) is dropped and the file it would replace is left as it was.
   */
  async close(extra: Record<string, unknown> = {}): Promise<void> {
    const ok = await this.chain.then(
      () => !this.failed,
      () => false,
    );
    if (!ok) {
      await this.file$.discard();
      throw this.failed ?? new Error(`the report ${this.file} could not be written`);
    }
    if (this.csv) await this.csv.flush();
    else this.stream.write(`\n],"summary":${JSON.stringify({ ...this.summary, ...extra })}}\n`);
    await this.file$.commit();
    // The temp file of a run that was killed (kill -9) before it could rename its report.
    await removeStaleTemps(this.file);
  }

  /** Checks the path (a folder, a missing parent: exit 2, naming it) before any work starts. */
  static async check(file: string): Promise<void> {
    reportFormat(file);
    await checkOutputPath(file, "--report");
  }
}

/** Row numbers as ranges for a message: [2,3,4,9] → "2–4, 9" (at most a few ranges, then "…"). */
export function rowRange(rows: number[], maxRanges = 4): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    ranges.push(i === j ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return ranges.length > maxRanges ? `${ranges.slice(0, maxRanges).join(", ")}, …` : ranges.join(", ");
}
