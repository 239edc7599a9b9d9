import { describe, expect, it } from "vitest";
import { productBatchingTransport } from "../../../src/storefront-web/server/product-batching.js";
import type { Transport, TransportRequest, TransportResponse } from "../../../src/sdk/transport/types.js";

const BASE = "http://medusa.test/store/products";
const FIELDS = "id,handle,title";

/** Medusa's product list in miniature: one handle or a list, and a log of what it was asked. */
function medusa(opts: { fail?: (url: URL) => number | undefined } = {}) {
  const asked: string[] = [];
  const transport: Transport = {
    async request(req: TransportRequest): Promise<TransportResponse> {
      const url = new URL(req.url);
      asked.push(url.search);
      const status = opts.fail?.(url) ?? 200;
      const handles = [...url.searchParams.getAll("handle"), ...url.searchParams.getAll("handle[]")];
      const products = handles.filter((h) => !h.startsWith("missing")).map((h) => ({ id: `prod_${h}`, handle: h, title: h.toUpperCase(), region: url.searchParams.get("region_id") }));
      const body = status === 200 ? JSON.stringify({ products, count: products.length, offset: 0, limit: Number(url.searchParams.get("limit")) }) : JSON.stringify({ type: "unexpected_state", message: "boom" });
      return { status, statusText: "", headers: { get: () => "application/json", getSetCookie: () => [] }, text: async () => body, async *stream() {}, dump: async () => {} };
    },
  };
  return { transport, asked };
}

const read = (t: Transport, handle: string, extra = "&region_id=reg_eu") =>
  t.request({ url: `${BASE}?handle=${encodeURIComponent(handle)}${extra}&fields=${FIELDS}&limit=1`, method: "GET", headers: { "x-publishable-api-key": "pk" }, signal: new AbortController().signal }).then(async (r) => ({ status: r.status, body: JSON.parse(await r.text()) }));

describe("product reads shared between product pages", () => {
  it("answers reads that arrive together with one Medusa request, each with its own product", async () => {
    const m = medusa();
    const t = productBatchingTransport(m.transport, { windowMs: 5 });
    const answers = await Promise.all(["a", "b", "c", "missing-x", "a"].map((h) => read(t, h)));
    expect(m.asked).toHaveLength(1);
    expect(new URLSearchParams(m.asked[0]).getAll("handle[]")).toEqual(["a", "b", "c", "missing-x"]);
    expect(answers.map((a) => [a.status, a.body.products.map((p: { handle: string }) => p.handle), a.body.count])).toEqual([
      [200, ["a"], 1],
      [200, ["b"], 1],
      [200, ["c"], 1],
      [200, [], 0],
      [200, ["a"], 1],
    ]);
    expect(answers[1]!.body.products[0]).toEqual({ id: "prod_b", handle: "b", title: "B", region: "reg_eu" });
    expect(t.batchStats()).toEqual({ batches: 1, batched: 5 });
  });

  it("never mixes reads of different regions, and leaves every other request alone", async () => {
    const m = medusa();
    const t = productBatchingTransport(m.transport, { windowMs: 5 });
    const [eu, us] = await Promise.all([read(t, "a"), read(t, "a", "&region_id=reg_us"), read(t, "b"), read(t, "b", "&region_id=reg_us")]);
    expect(m.asked).toHaveLength(2);
    expect([eu!.body.products[0].region, us!.body.products[0].region]).toEqual(["reg_eu", "reg_us"]);
    const listing = await t.request({ url: `${BASE}?limit=12&offset=0&region_id=reg_eu`, method: "GET", headers: {}, signal: new AbortController().signal });
    expect(listing.status).toBe(200);
    expect(m.asked[2]).toBe("?limit=12&offset=0&region_id=reg_eu");
  });

  it("splits what would make a URL too long, and sends a read alone as it came", async () => {
    const m = medusa();
    const t = productBatchingTransport(m.transport, { windowMs: 5, maxBatch: 3 });
    await Promise.all(["a", "b", "c", "d"].map((h) => read(t, h)));
    expect(m.asked.map((q) => new URLSearchParams(q).getAll("handle[]").length + new URLSearchParams(q).getAll("handle").length)).toEqual([3, 1]);
    expect(m.asked[1]).toContain("handle=d");
  });

  it("when the shared read fails, each page reads on its own and meets its own answer", async () => {
    const m = medusa({ fail: (url) => (url.searchParams.getAll("handle[]").length ? 500 : url.searchParams.get("handle") === "b" ? 404 : undefined) });
    const t = productBatchingTransport(m.transport, { windowMs: 5 });
    const answers = await Promise.all(["a", "b"].map((h) => read(t, h)));
    expect(answers.map((a) => a.status)).toEqual([200, 404]);
    expect(m.asked).toHaveLength(3);
  });
});
