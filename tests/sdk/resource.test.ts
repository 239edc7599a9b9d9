/**
 * Checks of the resource declarations themselves: names, paths and response keys agree, routes
 * and arguments agree, list resources can be paginated, and every method takes call options.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminResources } from "../../src/sdk/admin/index.js";
import { AbortError, Medusa, type MethodSpec, type ResourceSpec } from "../../src/sdk/index.js";
import { storeResources } from "../../src/sdk/store/index.js";
import { reply, StubRegistry } from "../helpers/medusa-stub/registry.js";
import { listen, type StubServer } from "../helpers/medusa-stub/server.js";

const areas = { admin: adminResources, store: storeResources } as Record<"admin" | "store", Record<string, ResourceSpec>>;

const resources = Object.entries(areas).flatMap(([area, specs]) =>
  Object.entries(specs).map(([key, spec]) => ({ area: area as "admin" | "store", key, spec })),
);
const methods = resources.flatMap(({ area, key, spec }) =>
  Object.entries(spec.methods).map(([name, m]) => ({ area, key, name, m: m as MethodSpec, id: `${area}.${key}.${name}` })),
);

const PARAM_RE = /\{(\w+)\}/g;
/** Lists that answer without count/limit/offset, or take no query: nothing to page through. */
const UNPAGED = new Set(["admin.plugin", "admin.propertyLabel", "admin.featureFlag", "store.locale"]);

describe("resource declarations", () => {
  it("declares 54 + 2 admin and 11 + 7 store resources, 393 + 20 admin and 40 + 13 store methods", () => {
    expect(Object.keys(adminResources)).toHaveLength(56);
    expect(Object.keys(storeResources)).toHaveLength(18);
    expect(methods.filter((x) => x.area === "admin")).toHaveLength(393 + 20);
    expect(methods.filter((x) => x.area === "store")).toHaveLength(40 + 13);
  });

  it.each(resources)("$area.$key: name, path, response keys and docs agree", ({ area, key, spec }) => {
    expect(spec.name).toBe(key);
    expect(spec.path.startsWith(`/${area}/`)).toBe(true);
    expect(spec.path).not.toMatch(/[{}?]/);
    for (const k of [spec.one, spec.many]) if (k !== undefined) expect(k).toMatch(/^[a-z_]+$/);
    if (spec.one && spec.many) expect(spec.many).not.toBe(spec.one);
    expect(spec.docs).toMatch(/^https:\/\/docs\.medusajs\.com\/api\/(admin|store)/);
    if (spec.columns) {
      expect(spec.columns.length).toBeGreaterThan(0);
      expect(new Set(spec.columns).size).toBe(spec.columns.length);
    }
    expect(Object.keys(spec.methods).length).toBeGreaterThan(0);
  });

  it("has no two methods in a resource whose names differ only in case", () => {
    for (const { spec } of resources) {
      const lower = Object.keys(spec.methods).map((n) => n.toLowerCase());
      expect(new Set(lower).size).toBe(lower.length);
    }
  });

  it.each(methods)("$id: route and arguments agree", ({ area, m }) => {
    expect(["GET", "POST", "DELETE"]).toContain(m.method);
    expect(m.path.startsWith(`/${area}/`)).toBe(true);
    expect(new Set(m.args).size).toBe(m.args.length);
    expect(m.args.filter((a) => a === "headers")).toHaveLength(1);
    const params = [...m.path.matchAll(PARAM_RE)].map((x) => x[1]!);
    for (const p of params) expect(m.args).toContain(p);
    if (!m.custom) {
      // A declared op only knows path parameters, body, query and headers.
      for (const a of m.args) expect([...params, "body", "query", "headers"]).toContain(a);
      if (m.method === "GET") expect(m.args).not.toContain("body");
    }
    if (m.list) expect(params).toEqual([]);
  });

  it.each(resources.filter((r) => r.spec.many && r.spec.methods.list && !r.spec.methods.list.path.includes("{")))(
    "$area.$key: its list can be paginated",
    ({ area, key, spec }) => {
      const sdk = new Medusa({ baseUrl: "http://127.0.0.1:1" });
      const bound = (sdk[area] as unknown as Record<string, Record<string, unknown>>)[key]!;
      if (UNPAGED.has(`${area}.${key}`)) {
        expect(spec.methods.list!.list).toBeFalsy();
        expect(bound.paginate).toBeUndefined();
      } else {
        expect(spec.methods.list!.list).toBe(true);
        expect(typeof bound.paginate).toBe("function");
      }
    },
  );

  it("marks every method of ours (not in the js-sdk) with a summary", () => {
    const ours = methods.filter((x) => x.m.summary?.startsWith("Ours"));
    expect(ours.length).toBeGreaterThanOrEqual(19 + 13 - 1);
  });
});

describe("bound methods", () => {
  const registry = new StubRegistry();
  let server: StubServer;
  let sdk: Medusa;
  beforeAll(async () => {
    server = await listen(registry);
    sdk = new Medusa({ baseUrl: server.url, apiKey: "sk_1" });
  });
  afterEach(() => registry.verify());
  afterAll(async () => {
    await sdk.client.close();
    await server.close();
  });

  it("walks a list with paginate until count is reached", async () => {
    let n = 0;
    registry
      .stub("GET /admin/products", (r) => {
        const offset = Number(r.query.offset);
        return reply(200, { products: offset < 4 ? [{ id: `p${offset}` }, { id: `p${offset + 1}` }] : [], count: 4, limit: 2, offset });
      })
      .times(2);
    const ids: string[] = [];
    for await (const p of sdk.admin.product.paginate<{ id: string }>({ limit: 2 })) ids.push(p.id), n++;
    expect(ids).toEqual(["p0", "p1", "p2", "p3"]);
    expect(registry.requests.splice(0).map((r) => r.query.offset)).toEqual(["0", "2"]);
  });

  const aborted = () => {
    const c = new AbortController();
    c.abort();
    return { signal: c.signal };
  };

  it.each([
    ["a declared op", () => sdk.admin.product.list(undefined, undefined, aborted())],
    ["a shaped method", () => sdk.admin.fulfillment.cancel("ful_1", undefined, undefined, aborted())],
    ["a hand-written method", () => sdk.admin.upload.create({ files: [new File(["x"], "x.txt")] }, undefined, undefined, aborted())],
    ["the deleteVariant order", () => sdk.admin.product.deleteVariant("prod_1", "var_1", undefined, undefined, aborted())],
  ])("%s takes call options after its declared arguments", async (_label, call) => {
    registry.requests.splice(0);
    await expect(call()).rejects.toBeInstanceOf(AbortError);
    expect(registry.requests).toEqual([]);
  });
});
