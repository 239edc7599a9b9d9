#!/usr/bin/env node
// Issue 15, "Speed": `medusactl products import --engine batch` against Medusa's own import flow
// (upload → POST /admin/products/imports → confirm → feed notification) at several catalogue
// sizes, with the server's floor beside them: the same products sent as ready payloads to
// POST /admin/products/batch from this process (no file to read, no checks, no report), at
// concurrency 2 and 4. The three run interleaved, their order rotated every repeat, each on a
// fresh prefix, so load from other work on the machine falls on all of them alike.
// Input: N products × 2 variants (option Size S/M) × 2 prices (EUR, USD).
// Usage: node bench/import-vs-medusa.mjs [--sizes 300,2000,10000] [--repeats 3] [--concurrency 2] [--fragment NAME]
// Run it on a private sandbox (it creates tens of thousands of products and deletes none):
//   MEDUSACTL_DATA_DIR=/var/lib/medusactl-bench medusactl sandbox up --port 9200 --db-port 54529
//   MEDUSACTL_DATA_DIR=/var/lib/medusactl-bench node bench/import-vs-medusa.mjs
//   MEDUSACTL_DATA_DIR=/var/lib/medusactl-bench medusactl sandbox destroy
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Agent, request } from "undici";
import { BIN, median as med, root, sandboxEnv, writeFragment } from "./lib/measure.mjs";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const SIZES = String(opt("sizes", "300,2000,10000")).split(",").map(Number);
const REPEATS = Number(opt("repeats", 3));
const CONCURRENCY = Number(opt("concurrency", 2));
// Another results file, for a run with another purpose (issue 40: into a shop that already holds 10,000 products).
const FRAGMENT = String(opt("fragment", "import-vs-medusa"));
const FLOOR_CONCURRENCY = [2, 4];
const CHUNK = 250;

const sandbox = sandboxEnv();
const { Medusa } = await import(pathToFileURL(path.join(root, "dist/sdk/index.js")).href);
const sdk = new Medusa({ baseUrl: sandbox.MEDUSA_URL, apiKey: sandbox.MEDUSA_API_KEY, timeout: 600_000 });
const work = mkdtempSync(path.join(tmpdir(), "medusactl-bench-import-"));
const stamp = Date.now().toString(36);
let serial = 0;
const auth = `Basic ${Buffer.from(`${sandbox.MEDUSA_API_KEY}:`).toString("base64")}`;

const price = (i, add) => [(10 + (i % 50) + add).toFixed(2), (12 + (i % 50) + add).toFixed(2)];

function csvFor(prefix, n) {
  const lines = ["Product Handle,Product Title,Product Status,Product Description,Variant Title,Variant Sku,Variant Price EUR,Variant Price USD,Variant Option 1 Name,Variant Option 1 Value"];
  for (let i = 0; i < n; i++) {
    for (const [s, add] of [["S", 0], ["M", 2]]) {
      const [eur, usd] = price(i, add);
      lines.push(`${prefix}-${i},"Bench product ${i}, ""quoted""",published,"Generated for the import benchmark, row ${i}",${s},${prefix}-${i}-${s},${eur},${usd},Size,${s}`);
    }
  }
  const f = path.join(work, `${prefix}.csv`);
  writeFileSync(f, lines.join("\n") + "\n");
  return f;
}

/** The bodies the batch engine sends for that file (what the floor run posts, built before the clock starts). */
function payloadsFor(prefix, n, concurrency) {
  // Split like the batch engine: at most CHUNK per request, evenly over the requests in flight.
  const size = Math.min(CHUNK, Math.ceil(n / concurrency));
  const chunks = [];
  for (let i = 0; i < n; i += size) {
    const create = [];
    for (let j = i; j < Math.min(n, i + size); j++) {
      create.push({
        title: `Bench product ${j}, "quoted"`,
        handle: `${prefix}-${j}`,
        status: "published",
        description: `Generated for the import benchmark, row ${j}`,
        options: [{ title: "Size", values: ["S", "M"] }],
        variants: [["S", 0], ["M", 2]].map(([s, add]) => {
          const [eur, usd] = price(j, add);
          return { title: s, sku: `${prefix}-${j}-${s}`, options: { Size: s }, prices: [{ currency_code: "eur", amount: Number(eur) }, { currency_code: "usd", amount: Number(usd) }] };
        }),
      });
    }
    chunks.push(JSON.stringify({ create }));
  }
  return chunks;
}

