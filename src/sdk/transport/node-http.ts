import type { Agent as HttpAgent, IncomingMessage } from "node:http";
import { defaultStatusText } from "../errors.js";
import { BodyTooLargeError, DEFAULT_MAX_BODY_BYTES, announcedTooLarge, readNodeText, type Transport, type TransportRequest, type TransportResponse } from "./types.js";

export interface NodeHttpTransportOptions {
  /** Sockets per origin. Default 16. */
  maxSockets?: number;
  /** Idle keep-alive in ms. Default 10 000. */
  keepAliveTimeout?: number;
  /**
   * Hand over to the pooled undici transport once this many requests were sent, or a quarter of
   * it are in flight at once (0: never). Default 32. A one-shot command never gets there, so it
   * keeps node:http's fast start; a long session (the TUI, paging, scripts) gets undici's
   * throughput, loaded in the background while node:http goes on.
   */
  upgradeAfter?: number;
}

interface Loaded {
  request: typeof import("node:http").request;
  requestTls: typeof import("node:https").request;
  agents: Record<"http:" | "https:", HttpAgent>;
}

/**
 * Node transport over the built-in `node:http`/`node:https` with keep-alive agents. It starts far
 * faster than undici (npm) or the global `fetch`, whose first call compiles Node's bundled undici
 * and web streams (bench/cli-list-vs-js-sdk.mjs), which is what a one-shot CLI command pays for.
 * It knows no proxies: with HTTP(S)_PROXY set, use the undici transport. TLS honours
 * NODE_EXTRA_CA_CERTS as Node does. Idle sockets do not keep the process alive.
 */
export function nodeHttpTransport(options: NodeHttpTransportOptions = {}): Transport {
  let loading: Promise<Loaded> | undefined;
  let loaded: Loaded | undefined;
  const load = () =>
    (loading ??= Promise.all([import("node:http"), import("node:https")]).then(([http, https]) => {
      const common = { keepAlive: true, maxSockets: options.maxSockets ?? 16, timeout: options.keepAliveTimeout ?? 10_000 };
      return (loaded = { request: http.request, requestTls: https.request, agents: { "http:": new http.Agent(common), "https:": new https.Agent(common) } });
    }));
  // The last origin's parsed parts: a client talks to one back-end, so most requests parse no URL.
  let lastOrigin: { prefix: string; protocol: "http:" | "https:"; hostname: string; port: string } | undefined;
  const upgradeAfter = options.upgradeAfter ?? 32;
  let sent = 0;
  let inFlight = 0;
  let upgrading: Promise<Transport> | undefined;
  let upgraded: Transport | undefined;
  const upgrade = () =>
    (upgrading ??= import("./undici.js").then(({ undiciTransport }) => {
      // No proxy, as here: the factory picks undici from the start when one is configured.
      const next = undiciTransport({ connections: options.maxSockets ?? 16, keepAliveTimeout: options.keepAliveTimeout ?? 10_000, env: {} });
      return (upgraded = next);
    }));

  return {
    async request(req: TransportRequest): Promise<TransportResponse> {
      const o = lastOrigin;
      const sameOrigin = o !== undefined && req.url.startsWith(o.prefix) && !req.url.includes("#");
      if (upgraded && sameOrigin) return upgraded.request(req);
      if (upgradeAfter > 0 && !upgrading && (++sent >= upgradeAfter || inFlight * 4 >= upgradeAfter)) upgrade().catch(() => undefined); // undici missing: node:http goes on
      inFlight++;
      try {
        return await sendNodeHttp(req, sameOrigin ? o : undefined);
      } finally {
        inFlight--;
      }
    },
    async close() {
      if (upgrading) await (await upgrading.catch(() => undefined))?.close?.();
      if (!loading) return;
      const { agents } = await loading;
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };

  async function sendNodeHttp(req: TransportRequest, o: typeof lastOrigin): Promise<TransportResponse> {
    const m = loaded ?? (await load());
    let target: { protocol: "http:" | "https:"; hostname: string; port: string; path: string };
    if (o) {
      target = { protocol: o.protocol, hostname: o.hostname, port: o.port, path: req.url.slice(o.prefix.length - 1) };
    } else {
      const url = new URL(req.url);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`unsupported protocol ${url.protocol}`);
      // URL keeps IPv6 hosts in brackets; node:http wants them bare.
      const hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
      target = { protocol: url.protocol, hostname, port: url.port, path: `${url.pathname}${url.search}` };
      if (!url.username && !url.password) lastOrigin = { prefix: `${url.origin}/`, protocol: url.protocol, hostname, port: url.port };
      else lastOrigin = undefined;
      if (url.username || url.password) {
        // Userinfo in the URL becomes Basic auth, as node:http does when given the URL itself.
        (target as { auth?: string }).auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      }
    }
    let headers = req.headers;
    let body: string | Uint8Array | NodeJS.ReadableStream | undefined;
    if (req.body !== undefined && req.body !== null) {
      if (typeof req.body === "string" || req.body instanceof Uint8Array) {
        body = req.body;
        // node:http sends no length and no chunked framing for a DELETE body, so the server never
        // sees it (Medusa answers 400 to `DELETE …/edit/promotions {promo_codes}`): say its length.
        if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-length")) {
          headers = { ...headers, "content-length": String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength) };
        }
      } else {
        headers = { ...headers };
        body = await toNodeBody(req.body, headers);
      }
    }
    const send = target.protocol === "https:" ? m.requestTls : m.request;
    const abort = req.abort;
    if (abort?.aborted) throw abortError(abort.reason);
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const r = send({ ...target, method: req.method, headers, agent: m.agents[target.protocol], signal: abort ? undefined : req.signal }, resolve);
      // The attempt's switch instead of an AbortSignal (cheaper); it stays on until the body is read,
      // so a timeout during the body still cuts it.
      abort?.on("abort", (reason) => r.destroy(abortError(reason)));
      r.on("error", reject);
      if (body && typeof body === "object" && "pipe" in body) {
        body.on("error", (e: Error) => r.destroy(e));
        body.pipe(r);
      } else r.end(body);
    });
    return wrap(res);
  }
}

