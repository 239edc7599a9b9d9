import { describe, expect, it } from "vitest";
import { redactBody, redactHeaders, redactUrl } from "../../src/sdk/index.js";

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
