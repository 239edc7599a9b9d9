/**
 * The one runner of every bulk writer (issue 26). An engine reads and plans its input and writes
 * one chunk at a time; the job owns what every writer must do the same way:
 * - the checkpoint (keyed by command, target and file hash; validated; locked so that one run of
 *   a job goes at a time) and `--resume`;
 * - the `--report` file (its shape is documented once, in report.ts), progress and `--quiet`;
 * - the concurrency pool and cancel: a first Ctrl-C or SIGTERM stops taking new chunks, lets the
 *   ones in flight finish (their requests are not aborted, so nothing is left uncertain), saves
 *   the checkpoint and prints the exact command that resumes (exit 130); a second one stops at
 *   once and names the chunks that may or may not have landed;
 * - the wording of results and failures, and the exit codes: a failed row keeps the checkpoint,
 *   so `--resume` retries only what failed (exit 3).
 * Exactly-once inside a chunk is the engine's part, by the read-back rule of uncertain.ts.
 *
 * A job that converges (`apply -f`: a rerun of the same command does what is left, finding what
 * the last run wrote by natural key) keeps no journal and offers no `--resume`; everything else
 * (the lock, progress, cancel between chunks, the report, the exit codes) is the same.
 */
import type { Factory } from "../cmdutil/factory.js";
import { CancelError, JobError, PartialFailureError, UsageError } from "../../term/errors.js";
import { sanitize } from "../../term/sanitize.js";
import { notice } from "../output/notice.js";
import { Checkpoint, checkpointId, jobFor, rowsOf } from "./checkpoint.js";
import { JobLock } from "./job-lock.js";
import type { BulkFlags } from "./options.js";
import { runPool } from "./pool.js";
import { createProgress, type Progress } from "./progress.js";
import { ReportWriter, countRow, emptySummary, type ReportRow, type ReportSummary } from "./report.js";

/** Failures shown as they happen; the report has all of them. */
const SHOWN_FAILURES = 5;

export interface JobSpec<S, E extends ReportRow> {
  /** The command as typed, e.g. "prices apply": the checkpoint's key and the messages' subject. */
  command: string;
  /** The input file (its SHA-256 is part of the key), or the output file of an export. */
  file: string;
  /** What identifies the job when its file is not its input (an export: the query and the target file). */
  fingerprint?: string;
  flags: BulkFlags;
  /** The report's id columns (CSV), e.g. ["variant_id", "price_id"]. */
  idColumns: string[];
  progress: { label: string; unit?: string; total?: number };
  /** The file's last record number: a journal naming any other row is refused. */
  lastRow: number;
  /** The first row number (2: the header is record 1; an export counts products from 1). */
  firstRow?: number;
  /** Job state kept beside the journal (e.g. the row count it was planned for). */
  initial?: S;
  check?: (state: S, entries: E[]) => string | undefined;
  /** Clean-up of what a discarded checkpoint's run left (an export's part file); its state is not trusted. */
  discarded?: (state: unknown) => Promise<void>;
  /** What of an entry goes into the report (engines may journal more than they report). */
  toReport?: (entry: E) => ReportRow;
  /** The job converges: no journal, and "run the same command again" where others say --resume. */
  converges?: boolean;
  /** Errors that refuse the input, which the command words itself: no advice to continue is added. */
  refusal?: (e: unknown) => boolean;
}

/** What the job keeps between runs: a checkpoint, or nothing for a job that converges. */
type Journal<S, E> = Pick<Checkpoint<S, E>, "resumed" | "entries" | "state" | "commit" | "finish">;

const noJournal = <S, E>(state: S): Journal<S, E> => ({ resumed: false, entries: [], state, commit: async () => {}, finish: async () => {} });

/**
 * Medusa answers 401 for a key it accepted a moment ago when its database is down: mid-job that is
 * the server failing (exit 1), not a login to redo (exit 4). Any other error is returned as it is.
 */
