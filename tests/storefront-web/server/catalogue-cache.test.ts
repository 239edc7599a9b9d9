import { describe, expect, it } from "vitest";
import { cachingTransport } from "../../../src/storefront-web/server/catalogue-cache.js";
import type { Transport, TransportRequest, TransportResponse } from "../../../src/sdk/transport/types.js";

/** A back-end that counts requests and answers each URL with "<url> #n"; `fail` makes it throw. */
function backend() {
  let n = 0;
  const state = { fail: false, hang: false, calls: [] as string[] };
  const transport: Transport = {
    async request(req: TransportRequest): Promise<TransportResponse> {
      state.calls.push(req.url);
      if (state.hang) await new Promise((_, reject) => req.signal.addEventListener("abort", () => reject(req.signal.reason)));
      if (state.fail) throw new Error("connect ECONNREFUSED");
      const body = JSON.stringify({ url: req.url, n: ++n });
      return { status: 200, statusText: "OK", headers: { get: (h) => (h === "content-type" ? "application/json" : null), getSetCookie: () => [] }, text: async () => body, stream: async function* () {}, dump: async () => {} };
    },
  };
  return { transport, state };
}

const req = (url: string, headers: Record<string, string> = { "x-publishable-api-key": "pk" }, method = "GET"): TransportRequest => ({ url, method, headers, signal: new AbortController().signal });
const read = async (t: Transport, r: TransportRequest) => JSON.parse(await (await t.request(r)).text()) as { n: number };

describe("the catalogue cache", () => {
  it("answers a catalogue read from memory while fresh, once for concurrent misses", async () => {
    const { transport, state } = backend();
    let now = 0;
    const c = cachingTransport(transport, { freshMs: 1000, staleMs: 5000, now: () => now });
    const url = "http://m/store/products?region_id=reg_eu&limit=12";
    const first = await Promise.all([read(c, req(url)), read(c, req(url)), read(c, req(url))]);
    expect(first.map((x) => x.n)).toEqual([1, 1, 1]);
    now = 999;
    expect((await read(c, req(url))).n).toBe(1);
    expect(state.calls).toHaveLength(1);
    expect(c.stats()).toMatchObject({ misses: 3, hits: 1, upstream: 1 });
  });

  it("keeps prices per region: another region is another entry", async () => {
    const { transport, state } = backend();
    const c = cachingTransport(transport);
    await read(c, req("http://m/store/products?region_id=reg_eu"));
    await read(c, req("http://m/store/products?region_id=reg_us"));
    expect(state.calls).toHaveLength(2);
  });

  it("serves a stale answer at once and refreshes it in the background", async () => {
    const { transport, state } = backend();
    let now = 0;
    const c = cachingTransport(transport, { freshMs: 1000, staleMs: 5000, now: () => now });
    const url = "http://m/store/product-categories?limit=200";
    await read(c, req(url));
    now = 2000;
    expect((await read(c, req(url))).n).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(state.calls).toHaveLength(2);
    expect((await read(c, req(url))).n).toBe(2);
  });

  it("serves the stale answer while the back-end is down, and goes to it again past the stale window", async () => {
    const { transport, state } = backend();
    let now = 0;
    const c = cachingTransport(transport, { freshMs: 1000, staleMs: 5000, now: () => now });
    const url = "http://m/store/regions";
    await read(c, req(url));
    state.fail = true;
    now = 1500;
    expect((await read(c, req(url))).n).toBe(1);
    now = 7000;
    // Past fresh + stale: asked again; it fails, and the old answer is still better than an error page.
    expect((await read(c, req(url))).n).toBe(1);
    expect(state.calls.length).toBeGreaterThanOrEqual(2);
  });

  it("gives up a background refresh that hangs, so the key can be asked again", async () => {
    const { transport, state } = backend();
    let now = 0;
    const c = cachingTransport(transport, { freshMs: 10, staleMs: 10_000, now: () => now, refreshTimeoutMs: 20 });
    const url = "http://m/store/collections";
    await read(c, req(url));
    state.hang = true;
    now = 100;
    await read(c, req(url));
    await new Promise((r) => setTimeout(r, 60));
    state.hang = false;
    now = 200;
    await read(c, req(url));
    await new Promise((r) => setTimeout(r, 10));
    expect((await read(c, req(url))).n).toBe(2);
  });

  it.each([
    ["a cart", req("http://m/store/carts/cart_1")],
    ["the customer", req("http://m/store/customers/me")],
    ["a read with a token", req("http://m/store/products", { authorization: "Bearer x" })],
    ["a write", req("http://m/store/products", {}, "POST")],
  ])("never keeps %s", async (_what, r) => {
    const { transport, state } = backend();
    const c = cachingTransport(transport);
    await read(c, r);
    await read(c, r);
    expect(state.calls).toHaveLength(2);
    expect(c.stats().entries).toBe(0);
  });

  it("holds at most maxEntries answers, dropping the least recently used", async () => {
    const { transport, state } = backend();
    const c = cachingTransport(transport, { maxEntries: 2 });
    const u = (i: number) => `http://m/store/products?handle=p${i}`;
    await read(c, req(u(1)));
    await read(c, req(u(2)));
    await read(c, req(u(1)));
    await read(c, req(u(3)));
    expect(c.stats().entries).toBe(2);
    state.calls.length = 0;
    await read(c, req(u(1)));
    await read(c, req(u(2)));
    expect(state.calls).toEqual([u(2)]);
  });
});
