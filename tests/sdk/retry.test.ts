import { describe, expect, it } from "vitest";
import { backoffDelay, normalizeRetry } from "../../src/sdk/retry.js";

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
