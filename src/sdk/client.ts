import {
  AbortError,
  ApiError,
  MedusaError,
  NetworkError,
  ResponseTooLargeError,
  TimeoutError,
  isApiError,
  isNetworkError,
  isTimeoutError,
  responseError,
  type ErrorRequest,
} from "./errors.js";
import { applyQuery, joinUrlString, parseBase, type ParsedBase } from "./query.js";
import { redactHeaders, redactUrl } from "./redact.js";
import { REFUSED_STATUS, backoffDelay, isSafeMethod, normalizeRetry, sleep, type RetryPolicy } from "./retry.js";
import { DEFAULT_TOKEN_KEY, MemoryTokenStore, resolveStorage } from "./token-store.js";
import { fetchTransport } from "./transport/fetch.js";
import { AttemptAbort, DEFAULT_MAX_BODY_BYTES, NOT_SENT_CODES, errorCode, isBodyTooLarge, type BodyInit, type Transport, type TransportRequest, type TransportResponse } from "./transport/types.js";
import type { ClientHeaders, Config, FetchInit, Logger, ServerSentEvent } from "./types.js";
import { SDK_VERSION } from "./version.js";

export const PUBLISHABLE_KEY_HEADER = "x-publishable-api-key";
export const LOCALE_STORAGE_KEY = "medusa_locale";
const LOCALE_HEADER = "x-medusa-locale";
const DEFAULT_TIMEOUT_MS = 30_000;
/** One server-sent event larger than this is refused (Medusa's events are a few hundred bytes). */
const DEFAULT_MAX_EVENT_BYTES = 1024 * 1024;
const MAX_USER_AGENT = 350;

const isBrowser = () => typeof window !== "undefined" && typeof (window as { document?: unknown }).document !== "undefined";
const isNode = () => typeof process !== "undefined" && Boolean(process.versions?.node) && !isBrowser();

const silentLogger: Logger = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

/** Thrown when a 2xx body that should be JSON is not. */
export class InvalidResponseError extends MedusaError {
  override name = "InvalidResponseError";
  readonly status: number;
  constructor(message: string, status: number, request: ErrorRequest, cause?: unknown) {
    super(message, { request, cause });
    this.status = status;
  }
}

/**
 * The HTTP pipeline shared by every resource: URL and query, auth headers, JSON, per-attempt
 * timeout, caller abort, retries for safe requests, hooks and a redacted debug log.
 * @example
 * const { products } = await sdk.client.fetch("/admin/products", { query: { limit: 5 } })
 */
export class Client {
  readonly config: Config;
  private transportPromise?: Promise<Transport>;
  private readonly memoryStore = new MemoryTokenStore();
  private locale: string | undefined;
  /** Cookies kept for session mode outside a browser, where nothing else keeps them. */
  private readonly cookieJar = new Map<string, string>();
  private readonly logger: Logger;
  private readonly base: ParsedBase | undefined;
  private readonly baseOrigin: string | undefined;
  /** Headers every request starts from, built once per key pair (base64 of the key is not free). */
  private baseHeaders?: { apiKey?: string; publishableKey?: string; userAgent?: string; headers: Record<string, string> };
  private defaultPolicy?: { retry: Config["retry"]; policy: RetryPolicy };
  private userAgent?: { configured?: string; value: string };
  /** The transport once resolved: requests then skip a promise turn. */
  private resolvedTransport?: Transport;

  constructor(config: Config) {
    if (config.baseUrl === undefined || config.baseUrl === null) throw new Error("baseUrl is required");
    this.config = config;
    this.logger = config.logger ?? (typeof console !== "undefined" ? console : silentLogger);
    this.locale = config.locale;
    this.base = parseBase(config.baseUrl);
    try {
      this.baseOrigin = this.base?.origin ?? new URL(joinUrlString(config.baseUrl, "/")).origin;
    } catch {
      this.baseOrigin = undefined;
    }
  }