export function refusedMidJob(e: unknown, then: string): unknown {
  if ((e as { status?: number })?.status !== 401) return e;
  return new JobError(`Medusa refused the credential it accepted earlier in this job (401: ${sanitize((e as Error).message)})`, `a server whose database is unavailable answers so: check the server, ${then}`);
}

/** Before any work: flags that cannot go together and a report path that cannot be written. */
export async function checkBulkFlags(flags: Pick<BulkFlags, "dryRun" | "resume" | "report">): Promise<void> {
  if (flags.dryRun && flags.resume) throw new UsageError("--resume continues a real run; drop --dry-run");
  if (flags.report) await ReportWriter.check(flags.report);
}

export class BulkJob<S = Record<string, unknown>, E extends ReportRow = ReportRow> {
  readonly summary: ReportSummary = emptySummary();
  /** Rows the interrupted run(s) wrote, by row number; a failed row is not among them and is tried again. */
  readonly done = new Map<number, E>();
  readonly progress: Progress;
  /**
   * The signal an engine gives its writes: aborted only by a second Ctrl-C, so the first one lets
   * requests in flight finish instead of leaving their outcome unknown.
   */
  readonly signal: AbortSignal;
  private readonly report?: ReportWriter;
  private shownFailures = 0;
  /** Rows this run recorded itself (not carried over from an interrupted one). */
  private recorded = 0;
  /** Failed rows whose error a retry may cure (network, busy server). */
  private retryableFailures = 0;
  private inFlight = new Map<number, string>();
  private nextWork = 0;
  /** Chunks written whole (a converging job's interruption says how far it got). */
  private chunksDone = 0;
  private stoppedNow = false;
  private closed = false;

  private constructor(
    private readonly f: Factory,
    private readonly spec: JobSpec<S, E>,
    readonly checkpoint: Journal<S, E>,
    private readonly lock: JobLock,
  ) {
    for (const e of checkpoint.entries) if (e.action !== "failed") this.done.set(e.row, e);
    // Without a second signal (a library caller), writes in flight always run to their end or timeout.
    this.signal = f.stopNow ?? new AbortController().signal;
    this.report = spec.flags.report ? new ReportWriter(spec.flags.report, spec.idColumns) : undefined;
    this.progress = createProgress(f.io, { ...spec.progress, quiet: spec.flags.quiet });
    f.stopNow?.addEventListener("abort", () => this.stoppedAtOnce(), { once: true });
  }

  /** Locks the job and opens its checkpoint (resumed with `--resume`). Not for dry runs. */
  static async open<S = Record<string, unknown>, E extends ReportRow = ReportRow>(f: Factory, spec: JobSpec<S, E>): Promise<BulkJob<S, E>> {
    const { dir, key } = await jobFor(f, spec.command, spec.file, spec.fingerprint);
    const lock = await JobLock.acquire(dir, checkpointId(key), spec.command);
    if (spec.converges) return new BulkJob<S, E>(f, spec, noJournal(spec.initial ?? ({} as S)), lock);
    try {
      const old = spec.flags.resume ? undefined : await Checkpoint.find(dir, key);
      if (old) {
        notice(f.io, `Note: an earlier run of ${sanitize(spec.file)} that did not finish (${old.updatedAt}) is discarded; --resume would have continued it.`, spec.flags.quiet);
        await spec.discarded?.(old.state);
      }
      const rows = rowsOf(spec.lastRow, spec.firstRow);
      const checkpoint = await Checkpoint.open<S, E>({
        dir,
        key,
        file: spec.file,
        resume: Boolean(spec.flags.resume),
        initial: spec.initial ?? ({} as S),
        check: (state, entries) => spec.check?.(state, entries) ?? rows(state, entries),
      });
      const job = new BulkJob<S, E>(f, spec, checkpoint, lock);
      if (spec.flags.resume && !checkpoint.resumed) notice(f.io, `Note: no checkpoint of ${sanitize(spec.file)} for this store; starting from the beginning.`, spec.flags.quiet);
      if (checkpoint.resumed) notice(f.io, `Resuming: ${plural(checkpoint.entries.filter((e) => e.action !== "failed").length, job.unit)} done by the interrupted run.`, spec.flags.quiet);
      return job;
    } catch (e) {
      await lock.release();
      throw e;
    }
  }

