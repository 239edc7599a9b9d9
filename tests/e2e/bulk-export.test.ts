/**
 * `products export` takes every bulk flag (CONTRACT.md §6): `--concurrency`, `--report`, and
 * `--resume` after the process is killed mid-way, ending with exactly the uninterrupted file.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../helpers/cli.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";
import { once } from "./helpers/topology.js";

const dir = mkdtempSync(path.join(tmpdir(), "medusactl-export-"));
const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_DATA_DIR: path.join(dir, "data"), MEDUSACTL_CONFIG_DIR: path.join(dir, "config") };
// Products of this test only, so other suites (or people) changing the catalogue cannot change the expected file.
const prefix = uniq("fbexp").toLowerCase();
const common = ["products", "export", "--query", `q=${prefix}`, "--page-size", "2"];

beforeAll(async () => {
  const lines = ["Product Handle,Product Title,Variant Sku,Variant Price EUR,Variant Option 1 Name,Variant Option 1 Value"];
  for (let i = 0; i < 14; i++) lines.push(`${prefix}-${i},Export ${prefix} ${i},${prefix.toUpperCase()}-${i},${i + 1}.5,Size,One`);
  const f = path.join(dir, "seed.csv");
  writeFileSync(f, lines.join("\n") + "\n");
  const r = await runCli(["products", "import", f, "--quiet"], { env, timeoutMs: 120_000 });
  if (r.code !== 0) throw new Error(r.stderr);
}, 180_000);

afterAll(async () => {
  const sdk = adminSdk();
  const { products } = await sdk.admin.product.list({ q: prefix, limit: 100, fields: "id" });
  if (products.length) await sdk.admin.product.batch({ delete: products.map((p) => p.id) });
});

describe("products export with every bulk flag", () => {
  it.each([["csv"], ["ndjson"]])("%s: killed with -9 after some pages, --resume ends with exactly the uninterrupted file", async (format) => {
    const whole = path.join(dir, `whole.${format}`);
    const full = await runCli([...common, "-o", format, "--out", whole, "--concurrency", "3", "--report", path.join(dir, `whole-${format}.json`)], { env, timeoutMs: 120_000 });
    expect(full.code, full.stderr).toBe(0);
    const report = JSON.parse(readFileSync(path.join(dir, `whole-${format}.json`), "utf8"));
    expect(report.rows.length).toBe(14);
    expect(new Set(report.rows.map((r: { ids: { product_id: string } }) => r.ids.product_id)).size).toBe(report.rows.length);

    const out = path.join(dir, `resumed.${format}`);
    // The part file has a random name beside the target (created exclusively: nothing planted is followed).
    const partName = new RegExp(`^\\.resumed\\.${format}\\.[0-9a-f]{16}\\.medusactl-part$`);
    const parts = () => readdirSync(dir).filter((n) => partName.test(n));
    const child = spawn(process.execPath, [BIN, ...common, "-o", format, "--out", out, "--concurrency", "1"], { env: { ...process.env, ...env }, stdio: "ignore" });
    // Killed once some pages are on disk, mid-way.
    await new Promise<void>((resolve) => {
      const t = setInterval(() => {
        const [partFile] = parts();
        if (partFile && statSync(path.join(dir, partFile)).size > 0) {
          clearInterval(t);
          child.kill("SIGKILL");
          resolve();
        }
      }, 5);
    });
    await new Promise((r) => child.once("exit", r));
    expect(existsSync(out)).toBe(false);
    const resumed = await runCli([...common, "-o", format, "--out", out, "--resume"], { env, timeoutMs: 120_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).not.toContain("no checkpoint");
    expect(readFileSync(out, "utf8")).toBe(readFileSync(whole, "utf8"));
    expect(parts()).toEqual([]);
  }, 240_000);

  once("--resume needs --out (exit 2)", async () => {
    const r = await runCli([...common, "--resume"], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--resume continues an export into a file");
  });
});