  private transport(): Promise<Transport> {
    if (!this.transportPromise) {
      const t = this.config.transport;
      if (t && typeof t === "object") this.transportPromise = Promise.resolve(t);
      else if (t === "fetch" || (t !== "undici" && (this.config.fetch || !isNode()))) this.transportPromise = Promise.resolve(fetchTransport(this.config.fetch));
      else {
        // A non-literal specifier keeps bundlers from pulling undici into browser builds.
        const spec = "./transport/undici.js";
        this.transportPromise = import(/* @vite-ignore */ spec).then((m: typeof import("./transport/undici.js")) => m.undiciTransport());
      }
      void this.transportPromise.then((t) => (this.resolvedTransport = t), () => {});
    }
    return this.transportPromise;
  }

  /**
   * Releases pooled connections (Node), so a script can end without waiting for idle sockets.
   * @example
   * await sdk.client.close()
   */
  async close(): Promise<void> {
    if (!this.transportPromise) return;
    const t = await this.transportPromise;
    await t.close?.();
  }

  // ---- tokens --------------------------------------------------------------------------------

  private tokenKey(): string {
    return this.config.auth?.jwtTokenStorageKey ?? DEFAULT_TOKEN_KEY;
  }

  private storage() {
    try {
      return resolveStorage(this.config.auth?.jwtTokenStorageMethod, this.config.auth?.storage, this.memoryStore);
    } catch (e) {
      this.logger.error((e as Error).message);
      throw e;
    }
  }

  /**
   * Keeps a JWT in the configured storage; later requests send it as a bearer token.
   * @example
   * await sdk.client.setToken(process.env.MEDUSA_TOKEN!)
   */
  async setToken(token: string): Promise<void> {
    const { storage } = this.storage();
    await storage?.setItem(this.tokenKey(), token);
  }

  /**
   * The JWT in the configured storage, if any.
   * @example
   * const token = await sdk.client.getToken()
   */
  async getToken(): Promise<string | null | undefined> {
    const { storage } = this.storage();
    if (!storage) return null;
    return await storage.getItem(this.tokenKey());
  }

  /**
   * Forgets the stored JWT and any session cookie.
   * @example
   * await sdk.client.clearToken()
   */
  async clearToken(): Promise<void> {
    const { storage } = this.storage();
    await storage?.removeItem(this.tokenKey());
    this.cookieJar.clear();
  }

  /**
   * The locale sent with every request (`x-medusa-locale`); kept in local storage in a browser.
   * @example
   * sdk.client.setLocale("fr-FR")
   */
  setLocale(locale: string | undefined): void {
    this.locale = locale;
    if (isBrowser()) {
      try {
        if (locale) window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
        else window.localStorage.removeItem(LOCALE_STORAGE_KEY);
      } catch {
        /* storage unavailable: the in-memory value still applies */
      }
    }
  }

  /**
   * The locale in use, if any.
   * @example
   * const locale = sdk.client.getLocale()
   */
  getLocale(): string | undefined {
    if (isBrowser()) {
      try {
        return window.localStorage.getItem(LOCALE_STORAGE_KEY) ?? this.locale;
      } catch {
        return this.locale;
      }
    }
    return this.locale;
  }

  // ---- requests ------------------------------------------------------------------------------

  /**
   * Sends a request through the pipeline. JSON in, JSON out; a non-JSON `accept` returns the raw
   * `Response`; status >= 300 raises {@link ApiError}. For a route no resource method covers.
   * @example
   * const { regions } = await sdk.client.fetch<{ regions: unknown[] }>("/admin/regions", { query: { limit: 10 } })
   */
  async fetch<T = any>(path: string, init: FetchInit = {}): Promise<T> {
    // Prepared synchronously unless the token store is asynchronous (a file): no promise turn for nothing.
    const ready = this.prepare(path, init);
    const prepared = ready instanceof Promise ? await ready : ready;
    const res = await this.send(prepared, init);
    return this.readBody(res, prepared) as T;
  }

