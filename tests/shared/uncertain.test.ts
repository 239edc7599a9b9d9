/**
 * The wait before a read-back (uncertain.ts): a write our timeout gave up on may still be running
 * on the server, so the read-back must not come before it had as long again to land; and the one
 * loop of read-back-then-resend (sendSettled) that the bulk engines' writes go through.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sendSettled, settle } from "../../src/shared/uncertain.js";
import { ApiError, NetworkError, TimeoutError } from "../../src/sdk/errors.js";

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

describe("sendSettled", () => {
  it("sends again only what the read-back does not find", async () => {
    let calls = 0;
    const held = new Set<string>();
    const out = await sendSettled(["a", "b", "c"], {
      signal: new AbortController().signal,
      send: async (pending) => {
        calls++;
        if (calls === 1) {
          held.add("a");
          throw new ApiError({ status: 504, statusText: "Gateway Timeout", message: "timeout", request: { method: "POST", url: "/x" } as never });
        }
        expect(pending).toEqual(["b", "c"]);
        return pending.map((p) => `sent ${p}`);
      },
      readBack: async (pending) => pending.map((p) => (held.has(p) ? `held ${p}` : undefined)),
    });
    expect(out.done).toEqual([{ item: "a", result: "held a" }, { item: "b", result: "sent b" }, { item: "c", result: "sent c" }]);
    expect(out.failed).toEqual([]);
  });

  it("a refusal (400) is not read back or sent again: the items fail with it", async () => {
    let reads = 0;
    const out = await sendSettled(["a"], {
      signal: new AbortController().signal,
      send: async () => {
        throw new ApiError({ status: 400, statusText: "Bad Request", message: "invalid", request: { method: "POST", url: "/x" } as never });
      },
      readBack: async (p) => (reads++, p.map(() => undefined)),
    });
    expect(out.failed).toEqual(["a"]);
    expect(reads).toBe(0);
    expect((out.error as ApiError).status).toBe(400);
  });
});