  private get unit(): string {
    return (this.spec.progress.unit ?? "rows").replace(/s$/, "");
  }

  /** True once a first Ctrl-C or SIGTERM asked the job to stop. */
  get stopping(): boolean {
    return this.f.signal.aborted;
  }

  /**
   * Counts rows, adds them to the report and the checkpoint, and moves progress by `advance`
   * (default: the rows). Failed rows are journalled too (so a resumed report is whole) but are
   * not `done`: `--resume` tries them again.
   */
  async record(rows: E[], opts: { commit?: boolean; advance?: number; state?: S } = {}): Promise<void> {
    for (const r of rows) {
      countRow(this.summary, r);
      if (r.action === "failed" && r.error?.retryable !== false) this.retryableFailures++;
      if (r.action === "failed" && this.shownFailures++ < SHOWN_FAILURES) {
        this.progress.warn(`row ${r.row}${r.key ? ` (${sanitize(r.key)})` : ""}: ${sanitize(r.error?.message ?? "failed")}`);
      }
    }
    if (opts.commit !== false) {
      await this.checkpoint.commit(rows, opts.state);
      this.recorded += rows.length;
    }
    await this.report?.add(this.spec.toReport ? rows.map(this.spec.toReport) : rows);
    this.progress.add(opts.advance ?? rows.length);
  }

  /** Rows carried over from the interrupted run: counted and reported, not journalled again. */
  async carry(rows: E[]): Promise<void> {
    await this.record(rows, { commit: false });
  }

  /**
   * Runs `write` on every chunk, `concurrency` at a time. A first Ctrl-C stops taking chunks; the
   * ones in flight finish. `describe` names a chunk for the message of a second Ctrl-C.
   */
  async each<T>(chunks: Iterable<T> | AsyncIterable<T>, write: (chunk: T) => Promise<void>, describe?: (chunk: T) => string): Promise<void> {
    await runPool(
      chunks,
      this.spec.flags.concurrency,
      async (chunk) => {
        const id = this.nextWork++;
        this.inFlight.set(id, describe?.(chunk) ?? "a chunk");
        try {
          await write(chunk);
          this.chunksDone++;
        } finally {
          this.inFlight.delete(id);
        }
      },
      this.f.signal,
    );
  }

  /**
   * Ends the job. Interrupted: the report is written as far as it got, the checkpoint kept, the
   * resume command printed, exit 130. Otherwise the report is closed (with `extra` in its
   * summary) and the checkpoint removed unless rows failed.
   */
  async end(extra: Record<string, unknown> = {}, opts: { failedBesideRows?: number } = {}): Promise<ReportSummary> {
    this.progress.done();
    this.closed = true;
    try {
      if (this.stopping) {
        await this.report?.close({ ...extra, interrupted: true });
        if (this.spec.converges) {
          const units = this.spec.progress.unit ?? "rows";
          // After a second Ctrl-C, stoppedAtOnce has said what is uncertain and how to go on.
          if (!this.stoppedNow) this.f.io.err.write(`Interrupted after ${this.chunksDone} of ${Math.max(this.spec.progress.total ?? 0, this.chunksDone)} ${units}; none was left half-written. ${this.again()}`);
          throw new CancelError("interrupted");
        }
        this.f.io.err.write(
          `Interrupted: ${plural(this.summary.rows - this.summary.failed, this.unit)} done and saved, none left in flight${this.report ? `; report so far: ${sanitize(this.report.file)}` : ""}.\nResume with:\n  ${resumeCommand(this.f.argv)}\n`,
        );
        throw new CancelError("interrupted");
      }
      await this.report?.close(extra);
      if (this.summary.failed === 0 && !opts.failedBesideRows) await this.checkpoint.finish();
      return this.summary;
    } finally {
      await this.lock.release();
    }
  }

