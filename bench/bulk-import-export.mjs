#!/usr/bin/env node
// Product import and export: `medusactl products import --engine batch` versus Medusa's own import
// workflow (presigned upload → POST /admin/products/imports → confirm → feed notification), and
// `medusactl products export` (rows/s, peak RSS) versus Medusa's own export (POST
// /admin/products/export → notification → download). Issue 5, "Speed".
// Generates two CSVs of the same shape (N products × 2 variants × 2 currencies) that differ only in
// their handle/SKU prefix, so both importers create the same amount of data. Deletes everything it
// created at the end (Medusa deletes slowly: ~3.6 s per 100 products, NOTES.md §13).
// Usage: node bench/bulk-import-export.mjs [--products 10000] [--keep]
// Needs `npm run build` and a running sandbox (`medusactl sandbox up`; MEDUSACTL_DATA_DIR picks
// another one). Heavy: run it once. A busy shared sandbox can be restarted under it by another
// process's `sandbox up` (its /health check times out during large imports), so a private sandbox
// (MEDUSACTL_DATA_DIR=… medusactl sandbox up --port 9200 --db-port 54529) gives a clean run; with
// --keep the products stay, and `sandbox destroy` of that private one is the fast clean-up.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { BIN, root, sandboxEnv } from "./lib/measure.mjs";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const N = opt("products", 10000);
const KEEP = args.includes("--keep");

const sandbox = sandboxEnv();
const { Medusa } = await import(pathToFileURL(path.join(root, "dist/sdk/index.js")).href);
const sdk = new Medusa({ baseUrl: sandbox.MEDUSA_URL, apiKey: sandbox.MEDUSA_API_KEY, timeout: 300_000 });
const work = mkdtempSync(path.join(tmpdir(), "medusactl-bench-bulk-"));
const stamp = Date.now().toString(36);
const prefixes = { batch: `bench-bulk-${stamp}-b`, medusa: `bench-bulk-${stamp}-m` };

function csvFor(prefix) {
  const lines = ["Product Handle,Product Title,Product Status,Product Description,Variant Title,Variant Sku,Variant Price EUR,Variant Price USD,Variant Option 1 Name,Variant Option 1 Value"];
  for (let i = 0; i < N; i++) {
    for (const [s, add] of [["S", 0], ["M", 2]]) {
      lines.push(`${prefix}-${i},"Bench product ${i}, ""quoted""",published,"Generated for the bulk benchmark, row ${i}",${s},${prefix}-${i}-${s},${(10 + (i % 50) + add).toFixed(2)},${(12 + (i % 50) + add).toFixed(2)},Size,${s}`);
    }
  }
  const f = path.join(work, `${prefix}.csv`);
  writeFileSync(f, lines.join("\n") + "\n");
  return f;
}

/** Runs the CLI, recording wall time and the child's peak RSS (GNU time %M, KiB). */
function timedCli(cliArgs) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn("/usr/bin/time", ["-f", "%M", process.execPath, BIN, ...cliArgs], {
      env: { ...process.env, MEDUSA_URL: sandbox.MEDUSA_URL, MEDUSA_API_KEY: sandbox.MEDUSA_API_KEY, MEDUSACTL_DATA_DIR: path.join(work, "data") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      const lines = stderr.trim().split("\n");
      const rssKiB = Number(lines.at(-1));
      if (code !== 0) return reject(new Error(`medusactl ${cliArgs.join(" ")} exited ${code}: ${stderr}`));
      resolve({ seconds, rssMiB: rssKiB / 1024, stdout });
    });
  });
}

