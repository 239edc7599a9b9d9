import type { Transport, TransportRequest, TransportResponse } from "./types.js";

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
    text: () => res.text(),
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