/** The CLI as an operator runs it: wall time of the whole process and its peak RSS (GNU time %M). */
function ours(file) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn("/usr/bin/time", ["-f", "%M", process.execPath, BIN, "products", "import", file, "--quiet", "--concurrency", String(CONCURRENCY), "--report", `${file}.report.csv`], {
      env: { ...process.env, MEDUSA_URL: sandbox.MEDUSA_URL, MEDUSA_API_KEY: sandbox.MEDUSA_API_KEY, MEDUSACTL_DATA_DIR: path.join(work, "data") },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`medusactl products import exited ${code}: ${stderr.slice(-1500)}`));
      resolve({ seconds, rssMiB: Number(stderr.trim().split("\n").at(-1)) / 1024 });
    });
  });
}

async function waitForNotification(title, match, since, timeoutMs = 60 * 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { notifications } = await sdk.client.fetch("/admin/notifications", { query: { limit: 50, order: "-created_at", fields: "id,data,created_at" } });
    const hit = notifications.find((n) => Date.parse(n.created_at) >= since - 2000 && n.data?.title === title && match(n.data));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no "${title}" notification within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Medusa's own import, as its admin does it; the clock includes reading and uploading the file. */
async function medusa(file) {
  const started = performance.now();
  const since = Date.now();
  const name = path.basename(file);
  const { transaction_id } = await sdk.admin.product.createImport({ file: new File([readFileSync(file)], name, { type: "text/csv" }) });
  await sdk.admin.product.confirmImport(transaction_id);
  const n = await waitForNotification("Product import", (d) => String(d.description).includes(name), since);
  if (/fail/i.test(n.data.description)) throw new Error(`Medusa's import failed: ${n.data.description}`);
  return { seconds: (performance.now() - started) / 1000 };
}

/** The server's floor: ready bodies, raw undici, `concurrency` requests in flight. */
async function floor(chunks, concurrency) {
  const dispatcher = new Agent({ connections: concurrency, keepAliveTimeout: 10_000, headersTimeout: 0, bodyTimeout: 0 });
  const url = `${sandbox.MEDUSA_URL}/admin/products/batch?fields=id,handle,variants.id,variants.sku`;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < chunks.length) {
        const body = chunks[next++];
        const res = await request(url, { method: "POST", dispatcher, headers: { authorization: auth, "content-type": "application/json" }, body });
        const text = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`floor: ${res.statusCode} ${text.slice(0, 300)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await dispatcher.close();
  return { seconds };
}

async function countProducts(prefix) {
  const { count } = await sdk.client.fetch("/admin/products", { query: { q: prefix, limit: 1, fields: "id" } });
  return count;
}

const RUNNERS = {
  ours: async (n) => {
    const prefix = `bi-${stamp}-${++serial}-o`;
    const r = await ours(csvFor(prefix, n));
    return { ...r, count: await countProducts(prefix) };
  },
  medusa: async (n) => {
    const prefix = `bi-${stamp}-${++serial}-m`;
    const r = await medusa(csvFor(prefix, n));
    return { ...r, count: await countProducts(prefix) };
  },
  ...Object.fromEntries(
    FLOOR_CONCURRENCY.map((c) => [
      `floor${c}`,
      async (n) => {
        const prefix = `bi-${stamp}-${++serial}-f${c}`;
        const r = await floor(payloadsFor(prefix, n, c), c);
        return { ...r, count: await countProducts(prefix) };
      },
    ]),
  ),
};
const names = Object.keys(RUNNERS);

const loadAtStart = loadavg().map((x) => x.toFixed(1)).join(", ");
const started = new Date();
const results = {};
try {
  for (const n of SIZES) {
    results[n] = Object.fromEntries(names.map((k) => [k, []]));
    for (let rep = 0; rep < REPEATS; rep++) {
      const order = names.map((_, i) => names[(i + rep) % names.length]);
      for (const k of order) {
        const r = await RUNNERS[k](n);
        if (r.count !== n) throw new Error(`${k} at ${n}: ${r.count} products created, expected ${n}`);
        results[n][k].push(r);
        process.stderr.write(`${n} #${rep + 1} ${k}: ${r.seconds.toFixed(1)} s${r.rssMiB ? `, peak RSS ${r.rssMiB.toFixed(0)} MiB` : ""}\n`);
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const fmt = (xs) => `${med(xs).toFixed(1)} s (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
const rows = [];
for (const n of SIZES) {
  const t = (k) => results[n][k].map((r) => r.seconds);
  // Paired per repeat: ours ÷ Medusa's in the same round.
  const paired = t("ours").map((s, i) => s / t("medusa")[i]);
  const floorBest = t("floor2").map((s, i) => Math.min(s, t("floor4")[i]));
  const rss = results[n].ours.map((r) => r.rssMiB);
  rows.push(
    `| ${n.toLocaleString("en-US")} | ${fmt(t("ours"))} | ${fmt(t("medusa"))} | **${med(paired).toFixed(2)}×** (${Math.min(...paired).toFixed(2)}–${Math.max(...paired).toFixed(2)}) | ${fmt(t("floor2"))} | ${fmt(t("floor4"))} | ${(med(t("ours")) / med(floorBest)).toFixed(2)}× | ${med(rss).toFixed(0)} MiB (${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)}) |`,
  );
}
const fragmentFlag = FRAGMENT === "import-vs-medusa" ? "" : ` --fragment ${FRAGMENT}`;
const md = `## Product import: medusactl vs Medusa's own import, with the server's floor (issue 15)

Command: \`node bench/import-vs-medusa.mjs --sizes ${SIZES.join(",")} --repeats ${REPEATS}${fragmentFlag}\` on a private sandbox (${sandbox.MEDUSA_URL}; Medusa 2.21.2, embedded PostgreSQL, one process), started ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on a 2-core machine shared with other work (load average at start: ${loadAtStart}).
Input: N products × 2 variants (Size S/M) × 2 prices (EUR, USD). Every run creates new products (fresh handles and SKUs) and all runs of one size are interleaved, the order rotated each repeat. Times are medians with min–max over ${REPEATS} repeats.

- **medusactl**: \`medusactl products import FILE --concurrency ${CONCURRENCY} --report FILE.csv --quiet\` (batch engine, at most ${CHUNK} products per request, split evenly over the requests in flight): the whole process, from start-up through reading and checking the file, checking handles and SKUs against the store, writing, to the per-row report. Peak RSS of that process (GNU \`time -f %M\`).
- **Medusa's import**: what its admin does — upload the file (\`POST /admin/products/imports\`), confirm, and wait for the "Product import" notification.
- **floor**: the same products as ready JSON bodies (split the same way) posted to \`/admin/products/batch\` with raw undici at concurrency 2 and 4 — no file, no checks, no report: what the server can take.

| products | medusactl | Medusa's import | medusactl ÷ Medusa (paired per repeat) | floor, 2 in flight | floor, 4 in flight | medusactl ÷ best floor | medusactl peak RSS |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}

Below 1.00× medusactl is faster than Medusa's import (goal: below 1, and 0.75× from 2,000 products up); "÷ best floor" is how far it is from what the server can do at all.
`;
writeFragment(FRAGMENT, md);
process.stdout.write(md);
