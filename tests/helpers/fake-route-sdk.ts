/**
 * A real `Medusa` client whose transport hands each request to a plain function of (path, init):
 * fakes written as route tables ("/admin/price-lists/plist_1/prices") keep working while the code
 * under test calls SDK methods. A thrown error with a `status` becomes that HTTP answer.
 */
import qs from "qs";
import { Medusa } from "../../src/sdk/index.js";
import type { Transport, TransportResponse } from "../../src/sdk/transport/types.js";

export type RouteFetch = (path: string, init: { method: string; query: Record<string, unknown>; body?: unknown }) => Promise<unknown>;

function answer(status: number, body: unknown): TransportResponse {
  const text = body === undefined ? "" : JSON.stringify(body);
  return {
    status,
    statusText: status === 200 ? "OK" : "Error",
    headers: { get: (n) => (n.toLowerCase() === "content-type" ? "application/json" : null), getSetCookie: () => [] },
    text: async () => text,
    async *stream() {
      yield new TextEncoder().encode(text);
    },
    dump: async () => {},
  };
}

export function routeTransport(fetch: RouteFetch): Transport {
  return {
    async request(req) {
      const u = new URL(req.url);
      const query = qs.parse(u.search.slice(1), { depth: 10, arrayLimit: 10_000 }) as Record<string, unknown>;
      const body = typeof req.body === "string" && req.body ? JSON.parse(req.body) : undefined;
      try {
        return answer(200, await fetch(u.pathname, { method: req.method, query, body }));
      } catch (e) {
        const err = e as { status?: number; type?: string; message?: string };
        if (typeof err?.status === "number") return answer(err.status, { type: err.type ?? "unknown_error", message: err.message });
        throw e;
      }
    },
  };
}

/** A client over a route table, with retries off so a fake's failure is seen once. */
export function routeSdk(fetch: RouteFetch): Medusa {
  return new Medusa({ baseUrl: "http://fake", apiKey: "sk_fake", transport: routeTransport(fetch), retry: false });
}
