// Not a mirror: one attack (lists that never end) against every walk of a list, SDK and CLI.
/**
 * Hostile back-ends, part 3: walks always end. A server that always answers `limit` distinct rows
 * (with `count: 1e12`, a count that grows page by page, or no count at all), or the same rows at
 * every offset, ends every walk — SDK paginate, `list --all`, `api --paginate`, `products export`
 * — with a clear error (exit 1) or at the count it first announced, never an endless walk, and an
 * export's part file never outgrows what the server announced.
 */
import { mkdtemp, readdir, readFile, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InconsistentResponseError, Medusa } from "../../src/sdk/index.js";
import { nodeHttpTransport } from "../../src/sdk/transport/node-http.js";
import { runCli } from "../helpers/cli.js";
import { json, startServer } from "../helpers/http-server.js";

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Full pages for ever: `id(offset + i)` names each row, `count(offset)` is what each page claims. */
async function endless(count: (offset: number) => number | undefined, id: (n: number) => string = (n) => `prod_${String(n).padStart(9, "0")}`) {
  const s = await startServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    const limit = Number(u.searchParams.get("limit") ?? 50);
    const offset = Number(u.searchParams.get("offset") ?? 0);
    const products = Array.from({ length: limit }, (_, i) => ({ id: id(offset + i), title: `P${offset + i}`, handle: `p-${offset + i}`, status: "published", variants: [], options: [] }));
    json(res, 200, { products, count: count(offset), limit, offset });
  });
  servers.push(s);
  return s;
}

const sdkFor = (url: string, maxListRows?: number) => new Medusa({ baseUrl: url, transport: nodeHttpTransport({ upgradeAfter: 0 }), retry: false, maxListRows });

async function walk(url: string, limit: number, maxListRows?: number): Promise<{ got: number; error?: Error }> {
  let got = 0;
  try {
    for await (const _ of sdkFor(url, maxListRows).admin.product.paginate({ limit })) got++;
    return { got };
  } catch (e) {
    return { got, error: e as Error };
  }
}

async function cliEnv(url: string, extra: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "medusactl-endless-"));
  return { dir, env: { MEDUSACTL_CONFIG_DIR: path.join(dir, "config"), MEDUSACTL_DATA_DIR: path.join(dir, "data"), MEDUSA_URL: url, MEDUSA_API_KEY: "sk_hostile", ...extra } };
}

describe("SDK paginate always ends", () => {
  it("count: 1e12 with full pages of distinct rows is refused on the first page", async () => {
    const s = await endless(() => 1e12);
    const r = await walk(s.url, 50);
    expect(r.error).toBeInstanceOf(InconsistentResponseError);
    expect(r.error!.message).toContain("it announces 1000000000000 rows, more than the 1000000 one walk reads");
    expect(s.seen).toHaveLength(1);
  });

  it("a count that grows page by page ends the walk at the count the first page announced", async () => {
    const s = await endless((offset) => offset + 1000);
    const r = await walk(s.url, 100);
    expect(r).toEqual({ got: 1000 });
    expect(s.seen).toHaveLength(10);
  });

  it("the same rows at every offset (a server that ignores offset) is an error on the second page", async () => {
    const s = await endless(() => 50_000, (n) => `prod_${n % 20}`);
    const r = await walk(s.url, 20);
    expect(r.got).toBe(20);
    expect(r.error?.message).toContain("row prod_0 came again at offset 20 (the server does not page its list)");
    expect(s.seen).toHaveLength(2);
  });

  it("no count and full pages for ever stop at the ceiling (maxListRows)", async () => {
    const s = await endless(() => undefined);
    const r = await walk(s.url, 100, 1000);
    expect(r.error?.message).toContain("it gave more than the 1000 rows one walk reads (maxListRows) without ending");
    expect(r.got).toBeLessThanOrEqual(1000);
    expect(s.seen).toHaveLength(11);
  });
});

describe("the CLI's walks always end, exit 1", () => {
  it("products list --all with count 1e12: exit 1 at once, nothing on stdout", async () => {
    const s = await endless(() => 1e12);
    const r = await runCli(["products", "list", "--all", "--json"], { env: (await cliEnv(s.url)).env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("it announces 1000000000000 rows");
    expect(s.seen).toHaveLength(1);
  });

  it("products list --all and api --paginate without a count stop at MEDUSACTL_MAX_LIST_ROWS", async () => {
    const s = await endless(() => undefined);
    const { env } = await cliEnv(s.url, { MEDUSACTL_MAX_LIST_ROWS: "500" });
    const list = await runCli(["products", "list", "--all", "--limit", "100", "-o", "ndjson"], { env });
    expect(list.code).toBe(1);
    expect(list.stderr).toContain("more than the 500 rows one walk reads");
    const api = await runCli(["api", "GET", "/admin/products", "--paginate", "--query", "limit=100"], { env });
    expect(api.code).toBe(1);
    expect(api.stdout).toBe("");
    expect(api.stderr).toContain("more than the 500 rows one walk reads");
  });

  it("products export: a count that keeps growing exports what was first announced, and no endless stream stays behind", async () => {
    const s = await endless((offset) => offset + 300);
    const { dir, env } = await cliEnv(s.url);
    const out = path.join(dir, "all.ndjson");
    const r = await runCli(["products", "export", "--out", out, "-o", "ndjson", "--quiet"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect((await readFile(out, "utf8")).trim().split("\n")).toHaveLength(300);
  });

  it("products export without a count: exit 1 at the ceiling, its part file bounded, the target never written", async () => {
    const s = await endless(() => undefined);
    const { dir, env } = await cliEnv(s.url, { MEDUSACTL_MAX_LIST_ROWS: "400" });
    const out = path.join(dir, "all.ndjson");
    const r = await runCli(["products", "export", "--out", out, "-o", "ndjson", "--quiet"], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("more than the 400 rows one walk reads");
    await expect(stat(out)).rejects.toMatchObject({ code: "ENOENT" });
    for (const name of (await readdir(dir)).filter((n) => n !== "data" && n !== "config")) {
      const lines = (await readFile(path.join(dir, name), "utf8")).split("\n").filter(Boolean);
      expect(lines.length).toBeLessThanOrEqual(400);
    }
  });
});
