// Not a mirror: one attack (lying counts and pages) against the page rule and every walk that uses it.
/**
 * Hostile back-ends, part 2: pagination trusts rows, not `count`. A server that claims
 * `count: 1e12`, answers short pages while claiming more, or more rows than `limit` ends every walk
 * (SDK paginate, `api --paginate`, `list --all`, `products export`) with a clear error, never a loop
 * and never a partial result passed off as whole.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InconsistentResponseError, Medusa } from "../../src/sdk/index.js";
import { pageVerdict } from "../../src/sdk/resource.js";
import { pageAll } from "../../src/cli/bulk/lookup.js";
import { nodeHttpTransport } from "../../src/sdk/transport/node-http.js";
import { runCli } from "../helpers/cli.js";
import { json, startServer } from "../helpers/http-server.js";

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A list server: `rows(limit, offset)` decides how many products a page holds, `count` what it claims. */
async function lister(rows: (limit: number, offset: number) => number, count: number | undefined) {
  const s = await startServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    if (u.pathname === "/admin/regions") return json(res, 200, { regions: [], count: 0, limit: 1000, offset: 0 });
    const limit = Number(u.searchParams.get("limit") ?? 50);
    const offset = Number(u.searchParams.get("offset") ?? 0);
    const n = rows(limit, offset);
    const products = Array.from({ length: n }, (_, i) => ({ id: `prod_${String(offset + i).padStart(6, "0")}`, title: `P${offset + i}`, handle: `p-${offset + i}`, status: "published", variants: [], options: [] }));
    json(res, 200, { products, count, limit, offset });
  });
  servers.push(s);
  return s;
}

const sdkFor = (url: string) => new Medusa({ baseUrl: url, transport: nodeHttpTransport({ upgradeAfter: 0 }), retry: false });

async function walk(url: string, limit: number): Promise<unknown> {
  const got: unknown[] = [];
  try {
    for await (const p of sdkFor(url).admin.product.paginate({ limit })) got.push(p);
    return got;
  } catch (e) {
    return e;
  }
}

describe("pageVerdict: the one rule", () => {
  it("trusts rows: short or empty pages end, count only ends early, lies are problems", () => {
    expect(pageVerdict(10, 10, 0, undefined)).toBe("more");
    expect(pageVerdict(3, 10, 0, undefined)).toBe("done");
    expect(pageVerdict(0, 10, 20, undefined)).toBe("done");
    expect(pageVerdict(10, 10, 0, 10)).toBe("done");
    expect(pageVerdict(10, 10, 0, 25)).toBe("more");
    expect(pageVerdict(5, 10, 20, 25)).toBe("done");
    expect(pageVerdict(11, 10, 0, 11)).toEqual({ problem: "it answered 11 rows for limit=10" });
    expect(pageVerdict(0, 10, 0, 1e12)).toEqual({ problem: "it answered 0 rows for limit=10 at offset 0, but its count says 1000000000000", short: true });
    expect(pageVerdict(50, 100, 0, 5000)).toEqual({ problem: "it answered 50 rows for limit=100 at offset 0, but its count says 5000", short: true });
    expect(pageVerdict(10, 10, 0, 1e300)).toEqual({ problem: "its count 1e+300 is not a number of rows" });
    expect(pageVerdict(10, 10, 0, -1)).toEqual({ problem: "its count -1 is not a number of rows" });
  });
});

