/** Retry policy (CONTRACT.md §5): one place for defaults, backoff and Retry-After. */

export interface RetryOptions {
  /** Further attempts after the first. Default 2. */
  retries?: number;
  /** Base backoff in ms; attempt n waits a random time in [0, base·2^n] (full jitter). Default 300. */
  baseDelayMs?: number;
  /** Cap of one backoff in ms. Default 10 000. */
  maxDelayMs?: number;
  /** Longest Retry-After we wait for, in seconds; a longer one fails with the time to retry. Default 60. */
  maxRetryAfterSeconds?: number;
  /** Statuses retried for safe methods. */
  statusCodes?: number[];
  /**
   * Retry this call even though its method is not safe (POST, DELETE). Only for calls the caller
   * knows to be idempotent; never set by the SDK for captures or refunds.
   */
  unsafe?: boolean;
  /**
   * Retry unsafe calls too when the answer says the request was refused before any work was done
   * (429 Too Many Requests), waiting as Retry-After says. Nothing else about POSTs changes.
   */
  refused?: boolean;
}

/** Statuses that mean "not processed, come back later": safe to send again whatever the method. */
export const REFUSED_STATUS: ReadonlySet<number> = new Set([429]);

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterSeconds: number;
  statusCodes: ReadonlySet<number>;
  unsafe: boolean;
  refused: boolean;
}

export const DEFAULT_RETRY_STATUS = [408, 429, 500, 502, 503, 504];

export function normalizeRetry(opt: RetryOptions | number | boolean | undefined, override?: RetryOptions | number | boolean): RetryPolicy {
  const base = toOptions(opt);
  const over = toOptions(override);
  const o = { ...base, ...over };
  return {
    retries: Math.max(0, o.retries ?? 2),
    baseDelayMs: o.baseDelayMs ?? 300,
    maxDelayMs: o.maxDelayMs ?? 10_000,
    maxRetryAfterSeconds: o.maxRetryAfterSeconds ?? 60,
    statusCodes: new Set(o.statusCodes ?? DEFAULT_RETRY_STATUS),
    unsafe: o.unsafe ?? false,
    refused: o.refused ?? false,
  };
}

function toOptions(o: RetryOptions | number | boolean | undefined): RetryOptions {
  if (o === undefined || o === true) return {};
  if (o === false) return { retries: 0 };
  if (typeof o === "number") return { retries: o };
  return o;
}

export function isSafeMethod(method: string): boolean {
  const m = method.toUpperCase();
  return m === "GET" || m === "HEAD" || m === "OPTIONS";
}

/** Full-jitter exponential backoff: random in [0, min(cap, base·2^n)]. */
export function backoffDelay(policy: RetryPolicy, retryIndex: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
