/**
 * The hot path's shortcuts (issue 20) must give exactly what the general code gives: URLs built
 * without a URL parser, flat queries without qs, and the attempt's abort switch.
 */
import qs from "qs";
import { describe, expect, it } from "vitest";
import { applyQuery, joinUrl, joinUrlString, parseBase, stringifyQuery } from "../../src/sdk/query.js";
import { AttemptAbort } from "../../src/sdk/transport/types.js";

describe("flat queries without qs", () => {
  const cases: Record<string, unknown>[] = [
    { limit: 12, offset: 0 },
    { fields: "id,display_id,*items,+customer.email", order: "-created_at" },
    { q: "Zoë & 'co' (x)* ! ~_.-", empty: "", t: true, f: false, n: -1.5 },
    { "weird key[]": "a=b&c", "ünï": "ç" },
    { skipped: undefined, nulled: null, kept: "x" },
    { emoji: "🛒 cart", slash: "a/b?c#d", plus: "1+1", percent: "100%" },
  ];
  it.each(cases.map((c) => [JSON.stringify(c), c]))("%s is serialised byte for byte as qs does", (_name, query) => {
    expect(stringifyQuery(query as Record<string, unknown>)).toBe(qs.stringify(query, { skipNulls: true }));
  });

  it("leaves arrays, objects, dates and lone surrogates to qs", () => {
    const tricky = { id: ["a", "b"], created_at: { $gte: "2026-01-01" }, at: new Date(0), bad: "\ud800" };
    expect(stringifyQuery(tricky)).toBe(qs.stringify(tricky, { skipNulls: true }));
  });
});

describe("URLs joined without a URL parser", () => {
  const bases = ["http://127.0.0.1:9000", "https://Shop.Example.com/", "https://shop.example/medusa/api/", "http://[::1]:9000/x"];
  const paths = ["/admin/orders", "admin/orders", "//admin/orders", "/admin/orders/order_01J%2F", "/store/products/prod_1/variants", "/a:b@c/d", "/./x", "/a/../b", "/x y", "/x?y=1", "/x#f", "\\\\evil.example/x", "https://other.example/x"];
  for (const base of bases) {
    it(`matches the URL parser for every path on ${base}`, () => {
      const parsed = parseBase(base);
      for (const path of paths) {
        expect(joinUrlString(base, path, parsed), path).toBe(joinUrl(base, path).toString());
        expect(applyQuery(joinUrlString(base, path, parsed), { limit: 1, q: "a b" }), path).toBe(applyQuery(joinUrl(base, path), { limit: 1, q: "a b" }));
      }
    });
  }
});

describe("AttemptAbort", () => {
  it("tells undici-style listeners once, and a signal read before or after the abort follows it", () => {
    const a = new AttemptAbort();
    const early = a.signal;
    const heard: unknown[] = [];
    const gone = () => heard.push("removed listener ran");
    a.once("abort", (r) => heard.push(r));
    a.on("abort", gone);
    a.removeListener("abort", gone);
    a.abort("timeout");
    a.abort("again");
    expect(heard).toEqual(["timeout"]);
    expect(a.aborted).toBe(true);
    expect(early.aborted).toBe(true);
    expect(early.reason).toBe("timeout");
    const late = new AttemptAbort();
    late.abort("caller");
    expect(late.signal.aborted).toBe(true);
    expect(late.signal.reason).toBe("caller");
  });
});
