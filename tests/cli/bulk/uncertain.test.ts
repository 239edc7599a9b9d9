/**
 * The wait before a read-back (uncertain.ts): a write our timeout gave up on may still be running
 * on the server, so the read-back must not come before it had as long again to land.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { settle } from "../../../src/cli/bulk/uncertain.js";
import { NetworkError, TimeoutError } from "../../../src/sdk/errors.js";

describe("settle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** How long settle() waited, in fake milliseconds, to the nearest 50. */
  async function waited(lost: unknown, attempt = 0): Promise<number> {
    let done = false;
    void settle(attempt, undefined, lost, () => 0).then(() => (done = true));
    let ms = 0;
    while (!done && ms < 120_000) {
      await vi.advanceTimersByTimeAsync(50);
      ms += 50;
    }
    return ms;
  }

  it("after a timeout, waits at least as long as the request already ran", async () => {
    expect(await waited(new TimeoutError({ attempt: 1, timeoutMs: 4000 }))).toBe(4200);
  });

  it("after a lost answer that is not a timeout, waits only the short backoff", async () => {
    expect(await waited(new NetworkError("socket hang up", { sent: true }))).toBe(200);
  });

  it("waits at most a minute more after a long timeout", async () => {
    expect(await waited(new TimeoutError({ attempt: 1, timeoutMs: 300_000 }))).toBe(60_200);
  });
});
