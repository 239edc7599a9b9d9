import { afterEach, describe, expect, it } from "vitest";
import { Medusa } from "../../../../src/sdk/index.js";
import { Problems } from "../../../../src/cli/bulk/problems.js";
import { mapHeader, parseRow } from "../../../../src/cli/bulk/products/csv-columns.js";
import { writeChunk } from "../../../../src/cli/bulk/products/import-batch.js";
import { UNCERTAIN_TRIES } from "../../../../src/shared/uncertain.js";
import type { FileProduct, Resolved } from "../../../../src/cli/bulk/products/plan.js";
import { json, startServer } from "../../../helpers/http-server.js";

type Rec = Record<string, any>;
const resolved: Resolved = { regions: new Map(), refs: { category: new Map(), tag: new Map(), salesChannel: new Map(), collection: new Map(), type: new Map(), shippingProfile: new Map() } };

function products(handles: string[]): FileProduct[] {
  const problems = new Problems();
  const map = mapHeader(["Product Handle", "Product Title", "Variant Sku", "Variant Price EUR"], "f.csv", problems);
  return handles.map((h, i) => ({ key: `handle:${h}`, rows: [parseRow(map, { row: i + 2, line: i + 2, cells: [h, `T ${h}`, `${h}-1`, "5"] }, "f.csv", problems)] }));
}

