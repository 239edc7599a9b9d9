import { describe, expect, it } from "vitest";
import { chunked, jsonBytes, runPool, OversizeItemError, BATCH_BODY_LIMIT } from "../../../src/cli/bulk/pool.js";

describe("chunked and runPool", () => {
  it("keeps chunks under the item count and the byte budget", () => {
    const items = Array.from({ length: 25 }, (_, i) => ({ i, pad: "x".repeat(100) }));
    const byCount = [...chunked(items, { maxItems: 10 })];
    expect(byCount.map((c) => c.length)).toEqual([10, 10, 5]);
    const budget = jsonBytes(items[0]) * 3 + 10;
    const byBytes = [...chunked(items, { maxItems: 100, maxBytes: budget })];
    expect(byBytes.every((c) => jsonBytes(c) <= budget)).toBe(true);
    expect(byBytes.flat()).toEqual(items);
  });

  it("refuses an item larger than the 2 MB request limit", () => {
    expect(() => [...chunked([{ big: "x".repeat(BATCH_BODY_LIMIT) }], { maxItems: 10 })]).toThrow(OversizeItemError);
  });

  it("never runs more than N workers at once and stops at the first error", async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      seen.push(n);
      running--;
    });
    expect(peak).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const started: number[] = [];
    await expect(
      runPool([1, 2, 3, 4, 5, 6], 2, async (n) => {
        started.push(n);
        if (n === 2) throw new Error("boom");
        await new Promise((r) => setTimeout(r, 5));
      }),
    ).rejects.toThrow("boom");
    expect(started.length).toBeLessThan(6);
  });
});
