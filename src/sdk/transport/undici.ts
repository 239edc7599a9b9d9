import type { Dispatcher } from "undici";
import { defaultStatusText } from "../errors.js";
import { BodyTooLargeError, DEFAULT_MAX_BODY_BYTES, announcedTooLarge, readNodeText, type Transport, type TransportRequest, type TransportResponse } from "./types.js";

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
 * Node transport: undici `request()` on a keep-alive pool per origin; with HTTP(S)_PROXY set,
 * undici's EnvHttpProxyAgent (which honours NO_PROXY). undici is imported on first use so that
 * importing the SDK costs nothing.
 */
export function undiciTransport(options: UndiciTransportOptions = {}): Transport {
  let dispatcherPromise: Promise<{ dispatcher: Dispatcher; request: typeof import("undici").request }> | undefined;
  const env = options.env ?? process.env;

  type Loaded = { dispatcher: Dispatcher; request: typeof import("undici").request };
  let loaded: Loaded | undefined;

  function load() {
    dispatcherPromise ??= import("undici").then((undici) => {
      const common = {
        connections: options.connections ?? 16,
        keepAliveTimeout: options.keepAliveTimeout ?? 10_000,
        // Our own per-attempt timer governs; undici's 300 s defaults would only hide it.
        headersTimeout: 0,
        bodyTimeout: 0,
      };
      const dispatcher =
        options.dispatcher ??
        (proxyConfigured(env)
          ? new undici.EnvHttpProxyAgent({
              ...common,
              httpProxy: env.HTTP_PROXY ?? env.http_proxy,
              httpsProxy: env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy,
              noProxy: env.NO_PROXY ?? env.no_proxy,
            })
          : new undici.Agent(common));
      return (loaded = { dispatcher, request: undici.request });
    });
    return dispatcherPromise;
  }

  return {
    async request(req: TransportRequest): Promise<TransportResponse> {
      // Once loaded, a request costs no promise turn before it leaves.
      const { dispatcher, request } = loaded ?? (await load());
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
      const res = await request(req.url, {
        method: req.method as Dispatcher.HttpMethod,
        headers,
        body: body as never,
        // The attempt's own switch is an EventEmitter-shaped signal to undici: no AbortSignal per request.
        signal: (req.abort ?? req.signal) as never,
        dispatcher,
      });
      return new UndiciResponse(res);
    },
    async close() {
      if (!dispatcherPromise || options.dispatcher) return;
      const { dispatcher } = await dispatcherPromise;
      await dispatcher.close();
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
    const h = res.headers;
    this.headers = {
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
  text(maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
    const body = this.res.body;
    if (announcedTooLarge(this.headers.get("content-length"), maxBytes)) {
      body.destroy();
      return Promise.reject(new BodyTooLargeError(maxBytes));
    }
    return readNodeText(body as never, maxBytes);
  }
  stream(): AsyncIterable<Uint8Array> {
    return this.res.body as AsyncIterable<Uint8Array>;
  }
  dump(): Promise<void> {
    return this.res.body.dump();
  }
}