/** A tiny stand-in for Medusa's product routes: a store of products, and hooks to misbehave. */
async function fakeMedusa(opts: { dropFirstBatch?: boolean; reject?: (body: Rec) => string | undefined; answer?: (batch: number) => "ok" | "refuse-503" | "write-then-drop" }) {
  const store = new Map<string, Rec>();
  let batches = 0;
  const server = await startServer((req, res, body) => {
    const url = new URL(req.url!, "http://x");
    if (req.method === "POST" && url.pathname === "/admin/products/batch") {
      batches++;
      const input = JSON.parse(body) as { create?: Rec[] };
      const how = opts.answer?.(batches) ?? "ok";
      // A gateway that gave up before the back-end did anything.
      if (how === "refuse-503") return json(res, 503, { type: "unknown_error", message: "upstream unavailable" });
      const bad = (input.create ?? []).map((p) => opts.reject?.(p)).find(Boolean);
      if (bad) return json(res, 400, { type: "invalid_data", message: bad });
      const created = (input.create ?? []).map((p) => {
        const id = `prod_${p.handle}`;
        const product = { id, handle: p.handle, title: p.title, variants: p.variants.map((v: Rec) => ({ id: `variant_${v.sku}`, sku: v.sku, options: [], prices: v.prices.map((x: Rec, i: number) => ({ id: `price_${v.sku}_${i}`, ...x })) })) };
        store.set(id, product);
        return product;
      });
      // The write happened, but the answer never arrives.
      if ((opts.dropFirstBatch && batches === 1) || how === "write-then-drop") return req.socket.destroy();
      return json(res, 200, { created, updated: [], deleted: [] });
    }
    if (req.method === "GET" && url.pathname === "/admin/products") {
      const handles = [...url.searchParams.entries()].filter(([k]) => k.startsWith("handle")).map(([, v]) => v);
      const ids = [...url.searchParams.entries()].filter(([k]) => k.startsWith("id")).map(([, v]) => v);
      const hits = [...store.values()].filter((p) => handles.includes(p.handle) || ids.includes(p.id));
      return json(res, 200, { products: hits, count: hits.length, offset: 0, limit: 50 });
    }
    json(res, 404, { type: "not_found", message: `${req.method} ${url.pathname}` });
  });
  return { server, store, batches: () => batches };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("writeChunk", () => {
  it("reads back and does not repeat a create whose answer was lost", async () => {
    const fake = await fakeMedusa({ dropFirstBatch: true });
    close = () => fake.server.close();
    const sdk = new Medusa({ baseUrl: fake.server.url, apiKey: "sk_test" });
    const ids = new Map<string, string>();
    const results = await writeChunk(products(["a", "b"]), { sdk, resolved, matchHandle: false, ids });
    expect(fake.batches()).toBe(1);
    expect(fake.store.size).toBe(2);
    expect(results.map((r) => [r.plan.action, r.productId, r.error])).toEqual([
      ["create", "prod_a", undefined],
      ["create", "prod_b", undefined],
    ]);
    expect(ids.get("handle:a")).toBe("prod_a");
    expect(results[0]!.variantIds.get("a-1")).toBe("variant_a-1");
  });

  it("retries a rejected chunk product by product, so one bad product fails alone", async () => {
    const fake = await fakeMedusa({ reject: (p) => (p.handle === "bad" ? "Product with handle: bad, already exists." : undefined) });
    close = () => fake.server.close();
    const sdk = new Medusa({ baseUrl: fake.server.url, apiKey: "sk_test" });
    const results = await writeChunk(products(["a", "bad", "c"]), { sdk, resolved, matchHandle: false, ids: new Map() });
    expect(results.map((r) => r.error?.message ?? r.productId)).toEqual(["prod_a", "Product with handle: bad, already exists.", "prod_c"]);
    expect(results[1]!.error).toMatchObject({ status: 400, type: "invalid_data" });
    expect([...fake.store.keys()].sort()).toEqual(["prod_a", "prod_c"]);
  });

  it("a create refused because the product has appeared since (a killed run's request, finished late) is read back, not reported failed", async () => {
    // The killed run's batch lands while this one plans: Medusa then refuses our create of "b".
    let late: Rec | undefined;
    const fake = await fakeMedusa({
      reject: (p) => {
        if (p.handle !== "b") return undefined;
        if (!late) {
          late = { id: "prod_b", handle: "b", title: "T b", variants: [{ id: "variant_b-1", sku: "b-1", options: [], prices: [{ id: "price_b", currency_code: "eur", amount: 5 }] }] };
          fake.store.set("prod_b", late);
        }
        return "Product with handle: b, already exists.";
      },
    });
    close = () => fake.server.close();
    const sdk = new Medusa({ baseUrl: fake.server.url, apiKey: "sk_test" });
    const ids = new Map<string, string>();
    const results = await writeChunk(products(["a", "b"]), { sdk, resolved, matchHandle: false, ids });
    expect(results.map((r) => [r.plan.action, r.productId, r.error?.message])).toEqual([
      ["create", "prod_a", undefined],
      ["create", "prod_b", undefined],
    ]);
    expect(ids.get("handle:b")).toBe("prod_b");
    expect([...fake.store.keys()].sort()).toEqual(["prod_a", "prod_b"]);
  });

  const instant = async () => {};

  it("after every try lost its answer, the read-back decides: a product that landed on the last try is not reported failed", async () => {
    // Five answers lost before anything was written, then the sixth write lands and its answer is lost too.
    const fake = await fakeMedusa({ answer: (n) => (n < UNCERTAIN_TRIES ? "refuse-503" : "write-then-drop") });
    close = () => fake.server.close();
    const sdk = new Medusa({ baseUrl: fake.server.url, apiKey: "sk_test", retry: false });
    const results = await writeChunk(products(["a", "b"]), { sdk, resolved, matchHandle: false, ids: new Map(), pause: instant });
    expect(fake.batches()).toBe(UNCERTAIN_TRIES);
    expect(fake.store.size).toBe(2);
    expect(results.map((r) => [r.plan.action, r.productId, r.error])).toEqual([
      ["create", "prod_a", undefined],
      ["create", "prod_b", undefined],
    ]);
  });

  it("a product that never landed is reported failed, saying it was read back and is not there", async () => {
    const fake = await fakeMedusa({ answer: () => "refuse-503" });
    close = () => fake.server.close();
    const sdk = new Medusa({ baseUrl: fake.server.url, apiKey: "sk_test", retry: false });
    const results = await writeChunk(products(["a"]), { sdk, resolved, matchHandle: false, ids: new Map(), pause: instant });
    expect(fake.batches()).toBe(UNCERTAIN_TRIES);
    expect(fake.store.size).toBe(0);
    expect(results[0]!.error).toMatchObject({ status: 503 });
    expect(results[0]!.error!.message).toMatch(/read back afterwards: not on the server/);
  });
});
