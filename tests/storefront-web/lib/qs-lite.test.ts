import qs from "qs";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "../../../src/storefront-web/src/lib/qs-lite.js";

describe("qs-lite (the storefront's stand-in for qs)", () => {
  it.each([
    [{ limit: 12, offset: 0, order: "-created_at", region_id: "reg_1" }],
    [{ fields: "id,title,*variants.calculated_price", q: "tee & cap's (new)!*" }],
    [{ category_id: ["pcat_1", "pcat_2"], collection_id: ["pcol_1"] }],
    [{ created_at: { $gte: "2026-01-01" }, nested: { a: { b: [1, 2] } } }],
    [{ empty: [], none: null, undef: undefined, flag: true, n: 0 }],
    [{ when: new Date("2026-11-22T01:02:03.000Z") }],
    [{ "key with space": "ä ö ü €", list: [{ id: "x" }, { id: "y" }] }],
  ])("writes what qs writes with skipNulls: %j", (query) => {
    expect(stringify(query, { skipNulls: true })).toBe(qs.stringify(query, { skipNulls: true }));
  });

  it("writes null as an empty value without skipNulls, as qs does", () => {
    expect(stringify({ a: null, b: 1 })).toBe(qs.stringify({ a: null, b: 1 }));
  });

  it("refuses to parse instead of guessing", () => {
    expect(() => parse()).toThrow(/not part of the storefront build/);
  });
});
