import { describe, expect, it } from "vitest";
import { isApiError, isNetworkError } from "../../../src/sdk/index.js";
import { connectionReset, errorReply, fault, reply, StubRegistry, stubRegistry } from "./registry.js";
import { listen } from "./server.js";

describe("the stub registry", () => {
  it("fails a request no stub matches, naming its method, path and the registered stubs", async () => {
    const reg = new StubRegistry();
    reg.stub("GET /admin/products", reply(200, { products: [] }));
    await expect(reg.fetch("http://medusa.test/admin/orders?limit=5", { method: "GET" })).rejects.toThrow(
      /no stub matches GET \/admin\/orders\?limit=5\nregistered stubs:\n {2}GET \/admin\/products \(0\/1 used\)/,
    );
    expect(() => reg.verify()).toThrow(/request matched no stub: GET \/admin\/orders/);
  });

  it("verify() throws on a stub that was never used, and lists the stubs", async () => {
    const reg = new StubRegistry();
    reg.stub("GET /admin/products", reply(200, { products: [] }));
    reg.stub("POST /admin/products", reply(200, { product: {} }));
    await reg.fetch("http://medusa.test/admin/products");
    expect(() => reg.verify()).toThrow(/stub never used: POST \/admin\/products[^]*GET \/admin\/products \(1\/1 used\)/);
  });

  it("verify() passes once every stub was used, and ignores optional stubs", async () => {
    const reg = new StubRegistry();
    reg.stub("GET /admin/products", reply(200, {}));
    reg.stub("GET /admin/orders", reply(200, {})).persist().optional();
    await reg.fetch("http://medusa.test/admin/products");
    expect(() => reg.verify()).not.toThrow();
  });

  it("a one-shot stub answers once; the next request fails as unmatched", async () => {
    const reg = new StubRegistry();
    reg.stub("GET /x", reply(200, { n: 1 }));
    expect(await (await reg.fetch("http://h/x")).json()).toEqual({ n: 1 });
    await expect(reg.fetch("http://h/x")).rejects.toThrow(/no stub matches GET \/x/);
  });

  it("times(n) answers n requests and persist() every request", async () => {
    const reg = new StubRegistry();
    reg.stub("GET /a", reply(503, {})).times(2);
    reg.stub("GET /a", reply(200, { ok: true }));
    reg.stub("GET /b", reply(200, {})).persist();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await reg.fetch("http://h/a")).status);
    expect(statuses).toEqual([503, 503, 200]);
    for (let i = 0; i < 5; i++) expect((await reg.fetch("http://h/b")).status).toBe(200);
    expect(reg.calls("GET", "/b")).toHaveLength(5);
  });

  it("limited stubs answer before persistent ones, and a newer persistent stub wins over an older one", async () => {
    const reg = new StubRegistry();
    reg.stub("GET /o", reply(200, { from: "default" })).persist();
    reg.stub("GET /o", reply(200, { from: "override" })).persist();
    reg.stub("GET /o", reply(500, { from: "once" }));
    const bodies = [];
    for (let i = 0; i < 2; i++) bodies.push(((await (await reg.fetch("http://h/o")).json()) as { from: string }).from);
    expect(bodies).toEqual(["once", "override"]);
  });

  it("matches on query fields or a query predicate", async () => {
    const reg = new StubRegistry();
    reg.stub("GET /admin/orders", reply(200, { which: "q" })).query({ q: "ada" });
    reg.stub("GET /admin/orders", reply(200, { which: "many" })).query((q) => Number(q.limit) > 10);
    expect(await (await reg.fetch("http://h/admin/orders?limit=50")).json()).toEqual({ which: "many" });
    expect(await (await reg.fetch("http://h/admin/orders?q=ada")).json()).toEqual({ which: "q" });
    await expect(reg.fetch("http://h/admin/orders?q=bob")).rejects.toThrow(/no stub matches/);
  });

  it("matches on body fields or a body predicate", async () => {
    const reg = new StubRegistry();
    reg.stub("POST /admin/products", reply(200, { which: "tee" })).body({ title: "Tee" });
    reg.stub("POST /admin/products", reply(200, { which: "variants" })).body((b) => Array.isArray(b?.variants));
    const post = (body: unknown) => reg.fetch("http://h/admin/products", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(await (await post({ title: "Mug", variants: [] })).json()).toEqual({ which: "variants" });
    expect(await (await post({ title: "Tee" })).json()).toEqual({ which: "tee" });
  });

  it("a function responder sees params and the registry, and its return value is the 200 body", async () => {
    const reg = new StubRegistry();
    const state = { hits: 0 };
    reg.stub("GET /admin/orders/:id/changes", (req) => ({ id: req.params[0], hits: ++state.hits })).persist();
    await reg.fetch("http://h/admin/orders/order%2F1/changes");
    const res = await reg.fetch("http://h/admin/orders/o2/changes");
    expect(await res.json()).toEqual({ id: "o2", hits: 2 });
    expect(reg.calls("GET", "/admin/orders/*/changes").map((c) => c.path)).toEqual(["/admin/orders/order%2F1/changes", "/admin/orders/o2/changes"]);
  });

  it("a thrown reply or { status, body } becomes that answer; a fault rejects fetch", async () => {
    const reg = new StubRegistry();
    reg.stub("GET /a", () => {
      throw errorReply(404, "not_found", "gone");
    });
    reg.stub("GET /b", () => {
      throw { status: 409, body: { type: "conflict", message: "busy" } };
    });
    reg.stub("POST /c", fault(connectionReset()));
    const sdk = reg.sdk();
    const a = await sdk.client.fetch("/a").catch((e) => e);
    expect(isApiError(a, "not_found")).toBe(true);
    const b = await sdk.client.fetch("/b").catch((e) => e);
    expect(b.status).toBe(409);
    const c = await sdk.client.fetch("/c", { method: "POST", body: {} }).catch((e) => e);
    expect(isNetworkError(c)).toBe(true);
    reg.verify();
  });

  it("records the request: qs-decoded query, JSON body, headers", async () => {
    const reg = new StubRegistry();
    reg.stub("POST /admin/products/:id", reply(200, { product: {} }));
    await reg.sdk().client.fetch("/admin/products/p_1", { method: "POST", body: { title: "x" }, query: { fields: "+a", tags: ["t1", "t2"] } });
    const [call] = reg.calls("POST", /^\/admin\/products\//);
    expect(call!.body).toEqual({ title: "x" });
    expect(call!.query).toEqual({ fields: "+a", tags: ["t1", "t2"] });
    expect(call!.headers.authorization).toMatch(/^Basic /);
    expect(reg.writes()).toHaveLength(1);
  });

  it("stubRegistry() verifies itself when the test finishes", async () => {
    const reg = stubRegistry();
    reg.stub("GET /used", reply(200, {}));
    await reg.fetch("http://h/used");
  });

  describe("as a node:http server", () => {
    it("answers over a socket, records the request, and reports unmatched requests with a 501", async () => {
      const reg = new StubRegistry();
      reg.stub("GET /store/products", reply(200, { products: [{ id: "p" }] }, { "x-extra": "1" }));
      const server = await listen(reg);
      try {
        expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const ok = await fetch(`${server.url}/store/products?limit=1`);
        expect(ok.headers.get("x-extra")).toBe("1");
        expect(await ok.json()).toEqual({ products: [{ id: "p" }] });
        const miss = await fetch(`${server.url}/store/regions`);
        expect(miss.status).toBe(501);
        expect(await miss.text()).toMatch(/no stub matches GET \/store\/regions/);
        expect(reg.calls("GET", "/store/products")[0]!.query).toEqual({ limit: "1" });
        expect(() => reg.verify()).toThrow(/request matched no stub: GET \/store\/regions/);
      } finally {
        await server.close();
      }
    });

    it("a fault resets the connection", async () => {
      const reg = new StubRegistry();
      reg.stub("POST /admin/orders/:id/cancel", fault(connectionReset()));
      const server = await listen(reg);
      try {
        const sdk = reg.sdk({ baseUrl: server.url, fetch: undefined });
        const err = await sdk.client.fetch("/admin/orders/o1/cancel", { method: "POST", body: {} }).catch((e) => e);
        expect(isNetworkError(err)).toBe(true);
        reg.verify();
      } finally {
        await server.close();
      }
    });
  });
});
