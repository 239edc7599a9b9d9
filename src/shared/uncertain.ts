/**
 * The one rule every bulk writer follows when a write's outcome is unknown (timeout, reset after
 * sending, 502/503/504, a body cut short): wait, read the server back, and send again only what
 * is not there. Because a re-send is always preceded by a read-back, it can be tried more often
 * than the SDK's blind retries (which POSTs never get): a flaky network then costs time, not rows.
 */
import { mayHaveBeenApplied, TimeoutError } from "../sdk/errors.js";
import { sleep } from "../sdk/retry.js";

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

export interface Sent<T, R> {
  /** Items the server holds, with what the write (or the read-back) answered for each. */
  done: { item: T; result: R }[];
  /** Items not on the server after every try; `error` is why. */
  failed: T[];
  error?: unknown;
}

/**
 * Sends `items` in one write and, when its answer is lost, reads them back and sends again only
 * those the server does not hold (the rule above), so no item is written twice or called failed
 * while the server has it. `send` answers one result per item, in order; `readBack` the result of
 * each item the server holds, or undefined. An abort (a second Ctrl-C) is thrown on.
 */
export async function sendSettled<T, R>(items: T[], o: { send: (pending: T[]) => Promise<R[]>; readBack: (pending: T[]) => Promise<(R | undefined)[]>; signal: AbortSignal }): Promise<Sent<T, R>> {
  const out: Sent<T, R> = { done: [], failed: [] };
  let pending = items;
  for (let attempt = 0; pending.length; attempt++) {
    try {
      const results = await o.send(pending);
      pending.forEach((item, i) => out.done.push({ item, result: results[i]! }));
      return out;
    } catch (e) {
      if ((e as Error)?.name === "AbortError") throw e;
      out.error = e;
      if (mayHaveBeenApplied(e)) {
        await settle(attempt, o.signal, e);
        const held = await o.readBack(pending);
        const left: T[] = [];
        pending.forEach((item, i) => (held[i] === undefined ? left.push(item) : out.done.push({ item, result: held[i]! })));
        pending = left;
      }
      if (pending.length && !tryAgainAfter(e, attempt)) {
        out.failed = pending;
        return out;
      }
    }
  }
  return out;
}