function abortError(reason: unknown): Error {
  return Object.assign(new Error("This operation was aborted", { cause: reason }), { name: "AbortError", code: "ABORT_ERR" });
}

/**
 * Bodies as node:http takes them. Globals such as FormData and ReadableStream are recognised
 * without touching them: in Node they are lazy getters that load the bundled undici.
 */
async function toNodeBody(body: TransportRequest["body"], headers: Record<string, string>): Promise<string | Uint8Array | NodeJS.ReadableStream | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  const tag = Object.prototype.toString.call(body);
  if (tag === "[object FormData]") {
    // The runtime encodes it with its boundary (multipart uploads; rare enough to pay for fetch's classes).
    const encoded = new Response(body as FormData);
    headers["content-type"] = encoded.headers.get("content-type") ?? "multipart/form-data";
    return new Uint8Array(await encoded.arrayBuffer());
  }
  if (tag === "[object Blob]" || tag === "[object File]") return new Uint8Array(await (body as Blob).arrayBuffer());
  if (typeof (body as ReadableStream).getReader === "function") {
    const { Readable } = await import("node:stream");
    return Readable.fromWeb(body as import("node:stream/web").ReadableStream);
  }
  throw new TypeError(`unsupported request body ${tag}`);
}

function wrap(res: IncomingMessage): TransportResponse {
  const status = res.statusCode ?? 0;
  return {
    status,
    statusText: defaultStatusText(status),
    headers: {
      get: (name) => {
        const v = res.headers[name.toLowerCase()];
        if (v === undefined) return null;
        return Array.isArray(v) ? v.join(", ") : String(v);
      },
      getSetCookie: () => res.headers["set-cookie"] ?? [],
    },
    text: (maxBytes = DEFAULT_MAX_BODY_BYTES) => {
      if (announcedTooLarge(res.headers["content-length"], maxBytes)) {
        res.destroy();
        return Promise.reject(new BodyTooLargeError(maxBytes));
      }
      return readNodeText(res, maxBytes, () => !res.complete);
    },
    stream: () => res as AsyncIterable<Uint8Array>,
    dump: () =>
      new Promise<void>((resolve) => {
        if (res.complete || res.destroyed) return resolve();
        res.once("end", resolve).once("close", resolve).once("error", () => resolve());
        res.resume();
      }),
  };
}
