import type { Dispatcher } from "undici";
import { defaultStatusText } from "../errors.js";
import { AttemptAbort, BodyTooLargeError, DEFAULT_MAX_BODY_BYTES, announcedTooLarge, readNodeText, type Transport, type TransportRequest, type TransportResponse } from "./types.js";

export interface UndiciTransportOptions {
  /** Sockets kept per origin. Default 16. */
  connections?: number;
  /** Idle keep-alive in ms. Default 10 000. */
  keepAliveTimeout?: number;
  /** Use this dispatcher instead of our own (tests, custom TLS). */
  dispatcher?: Dispatcher;
  /** Environment used to decide on a proxy. Default `process.env`. */
  env?: Record<string, string | undefined>;
}

function proxyConfigured(env: Record<string, string | undefined>): boolean {
  return Boolean(env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy);
}

/**
 * Node transport: undici on a keep-alive `Pool` per origin; with HTTP(S)_PROXY set, undici's
 * EnvHttpProxyAgent (which honours NO_PROXY). undici is imported on first use so that
 * importing the SDK costs nothing.
 */
export function undiciTransport(options: UndiciTransportOptions = {}): Transport {
  const env = options.env ?? process.env;

  /**
   * Without a proxy, requests go straight to a `Pool` of the origin (a client talks to one back-end):
   * `Agent` and the top-level `request()` look the origin up and parse the URL on every call, which
   * cost a quarter of the throughput at 16 requests in flight. With a proxy or a given dispatcher,
   * `request()` on that dispatcher.
   */
  type Loaded = {
    direct: boolean;
    dispatcher: Dispatcher;
    request: typeof import("undici").request;
    Pool: typeof import("undici").Pool;
    common: Record<string, unknown>;
    undici: Undici;
  };
  let loadPromise: Promise<Loaded> | undefined;
  let loaded: Loaded | undefined;
  const pools = new Map<string, Dispatcher>();
  let lastOrigin = "";
  let lastPool: Dispatcher | undefined;

  function load() {
    loadPromise ??= import("undici").then((undici) => {
      const common = {
        connections: options.connections ?? 16,
        keepAliveTimeout: options.keepAliveTimeout ?? 10_000,
        // Our own per-attempt timer governs; undici's 300 s defaults would only hide it.
        headersTimeout: 0,
        bodyTimeout: 0,
      };
      const proxied = !options.dispatcher && proxyConfigured(env);
      const dispatcher =
        options.dispatcher ??
        (proxied
          ? new undici.EnvHttpProxyAgent({
              ...common,
              httpProxy: env.HTTP_PROXY ?? env.http_proxy,
              httpsProxy: env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy,
              noProxy: env.NO_PROXY ?? env.no_proxy,
            })
          : undefined);
      return (loaded = { direct: !dispatcher, dispatcher: dispatcher as Dispatcher, request: undici.request, Pool: undici.Pool, common, undici });
    });
    return loadPromise;
  }

  /** The pool of `url`'s origin, and the path to ask it for. */
  function poolFor(l: Loaded, url: string): { pool: Dispatcher; path: string } {
    const slash = url.indexOf("/", url.indexOf("//") + 2);
    const origin = slash < 0 ? url : url.slice(0, slash);
    const path = slash < 0 ? "/" : url.slice(slash);
    if (origin !== lastOrigin || !lastPool) {
      let pool = pools.get(origin);
      if (!pool) pools.set(origin, (pool = new l.Pool(origin, l.common)));
      lastOrigin = origin;
      lastPool = pool;
    }
    return { pool: lastPool, path };
  }

  return {
    request(req: TransportRequest): Promise<TransportResponse> {
      // The common request (loaded, no proxy, a body that needs no encoding, read whole) goes out
      // with no async frame of its own: returning a promise from an async function costs two turns.
      const l = loaded;
      const body = req.body;
      if (l?.direct && req.bufferBody !== undefined && req.abort && (body == null || typeof body === "string" || body instanceof Uint8Array)) {
        const { pool, path } = poolFor(l, req.url);
        return buffered(l.undici, pool, { path, method: req.method as Dispatcher.HttpMethod, headers: req.headers, body: body ?? undefined }, req.abort, req.bufferBody);
      }
      return send(req);
    },
    async close() {
      if (!loadPromise) return;
      const l = await loadPromise;
      await Promise.all([...pools.values()].map((p) => p.close()));
      pools.clear();
      lastPool = undefined;
      if (!l.direct && !options.dispatcher) await l.dispatcher.close();
    },
  };

  async function send(req: TransportRequest): Promise<TransportResponse> {
    const l = loaded ?? (await load());
    let body: unknown = req.body ?? undefined;
    let headers = req.headers;
    if (body !== undefined && typeof body !== "string" && !(body instanceof Uint8Array)) {
      if (typeof FormData !== "undefined" && body instanceof FormData) {
        // npm undici cannot take the runtime's own FormData; let the runtime encode it with its boundary.
        const encoded = new Response(body);
        headers = { ...headers, "content-type": encoded.headers.get("content-type") ?? "multipart/form-data" };
        body = new Uint8Array(await encoded.arrayBuffer());
      } else if (typeof Blob !== "undefined" && body instanceof Blob) {
        body = new Uint8Array(await body.arrayBuffer());
      } else if (body instanceof ArrayBuffer) {
        body = new Uint8Array(body);
      } else if (typeof ReadableStream !== "undefined" && body instanceof ReadableStream) {
        const { Readable } = await import("node:stream");
        body = Readable.fromWeb(body as import("node:stream/web").ReadableStream);
      }
    }
    // The attempt's own switch is an EventEmitter-shaped signal to undici: no AbortSignal per request.
    const signal = (req.abort ?? req.signal) as never;
    const method = req.method as Dispatcher.HttpMethod;
    if (l.direct) {
      const { pool, path } = poolFor(l, req.url);
      // A body read whole skips undici's response stream: see BufferingHandler.
      if (req.bufferBody !== undefined && req.abort) return buffered(l.undici, pool, { path, method, headers, body: body as never }, req.abort, req.bufferBody);
      return new UndiciResponse(await pool.request({ path, method, headers, body: body as never, signal }));
    }
    return new UndiciResponse(await l.request(req.url, { method, headers, body: body as never, signal, dispatcher: l.dispatcher }));
  }
}

