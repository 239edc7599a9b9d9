import { redactText } from "./redact.js";

/**
 * The SDK's error family. Every error keeps what arrived from the server (status, type, code, body)
 * and a redacted copy of the request, so callers branch on data, never on English text
 * (the official client drops `type` and `code`: medusajs/medusa#16770).
 */

/** The request an error belongs to, with credentials already redacted. */
export interface ErrorRequest {
  method: string;
  url: string;
}

/** Base class of every error the SDK raises. */
export class MedusaError extends Error {
  override name = "MedusaError";
  /** The request this error belongs to (redacted). */
  readonly request?: ErrorRequest;

  constructor(message: string, options?: { cause?: unknown; request?: ErrorRequest }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.request = options?.request;
  }

  /** See {@link mayHaveBeenApplied}: lets code that must not load the SDK (the CLI's error printer) ask the error itself. */
  get mayHaveBeenApplied(): boolean {
    return mayHaveBeenApplied(this);
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, request: this.request };
  }
}

/**
 * A response with status >= 300. Keeps `status`, `statusText`, the body's `type`, `code` and
 * `message` exactly as they arrived, and the parsed `body`.
 * @example
 * try { await sdk.admin.product.retrieve("prod_x") } catch (e) { if (isApiError(e, "not_found")) … }
 */
export class ApiError extends MedusaError {
  override name = "ApiError";
  readonly status: number;
  readonly statusText: string;
  readonly type?: string;
  readonly code?: string;
  readonly body: unknown;
  /** Seconds the server asked us to wait (Retry-After), when it said so. */
  readonly retryAfter?: number;

  constructor(init: {
    status: number;
    statusText: string;
    message: string;
    type?: string;
    code?: string;
    body?: unknown;
    request?: ErrorRequest;
    retryAfter?: number;
  }) {
    super(init.message, { request: init.request });
    this.status = init.status;
    this.statusText = init.statusText;
    this.type = init.type;
    this.code = init.code;
    this.body = init.body;
    this.retryAfter = init.retryAfter;
  }

  override toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      statusText: this.statusText,
      type: this.type,
      code: this.code,
      request: this.request,
    };
  }
}

/** The js-sdk's name for an HTTP error; ours carries `type` and `code` as well. */
export { ApiError as FetchError };

/** The connection failed (refused, reset, DNS, TLS, a body cut short). */
export class NetworkError extends MedusaError {
  override name = "NetworkError";
  /** False only when we know the request never left (connect failures): then even a POST may be retried. */
  readonly sent: boolean;
  readonly code?: string;

  constructor(message: string, options: { cause?: unknown; request?: ErrorRequest; sent: boolean; code?: string }) {
    super(message, options);
    this.sent = options.sent;
    this.code = options.code;
  }
}

/** An attempt ran past its time limit. */
export class TimeoutError extends MedusaError {
  override name = "TimeoutError";
  readonly attempt: number;
  readonly timeoutMs: number;

  constructor(init: { attempt: number; timeoutMs: number; request?: ErrorRequest }) {
    super(`request timed out after ${init.timeoutMs} ms (attempt ${init.attempt})`, { request: init.request });
    this.attempt = init.attempt;
    this.timeoutMs = init.timeoutMs;
  }
}

/** The caller aborted the request through its `AbortSignal`. */
export class AbortError extends MedusaError {
  override name = "AbortError";
  constructor(request?: ErrorRequest, cause?: unknown) {
    super("request aborted", { request, cause });
  }
}

/** The path (and query) of a redacted request URL, for messages. */
export function requestPath(request: ErrorRequest | undefined): string {
  if (!request) return "";
  try {
    const u = new URL(request.url);
    return u.pathname + u.search;
  } catch {
    return request.url;
  }
}

/**
 * An answer larger than the client reads (`maxResponseBytes`, or `maxEventBytes` for one
 * server-sent event). The connection was cut; nothing of the body is kept. Never retried.
 */
