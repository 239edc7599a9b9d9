import { afterEach, describe, expect, it } from "vitest";
import {
  ApiError,
  InvalidResponseError,
  Medusa,
  MemoryTokenStore,
  NetworkError,
  TimeoutError,
  isAbortError,
  isApiError,
  isNetworkError,
  isTimeoutError,
  type RequestLogEntry,
} from "../../src/sdk/index.js";
import { json, startServer } from "../helpers/http-server.js";

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
async function server(handler: Parameters<typeof startServer>[0]) {
  const s = await startServer(handler);
  servers.push(s);
  return s;
}
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

const fast = { baseDelayMs: 1, maxDelayMs: 5 };

describe("auth headers", () => {
  it("sends a secret key as HTTP Basic of key plus colon and the publishable key header", async () => {
    const s = await server((_q, res) => json(res, 200, { ok: true }));
    const sdk = new Medusa({ baseUrl: s.url, apiKey: "sk_abc", publishableKey: "pk_123" });
    await sdk.admin.product.list({ limit: 1 });
    expect(s.seen[0]!.headers.authorization).toBe("Basic c2tfYWJjOg==");
    expect(s.seen[0]!.headers["x-publishable-api-key"]).toBe("pk_123");
    expect(s.seen[0]!.headers["x-medusa-locale"]).toBeUndefined();
  });

  it("replaces the Basic key with the stored JWT after login", async () => {
    const s = await server((req, res) => (req.url!.startsWith("/auth/") ? json(res, 200, { token: "jwt-1" }) : json(res, 200, {})));
    const sdk = new Medusa({ baseUrl: s.url, apiKey: "sk_abc", auth: { jwtTokenStorageMethod: "memory" } });
    expect(await sdk.auth.login("user", "emailpass", { email: "a@b.c", password: "pw" })).toBe("jwt-1");
    await sdk.admin.user.me();
    expect(s.seen[1]!.headers.authorization).toBe("Bearer jwt-1");
  });

  it("keeps nothing by default in Node, as the js-sdk does", async () => {
    const s = await server((req, res) => (req.url!.startsWith("/auth/") ? json(res, 200, { token: "jwt-1" }) : json(res, 200, {})));
    const sdk = new Medusa({ baseUrl: s.url });
    await sdk.auth.login("user", "emailpass", { email: "a@b.c", password: "pw" });
    await sdk.admin.user.me();
    expect(s.seen[1]!.headers.authorization).toBeUndefined();
  });

  it("stores tokens in custom storage", async () => {
    const s = await server((_q, res) => json(res, 200, { token: "jwt-2" }));
    const storage = new MemoryTokenStore();
    const sdk = new Medusa({ baseUrl: s.url, auth: { jwtTokenStorageMethod: "custom", storage, jwtTokenStorageKey: "k" } });
    await sdk.auth.login("customer", "emailpass", { email: "a@b.c", password: "pw" });
    expect(storage.getItem("k")).toBe("jwt-2");
    await sdk.auth.logout();
    expect(storage.getItem("k")).toBeNull();
  });

  it("turns a login into a cookie session and sends the cookie afterwards", async () => {
    const s = await server((req, res) => {
      if (req.url === "/auth/user/emailpass") return json(res, 200, { token: "jwt-s" });
      if (req.url === "/auth/session") return json(res, 200, { user: {} }, { "set-cookie": "connect.sid=s%3Aabc; Path=/; HttpOnly" });
      json(res, 200, {});
    });
    const sdk = new Medusa({ baseUrl: s.url, auth: { type: "session" } });
    await sdk.auth.login("user", "emailpass", { email: "a@b.c", password: "pw" });
    await sdk.admin.user.me();
    expect(s.seen[1]!.headers.authorization).toBe("Bearer jwt-s");
    expect(s.seen[2]!.headers.cookie).toBe("connect.sid=s%3Aabc");
    expect(s.seen[2]!.headers.authorization).toBeUndefined();
  });

  it.each([
    ["local", "Local JWT storage is only available in the browser"],
    ["session", "Session JWT storage is only available in the browser"],
    ["custom", "Custom storage was not provided in the config"],
  ] as const)("rejects %s storage outside a browser with the js-sdk's message", async (method, message) => {
    const errors: unknown[] = [];
    const logger = { error: (...a: unknown[]) => errors.push(a[0]), warn() {}, info() {}, debug() {} };
    const sdk = new Medusa({ baseUrl: "http://127.0.0.1:9", auth: { jwtTokenStorageMethod: method }, logger });
    await expect(sdk.client.getToken()).rejects.toThrow(message);
    expect(errors).toContain(message);
  });
});

