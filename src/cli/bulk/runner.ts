/**
 * The runner drives; engines declare (issue 41). An engine says three things: how its input falls
 * into chunks, what one chunk would write (its plan, with old → new), and how to write one chunk
 * as planned. The runner owns the rest, the same for every engine: the lock, checkpoint and
 * `--resume`, the report, progress, cancel on Ctrl-C, and the exit codes (CONTRACT §3).
 *
 * A dry run is not a second copy of the flow: it is this same walk over the same chunks, calling
 * the same `plan`, with the write left out (as kubectl's server-side dry run is the real request
 * with its persistence skipped). So a dry run cannot promise what the real run would not do.
 */
import type { Factory } from "../cmdutil/factory.js";
import { CancelError } from "../../term/errors.js";
import { BulkJob, type JobSpec } from "./job.js";
import type { BulkFlags } from "./options.js";
import { runPool } from "./pool.js";
import { createProgress } from "./progress.js";
import { countRow, emptySummary, type ReportRow, type ReportSummary } from "./report.js";

/** Engines meet the runner alone: the check of flags that cannot go together comes through it too. */
export { checkBulkFlags } from "./job.js";

/**
 * What an engine declares. `C` is a chunk (what one request, or one short series of requests,
 * writes); `E` a row of the report; `P` a chunk's plan (by default its report rows).
 */
export interface Engine<C, E extends ReportRow = ReportRow, P = E[], S = Record<string, unknown>> {
  /**
   * The job's identity and report shape (its flags are the run's). A job that `converges`
   * (`apply -f`) is found again by key on a rerun: it keeps no journal and has no `resume`.
   */
  job: Omit<JobSpec<S, E>, "flags">;
  /** Rows that need no write (unchanged, skipped): counted, reported and journalled first, never sent. */
  settled?: E[];
  /**
   * A resumed run: the rows of the interrupted run(s) to carry over (counted and reported, not
   * journalled again). The engine leaves their work out of its chunks. Without it, a settled row
   * the interrupted run wrote is reported as what that run did.
   */
  resume?(journal: E[]): E[];
  /** The writes, in chunks (read lazily: a resumed run's `resume` is called first). */
  chunks(): Iterable<C> | AsyncIterable<C>;
  /** What one chunk would write, from the store as it is now. Called by the dry run and the real run alike. */
  plan(chunk: C, signal: AbortSignal): P | Promise<P>;
  /**
   * Writes one chunk as `planned`, and answers how it ended. A write whose answer was lost is read
   * back before it is sent again (uncertain.ts), so nothing is written twice or called failed
   * while the server holds it.
   */
  write(chunk: C, planned: P, signal: AbortSignal): Promise<P>;
  /** A chunk's report rows: from its plan in a dry run, from its write in a real run. Once per chunk. */
  rows?(chunk: C, p: P): E[];
  /** Names a chunk for the message of a second Ctrl-C ("rows 2–501"). */
  describe(chunk: C): string;
  /** How far a chunk moves progress (default: its rows). */
  size?(chunk: C): number;
  /**
   * Real run only, before the first chunk (e.g. create the price list the chunks write into).
   * `saved` is the state kept beside the journal (`job.initial` on a fresh run); `save` journals a
   * new one at once (a secret that must outlive a crash in the middle of a chunk).
   */
  prepare?(signal: AbortSignal, saved: { state: S; save(state: S): Promise<void> }): Promise<void>;
  /** The state journalled with each chunk's rows. */
  state?(): S;
  /** After the last chunk, in both runs (e.g. a sweep for duplicates a lost answer left). */
  finish?(signal: AbortSignal): Promise<void>;
  /** Summary fields beside the rows' counts, for the report (read once the chunks are done). */
  extra?(): Record<string, unknown>;
  /** Writes that are not rows of the file (e.g. --prune's deletions) that failed: exit 3 as a failed row does. */
  beside?(): { failed: number; what: string; retryable?: boolean };
}

/** One chunk as a dry run walked it: what the real run would send, and the rows it would report. */
export interface Walked<C, E, P> {
  chunk: C;
  planned: P;
  rows: E[];
}

export interface RunOutcome<C, E, P = E[]> {
  dryRun: boolean;
  summary: ReportSummary;
  /** The dry run's walk in chunk order, for the engine's preview (empty for a real run). */
  walked: Walked<C, E, P>[];
}

/**
 * Runs an engine. `show` writes the command's result once the job has ended and before the exit
 * code is decided, so a partly failed run still prints its summary, then exits 3.
 */
export async function runEngine<C, E extends ReportRow, P = E[], S = Record<string, unknown>>(
  f: Factory,
  flags: BulkFlags,
  engine: Engine<C, E, P, S>,
  show: (outcome: RunOutcome<C, E, P>) => void,
): Promise<RunOutcome<C, E, P>> {
  const rowsOf = (chunk: C, p: P): E[] => (engine.rows ? engine.rows(chunk, p) : (p as unknown as E[]));
  if (flags.dryRun) {
    const summary = emptySummary();
    for (const r of engine.settled ?? []) countRow(summary, r);
    const walked: Walked<C, E, P>[] = [];
    const progress = createProgress(f.io, { ...engine.job.progress, label: "planning", quiet: flags.quiet });
    progress.add(engine.settled?.length ?? 0);
    let next = 0;
    // As many plans in flight as the real run has writes: a dry run reads what a real one reads.
    await runPool(
      engine.chunks(),
      flags.concurrency,
      async (chunk) => {
        const at = next++;
        const planned = await engine.plan(chunk, f.signal);
        const rows = rowsOf(chunk, planned);
        walked[at] = { chunk, planned, rows };
        progress.add(engine.size?.(chunk) ?? rows.length);
      },
      f.signal,
    ).finally(() => progress.done());
    if (f.signal.aborted) throw new CancelError();
    await engine.finish?.(f.signal);
    const done = walked.filter(Boolean);
    for (const w of done) for (const r of w.rows) countRow(summary, r);
    const outcome: RunOutcome<C, E, P> = { dryRun: true, summary, walked: done };
    show(outcome);
    return outcome;
  }

  const job = await BulkJob.open<S, E>(f, { ...engine.job, flags });
  try {
    await engine.prepare?.(job.signal, { state: job.checkpoint.state, save: (state) => job.checkpoint.commit([], state) });
    const carried = job.checkpoint.resumed && engine.resume ? engine.resume(job.checkpoint.entries) : [];
    if (carried.length) await job.carry(carried);
    const skip = new Set(carried.map((r) => r.row));
    // A row an interrupted run wrote plans as settled now; its report keeps what was done.
    await job.record((engine.settled ?? []).filter((r) => !skip.has(r.row)).map((r) => job.done.get(r.row) ?? r), { state: engine.state?.() });
    await job.each(
      engine.chunks(),
      async (chunk) => {
        const planned = await engine.plan(chunk, job.signal);
        const rows = rowsOf(chunk, await engine.write(chunk, planned, job.signal));
        await job.record(rows, { advance: engine.size?.(chunk) ?? rows.length, state: engine.state?.() });
      },
      (chunk) => engine.describe(chunk),
    );
    await engine.finish?.(job.signal);
  } catch (e) {
    await job.abandon(e);
  }
  const beside = engine.beside?.();
  const summary = await job.end(engine.extra?.() ?? {}, { failedBesideRows: beside?.failed });
  const outcome: RunOutcome<C, E, P> = { dryRun: false, summary, walked: [] };
  show(outcome);
  job.failIfAny(beside);
  return outcome;
}
