/**
 * The built CLI against the real back-end through the fault-injecting proxy, checked afterwards
 * through a clean connection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { startFaultProxy } from "../helpers/fault-proxy.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";

const clean = adminSdk();
const prefix = uniq("fcli");
const ids: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 30; i++) ids.push((await clean.admin.productTag.create({ value: `${prefix}-${i}` })).product_tag.id);
});
afterAll(async () => {
  const { product_tags } = await clean.admin.productTag.list({ q: prefix, fields: "id", limit: 100 });
  for (const t of product_tags) await clean.admin.productTag.delete(t.id);
});

const env = (url: string) => ({ MEDUSA_URL: url, MEDUSA_TOKEN: backend.adminToken });

describe("CLI through injected faults", () => {
  it("lists every page with --all through resets, 5xx, 429, HTML pages, truncation and stalls, exactly as a clean connection does", async () => {
    // Two stalls at most, each costing the client its whole timeout; the timeout leaves room for a
    // clean answer from a server on a loaded CI machine.
    const proxy = await startFaultProxy(backend.url, { seed: 82, rate: 0.5, slowMs: 60_000, limits: { slow: 2 }, retryAfter: 1 });
    try {
      const r = await runCli(["--timeout", "4", "product-tags", "list", "--all", "--limit", "4", "--query", `q=${prefix}`, "--fields", "id,value", "--json"], {
        env: env(proxy.url),
        timeoutMs: 180_000,
      });
      expect(r.code, r.stderr).toBe(0);
      const got = (JSON.parse(r.stdout) as { id: string }[]).map((t) => t.id);
      expect(got).toHaveLength(30);
      expect([...got].sort()).toEqual([...ids].sort());
      expect(Object.keys(proxy.counts()).length).toBeGreaterThanOrEqual(4);
      expect(proxy.counts().slow).toBeGreaterThanOrEqual(1);
    } finally {
      await proxy.close();
    }
  });

  it("exits 1 when a create's answer is lost, says it may have taken effect, and does not send it twice", async () => {
    const value = `${prefix}-lost`;
    const proxy = await startFaultProxy(backend.url, { seed: 1, rate: 1, kinds: ["reset-after"], maxFaults: 1, only: (m) => m === "POST" });
    try {
      const r = await runCli(["product-tags", "create", "--set", `value=${value}`, "--json"], { env: env(proxy.url) });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/POST \/admin\/product-tags was sent but no answer came back, so it may have taken effect/);
      expect(proxy.log.filter((e) => e.method === "POST")).toHaveLength(1);
    } finally {
      await proxy.close();
    }
    const { product_tags } = await clean.admin.productTag.list({ value: [value], fields: "id" });
    expect(product_tags).toHaveLength(1);
  });

  it("exits 1 after a stalled update times out, with the same warning", async () => {
    const proxy = await startFaultProxy(backend.url, { seed: 2, rate: 1, kinds: ["slow"], slowMs: 2_500, maxConsecutive: 10, only: (m) => m === "POST" });
    try {
      const r = await runCli(["--timeout", "1", "product-tags", "update", ids[0]!, "--set", `value=${prefix}-renamed`], { env: env(proxy.url) });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/timed out after 1000 ms \(attempt 1\)/);
      expect(r.stderr).toMatch(/may have taken effect/);
      expect(proxy.log).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});
