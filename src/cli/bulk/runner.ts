/**
 * The runner drives; engines declare (issue 41). An engine says three things: how its input falls
 * into chunks, what one chunk would write (its report rows, old → new), and how to write one
 * chunk. The runner owns the rest, the same for every engine: the lock, checkpoint and
 * `--resume`, the report, progress, cancel on Ctrl-C, and the exit codes (CONTRACT §3).
 *
 * A dry run is not a second copy of the flow: it is this same walk over the same chunks, calling
 * the same `plan`, with the write left out (as kubectl's server-side dry run is the real request
 * with its persistence skipped). So a dry run cannot promise what the real run would not do.
 */
import type { Factory } from "../cmdutil/factory.js";
import { BulkJob, type JobSpec } from "./job.js";
import type { BulkFlags } from "./options.js";
import { countRow, emptySummary, type ReportRow, type ReportSummary } from "./report.js";

export interface Engine<C, E extends ReportRow = ReportRow, S = Record<string, unknown>> {
  /** The job's identity and report shape (its flags are the run's). */
  job: Omit<JobSpec<S, E>, "flags">;
  /** Rows that need no write (unchanged): counted, reported and journalled first, never sent. */
  settled?: E[];
  /** The writes, in chunks. */
  chunks: Iterable<C> | AsyncIterable<C>;
  /** What one chunk would write, as report rows. Called by the dry run and the real run alike. */
  plan(chunk: C): E[];
  /**
   * Writes one chunk whose rows `plan` gave, and answers the rows as they ended (done or failed).
   * A write whose answer was lost is read back before it is sent again (uncertain.ts).
   */
  write(chunk: C, planned: E[], signal: AbortSignal): Promise<E[]>;
  /** Names a chunk for the message of a second Ctrl-C ("rows 2–501"). */
  describe(chunk: C): string;
  /** How far a chunk moves progress (default: its planned rows). */
  size?(chunk: C): number;
  /** Real run only, before the first chunk (e.g. create the price list the chunks write into). */
  prepare?(signal: AbortSignal): Promise<void>;
  /** Real run only, after the last chunk (e.g. a sweep for duplicates); also after a first Ctrl-C. */
  finish?(signal: AbortSignal): Promise<void>;
  /** Summary fields beside the rows' counts, for the report (read once the chunks are done). */
  extra?(): Record<string, unknown>;
  /** Writes that are not rows of the file (e.g. --prune's deletions) that failed: exit 3 as a failed row does. */
  beside?(): { failed: number; what: string; retryable?: boolean };
}

/** One chunk as the runner walked it: what the real run sends, or (dry run) would send. */
export interface Walked<C, E> {
  chunk: C;
  rows: E[];
}

export interface RunOutcome<C, E> {
  dryRun: boolean;
  summary: ReportSummary;
  /** The dry run's walk, chunk by chunk, for the engine's preview (empty for a real run). */
  walked: Walked<C, E>[];
}

/**
 * Runs an engine. `show` writes the command's result (stdout) once the job has ended and before
 * the exit code is decided, so a partly failed run still prints its summary, then exits 3.
 */
export async function runEngine<C, E extends ReportRow, S = Record<string, unknown>>(
  f: Factory,
  flags: BulkFlags,
  engine: Engine<C, E, S>,
  show: (outcome: RunOutcome<C, E>) => void,
): Promise<RunOutcome<C, E>> {
  if (flags.dryRun) {
    const summary = emptySummary();
    for (const r of engine.settled ?? []) countRow(summary, r);
    const walked: Walked<C, E>[] = [];
    for await (const chunk of engine.chunks) {
      if (f.signal.aborted) break;
      const rows = engine.plan(chunk);
      for (const r of rows) countRow(summary, r);
      walked.push({ chunk, rows });
    }
    const outcome: RunOutcome<C, E> = { dryRun: true, summary, walked };
    show(outcome);
    return outcome;
  }

  const job = await BulkJob.open<S, E>(f, { ...engine.job, flags });
  try {
    await engine.prepare?.(job.signal);
    // A row an interrupted run wrote plans as unchanged now; its report keeps what was done.
    await job.record((engine.settled ?? []).map((r) => job.done.get(r.row) ?? r));
    await job.each(
      engine.chunks,
      async (chunk) => {
        const planned = engine.plan(chunk);
        const out = await engine.write(chunk, planned, job.signal);
        await job.record(out, { advance: engine.size?.(chunk) ?? planned.length });
      },
      (chunk) => engine.describe(chunk),
    );
    await engine.finish?.(job.signal);
  } catch (e) {
    await job.abandon(e);
  }
  const beside = engine.beside?.();
  const summary = await job.end(engine.extra?.() ?? {}, { failedBesideRows: beside?.failed });
  const outcome: RunOutcome<C, E> = { dryRun: false, summary, walked: [] };
  show(outcome);
  job.failIfAny(beside);
  return outcome;
}
