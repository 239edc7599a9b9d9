/**
 * The SDK against the real back-end through a fault-injecting proxy: what it retries, what it
 * refuses to repeat, and that the answers it finally returns are exactly the server's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, Medusa, NetworkError, TimeoutError } from "../../src/sdk/index.js";
import { startFaultProxy, type FaultKind } from "../helpers/fault-proxy.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";

const clean = adminSdk();
const prefix = uniq("faults");
const created: string[] = [];

function viaProxy(url: string, timeout = 4_000): Medusa {
  // Short backoff keeps the suite quick; the policy itself (attempts, methods, statuses) is the default.
  // The timeout is for stalls: it leaves room for a clean answer from a server on a loaded CI machine.
  return adminSdk({ baseUrl: url, timeout, retry: { baseDelayMs: 50 } });
}

async function tagsNamed(value: string): Promise<string[]> {
  const { product_tags } = await clean.admin.productTag.list({ value: [value], fields: "id,value", limit: 10 });
  return product_tags.map((t: { id: string }) => t.id);
}

beforeAll(async () => {
  // A set of our own, so the walk compares against records no other test is changing.
  for (let i = 0; i < 24; i++) {
    const { product_tag } = await clean.admin.productTag.create({ value: `${prefix}-${String(i).padStart(2, "0")}` });
    created.push(product_tag.id);
  }
});

afterAll(async () => {
  const { product_tags } = await clean.admin.productTag.list({ q: prefix, fields: "id", limit: 100 });
  for (const t of product_tags) await clean.admin.productTag.delete(t.id);
});

describe("SDK through injected faults, checked against a clean connection", () => {
  it("walks every page through resets, 5xx bursts, 429s, truncated bodies, HTML pages and stalls, and returns exactly the server's records", async () => {
    const proxy = await startFaultProxy(backend.url, { seed: 20261122, rate: 0.45, slowMs: 60_000, limits: { slow: 2 }, retryAfter: 1 });
    try {
      const sdk = viaProxy(proxy.url);
      const seen: string[] = [];
      for (let walk = 0; walk < 3; walk++) {
        const ids: string[] = [];
        for await (const t of sdk.admin.productTag.paginate({ q: prefix, limit: 4, fields: "id,value" })) ids.push((t as { id: string }).id);
        expect(ids).toHaveLength(24);
        expect(new Set(ids).size).toBe(24);
        expect([...ids].sort()).toEqual([...created].sort());
        seen.push(...ids);
      }
      const counts = proxy.counts();
      const kinds = Object.keys(counts) as FaultKind[];
      // The run really went through trouble: several kinds of fault, many times.
      expect(Object.values(counts).reduce((a, b) => a + (b ?? 0), 0)).toBeGreaterThanOrEqual(10);
      expect(kinds.length).toBeGreaterThanOrEqual(5);
      expect(counts.slow).toBeGreaterThanOrEqual(1);
    } finally {
      await proxy.close();
    }
  });

  it("does not repeat a POST whose answer was lost after the server applied it, and says the outcome is unknown", async () => {
    const value = `${prefix}-lost-answer`;
    const proxy = await startFaultProxy(backend.url, { seed: 1, rate: 1, kinds: ["reset-after"], maxFaults: 1, only: (m) => m === "POST" });
    try {
      const err = await viaProxy(proxy.url).admin.productTag.create({ value }).catch((e) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as NetworkError).sent).toBe(true);
      expect(proxy.log.filter((e) => e.method === "POST")).toHaveLength(1);
    } finally {
      await proxy.close();
    }
    // The server did create it, once: the caller must look before trying again.
    expect(await tagsNamed(value)).toHaveLength(1);
  });

  it.each(["status-502", "status-503", "html", "status-429"] as FaultKind[])(
    "does not retry a POST answered by %s, and nothing is created",
    async (kind) => {
      const value = `${prefix}-refused-${kind}`;
      const proxy = await startFaultProxy(backend.url, { seed: 2, rate: 1, kinds: [kind], maxConsecutive: 10, only: (m) => m === "POST" });
      try {
        const err = await viaProxy(proxy.url).admin.productTag.create({ value }).catch((e) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(kind === "status-503" ? 503 : kind === "status-429" ? 429 : 502);
        expect(proxy.log).toHaveLength(1);
      } finally {
        await proxy.close();
      }
      expect(await tagsNamed(value)).toHaveLength(0);
    },
  );

  it("repeats a POST through a 503 burst when the caller declares it safe to repeat, creating it once", async () => {
    const value = `${prefix}-opt-in`;
    const proxy = await startFaultProxy(backend.url, { seed: 3, rate: 1, kinds: ["status-503"], maxFaults: 2, maxConsecutive: 10 });
    try {
      const { product_tag } = await viaProxy(proxy.url).admin.productTag.create({ value }, undefined, undefined, { retry: { unsafe: true, baseDelayMs: 20 } });
      expect(product_tag.value).toBe(value);
      expect(proxy.log).toHaveLength(3);
    } finally {
      await proxy.close();
    }
    expect(await tagsNamed(value)).toHaveLength(1);
  });

  it("gives up on a GET after three HTML error pages with a short, readable error", async () => {
    const proxy = await startFaultProxy(backend.url, { seed: 4, rate: 1, kinds: ["html"], maxConsecutive: 10 });
    try {
      const err = await viaProxy(proxy.url).admin.region.list().catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(502);
      expect(err.message).toBe("Bad Gateway");
      expect(err.message).not.toContain("<");
      expect(proxy.log).toHaveLength(3);
    } finally {
      await proxy.close();
    }
  });

  it("times out each stalled attempt and reports which attempt", async () => {
    const proxy = await startFaultProxy(backend.url, { seed: 5, rate: 1, kinds: ["slow"], slowMs: 1_500, maxConsecutive: 10 });
    try {
      const err = await viaProxy(proxy.url, 400).admin.region.list().catch((e) => e);
      expect(err).toBeInstanceOf(TimeoutError);
      expect((err as TimeoutError).attempt).toBe(3);
      expect(err.message).toContain("400 ms");
    } finally {
      await proxy.close();
    }
  });

  it("retries a truncated body on a GET and returns the whole answer", async () => {
    const proxy = await startFaultProxy(backend.url, { seed: 6, rate: 1, kinds: ["truncate"], maxFaults: 2, maxConsecutive: 10 });
    try {
      const { product_tags, count } = await viaProxy(proxy.url).admin.productTag.list({ q: prefix, limit: 50, fields: "id" });
      expect(count).toBeGreaterThanOrEqual(24);
      expect(product_tags.length).toBe(count);
      expect(proxy.counts().truncate).toBe(2);
      expect(proxy.log).toHaveLength(3);
    } finally {
      await proxy.close();
    }
  });
});