  /**
   * Opens a server-sent events stream. Unlike the js-sdk, a caller's `signal` is honoured and
   * errors (status >= 300) are raised before the stream is returned.
   * @example
   * const { stream, abort } = await sdk.client.fetchStream("/admin/workflows-executions/create-product-tags/subscribe")
   * for await (const event of stream) console.log(event.event, event.data)
   */
  async fetchStream(path: string, init: FetchInit = {}): Promise<{ stream: AsyncGenerator<ServerSentEvent>; abort: () => void }> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(init.signal?.reason);
    if (init.signal?.aborted) onAbort();
    init.signal?.addEventListener("abort", onAbort, { once: true });
    const prepared = await this.prepare(path, { ...init, headers: { ...(init.headers as object), accept: "text/event-stream" } });
    const { res } = await this.send(prepared, { ...init, signal: controller.signal, retry: false }, true);
    const { createParser } = await import("eventsource-parser");
    const request = prepared.errorRequest;
    const maxEventBytes = this.config.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
    async function* events(): AsyncGenerator<ServerSentEvent> {
      const queue: ServerSentEvent[] = [];
      // Bytes fed since the last complete event: the parser buffers an unfinished event whole, so
      // one endless event would grow without bound.
      let pending = 0;
      const parser = createParser({
        onEvent: (ev) => queue.push({ event: ev.event, data: ev.data, id: ev.id }),
        onRetry: (retry) => queue.push({ retry }),
        onComment: (comment) => queue.push({ comment }),
      });
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.stream()) {
          parser.feed(decoder.decode(chunk, { stream: true }));
          if (queue.length) pending = 0;
          else if ((pending += chunk.byteLength) > maxEventBytes) {
            controller.abort();
            throw new ResponseTooLargeError({ limit: maxEventBytes, request, what: "one server-sent event", setting: "maxEventBytes" });
          }
          while (queue.length) yield queue.shift()!;
        }
        parser.feed(decoder.decode());
        while (queue.length) yield queue.shift()!;
      } catch (e) {
        if (e instanceof ResponseTooLargeError) throw e;
        if (controller.signal.aborted) return;
        throw new NetworkError(`event stream failed: ${(e as Error).message}`, { cause: e, request, sent: true });
      } finally {
        init.signal?.removeEventListener("abort", onAbort);
      }
    }
    return { stream: events(), abort: () => controller.abort() };
  }

  private prepare(path: string, init: FetchInit): Prepared | Promise<Prepared> {
    const method = init.method === undefined ? "GET" : init.method.toUpperCase();
    const url = applyQuery(joinUrlString(this.config.baseUrl, path, this.base), init.query);
    const sameOrigin = this.baseOrigin !== undefined && (url.startsWith(`${this.baseOrigin}/`) || new URL(url).origin === this.baseOrigin);
    const headers = this.buildHeaders(init.headers, sameOrigin);
    if (headers instanceof Promise) return headers.then((h) => this.prepared(method, url, h, init, sameOrigin));
    return this.prepared(method, url, headers, init, sameOrigin);
  }

  private prepared(method: string, url: string, headers: Record<string, string>, init: FetchInit, sameOrigin: boolean): Prepared {
    const body = encodeBody(init.body, headers);
    const authType = this.config.auth?.type ?? "jwt";
    const credentials = init.credentials ?? (authType === "session" ? (this.config.auth?.fetchCredentials ?? "include") : "omit");
    return new Prepared(method, url, headers, body, credentials, sameOrigin);
  }

  private startHeaders(browser: boolean): Record<string, string> {
    const { apiKey, publishableKey } = this.config;
    const ua = browser ? undefined : this.defaultUserAgent();
    let b = this.baseHeaders;
    if (!b || b.apiKey !== apiKey || b.publishableKey !== publishableKey || b.userAgent !== ua) {
      const h: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
      if (apiKey) h.authorization = `Basic ${base64(`${apiKey}:`)}`;
      if (publishableKey) h[PUBLISHABLE_KEY_HEADER] = publishableKey;
      if (ua !== undefined) h["user-agent"] = ua;
      b = this.baseHeaders = { apiKey, publishableKey, userAgent: ua, headers: h };
    }
    // Not `{ ...headers }`: V8 gives a spread copy a map that turns every later property (a token,
    // a call's header) into a slow transition, about 2 µs each (issue 26).
    return Object.assign({}, b.headers);
  }

  private buildHeaders(callHeaders: ClientHeaders | undefined, sameOrigin: boolean): Record<string, string> | Promise<Record<string, string>> {
    const browser = isBrowser();
    const h = this.startHeaders(browser);
    // The js-sdk sends an empty locale header on every request; we send it only when set.
    const locale = browser ? this.getLocale() : this.locale;
    if (locale) h[LOCALE_HEADER] = locale;
    mergeHeaders(h, this.config.globalHeaders);
    const authType = this.config.auth?.type ?? "jwt";
    if (authType === "jwt") {
      const { storage } = this.storage();
      if (storage) {
        const got = storage.getItem(this.tokenKey());
        // A synchronous store (memory, localStorage) costs no promise turn.
        if (got !== null && typeof got === "object") return Promise.resolve(got).then((token) => this.finishHeaders(h, token, callHeaders, sameOrigin, browser));
        return this.finishHeaders(h, got, callHeaders, sameOrigin, browser);
      }
    } else if (!browser && this.cookieJar.size > 0) {
      h.cookie = [...this.cookieJar].map(([k, v]) => `${k}=${v}`).join("; ");
    }
    return this.finishHeaders(h, null, callHeaders, sameOrigin, browser);
  }

  private finishHeaders(h: Record<string, string>, token: string | null | undefined, callHeaders: ClientHeaders | undefined, sameOrigin: boolean, browser: boolean): Record<string, string> {
    if (token) h.authorization = `Bearer ${token}`;
    mergeHeaders(h, callHeaders);
    const ua = h["user-agent"];
    if (!browser && ua === undefined) {
      h["user-agent"] = this.defaultUserAgent();
    } else if (ua && ua.length > MAX_USER_AGENT) {
      h["user-agent"] = ua.slice(0, MAX_USER_AGENT);
    }
    if (!sameOrigin) {
      // Credentials belong to the configured back-end only (CONTRACT.md §5).
      delete h.authorization;
      delete h.cookie;
      delete h[PUBLISHABLE_KEY_HEADER];
    }
    return h;
  }

  private defaultUserAgent(): string {
    const configured = this.config.userAgent;
    if (!this.userAgent || this.userAgent.configured !== configured) {
      this.userAgent = { configured, value: (configured ?? `medusactl-sdk/${SDK_VERSION} node/${process.versions.node}`).slice(0, MAX_USER_AGENT) };
    }
    return this.userAgent.value;
  }

  private retryPolicy(override: FetchInit["retry"]): RetryPolicy {
    if (override !== undefined) return normalizeRetry(this.config.retry, override);
    const retry = this.config.retry;
    if (!this.defaultPolicy || this.defaultPolicy.retry !== retry) this.defaultPolicy = { retry, policy: normalizeRetry(retry) };
    return this.defaultPolicy.policy;
  }

  /**
   * Runs the attempts. A plain request pays only for what it uses: no hook, no debug log, no
   * redaction and no header copy unless hooks or debug are configured.
   */
  private async send(p: Prepared, init: FetchInit, streaming = false): Promise<Sent> {
    const transport = this.resolvedTransport ?? (await this.transport());
    const policy = this.retryPolicy(init.retry);
    const timeoutMs = init.timeout ?? this.config.timeout ?? DEFAULT_TIMEOUT_MS;
    const hooks = this.config.hooks;
    const logged = Boolean(hooks?.afterResponse || this.config.debug);
    const signal = init.signal;
    const maxBytes = this.config.maxResponseBytes ?? DEFAULT_MAX_BODY_BYTES;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new AbortError(p.errorRequest, signal.reason);
      const cancel = new AttemptAbort();
      let timedOut = false;
      const timer = timeoutMs > 0 ? setTimeout(() => { timedOut = true; cancel.abort(); }, timeoutMs) : undefined;
      const onAbort = signal ? () => cancel.abort(signal.reason) : undefined;
      if (onAbort) signal!.addEventListener("abort", onAbort, { once: true });
      const started = logged ? Date.now() : 0;
      let headers = p.headers;
      if (hooks?.beforeRequest) {
        // A hook may change this attempt's headers, never the next attempt's.
        headers = { ...p.headers };
        await hooks.beforeRequest({ method: p.method, url: p.url, headers, attempt });
      }
      let error: Error | undefined;
      let res: TransportResponse | undefined;
      let text: string | undefined;
      try {
        res = await transport.request(new AttemptRequest(p, headers, cancel, streaming ? undefined : maxBytes));
        if (p.sameOrigin && this.config.auth?.type === "session") this.keepCookies(res);
        if (res.status >= 300) {
          const bodyText = await res.text(maxBytes);
          error = responseError({
            status: res.status,
            statusText: res.statusText,
            bodyText,
            contentType: res.headers.get("content-type"),
            retryAfter: res.headers.get("retry-after"),
            request: p.errorRequest,
          });
        } else if (!streaming) {
          // Buffer the body inside the attempt, so a body cut short or too slow counts against it.
          text = await res.text(maxBytes);
        }
      } catch (e) {
        if (signal?.aborted) error = new AbortError(p.errorRequest, signal.reason);
        else if (isBodyTooLarge(e)) error = new ResponseTooLargeError({ limit: maxBytes, request: p.errorRequest });
        else if (timedOut) error = new TimeoutError({ attempt, timeoutMs, request: p.errorRequest });
        else {
          const code = errorCode(e);
          const sent = res !== undefined || !(code && NOT_SENT_CODES.has(code));
          error = new NetworkError(describeNetworkError(e, p.url), { cause: e, request: p.errorRequest, sent, code });
        }
      } finally {
        if (timer) clearTimeout(timer);
        // A stream outlives this function: the caller's signal must still reach its connection.
        if (onAbort && !(streaming && res && !error)) signal!.removeEventListener("abort", onAbort);
      }
      if (logged) this.log(p, headers, res, error, attempt, Date.now() - started);
      if (!error) return { res: res!, text };
      if (error instanceof AbortError) throw error;

      const retriesLeft = attempt <= policy.retries;
      let retryable = false;
      if (p.replayable && retriesLeft) {
        const safe = isSafeMethod(p.method);
        if (isApiError(error)) retryable = policy.statusCodes.has(error.status) && (safe || policy.unsafe || (policy.refused && REFUSED_STATUS.has(error.status)));
        else if (isNetworkError(error)) retryable = safe || policy.unsafe || !error.sent;
        else if (isTimeoutError(error)) retryable = safe || policy.unsafe;
      }
      if (!retryable) throw error;
      let delay = backoffDelay(policy, attempt - 1, this.config.random ?? Math.random);
      if (isApiError(error) && error.retryAfter !== undefined) {
        if (error.retryAfter > policy.maxRetryAfterSeconds) {
          const at = new Date(Date.now() + error.retryAfter * 1000).toISOString();
          throw new ApiError({
            status: error.status,
            statusText: error.statusText,
            message: `${error.message} (the server asks to retry after ${Math.ceil(error.retryAfter)} s, at ${at})`,
            type: error.type,
            code: error.code,
            body: error.body,
            request: error.request,
            retryAfter: error.retryAfter,
          });
        }
        delay = Math.ceil(error.retryAfter * 1000);
      }
      hooks?.beforeRetry?.({ method: p.method, url: redactUrl(p.url), attempt, delayMs: delay, error });
      try {
        await sleep(delay, signal);
      } catch (e) {
        throw new AbortError(p.errorRequest, e);
      }
    }
  }

  /** One attempt, redacted, to the afterResponse hook and the debug log. */
  private log(p: Prepared, headers: Record<string, string>, res: TransportResponse | undefined, error: Error | undefined, attempt: number, durationMs: number) {
    const entry = {
      method: p.method,
      url: redactUrl(p.url),
      status: isApiError(error) ? error.status : res?.status,
      durationMs,
      attempt,
      error: error && !isApiError(error) ? error.message : undefined,
      requestHeaders: redactHeaders(headers),
    };
    this.config.hooks?.afterResponse?.(entry);
    if (this.config.debug) {
      this.logger.debug(`${entry.method} ${entry.url} → ${entry.status ?? entry.error} (${durationMs} ms, attempt ${attempt})`, entry.requestHeaders);
    }
  }

  private keepCookies(res: TransportResponse) {
    if (isBrowser()) return;
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (expired || value === "") this.cookieJar.delete(name);
      else this.cookieJar.set(name, value);
    }
  }

  private readBody({ res, text = "" }: Sent, p: Prepared): unknown {
    const accept = p.headers.accept ?? "";
    if (!accept.includes("application/json")) {
      return new Response(res.status === 204 || res.status === 205 || res.status === 304 ? null : text, {
        status: res.status,
        statusText: res.statusText,
        headers: { "content-type": res.headers.get("content-type") ?? "" },
      });
    }
    // The js-sdk throws on an empty 204; an empty body simply means nothing to return.
    if (res.status === 204 || res.status === 205 || text.trim() === "") return undefined;
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new InvalidResponseError(
        `expected JSON from ${p.errorRequest.method} ${p.errorRequest.url} (status ${res.status}), got ${describeBody(text, res.headers.get("content-type"))}`,
        res.status,
        p.errorRequest,
        e,
      );
    }
  }
}