async function waitForNotification(title, match, since, timeoutMs = 30 * 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { notifications } = await sdk.client.fetch("/admin/notifications", { query: { limit: 50, order: "-created_at", fields: "id,data,created_at" } });
    const hit = notifications.find((n) => Date.parse(n.created_at) >= since - 2000 && n.data?.title === title && match(n.data));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no "${title}" notification within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Medusa's own import, as its admin does it: upload, create, confirm, wait for the notification. */
async function medusaImport(file) {
  const started = performance.now();
  const since = Date.now();
  const name = path.basename(file);
  const bytes = readFileSync(file);
  const { transaction_id } = await sdk.admin.product.createImport({ file: new File([bytes], name, { type: "text/csv" }) });
  await sdk.admin.product.confirmImport(transaction_id);
  const n = await waitForNotification("Product import", (d) => String(d.description).includes(name), since);
  if (/fail/i.test(n.data.description)) throw new Error(`Medusa's import failed: ${n.data.description}`);
  return { seconds: (performance.now() - started) / 1000, transaction_id };
}

/** Medusa's own export of the same products: request, notification, download. */
async function medusaExport(prefix) {
  const started = performance.now();
  const since = Date.now();
  await sdk.client.fetch("/admin/products/export", { method: "POST", body: {}, query: { q: prefix } });
  const n = await waitForNotification("Product export", () => true, since);
  const url = n.data.file?.url;
  if (!url) throw new Error(`Medusa's export failed: ${JSON.stringify(n.data)}`);
  const res = await fetch(url);
  const text = await res.text();
  return { seconds: (performance.now() - started) / 1000, rows: text.split("\n").filter(Boolean).length - 1, url };
}

async function countProducts(prefix) {
  const { count } = await sdk.client.fetch("/admin/products", { query: { q: prefix, limit: 1, fields: "id" } });
  return count;
}

async function cleanup(prefix) {
  for (;;) {
    const { products } = await sdk.client.fetch("/admin/products", { query: { q: prefix, limit: 200, fields: "id,handle" } });
    const ids = products.filter((p) => p.handle.startsWith(prefix)).map((p) => p.id);
    if (!ids.length) return;
    await Promise.all([ids.slice(0, 100), ids.slice(100)].filter((x) => x.length).map((g) => sdk.admin.product.batch({ delete: g })));
  }
}

const { loadavg } = await import("node:os");
const loadAtStart = loadavg().map((x) => x.toFixed(1)).join(", ");
const results = {};
try {
  const fileBatch = csvFor(prefixes.batch);
  const fileMedusa = csvFor(prefixes.medusa);
  const sizeMiB = statSync(fileBatch).size / 1024 / 1024;
  process.stderr.write(`files: ${N} products, ${2 * N} rows, ${sizeMiB.toFixed(1)} MiB each\n`);

  process.stderr.write("medusactl products import --engine batch …\n");
  results.batch = await timedCli(["products", "import", fileBatch, "--quiet", "--report", path.join(work, "report.csv")]);
  results.batch.count = await countProducts(prefixes.batch);
  process.stderr.write(`  ${results.batch.seconds.toFixed(1)} s, peak RSS ${results.batch.rssMiB.toFixed(0)} MiB\n`);

  process.stderr.write("Medusa's own import …\n");
  results.medusaImport = await medusaImport(fileMedusa);
  results.medusaImport.count = await countProducts(prefixes.medusa);
  process.stderr.write(`  ${results.medusaImport.seconds.toFixed(1)} s\n`);

  process.stderr.write("medusactl products import (re-run: all unchanged) …\n");
  results.rerun = await timedCli(["products", "import", fileBatch, "--quiet", "--json"]);
  results.rerun.summary = JSON.parse(results.rerun.stdout).products;

  process.stderr.write("medusactl products export …\n");
  const out = path.join(work, "export.csv");
  results.export = await timedCli(["products", "export", "--query", `q=${prefixes.batch}`, "--out", out, "--quiet"]);
  results.export.rows = readFileSync(out, "utf8").split("\r\n").filter(Boolean).length - 1;
  process.stderr.write(`  ${results.export.seconds.toFixed(1)} s, ${results.export.rows} rows, peak RSS ${results.export.rssMiB.toFixed(0)} MiB\n`);

  process.stderr.write("Medusa's own export …\n");
  results.medusaExport = await medusaExport(prefixes.batch);
  process.stderr.write(`  ${results.medusaExport.seconds.toFixed(1)} s, ${results.medusaExport.rows} lines\n`);
} finally {
  if (!KEEP) {
    process.stderr.write("deleting the products it created …\n");
    const t = performance.now();
    await cleanup(prefixes.batch);
    await cleanup(prefixes.medusa);
    results.cleanupSeconds = (performance.now() - t) / 1000;
  }
  rmSync(work, { recursive: true, force: true });
}

const r = results;
const ratio = (a, b) => (b / a).toFixed(2);
const md = `## Bulk product import and export (issue 5)

Command: \`node bench/bulk-import-export.mjs --products ${N}${KEEP ? " --keep" : ""}\` — one run, ${new Date().toISOString().slice(0, 10)}, against the sandbox at ${sandbox.MEDUSA_URL} (Medusa 2.21.2, embedded PostgreSQL) on a 2-core machine shared with other work (load average at start: ${loadAtStart}); timings of one run are comparable with each other, not across runs.
Input: ${N} products × 2 variants (option Size S/M) × 2 prices (EUR, USD), ${2 * N} rows; the two importers get files of the same shape that differ only in the handle/SKU prefix.

| import | wall time | products created | rows/s | notes |
| --- | ---: | ---: | ---: | --- |
| \`medusactl products import\` (\`--engine batch\`, concurrency 2, 250 products per request) | ${r.batch.seconds.toFixed(1)} s | ${r.batch.count} | ${Math.round((2 * N) / r.batch.seconds)} | validation + store checks first; per-row report (${(2 * N).toLocaleString("en-US")} rows); peak RSS ${r.batch.rssMiB.toFixed(0)} MiB |
| Medusa's own import (upload → imports → confirm → notification) | ${r.medusaImport.seconds.toFixed(1)} s | ${r.medusaImport.count} | ${Math.round((2 * N) / r.medusaImport.seconds)} | outcome only as a feed notification |
| \`medusactl products import\` again (same file) | ${r.rerun.seconds.toFixed(1)} s | – | ${Math.round((2 * N) / r.rerun.seconds)} | ${r.rerun.summary.unchanged} unchanged, ${r.rerun.summary.update} updated, ${r.rerun.summary.create} created: nothing written |

Batch engine vs Medusa's import: **${ratio(r.batch.seconds, r.medusaImport.seconds)}×** (Medusa's time ÷ ours; above 1 means we are faster).

| export of the ${N} products | wall time | rows | rows/s | peak RSS |
| --- | ---: | ---: | ---: | ---: |
| \`medusactl products export --out\` (CSV, 100 per page) | ${r.export.seconds.toFixed(1)} s | ${r.export.rows} | ${Math.round(r.export.rows / r.export.seconds)} | ${r.export.rssMiB.toFixed(0)} MiB (goal < 150 MiB) |
| Medusa's own export (request → notification → download) | ${r.medusaExport.seconds.toFixed(1)} s | ${r.medusaExport.rows} lines | ${Math.round(r.medusaExport.rows / r.medusaExport.seconds)} | (server side) |

Export vs Medusa's export: **${ratio(r.export.seconds, r.medusaExport.seconds)}×**. Peak RSS is the whole CLI process (GNU \`time -f %M\`).
${r.cleanupSeconds !== undefined ? `Deleting the ${2 * N} products afterwards took ${r.cleanupSeconds.toFixed(0)} s.\n` : ""}`;
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(path.join(root, "bench/results/bulk-import-export.md"), md);
process.stdout.write(md);