  /**
   * After an error out of the chunks: when it came of a Ctrl-C, the job ends as interrupted (exit
   * 130 with the resume command); otherwise the report so far is written, the checkpoint kept, the
   * lock given up and the error thrown on.
   */
  async abandon(e: unknown): Promise<never> {
    if (this.stopping && !this.closed) {
      await this.end();
      throw new CancelError("interrupted");
    }
    this.progress.done();
    if (!this.closed) {
      this.closed = true;
      await this.report?.close({ interrupted: true }).catch(() => {});
      await this.lock.release();
      if (this.spec.refusal?.(e)) throw e;
      this.f.io.err.write(
        this.spec.converges
          ? `${this.spec.command} stopped; what it wrote is kept. ${this.again("It")}`
          : `The job stopped; the rows written so far are saved. Continue with:\n  ${resumeCommand(this.f.argv)}\n`,
      );
    }
    if (this.recorded > 0) throw refusedMidJob(e, this.spec.converges ? "then run the same command again" : "then resume with the command above");
    throw e;
  }

  /**
   * Exit 3 when rows failed, in the same words for every job. `beside` counts writes that are not
   * rows of the file (e.g. the deletions of --prune).
   */
  failIfAny(beside?: { failed: number; what: string; retryable?: boolean }): void {
    const s = this.summary;
    if (!s.failed && !beside?.failed) return;
    const what = [s.failed ? `${s.failed} of ${s.rows} rows` : "", beside?.failed ? `${beside.failed} ${beside.what}` : ""].filter(Boolean).join(" and ");
    const where = this.report ? `; see ${sanitize(this.report.file)}` : "; add --report FILE to see which";
    const again = this.retryableFailures + (beside?.failed && beside.retryable !== false ? beside.failed : 0);
    const refused = s.failed + (beside?.failed ?? 0) - again;
    // Retry advice only where a retry can help: a refusal of the data fails the same way again.
    const advice =
      refused === 0
        ? "Run the same command with --resume to retry only those"
        : again === 0
          ? "Trying again would fail the same way: correct what the reasons name (above and in the report), then run the command again; rows already done stay as they are"
          : `${again} may succeed when tried again (--resume retries only the failed rows); the other ${refused} were refused: correct what their reasons name first`;
    throw new PartialFailureError(`${what} failed${where}. ${advice}`);
  }

  /** How a converging job goes on: the same command. */
  private again(subject = this.spec.command): string {
    return `${subject} converges: run the same command again to finish:\n  ${resumeCommand(this.f.argv, false)}\n`;
  }

  private stoppedAtOnce(): void {
    if (this.closed) return;
    this.stoppedNow = true;
    const open = [...this.inFlight.values()];
    if (this.spec.converges) {
      const what = open.length ? `${open.map((x) => sanitize(x)).join("; ")} ${open.length === 1 ? "was" : "were"} in flight and may or may not be on the server; the same command finds what landed by its key. ` : "nothing was in flight. ";
      this.f.io.err.write(`Stopped at once; ${what}${this.again()}`);
      return;
    }
    this.f.io.err.write(
      open.length
        ? `Stopped at once: ${open.map((x) => sanitize(x)).join("; ")} ${open.length === 1 ? "was" : "were"} in flight and may or may not be on the server. --resume reads them back and sends only what is missing:\n  ${resumeCommand(this.f.argv)}\n`
        : `Stopped at once; nothing was in flight. Resume with:\n  ${resumeCommand(this.f.argv)}\n`,
    );
  }
}

/** `medusactl <the same arguments> --resume`, quoted for a POSIX shell (`resume` false: without --resume). */
export function resumeCommand(argv: readonly string[] | undefined, resume = true): string {
  const args = [...(argv ?? [])];
  if (resume && !args.includes("--resume")) args.push("--resume");
  return ["medusactl", ...args.map(shellQuote)].join(" ");
}

export function shellQuote(a: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(a)) return a;
  return `'${sanitize(a).replace(/'/g, `'\\''`)}'`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