type Undici = typeof import("undici");

/**
 * Sends on the pool with a handler that gathers the body as it arrives, and resolves once it is
 * complete. `pool.request()` builds an async resource, a readable stream and its consumer per
 * request before the same bytes end up as text: at 16 requests in flight that costs more client
 * CPU than the whole of our pipeline (issue 26). The cap, the attempt's abort and undici's errors
 * behave as on the stream path.
 */
function buffered(undici: Undici, pool: Dispatcher, opts: Dispatcher.DispatchOptions, cancel: AttemptAbort | undefined, limit: number): Promise<TransportResponse> {
  return new Promise<TransportResponse>((resolve, reject) => {
    pool.dispatch(opts, new BufferingHandler(undici, resolve, reject, cancel, limit));
  });
}

/** undici's dispatch handler (the callbacks its core calls); one per request, no closures but the abort listener. */
class BufferingHandler implements Dispatcher.DispatchHandler {
  private chunks: Buffer[] = [];
  private size = 0;
  private status = 0;
  private statusText = "";
  private rawHeaders: Buffer[] = [];
  private abortFn?: (err: Error) => void;
  /** An abort that came before undici connected the request; it is passed on at onConnect. */
  private pending?: Error;
  private readonly onCancel?: (reason: unknown) => void;

  constructor(
    private readonly undici: Undici,
    private readonly resolve: (res: TransportResponse) => void,
    private readonly reject: (err: unknown) => void,
    private readonly cancel: AttemptAbort | undefined,
    private readonly limit: number,
  ) {
    if (!cancel) return;
    if (cancel.aborted) this.pending = this.abortError(cancel.reason);
    else cancel.on("abort", (this.onCancel = (reason) => this.abort(this.abortError(reason))));
  }

  /** As undici's request(): the signal's reason, else its RequestAbortedError. */
  private abortError(reason: unknown): Error {
    return (reason ?? new this.undici.errors.RequestAbortedError()) as Error;
  }

  private abort(err: Error): void {
    if (this.abortFn) this.abortFn(err);
    else this.pending = err;
  }