export class ResponseTooLargeError extends MedusaError {
  override name = "ResponseTooLargeError";
  /** The limit in bytes that was passed. */
  readonly limit: number;
  constructor(init: { limit: number; request: ErrorRequest; what?: string; setting?: string }) {
    const what = init.what ?? "the response";
    super(
      `${what} to ${init.request.method} ${requestPath(init.request)} is larger than ${describeLimit(init.limit)} (the ${init.setting ?? "maxResponseBytes"} limit); stopped reading it`,
      { request: init.request },
    );
    this.limit = init.limit;
  }
}

/**
 * A 2xx answer that cannot be Medusa's: a list page with more rows than asked for, a short page
 * while `count` claims more, a list without its array. Never retried; nothing built on it is kept.
 */
export class InconsistentResponseError extends MedusaError {
  override name = "InconsistentResponseError";
  constructor(message: string, request?: ErrorRequest) {
    super(message, { request });
  }
}

function describeLimit(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

function hasName(e: unknown, name: string): boolean {
  return typeof e === "object" && e !== null && (e as { name?: unknown }).name === name;
}

/** True for an {@link ApiError}; with `type`, only when the body's `type` (or `code`) matches. */
export function isApiError(e: unknown, type?: string): e is ApiError {
  if (!(e instanceof ApiError) && !hasName(e, "ApiError")) return false;
  if (type === undefined) return true;
  const err = e as ApiError;
  return err.type === type || err.code === type;
}

export function isNetworkError(e: unknown): e is NetworkError {
  return e instanceof NetworkError || hasName(e, "NetworkError");
}

export function isTimeoutError(e: unknown): e is TimeoutError {
  return e instanceof TimeoutError || hasName(e, "TimeoutError");
}

export function isAbortError(e: unknown): e is AbortError {
  return e instanceof AbortError || hasName(e, "AbortError");
}

/**
 * True when a request may have taken effect although its answer was lost, so repeating it blindly
 * could do it twice: a timeout, a connection that failed after the request left, or a gateway
 * answer (502/503/504) given while the back-end may still be working. A read (GET/HEAD) never
 * changed anything. Callers read the record back before they retry or report.
 * @example if (mayHaveBeenApplied(e)) await readBack()
 */
export function mayHaveBeenApplied(e: unknown): boolean {
  const method = (e as { request?: { method?: string } })?.request?.method;
  if (method === "GET" || method === "HEAD") return false;
  if (isTimeoutError(e)) return true;
  if (isNetworkError(e)) return (e as NetworkError).sent !== false;
  if (isApiError(e)) return e.status === 502 || e.status === 503 || e.status === 504;
  return false;
}

function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, (date - now) / 1000);
}

/**
 * The one place a response becomes an error: JSON bodies give `type`/`code`/`message`;
 * anything else (an HTML error page from a proxy) keeps the status text as message.
 */
export function responseError(init: {
  status: number;
  statusText: string;
  bodyText: string;
  contentType?: string | null;
  retryAfter?: string | null;
  request: ErrorRequest;
}): ApiError {
  let body: unknown = init.bodyText;
  let type: string | undefined;
  let code: string | undefined;
  let message: string | undefined;
  const text = init.bodyText.trim();
  if (text.startsWith("{") || text.startsWith("[")) {
    try {
      body = JSON.parse(text);
      if (body && typeof body === "object" && !Array.isArray(body)) {
        const b = body as Record<string, unknown>;
        if (typeof b.type === "string") type = b.type;
        if (typeof b.code === "string") code = b.code;
        if (typeof b.message === "string" && b.message) message = b.message;
      }
    } catch {
      body = init.bodyText;
    }
  }
  const statusText = init.statusText || defaultStatusText(init.status);
  // An HTML page from a proxy or a non-Medusa server says nothing useful: the status text does.
  if (!message) message = statusText;
  return new ApiError({
    status: init.status,
    statusText,
    message: redactText(message),
    type,
    code,
    body,
    request: init.request,
    retryAfter: parseRetryAfter(init.retryAfter),
  });
}

export { parseRetryAfter };

const STATUS_TEXT: Record<number, string> = {
  300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
  307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized",
  403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict",
  413: "Payload Too Large", 422: "Unprocessable Entity", 429: "Too Many Requests",
  500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
};

export function defaultStatusText(status: number): string {
  return STATUS_TEXT[status] ?? `HTTP ${status}`;
}
