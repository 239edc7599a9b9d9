import type { RetryOptions } from "./retry.js";
import type { StorageMethod, TokenStorage } from "./token-store.js";
import type { Transport } from "./transport/types.js";

/** Header values; `null` deletes a header set by an earlier layer (e.g. content-type for multipart). */
export type ClientHeaders = Record<string, string | string[] | null | undefined | { tags: string[] }>;

export interface Logger {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}

/** What one attempt looked like, already redacted: for debug logs and a TUI command log. */
export interface RequestLogEntry {
  method: string;
  url: string;
  status?: number;
  durationMs: number;
  attempt: number;
  error?: string;
  requestHeaders: Record<string, string>;
}

export interface Hooks {
  /** Called before every attempt; may change headers. */
  beforeRequest?: (state: { method: string; url: string; headers: Record<string, string>; attempt: number }) => void | Promise<void>;
  /** Called after every attempt, successful or not. */
  afterResponse?: (entry: RequestLogEntry) => void;
  /** Called before waiting for a retry. */
  beforeRetry?: (state: { method: string; url: string; attempt: number; delayMs: number; error: Error }) => void;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The js-sdk's configuration, plus our transport, timeout, retry, hooks and user agent. */
export interface Config {
  baseUrl: string;
  globalHeaders?: ClientHeaders;
  publishableKey?: string;
  /** A secret API key: sent as HTTP Basic `base64(key + ":")`. */
  apiKey?: string;
  auth?: {
    type?: "jwt" | "session";
    jwtTokenStorageKey?: string;
    jwtTokenStorageMethod?: StorageMethod;
    storage?: TokenStorage;
    fetchCredentials?: "include" | "omit" | "same-origin";
  };
  logger?: Logger;
  /** Logs every request (redacted) through `logger.debug`. */
  debug?: boolean;
  /**
   * How requests leave. Default: undici in Node, `fetch` elsewhere. `"fetch"` sends every request
   * through the global `fetch` looked up at call time, so test tools that patch it (msw, spies)
   * see them in Node too; `"undici"` asks for the keep-alive pool explicitly; or a Transport object.
   */
  transport?: Transport | "fetch" | "undici";
  /** A fetch to use instead of the global one (implies the fetch transport). */
  fetch?: FetchLike;
  /** Time limit of one attempt, in ms. Default 30 000. */
  timeout?: number;
  /** Retry policy; `false` disables retries. */
  retry?: RetryOptions | number | boolean;
  hooks?: Hooks;
  /** Sent as `user-agent` outside browsers; cut to 350 characters. */
  userAgent?: string;
  /** Initial `x-medusa-locale`. */
  locale?: string;
  /**
   * Largest response body read as a whole, in bytes. Default 64 MiB. A longer (or endless) body
   * cuts the connection and raises `ResponseTooLargeError` naming the limit and the path.
   */
  maxResponseBytes?: number;
  /**
   * Most rows one walk of a list reads (`paginate`, `--all`, exports). Default 1 000 000. A server
   * that announces more, or keeps sending full pages past it, ends the walk with
   * `InconsistentResponseError` instead of growing memory without bound.
   */
  maxListRows?: number;
  /** Largest single server-sent event, in bytes. Default 1 MiB; past it the stream fails with `ResponseTooLargeError`. */
  maxEventBytes?: number;
  /**
   * Check the shape of list and retrieve answers: a 2xx JSON answer without its list (or record)
   * raises `InconsistentResponseError` naming the route. Off by default (the js-sdk returns any
   * answer as it came); the CLI and TUI turn it on.
   */
  checkShapes?: boolean;
  /** Random source for backoff jitter (tests). */
  random?: () => number;
}

/** Our per-call extras, passed as the last argument of any resource method. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Per-attempt time limit in ms for this call. */
  timeout?: number;
  retry?: RetryOptions | number | boolean;
}

export interface FetchInit extends CallOptions {
  method?: string;
  headers?: ClientHeaders;
  body?: unknown;
  query?: Record<string, unknown>;
  credentials?: "include" | "omit" | "same-origin";
}

export interface ServerSentEvent {
  event?: string;
  data?: string;
  id?: string;
  retry?: number;
  comment?: string;
}