describe("SDK paginate", () => {
  it("count: 1e12 with empty pages ends after the page is read twice, with InconsistentResponseError", async () => {
    const s = await lister(() => 0, 1e12);
    const err = await walk(s.url, 50);
    expect(err).toBeInstanceOf(InconsistentResponseError);
    expect((err as Error).message).toBe(
      "the server's answer was inconsistent: GET /admin/products: it answered 0 rows for limit=50 at offset 0, but its count says 1000000000000; stopped rather than return a partial list",
    );
    // Read once more (a write landing between Medusa's rows and count queries looks like this), then no further.
    expect(s.seen).toHaveLength(2);
  });

  it("more rows than limit is an error, not a bigger page", async () => {
    const s = await lister((limit) => limit + 1, 1000);
    const err = await walk(s.url, 10);
    expect(err).toBeInstanceOf(InconsistentResponseError);
    expect((err as Error).message).toContain("it answered 11 rows for limit=10");
    expect(s.seen).toHaveLength(1);
  });

  it("a short page while count claims more is an error after the rows it could trust", async () => {
    const s = await lister((limit, offset) => (offset < 20 ? limit : 3), 100_000);
    const err = await walk(s.url, 10);
    expect((err as Error).message).toContain("it answered 3 rows for limit=10 at offset 20, but its count says 100000");
    expect(s.seen.map((q) => new URL(q.url, "http://x").searchParams.get("offset"))).toEqual(["0", "10", "20", "20"]);
  });

  it("an honest list without count ends on its short page", async () => {
    const s = await lister((limit, offset) => (offset < 20 ? limit : 4), undefined);
    const got = (await walk(s.url, 10)) as unknown[];
    expect(got).toHaveLength(24);
    expect(s.seen).toHaveLength(3);
  });
});

describe("the CLI's walks", () => {
  async function env(url: string) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-hostile-"));
    return { dir, env: { MEDUSACTL_CONFIG_DIR: path.join(dir, "config"), MEDUSACTL_DATA_DIR: path.join(dir, "data"), MEDUSA_URL: url, MEDUSA_API_KEY: "sk_hostile" } };
  }

  it("products export: 50 rows for limit=100 with count 5000 is exit 1 saying the answer was inconsistent, and the good file stays", async () => {
    const s = await lister((_limit, offset) => (offset === 0 ? 50 : 0), 5000);
    const { dir, env: e } = await env(s.url);
    const out = path.join(dir, "exp.csv");
    await writeFile(out, "the good export\n");
    const r = await runCli(["products", "export", "--out", out, "--quiet"], { env: e });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "Error: the server's answer was inconsistent: GET /admin/products: it answered 50 rows for limit=100 at offset 0, but its count says 5000; stopped rather than return a partial list",
    );
    expect(r.stderr).not.toContain("exported 50 products");
    expect(await readFile(out, "utf8")).toBe("the good export\n");
  });

  it("api --paginate: count 1e12 with endless short pages stops at the first one, read twice, exit 1, nothing on stdout", async () => {
    const s = await lister(() => 2, 1e12);
    const { env: e } = await env(s.url);
    const r = await runCli(["api", "GET", "/admin/products", "--paginate"], { env: e });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("it answered 2 rows for limit=50 at offset 0, but its count says 1000000000000");
    expect(s.seen).toHaveLength(2);
  });

  /** 6 of 12 rows on the first read (a write landing between Medusa's rows and count queries), all 12 after. */
  const landingWrite = () => {
    let reads = 0;
    return (limit: number) => (++reads === 1 ? 6 : Math.min(limit, 12));
  };

  it("a page short of its count is read once more by products export, api --paginate and the bulk jobs' pageAll, and each walk ends whole", async () => {
    const exp = await lister(landingWrite(), 12);
    const { dir, env: e } = await env(exp.url);
    const out = path.join(dir, "exp.csv");
    const r = await runCli(["products", "export", "--out", out], { env: e });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`exported 12 products to ${out}`);
    expect(exp.seen.filter((q) => new URL(q.url, "http://x").pathname === "/admin/products")).toHaveLength(2);

    const api = await lister(landingWrite(), 12);
    const a = await runCli(["api", "GET", "/admin/products", "--paginate"], { env: (await env(api.url)).env });
    expect(a.code, a.stderr).toBe(0);
    expect((JSON.parse(a.stdout) as { products: unknown[] }).products).toHaveLength(12);
    expect(api.seen).toHaveLength(2);

    const lookup = await lister(landingWrite(), 12);
    const sdk = sdkFor(lookup.url);
    const rows = await pageAll((query) => sdk.client.fetch("/admin/products", { query }), "products");
    expect(rows).toHaveLength(12);
    expect(lookup.seen).toHaveLength(2);
  });

  it("products list --all: more rows than limit is exit 1", async () => {
    const s = await lister((limit) => limit * 2, 10_000);
    const { env: e } = await env(s.url);
    const r = await runCli(["products", "list", "--all", "--limit", "5", "--json"], { env: e });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("it answered 10 rows for limit=5");
  });
});
