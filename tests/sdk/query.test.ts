import { describe, expect, it } from "vitest";
import { QueryParseError, parseUserQuery, stringifyQuery } from "../../src/sdk/index.js";

describe("queries", () => {
  it("stringifies like the js-sdk (qs, indexed brackets, nulls dropped)", () => {
    expect(stringifyQuery({ a: [1, 2], b: { $gt: 3 }, c: null, d: [] })).toBe("a%5B0%5D=1&a%5B1%5D=2&b%5B%24gt%5D=3");
  });

  it("parses what a person typed with brackets and operators", () => {
    expect(parseUserQuery("status[]=draft&status[]=published&created_at[$gte]=2024-01-01")).toEqual({
      status: ["draft", "published"],
      created_at: { $gte: "2024-01-01" },
    });
  });

  it.each([
    [Array.from({ length: 21 }, (_, i) => `id[]=${i}`).join("&"), /more than 20 items/],
    [Array.from({ length: 21 }, (_, i) => `id[${i}]=${i}`).join("&"), /more than 20 items/],
    ["a[b][c][d][e][f][g]=1", /nests 6 levels/],
    [Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join("&"), /1001 parameters/],
  ])("refuses a query the server would silently reshape (%#)", (q, msg) => {
    expect(() => parseUserQuery(q)).toThrow(QueryParseError);
    expect(() => parseUserQuery(q)).toThrow(msg);
  });
});
