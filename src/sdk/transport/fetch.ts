import { BodyTooLargeError, DEFAULT_MAX_BODY_BYTES, announcedTooLarge, type Transport, type TransportRequest, type TransportResponse } from "./types.js";

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** A transport over WHATWG `fetch`: the browser's, or one injected for tests. */
export function fetchTransport(fetchImpl?: FetchLike): Transport {
  return {
    async request(req: TransportRequest): Promise<TransportResponse> {
      const f: FetchLike = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
      const init: RequestInit & { duplex?: string } = {
        method: req.method,
        headers: req.headers,
        body: req.body as RequestInit["body"],
        signal: req.signal,
        // Credentials must never follow a redirect to another origin (CONTRACT.md §5).
        redirect: "manual",
      };
      if (req.credentials && typeof Request !== "undefined" && "credentials" in Request.prototype) {
        init.credentials = req.credentials;
      }
      if (req.body instanceof ReadableStream) init.duplex = "half";
      const res = await f(req.url, init);
      return wrapResponse(res);
    },
  };
}

export function wrapResponse(res: Response): TransportResponse {
  // An opaque redirect (redirect: "manual" in a browser) reports status 0.
  const status = res.type === "opaqueredirect" ? 302 : res.status;
  return {
    status,
    statusText: res.statusText,
    headers: {
      get: (name) => res.headers.get(name),
      getSetCookie: () => (typeof res.headers.getSetCookie === "function" ? res.headers.getSetCookie() : []),
    },
    async text(maxBytes = DEFAULT_MAX_BODY_BYTES) {
      if (!res.body) return "";
      if (announcedTooLarge(res.headers.get("content-length"), maxBytes)) {
        await res.body.cancel().catch(() => {});
        throw new BodyTooLargeError(maxBytes);
      }
      // Read chunk by chunk, counting: res.text() would buffer whatever the server sends.
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          chunks.length = 0;
          await reader.cancel().catch(() => {});
          throw new BodyTooLargeError(maxBytes);
        }
        chunks.push(value);
      }
      const all = new Uint8Array(size);
      let at = 0;
      for (const c of chunks) {
        all.set(c, at);
        at += c.byteLength;
      }
      return new TextDecoder().decode(all);
    },
    async *stream() {
      if (!res.body) return;
      const reader = res.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          if (value) yield value;
        }
      } finally {
        reader.releaseLock();
      }
    },
    async dump() {
      try {
        await res.body?.cancel();
      } catch {
        /* already consumed */
      }
    },
  };
}
