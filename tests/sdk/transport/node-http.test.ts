import { afterEach, describe, expect, it } from "vitest";
import { Medusa, TimeoutError, isAbortError, isApiError, isNetworkError } from "../../../src/sdk/index.js";
import { nodeHttpTransport } from "../../../src/sdk/transport/node-http.js";
import { json, startServer } from "../../helpers/http-server.js";

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
const transports: ReturnType<typeof nodeHttpTransport>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(transports.splice(0).map((t) => t.close?.()));
});

async function server(handler: Parameters<typeof startServer>[0]) {
  const s = await startServer(handler);
  servers.push(s);
  return s;
}

const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 5 };

function sdk(baseUrl: string, extra: Partial<ConstructorParameters<typeof Medusa>[0]> = {}) {
  const transport = nodeHttpTransport();
  transports.push(transport);
  return new Medusa({ baseUrl, transport, retry: fast, ...extra });
}

describe("node:http transport", () => {
  it("sends JSON with its length and the auth header, and parses the answer", async () => {
    const s = await server((_q, res) => json(res, 200, { product: { id: "prod_1" } }));
    const r = await sdk(s.url, { apiKey: "sk_abc" }).admin.product.create({ title: "Tee" }, { fields: "id" });
    expect(r).toEqual({ product: { id: "prod_1" } });
    const seen = s.seen[0]!;
    expect(seen).toMatchObject({ method: "POST", url: "/admin/products?fields=id", body: '{"title":"Tee"}' });
    expect(seen.headers["content-length"]).toBe("15");
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from("sk_abc:").toString("base64")}`);
  });

  it("sends a DELETE body with its length, so the server reads it (draft-order promotion removal)", async () => {
    const s = await server((_q, res) => json(res, 200, { draft_order_preview: { id: "order_1" } }));
    await sdk(s.url).admin.draftOrder.removePromotions("order_1", { promo_codes: ["CI10"] });
    const seen = s.seen[0]!;
    expect(seen).toMatchObject({ method: "DELETE", url: "/admin/draft-orders/order_1/edit/promotions", body: '{"promo_codes":["CI10"]}' });
    expect(seen.headers["content-length"]).toBe("24");
  });

  it("reuses one kept-alive connection for consecutive requests", async () => {
    const ports = new Set<number>();
    const s = await server((q, res) => {
      ports.add(q.socket.remotePort!);
      json(res, 200, {});
    });
    const client = sdk(s.url);
    for (let i = 0; i < 3; i++) await client.client.fetch("/admin/x");
    expect(ports.size).toBe(1);
  });

  describe("hand-over to undici in a long session", () => {
    // node:http writes "Host" and undici "host": the raw header names say which transport sent a request.
    const via = (rawHeaders: string[]) => (rawHeaders.includes("Host") ? "node:http" : rawHeaders.includes("host") ? "undici" : "?");
    async function recording() {
      const senders: string[] = [];
      const s = await server((q, res) => {
        senders.push(via(q.rawHeaders));
        json(res, 200, {});
      });
      return { s, senders };
    }
    // The hand-over loads undici first: on a loaded machine that alone can take longer than any
    // fixed pause, so wait for the module (the transport's own import resolves first), then a beat.
    const settle = async () => {
      await import("../../../src/sdk/transport/undici.js");
      await new Promise((r) => setTimeout(r, 50));
    };

    it("a short session stays on node:http (a one-shot command never loads undici)", async () => {
      const { s, senders } = await recording();
      const client = sdk(s.url);
      for (let i = 0; i < 10; i++) await client.client.fetch("/admin/x");
      expect(senders).toEqual(Array(10).fill("node:http"));
    });

    it("after upgradeAfter requests the next ones go through undici, with the same headers and answers", async () => {
      const { s, senders } = await recording();
      const transport = nodeHttpTransport({ upgradeAfter: 4 });
      transports.push(transport);
      const client = new Medusa({ baseUrl: s.url, transport, apiKey: "sk_abc", retry: fast });
      for (let i = 0; i < 8; i++) {
        expect(await client.client.fetch("/admin/x")).toEqual({});
        await settle();
      }
      expect(senders).toEqual([...Array(4).fill("node:http"), ...Array(4).fill("undici")]);
      expect(new Set(s.seen.map((r) => r.headers.authorization))).toEqual(new Set([`Basic ${Buffer.from("sk_abc:").toString("base64")}`]));
    });

    it("many requests at once hand over early; upgradeAfter: 0 never does", async () => {
      const { s, senders } = await recording();
      const client = sdk(s.url);
      await Promise.all(Array.from({ length: 12 }, () => client.client.fetch("/admin/x")));
      await settle();
      await client.client.fetch("/admin/x");
      expect(senders.slice(0, 12).every((v) => v === "node:http")).toBe(true);
      expect(senders.at(-1)).toBe("undici");

      const never = await recording();
      const transport = nodeHttpTransport({ upgradeAfter: 0 });
      transports.push(transport);
      const steady = new Medusa({ baseUrl: never.s.url, transport, retry: fast });
      await Promise.all(Array.from({ length: 40 }, () => steady.client.fetch("/admin/x")));
      expect(new Set(never.senders)).toEqual(new Set(["node:http"]));
    });

    it("a timeout still cuts an attempt after the hand-over", async () => {
      let calls = 0;
      const s = await server((_q, res) => {
        if (++calls > 2) return; // never answers once undici sends
        json(res, 200, {});
      });
      const transport = nodeHttpTransport({ upgradeAfter: 2 });
      transports.push(transport);
      const client = new Medusa({ baseUrl: s.url, transport, retry: { retries: 0 }, timeout: 200 });
      await client.client.fetch("/admin/x");
      await client.client.fetch("/admin/x");
      await settle();
      await expect(client.client.fetch("/admin/x")).rejects.toBeInstanceOf(TimeoutError);
    });
  });

  it("raises the server's error with status, type and the request", async () => {
    const s = await server((_q, res) => json(res, 404, { type: "not_found", message: "Product not found" }));
    const err = await sdk(s.url).admin.product.retrieve("p1").catch((e) => e);
    expect(isApiError(err, "not_found")).toBe(true);
    expect(err).toMatchObject({ status: 404, statusText: "Not Found", message: "Product not found" });
    expect(err.request).toEqual({ method: "GET", url: `${s.url}/admin/products/p1` });
  });

  it("does not follow redirects", async () => {
    const s = await server((_q, res) => {
      res.writeHead(302, { location: "http://127.0.0.1:9/elsewhere" });
      res.end();
    });
    const err = await sdk(s.url).client.fetch("/admin/x").catch((e) => e);
    expect(err.status).toBe(302);
    expect(s.seen).toHaveLength(1);
  });

  it("keeps session cookies from Set-Cookie and sends them back", async () => {
    const s = await server((q, res) => {
      if (q.url === "/auth/session") return json(res, 200, { user: {} }, { "set-cookie": "connect.sid=s%3Aabc; Path=/; HttpOnly" });
      json(res, 200, { cookie: q.headers.cookie ?? null });
    });
    const client = sdk(s.url, { auth: { type: "session" } });
    await client.client.fetch("/auth/session", { method: "POST" });
    expect(await client.client.fetch("/admin/users/me")).toEqual({ cookie: "connect.sid=s%3Aabc" });
  });

  it("sends bytes and blobs as they are", async () => {
    const s = await server((_q, res) => json(res, 200, {}));
    const client = sdk(s.url);
    await client.client.fetch("/admin/uploads", { method: "POST", body: new TextEncoder().encode("a,b\n1,2\n"), headers: { "content-type": "text/csv" } });
    await client.client.fetch("/admin/uploads", { method: "POST", body: new Blob(["blob-body"]), headers: { "content-type": "text/plain" } });
    expect(s.seen.map((x) => x.body)).toEqual(["a,b\n1,2\n", "blob-body"]);
  });

  it("streams server-sent events", async () => {
    const s = await server((_q, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("event: step\ndata: one\n\n");
      setTimeout(() => res.write("data: two\n\n"), 20);
    });
    const ac = new AbortController();
    const { stream } = await sdk(s.url).client.fetchStream("/admin/workflows-executions/w/subscribe", { signal: ac.signal });
    const got: unknown[] = [];
    for await (const ev of stream) {
      got.push(ev);
      if (ev.data === "two") ac.abort();
    }
    expect(got).toEqual([{ event: "step", id: undefined, data: "one" }, { event: undefined, id: undefined, data: "two" }]);
  });

  it("times out each attempt and retries a GET", async () => {
    const s = await server(() => {});
    const err = await sdk(s.url, { timeout: 80 }).client.fetch("/admin/x").catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(s.seen).toHaveLength(3);
  });

  it("stops when the caller aborts", async () => {
    const s = await server(() => {});
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    const err = await sdk(s.url).client.fetch("/admin/x", { signal: ac.signal }).catch((e) => e);
    expect(isAbortError(err)).toBe(true);
  });

  it("reports a refused connection as not sent (so even a POST may be retried), with the code", async () => {
    const s = await server(() => {});
    const url = s.url;
    await s.close();
    servers.length = 0;
    const err = await sdk(url).client.fetch("/admin/x", { method: "POST", body: {} }).catch((e) => e);
    expect(isNetworkError(err)).toBe(true);
    expect(err).toMatchObject({ sent: false, code: "ECONNREFUSED" });
  });

  it("reports a connection reset after the request left as sent, and retries only a GET", async () => {
    const s = await server((q) => q.socket.destroy());
    const client = sdk(s.url);
    const post = await client.client.fetch("/admin/x", { method: "POST", body: {} }).catch((e) => e);
    expect(isNetworkError(post)).toBe(true);
    expect(post.sent).toBe(true);
    expect(s.seen).toHaveLength(1);
    await client.client.fetch("/admin/x").catch(() => undefined);
    expect(s.seen).toHaveLength(4);
  });
});
