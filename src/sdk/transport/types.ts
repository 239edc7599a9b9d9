/**
 * The seam between the client and the network: undici `request()` in Node, `fetch` in a browser
 * or a test. Most per-request CPU of the official client goes to the WHATWG fetch layer, which is
 * why Node gets its own transport.
 */

export type BodyInit = string | Uint8Array | ArrayBuffer | Blob | FormData | ReadableStream<Uint8Array> | null;

export interface TransportRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  /**
   * Aborts this attempt (timeout or the caller's signal). It is a getter of the request object:
   * a wrapping transport that copies the request (`{ ...req, headers }`) must copy it by name
   * (`signal: req.signal`), or the copy has none and the attempt can no longer be cut.
   */
  signal: AbortSignal;
  /**
   * The same abort as `signal`, without building an AbortSignal: our own transports listen here,
   * because an AbortController per request costs a quarter of undici's throughput. Transports
   * that read `signal` get a real one, created on first read.
   */
  abort?: AttemptAbort;
  /** Browser cookie mode; ignored in Node. */
  credentials?: "include" | "omit" | "same-origin";
  /**
   * Set when the body will be read whole with `text()`: a transport may gather it as it arrives,
   * at most this many bytes (more fails the attempt with {@link BodyTooLargeError}). Unset, the
   * body may be streamed (server-sent events).
   */
  bufferBody?: number;
}

export interface TransportResponse {
  status: number;
  statusText: string;
  headers: { get(name: string): string | null; getSetCookie(): string[] };
  /**
   * Reads the whole body as text, at most `maxBytes` bytes (default {@link DEFAULT_MAX_BODY_BYTES}):
   * a longer body (or a `content-length` saying so) cuts the connection and rejects with
   * {@link BodyTooLargeError}, so an endless answer never grows the process.
   */
  text(maxBytes?: number): Promise<string>;
  /** Reads the body as chunks (for server-sent events and downloads). */
  stream(): AsyncIterable<Uint8Array>;
  /** Discards the body so the connection can be reused. */
  dump(): Promise<void>;
}

type AbortListener = (reason: unknown) => void;

/**
 * One attempt's cancel switch. It is also the EventEmitter-shaped signal undici's `request()`
 * accepts (`aborted`, `reason`, `once`/`removeListener`), so undici needs no AbortSignal either.
 */
export class AttemptAbort {
  aborted = false;
  reason: unknown = undefined;
  /** The one listener an attempt usually has (the transport's), kept without an array. */
  private listener: AbortListener | undefined;
  private listeners: AbortListener[] | undefined;
  private controller: AbortController | undefined;

  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    const first = this.listener;
    const listeners = this.listeners;
    this.listener = this.listeners = undefined;
    if (first) first(reason);
    if (listeners) for (const l of listeners) l(reason);
  }

  /** A real AbortSignal following this switch, for transports that need one. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Listeners run once, on abort. */
  on(event: string, listener: AbortListener): this {
    if (event !== "abort" || this.aborted) return this;
    if (!this.listener) this.listener = listener;
    else (this.listeners ??= []).push(listener);
    return this;
  }

  once(event: string, listener: AbortListener): this {
    return this.on(event, listener);
  }

  removeListener(event: string, listener: AbortListener): this {
    if (event === "abort" && this.listener === listener) {
      this.listener = undefined;
      return this;
    }
    const i = event === "abort" && this.listeners ? this.listeners.indexOf(listener) : -1;
    if (i >= 0) this.listeners!.splice(i, 1);
    return this;
  }

  off(event: string, listener: AbortListener): this {
    return this.removeListener(event, listener);
  }
}

export interface Transport {
  request(req: TransportRequest): Promise<TransportResponse>;
  close?(): Promise<void>;
}

/** Connect-stage error codes: the request never left, so even a POST may be retried. */
export const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_CONNECT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

export function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The default cap of one response body read as a whole: generous for Medusa, far below what crashes V8. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** A body longer than the reader's cap; the transport has already cut the connection. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  readonly code = "ERR_BODY_TOO_LARGE";
  constructor(readonly limit: number) {
    super(`the response body is larger than ${formatBytes(limit)}`);
  }
}

export function isBodyTooLarge(e: unknown): e is BodyTooLargeError {
  return e instanceof BodyTooLargeError || (e as { code?: unknown })?.code === "ERR_BODY_TOO_LARGE";
}

/** 67108864 → "64 MiB". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** True when a `content-length` header already announces more than `limit` bytes. */
export function announcedTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  if (!contentLength) return false;
  const n = Number(contentLength);
  return Number.isFinite(n) && n > limit;
}

/**
 * Reads a Node readable (node:http's IncomingMessage, undici's body) to text, at most `limit`
 * bytes; past it, `destroy()` cuts the connection and the promise rejects with BodyTooLargeError.
 * Events, not `for await`: the async iterator costs several promise turns per chunk.
 */
export function readNodeText(
  res: NodeJS.ReadableStream & { destroy(err?: Error): void; complete?: boolean },
  limit: number,
  endedEarly?: () => boolean,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      reject(e);
    };
    res.on("data", (c: Buffer) => {
      if (settled) return;
      size += c.length;
      if (size > limit) {
        chunks.length = 0;
        const err = new BodyTooLargeError(limit);
        fail(err);
        res.destroy();
        return;
      }
      chunks.push(c);
    });
    res.once("end", () => {
      if (settled) return;
      settled = true;
      resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8"));
    });
    res.once("error", fail);
    res.once("close", () => {
      if (endedEarly?.()) fail(Object.assign(new Error("the response ended early"), { code: "ECONNRESET" }));
    });
  });
}