  private done(): void {
    if (this.onCancel) this.cancel!.removeListener("abort", this.onCancel);
  }

  onConnect(abort: (err?: Error) => void): void {
    if (this.pending) abort(this.pending);
    else this.abortFn = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], _resume: () => void, statusText: string): boolean {
    // 1xx: an interim answer, the real one follows.
    if (statusCode < 200) return true;
    this.status = statusCode;
    this.statusText = statusText;
    this.rawHeaders = rawHeaders;
    // A content-length over the cap fails before any of the body is read (undici aborts on a throw here).
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!;
      if (name.length === 14 && name.toString("latin1").toLowerCase() === "content-length") {
        if (announcedTooLarge(rawHeaders[i + 1]!.toString("latin1"), this.limit)) throw new BodyTooLargeError(this.limit);
        break;
      }
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.chunks = [];
      throw new BodyTooLargeError(this.limit);
    }
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    this.done();
    this.resolve(new BufferedResponse(this.undici, this.status, this.statusText, this.rawHeaders, this.chunks, this.size));
  }

  onError(err: Error): void {
    this.done();
    this.chunks = [];
    this.reject(err);
  }
}

/** A response whose body is already here; headers are parsed only if asked for. */
class BufferedResponse implements TransportResponse {
  readonly statusText: string;
  private parsed?: Record<string, string | string[] | undefined>;
  private decoded?: string;
  constructor(
    private readonly undici: Undici,
    readonly status: number,
    statusText: string,
    private readonly rawHeaders: Buffer[],
    private chunks: Buffer[],
    private readonly size: number,
  ) {
    this.statusText = statusText || defaultStatusText(status);
  }

  get headers(): TransportResponse["headers"] {
    const h = (this.parsed ??= this.undici.util.parseHeaders(this.rawHeaders) as Record<string, string | string[] | undefined>);
    return headerReader(h);
  }

  text(maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
    if (this.size > maxBytes) return Promise.reject(new BodyTooLargeError(maxBytes));
    if (this.decoded === undefined) {
      const c = this.chunks;
      const text = c.length === 0 ? "" : c.length === 1 ? c[0]!.toString("utf8") : Buffer.concat(c, this.size).toString("utf8");
      // As undici's body.text(): a UTF-8 byte order mark is not part of the text.
      this.decoded = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      this.chunks = [];
    }
    return Promise.resolve(this.decoded);
  }

  stream(): AsyncIterable<Uint8Array> {
    const chunks = this.chunks;
    return (async function* () {
      yield* chunks;
    })();
  }

  dump(): Promise<void> {
    this.chunks = [];
    return Promise.resolve();
  }
}

function headerReader(h: Record<string, string | string[] | undefined>): TransportResponse["headers"] {
  return {
    get(name: string): string | null {
      const v = h[name.toLowerCase()];
      if (v === undefined) return null;
      return Array.isArray(v) ? v.join(", ") : String(v);
    },
    getSetCookie(): string[] {
      const v = h["set-cookie"];
      return v === undefined ? [] : Array.isArray(v) ? v : [String(v)];
    },
  };
}

/** A response as the client reads it; a class, so a request allocates no closures for it. */
class UndiciResponse implements TransportResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: TransportResponse["headers"];
  constructor(private readonly res: Dispatcher.ResponseData) {
    this.status = res.statusCode;
    this.statusText = defaultStatusText(res.statusCode);
    this.headers = headerReader(res.headers as Record<string, string | string[] | undefined>);
  }
  text(maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
    const body = this.res.body;
    const length = this.res.headers["content-length"];
    if (announcedTooLarge(length as string | undefined, maxBytes)) {
      body.destroy();
      return Promise.reject(new BodyTooLargeError(maxBytes));
    }
    // An announced length within the cap bounds the body already (the parser reads no further),
    // so undici's own reader, the faster one, is safe; without one, our counting reader.
    if (typeof length === "string" && /^\d+$/.test(length)) return body.text();
    return readNodeText(body as never, maxBytes);
  }
  stream(): AsyncIterable<Uint8Array> {
    return this.res.body as AsyncIterable<Uint8Array>;
  }
  dump(): Promise<void> {
    return this.res.body.dump();
  }
}