describe("errors", () => {
  it("keeps status, status text, type, code and a redacted request on a Medusa error", async () => {
    const s = await server((_q, res) =>
      json(res, 400, { type: "not_allowed", code: "insufficient_inventory", message: "Some variant does not have the required inventory" }),
    );
    const sdk = new Medusa({ baseUrl: s.url, publishableKey: "pk_1" });
    const err = await sdk.client.fetch("/store/carts/c1/line-items?token=secret1", { method: "POST", body: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, statusText: "Bad Request", type: "not_allowed", code: "insufficient_inventory" });
    expect(err.message).toBe("Some variant does not have the required inventory");
    expect(err.request.method).toBe("POST");
    expect(err.request.url).not.toContain("secret1");
    expect(isApiError(err, "insufficient_inventory")).toBe(true);
    expect(JSON.parse(JSON.stringify(err))).toMatchObject({ status: 400, code: "insufficient_inventory", message: err.message });
  });

  it("uses the status text for an HTML error page and keeps the page as body", async () => {
    const s = await server((_q, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html><body>Bad gateway</body></html>");
    });
    const sdk = new Medusa({ baseUrl: s.url, retry: false });
    const err = await sdk.client.fetch("/admin/products").catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe("Bad Gateway");
    expect(err.body).toContain("Bad gateway");
  });

  it("raises on a 3xx instead of following the redirect", async () => {
    const other = await server((_q, res) => json(res, 200, { leaked: true }));
    const s = await server((_q, res) => {
      res.writeHead(302, { location: `${other.url}/steal` });
      res.end();
    });
    const sdk = new Medusa({ baseUrl: s.url, apiKey: "sk_secret" });
    const err = await sdk.client.fetch("/admin/products").catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(302);
    expect(other.seen).toHaveLength(0);
  });

  it("answers a 204 with nothing instead of throwing", async () => {
    const s = await server((_q, res) => {
      res.writeHead(204);
      res.end();
    });
    const sdk = new Medusa({ baseUrl: s.url });
    await expect(sdk.client.fetch("/admin/x", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("reports a malformed JSON body with status and what came instead", async () => {
    const s = await server((_q, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"products": [');
    });
    const sdk = new Medusa({ baseUrl: s.url });
    const err = await sdk.client.fetch("/admin/products").catch((e) => e);
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err.message).toContain("expected JSON from GET");
    expect(err.message).toContain("application/json");
  });

  it("returns the raw Response when the caller does not accept JSON", async () => {
    const s = await server((_q, res) => {
      res.writeHead(201, { "content-type": "text/plain" });
      res.end("Created");
    });
    const sdk = new Medusa({ baseUrl: s.url });
    const r = await sdk.client.fetch<Response>("/auth/user/emailpass/reset-password", { method: "POST", body: {}, headers: { accept: "text/plain" } });
    expect(r.status).toBe(201);
    expect(await r.text()).toBe("Created");
  });
});

describe("timeouts, retries and aborts", () => {
  it("times out each attempt and retries a GET twice before giving up", async () => {
    const s = await server(() => {
      /* never answers */
    });
    const log: RequestLogEntry[] = [];
    const sdk = new Medusa({ baseUrl: s.url, timeout: 80, retry: fast, hooks: { afterResponse: (e) => log.push(e) } });
    const err = await sdk.client.fetch("/admin/products").catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(isTimeoutError(err)).toBe(true);
    expect(err.attempt).toBe(3);
    expect(s.seen).toHaveLength(3);
    expect(log.map((e) => e.attempt)).toEqual([1, 2, 3]);
  });

  it("does not retry a POST that timed out", async () => {
    const s = await server(() => {});
    const sdk = new Medusa({ baseUrl: s.url, timeout: 80, retry: fast });
    await expect(sdk.client.fetch("/admin/products", { method: "POST", body: { title: "x" } })).rejects.toBeInstanceOf(TimeoutError);
    expect(s.seen).toHaveLength(1);
  });

  it("retries a GET after connection resets and succeeds", async () => {
    const s = await server((req, res, _b, n) => {
      if (n < 3) return req.socket.destroy();
      json(res, 200, { products: [], count: 0 });
    });
    const sdk = new Medusa({ baseUrl: s.url, retry: fast });
    await expect(sdk.client.fetch("/admin/products")).resolves.toEqual({ products: [], count: 0 });
    expect(s.seen).toHaveLength(3);
  });

  it("keeps the cause of a network failure and says which origin failed", async () => {
    const s = await server((req) => req.socket.destroy());
    const sdk = new Medusa({ baseUrl: s.url, retry: fast });
    const err = await sdk.client.fetch("/admin/products").catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toContain(`cannot reach ${s.url}`);
    expect(err.cause).toBeDefined();
  });

  it.each([408, 429, 500, 502, 503, 504])("retries a GET answered %i", async (status) => {
    const s = await server((_q, res, _b, n) => (n === 1 ? json(res, status, { message: "busy" }) : json(res, 200, { ok: 1 })));
    const sdk = new Medusa({ baseUrl: s.url, retry: fast });
    await expect(sdk.client.fetch("/admin/x")).resolves.toEqual({ ok: 1 });
    expect(s.seen).toHaveLength(2);
  });

  it.each([400, 401, 404, 409, 422])("does not retry a GET answered %i", async (status) => {
    const s = await server((_q, res) => json(res, status, { message: "no" }));
    const sdk = new Medusa({ baseUrl: s.url, retry: fast });
    await expect(sdk.client.fetch("/admin/x")).rejects.toMatchObject({ status });
    expect(s.seen).toHaveLength(1);
  });

  it("honours Retry-After on a 429", async () => {
    const s = await server((_q, res, _b, n) => (n === 1 ? json(res, 429, { message: "slow down" }, { "retry-after": "0.3" }) : json(res, 200, { ok: 1 })));
    const delays: number[] = [];
    const sdk = new Medusa({ baseUrl: s.url, retry: fast, hooks: { beforeRetry: (st) => delays.push(st.delayMs) } });
    await expect(sdk.client.fetch("/admin/x")).resolves.toEqual({ ok: 1 });
    expect(delays).toEqual([300]);
  });

  it("fails at once with the time to retry when Retry-After exceeds 60 s", async () => {
    const s = await server((_q, res) => json(res, 429, { message: "slow down" }, { "retry-after": "3600" }));
    const sdk = new Medusa({ baseUrl: s.url, retry: fast });
    const err = await sdk.client.fetch("/admin/x").catch((e) => e);
    expect(err.status).toBe(429);
    expect(err.message).toMatch(/retry after 3600 s, at \d{4}-/);
    expect(s.seen).toHaveLength(1);
  });

  it("does not retry a POST answered 503 unless the caller opts in", async () => {
    const s = await server((_q, res, _b, n) => (n <= 2 ? json(res, 503, { message: "down" }) : json(res, 200, { ok: n })));
    const sdk = new Medusa({ baseUrl: s.url, retry: fast });
    await expect(sdk.client.fetch("/admin/x", { method: "POST", body: {} })).rejects.toMatchObject({ status: 503 });
    expect(s.seen).toHaveLength(1);
    await expect(sdk.client.fetch("/admin/x", { method: "POST", body: {}, retry: { unsafe: true } })).resolves.toEqual({ ok: 3 });
  });

  it("with `refused`, retries a POST answered 429 (nothing was done) but still not one answered 503", async () => {
    const s = await server((_q, res, _b, n) => (n === 1 ? json(res, 429, { message: "slow down" }, { "retry-after": "0" }) : n === 2 ? json(res, 503, { message: "down" }) : json(res, 200, { ok: n })));
    const sdk = new Medusa({ baseUrl: s.url, retry: { ...fast, refused: true } });
    await expect(sdk.client.fetch("/admin/x", { method: "POST", body: {} })).rejects.toMatchObject({ status: 503 });
    expect(s.seen).toHaveLength(2);
    // Without it a POST is never sent twice on a status.
    const t = await server((_q, res) => json(res, 429, { message: "slow down" }, { "retry-after": "0" }));
    await expect(new Medusa({ baseUrl: t.url, retry: fast }).client.fetch("/admin/x", { method: "POST", body: {} })).rejects.toMatchObject({ status: 429 });
    expect(t.seen).toHaveLength(1);
  });

  it("retries a POST whose connection was refused, since it never left", async () => {
    const s = await server(() => {});
    const url = s.url;
    await s.close();
    servers.length = 0;
    const log: RequestLogEntry[] = [];
    const sdk = new Medusa({ baseUrl: url, retry: fast, hooks: { afterResponse: (e) => log.push(e) } });
    const err = await sdk.client.fetch("/admin/x", { method: "POST", body: {} }).catch((e) => e);
    expect(isNetworkError(err)).toBe(true);
    expect(err.sent).toBe(false);
    expect(log).toHaveLength(3);
  });

  it("stops at once when the caller aborts, without retrying", async () => {
    // Aborted once the server holds the request (never answered): a fixed delay raced the first connection.
    const ac = new AbortController();
    const s = await server(() => ac.abort());
    const sdk = new Medusa({ baseUrl: s.url, retry: fast });
    const err = await sdk.admin.product.list({}, undefined, { signal: ac.signal }).catch((e) => e);
    expect(isAbortError(err)).toBe(true);
    expect(s.seen).toHaveLength(1);
  });

  it("applies a per-call timeout", async () => {
    const s = await server((_q, res) => setTimeout(() => json(res, 200, {}), 300));
    const sdk = new Medusa({ baseUrl: s.url, retry: false });
    await expect(sdk.admin.product.retrieve("p1", {}, undefined, { timeout: 50 })).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe("requests", () => {
  it("serialises queries in the js-sdk's bracket style and encodes path ids", async () => {
    const s = await server((_q, res) => json(res, 200, {}));
    const sdk = new Medusa({ baseUrl: `${s.url}/api/` });
    await sdk.admin.product.retrieve("a/b?c", { fields: "id,*variants" });
    await sdk.admin.product.list({ id: ["a", "b"], created_at: { $gte: "2024-01-01" }, q: null } as never);
    expect(s.seen[0]!.url).toBe("/api/admin/products/a%2Fb%3Fc?fields=id%2C%2Avariants");
    expect(s.seen[1]!.url).toBe("/api/admin/products?id%5B0%5D=a&id%5B1%5D=b&created_at%5B%24gte%5D=2024-01-01");
  });

  it.each([["//evil.example/admin/x"], ["/\\evil.example/admin/x"], ["///evil.example/admin/x"]])("keeps a path like %s on the back-end's own origin, with its credential", async (path) => {
    const s = await server((_q, res) => json(res, 200, {}));
    const sdk = new Medusa({ baseUrl: s.url, apiKey: "sk_test" });
    await sdk.client.fetch(path);
    expect(s.seen).toHaveLength(1);
    expect(s.seen[0]!.url).toBe("/evil.example/admin/x");
    expect(s.seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from("sk_test:").toString("base64")}`);
  });

  it("merges a query into a path's own query string, the call's values winning", async () => {
    const s = await server((_q, res) => json(res, 200, {}));
    const sdk = new Medusa({ baseUrl: s.url });
    await sdk.client.fetch("/admin/x?a=1&b=2", { query: { b: 3 } });
    await sdk.client.fetch("/admin/x?a=1&a=2");
    expect(s.seen[0]!.url).toBe("/admin/x?a=1&b=3");
    expect(s.seen[1]!.url).toBe("/admin/x?a=1&a=2");
  });

  it("sends a string body as given and objects as JSON", async () => {
    const s = await server((_q, res) => json(res, 200, {}));
    const sdk = new Medusa({ baseUrl: s.url });
    await sdk.client.fetch("/admin/x", { method: "POST", body: '{"a":1}' });
    await sdk.client.fetch("/admin/x", { method: "POST", body: { a: "ü" } });
    expect(s.seen[0]!.body).toBe('{"a":1}');
    expect(JSON.parse(s.seen[1]!.body)).toEqual({ a: "ü" });
    expect(s.seen[1]!.headers["content-type"]).toBe("application/json");
  });

  it("lets a null header remove a default and cuts the user agent at 350 characters", async () => {
    const s = await server((_q, res) => json(res, 200, {}));
    const sdk = new Medusa({ baseUrl: s.url, userAgent: "x".repeat(500), globalHeaders: { "x-g": "1" } });
    await sdk.client.fetch("/admin/x", { headers: { accept: "application/json", "x-g": null } });
    expect(s.seen[0]!.headers["user-agent"]).toHaveLength(350);
    expect(s.seen[0]!.headers["x-g"]).toBeUndefined();
  });

  it("sends the locale header only when a locale is set", async () => {
    const s = await server((_q, res) => json(res, 200, {}));
    const sdk = new Medusa({ baseUrl: s.url });
    await sdk.client.fetch("/store/regions");
    sdk.client.setLocale("fr-FR");
    await sdk.client.fetch("/store/regions");
    expect(s.seen[0]!.headers["x-medusa-locale"]).toBeUndefined();
    expect(s.seen[1]!.headers["x-medusa-locale"]).toBe("fr-FR");
  });

  it("never sends credentials to another origin", async () => {
    const other = await server((_q, res) => json(res, 200, {}));
    const s = await server((_q, res) => json(res, 200, {}));
    const sdk = new Medusa({ baseUrl: s.url, apiKey: "sk_secret", publishableKey: "pk_1" });
    await sdk.client.fetch(`${other.url}/upload`, { method: "POST", body: "raw", headers: { "content-type": "text/csv" } });
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
    expect(other.seen[0]!.headers["x-publishable-api-key"]).toBeUndefined();
  });

  it("logs each request with credentials redacted when debug is on", async () => {
    const s = await server((_q, res) => json(res, 200, {}));
    const lines: string[] = [];
    const logger = { error() {}, warn() {}, info() {}, debug: (...a: unknown[]) => lines.push(JSON.stringify(a)) };
    const sdk = new Medusa({ baseUrl: s.url, apiKey: "sk_topsecret123", debug: true, logger });
    await sdk.client.fetch("/admin/x?token=abc123");
    const out = lines.join("\n");
    expect(out).toContain("GET");
    expect(out).toContain("200");
    expect(out).not.toContain("sk_topsecret123");
    expect(out).not.toContain(Buffer.from("sk_topsecret123:").toString("base64"));
    expect(out).not.toContain("abc123");
  });
});

describe("pagination", () => {
  it("walks every page exactly once by limit, offset and count", async () => {
    const all = Array.from({ length: 23 }, (_, i) => ({ id: `p${String(i).padStart(2, "0")}` }));
    const s = await server((req, res) => {
      const u = new URL(req.url!, "http://x");
      const limit = Number(u.searchParams.get("limit"));
      const offset = Number(u.searchParams.get("offset"));
      json(res, 200, { products: all.slice(offset, offset + limit), count: all.length, limit, offset });
    });
    const sdk = new Medusa({ baseUrl: s.url });
    const ids: string[] = [];
    for await (const p of sdk.admin.product.paginate({ limit: 10 })) ids.push(p.id);
    expect(ids).toEqual(all.map((p) => p.id));
    expect(s.seen).toHaveLength(3);
    expect(s.seen[0]!.url).toContain("order=id");
  });

  it("reads a page shorter than its count once more: a write landing between Medusa's two queries, then whole", async () => {
    const all = Array.from({ length: 12 }, (_, i) => ({ id: `v${String(i).padStart(2, "0")}` }));
    let asked = 0;
    // The first answer: the 6 rows committed when the rows were read, and a count that already sees 12.
    const s = await server((_q, res) => json(res, 200, { variants: ++asked === 1 ? all.slice(0, 6) : all, count: all.length }));
    const sdk = new Medusa({ baseUrl: s.url });
    const ids: string[] = [];
    for await (const v of sdk.admin.productVariant.paginate({ limit: 250 })) ids.push(v.id);
    expect(ids).toEqual(all.map((v) => v.id));
    expect(s.seen).toHaveLength(2);
  });

  it("stops on an empty page, and says the answer was inconsistent when count claims more", async () => {
    const s = await server((_q, res) => json(res, 200, { products: [], count: 99 }));
    const sdk = new Medusa({ baseUrl: s.url });
    const items = [];
    const err = await (async () => {
      for await (const p of sdk.admin.product.paginate()) items.push(p);
    })().catch((e: unknown) => e);
    expect(items).toEqual([]);
    expect((err as Error).name).toBe("InconsistentResponseError");
    expect((err as Error).message).toBe(
      "the server's answer was inconsistent: GET /admin/products: it answered 0 rows for limit=50 at offset 0, but its count says 99; stopped rather than return a partial list",
    );
    expect(s.seen).toHaveLength(2);
  });
});

describe("server-sent events", () => {
  it("yields events with data, event, id and retry, and honours the caller's signal", async () => {
    const s = await server((_q, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("retry: 1500\n\n");
      res.write("event: step\nid: 1\ndata: {\"a\":1}\n\n");
      res.write(": keep-alive\n\n");
      res.write("data: two\n");
      setTimeout(() => res.write("\n"), 20);
    });
    const sdk = new Medusa({ baseUrl: s.url });
    const ac = new AbortController();
    const { stream } = await sdk.client.fetchStream("/admin/workflows-executions/w/subscribe", { signal: ac.signal });
    const got = [];
    for await (const ev of stream) {
      got.push(ev);
      if (ev.data === "two") ac.abort();
    }
    expect(got).toEqual([{ retry: 1500 }, { event: "step", id: "1", data: '{"a":1}' }, { comment: "keep-alive" }, { event: undefined, id: undefined, data: "two" }]);
    expect(s.seen[0]!.headers.accept).toBe("text/event-stream");
  });

  it("raises an HTTP error before returning the stream", async () => {
    const s = await server((_q, res) => json(res, 404, { type: "not_found", message: "Workflow not found" }));
    const sdk = new Medusa({ baseUrl: s.url });
    const err = await sdk.client.fetchStream("/admin/workflows-executions/w/subscribe").catch((e) => e);
    expect(isApiError(err, "not_found")).toBe(true);
  });
});

describe("transport injection", () => {
  it("uses an injected fetch instead of the network", async () => {
    const calls: string[] = [];
    const sdk = new Medusa({
      baseUrl: "http://medusa.test",
      fetch: async (input) => {
        calls.push(String(input));
        return new Response(JSON.stringify({ regions: [] }), { status: 200, headers: { "content-type": "application/json" } });
      },
    });
    await expect(sdk.store.region.list()).resolves.toEqual({ regions: [] });
    expect(calls).toEqual(["http://medusa.test/store/regions"]);
  });
});
