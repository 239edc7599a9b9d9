/**
 * The one rule every bulk writer follows when a write's outcome is unknown (timeout, reset after
 * sending, 502/503/504, a body cut short): wait, read the server back, and send again only what
 * is not there. Because a re-send is always preceded by a read-back, it can be tried more often
 * than the SDK's blind retries (which POSTs never get): a flaky network then costs time, not rows.
 */
import { mayHaveBeenApplied, TimeoutError } from "../../sdk/errors.js";
import { sleep } from "../../sdk/retry.js";

/** Attempts of one write whose earlier answers were lost (each after a read-back). */
export const UNCERTAIN_TRIES = 6;

/** True when `e` leaves the write's outcome unknown and another (read-back first) try is allowed. */
export function tryAgainAfter(e: unknown, attempt: number): boolean {
  return mayHaveBeenApplied(e) && attempt + 1 < UNCERTAIN_TRIES;
}

/** The longest a read-back waits for a write our timeout gave up on. */
const TIMEOUT_FLOOR_MAX_MS = 60_000;

/**
 * Waits before reading back: a write the server is still working on (our timeout fired first)
 * must have landed before we look, or the read-back would miss it and we would send it twice.
 * Full jitter on 500 ms·2^n, at most 8 s. After a timeout (`lost`), the server was still busy
 * with the write when we stopped waiting, and Medusa does not cancel it: it gets as long again
 * before we look (a 1,000-price batch on a loaded 2-core machine outran a 4 s timeout, and a
 * read-back 0.5 s later found nothing and sent it a second time).
 */
export function settle(attempt: number, signal?: AbortSignal, lost?: unknown, random: () => number = Math.random): Promise<void> {
  const floor = lost instanceof TimeoutError ? Math.min(lost.timeoutMs, TIMEOUT_FLOOR_MAX_MS) : 0;
  return sleep(floor + Math.round(random() * Math.min(8_000, 500 * 2 ** attempt)) + 200, signal);
}

/** A row's error once every try lost its answer and the read-back shows it is not on the server. */
export function notLandedMessage(e: unknown): string {
  const why = (e as Error)?.message ?? String(e);
  return `${why} (tried ${UNCERTAIN_TRIES} times; read back afterwards: not on the server; rerun with --resume)`;
}
