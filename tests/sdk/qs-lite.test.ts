import qs from "qs";
import { describe, expect, it, vi } from "vitest";
import { stringify } from "../../src/sdk/qs-lite.js";

describe("qs-lite (what the SDK writes queries with, in place of qs)", () => {
  it.each([
    [{ limit: 12, offset: 0, order: "-created_at", region_id: "reg_1" }],
    [{ fields: "id,title,*variants.calculated_price", q: "tee & cap's (new)!*" }],
    [{ category_id: ["pcat_1", "pcat_2"], collection_id: ["pcol_1"] }],
    [{ created_at: { $gte: "2026-01-01" }, nested: { a: { b: [1, 2] } } }],
    [{ empty: [], none: null, undef: undefined, flag: true, n: 0 }],
    [{ when: new Date("2026-11-22T01:02:03.000Z") }],
    [{ "key with space": "ä ö ü €", list: [{ id: "x" }, { id: "y" }] }],
    [{ lone: ["\ud800", "a\udc00b", "\ud83d\ude00"], "k\ud800": { x: "\udfff" } }],
  ])("writes what qs writes with skipNulls: %j", (query) => {
    expect(stringify(query, { skipNulls: true })).toBe(qs.stringify(query, { skipNulls: true }));
  });

  it("writes null as an empty value without skipNulls, as qs does", () => {
    expect(stringify({ a: null, b: 1 })).toBe(qs.stringify({ a: null, b: 1 }));
  });
});

describe("parsing a path's own query (qs, loaded on first use)", () => {
  it("in Node merges the path's query with the call's, the call's winning", async () => {
    const { applyQuery } = await import("../../src/sdk/query.js");
    expect(applyQuery("http://x.test/a?keep=1&over[0]=a&over[1]=b", { over: ["c"], add: 2 })).toBe("http://x.test/a?keep=1&over%5B0%5D=c&add=2");
  });

  it("without Node's module loader (a browser) keeps the path's own pairs as written, less the keys the call sets", async () => {
    vi.resetModules();
    const saved = process.getBuiltinModule;
    (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
    try {
      const { applyQuery, parseUserQuery } = await import("../../src/sdk/query.js");
      expect(applyQuery("http://x.test/a?keep=1&over[0]=a&over[1]=b", { over: ["c"], add: 2 })).toBe("http://x.test/a?keep=1&over%5B0%5D=c&add=2");
      expect(() => parseUserQuery("a=1")).toThrow(/only be parsed in Node/);
    } finally {
      process.getBuiltinModule = saved;
      vi.resetModules();
    }
  });
});