/** What a transport is asked to send. The AbortSignal is built only for a transport that reads it. */
class AttemptRequest implements TransportRequest {
  readonly url: string;
  readonly method: string;
  readonly body: BodyInit | undefined;
  readonly credentials: "include" | "omit" | "same-origin";
  constructor(p: Prepared, readonly headers: Record<string, string>, readonly abort: AttemptAbort, readonly bufferBody: number | undefined) {
    this.url = p.url;
    this.method = p.method;
    this.body = p.body;
    this.credentials = p.credentials;
  }
  get signal(): AbortSignal {
    return this.abort.signal;
  }
}

/** An attempt that succeeded: the response, and its body unless it is streamed. */
interface Sent {
  res: TransportResponse;
  text?: string;
}

/** One request, ready to send. The redacted URL for errors is worked out only if an error needs it. */
class Prepared {
  private redacted?: ErrorRequest;
  readonly replayable: boolean;
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
    readonly body: BodyInit | undefined,
    readonly credentials: "include" | "omit" | "same-origin",
    readonly sameOrigin: boolean,
  ) {
    this.replayable = !(body != null && typeof ReadableStream !== "undefined" && body instanceof ReadableStream);
  }
  get errorRequest(): ErrorRequest {
    return (this.redacted ??= { method: this.method, url: redactUrl(this.url) });
  }
}

