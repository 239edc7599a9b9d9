import type { Agent as HttpAgent, IncomingMessage } from "node:http";
import { defaultStatusText } from "../errors.js";
import type { Transport, TransportRequest, TransportResponse } from "./types.js";

export interface NodeHttpTransportOptions {
  /** Sockets per origin. Default 16. */
  maxSockets?: number;
  /** Idle keep-alive in ms. Default 10 000. */
  keepAliveTimeout?: number;
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
  let loaded: Promise<Loaded> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import("node:http"), import("node:https")]).then(([http, https]) => {
      const common = { keepAlive: true, maxSockets: options.maxSockets ?? 16, timeout: options.keepAliveTimeout ?? 10_000 };
      return { request: http.request, requestTls: https.request, agents: { "http:": new http.Agent(common), "https:": new https.Agent(common) } };
    }));

  return {
    async request(req: TransportRequest): Promise<TransportResponse> {
      const m = await load();
      const url = new URL(req.url);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`unsupported protocol ${url.protocol}`);
      const headers = { ...req.headers };
      const body = await toNodeBody(req.body, headers);
      // node:http sends no length and no chunked framing for a DELETE body, so the server never
      // sees it (Medusa answers 400 to `DELETE …/edit/promotions {promo_codes}`): say its length.
      if ((typeof body === "string" || body instanceof Uint8Array) && !Object.keys(headers).some((h) => h.toLowerCase() === "content-length")) {
        headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
      }
      const send = url.protocol === "https:" ? m.requestTls : m.request;
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        const r = send(url, { method: req.method, headers, agent: m.agents[url.protocol as "http:" | "https:"], signal: req.signal }, resolve);
        r.on("error", reject);
        if (body && typeof body === "object" && "pipe" in body) {
          body.on("error", (e: Error) => r.destroy(e));
          body.pipe(r);
        } else r.end(body);
      });
      return wrap(res);
    },
    async close() {
      if (!loaded) return;
      const { agents } = await loaded;
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
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
    async text() {
      const chunks: Buffer[] = [];
      for await (const c of res) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString("utf8");
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
