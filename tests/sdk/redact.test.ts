import { describe, expect, it } from "vitest";
import { QueryParseError, parseUserQuery, redactBody, redactHeaders, redactUrl, stringifyQuery } from "../../src/sdk/index.js";
import { backoffDelay, normalizeRetry } from "../../src/sdk/retry.js";

describe("redaction", () => {
  it("hides credential headers but keeps the publishable key", () => {
    expect(redactHeaders({ authorization: "Bearer x", cookie: "sid=1", "x-publishable-api-key": "pk_1", accept: "application/json" })).toEqual({
      authorization: "[REDACTED]",
      cookie: "[REDACTED]",
      "x-publishable-api-key": "pk_1",
      accept: "application/json",
    });
  });

  it("removes tokens and userinfo from URLs", () => {
    const out = redactUrl("http://user:pw@h/x?token=abc&limit=5");
    expect(out).not.toContain("abc");
    expect(out).not.toContain("pw");
    expect(out).toContain("limit=5");
  });

  it("hides secret fields and secret-looking strings in bodies", () => {
    const out = redactBody({ email: "a@b.c", password: "hunter2", nested: { api_key: "x", note: "key sk_abcdef123456 here" } });
    expect(out).toEqual({ email: "a@b.c", password: "[REDACTED]", nested: { api_key: "[REDACTED]", note: "key [REDACTED] here" } });
  });
});

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

describe("retry policy", () => {
  it("defaults to two retries and 300 ms full-jitter backoff capped at 10 s", () => {
    const p = normalizeRetry(undefined);
    expect(p.retries).toBe(2);
    expect(backoffDelay(p, 0, () => 0.999)).toBe(299);
    expect(backoffDelay(p, 1, () => 0.5)).toBe(300);
    expect(backoffDelay(p, 10, () => 0.999)).toBe(9990);
    expect(backoffDelay(p, 3, () => 0)).toBe(0);
    expect(normalizeRetry(false).retries).toBe(0);
    expect(normalizeRetry({ retries: 5 }, { unsafe: true })).toMatchObject({ retries: 5, unsafe: true });
  });
});