function describeBody(text: string, contentType: string | null): string {
  const kind = contentType ? contentType.split(";")[0] : "no content type";
  const sample = text.slice(0, 60).replace(/\s+/g, " ");
  return `${kind} (${text.length} bytes: ${JSON.stringify(sample)}${text.length > 60 ? "…" : ""})`;
}

function describeNetworkError(e: unknown, url: string): string {
  const code = errorCode(e);
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    /* keep the raw text */
  }
  const reason = code ?? ((e as Error)?.message || String(e));
  return `cannot reach ${origin}: ${reason}`;
}

function mergeHeaders(target: Record<string, string>, source: ClientHeaders | undefined) {
  if (!source) return;
  for (const k in source) {
    if (!Object.prototype.hasOwnProperty.call(source, k)) continue;
    const v = source[k];
    const key = k.toLowerCase();
    if (v === null) delete target[key];
    else if (v === undefined) continue;
    else if (Array.isArray(v)) target[key] = v.join(", ");
    else if (typeof v === "string") target[key] = v;
    // Object values (Next.js cache tags in the js-sdk's type) are not headers: the js-sdk sends "[object Object]".
  }
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof FormData !== "undefined" && body instanceof FormData) {
    delete headers["content-type"];
    return body;
  }
  if (
    typeof body === "string" ||
    body instanceof Uint8Array ||
    body instanceof ArrayBuffer ||
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    (typeof ReadableStream !== "undefined" && body instanceof ReadableStream)
  ) {
    // A string is sent as given: the js-sdk JSON-encodes it a second time.
    return body as BodyInit;
  }
  const ct = headers["content-type"] ?? "";
  if (ct.includes("application/json") || ct === "") return JSON.stringify(body);
  return body as BodyInit;
}

export function base64(text: string): string {
  if (typeof Buffer !== "undefined") return Buffer.from(text, "utf8").toString("base64");
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
