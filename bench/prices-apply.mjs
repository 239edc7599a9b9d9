#!/usr/bin/env node
// `medusactl prices apply` of 10,000 prices into a new price list on the sandbox back-end (goal:
// under 15 s). Creates the variants it needs once (products with one variant each and unique
// SKUs, through admin.product.batch), writes the sheet, runs the real binary once to create the
// prices and once more to re-apply the same sheet (all unchanged), then deletes what it made.
// Usage: node bench/prices-apply.mjs [--prices 10000] [--currencies 4] [--concurrency 2]
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
const PRICES = opt("prices", 10_000);
const CURRENCIES = ["eur", "usd", "gbp", "chf", "dkk", "sek"].slice(0, opt("currencies", 4));
const CONCURRENCY = opt("concurrency", 2);
const VARIANTS = Math.ceil(PRICES / CURRENCIES.length);

const env = sandboxEnv();
const { Medusa } = await import(pathToFileURL(path.join(root, "dist/sdk/index.js")).href);
const sdk = new Medusa({ baseUrl: env.MEDUSA_URL, apiKey: env.MEDUSA_API_KEY, timeout: 120_000 });

const tag = `bench-prices-${Date.now().toString(36)}`;
const dir = mkdtempSync(path.join(tmpdir(), "medusactl-bench-prices-"));

function run(argv) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: { ...process.env, MEDUSA_URL: env.MEDUSA_URL, MEDUSA_API_KEY: env.MEDUSA_API_KEY, MEDUSACTL_CONFIG_DIR: dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => resolve({ code, out, err, seconds: (performance.now() - started) / 1000 }));
  });
}

const productIds = [];
let listId;
const results = {};
try {
  // 1. Variants, created once: products of 10 variants (deleting products is Medusa's slow part,
  // ~3.6 s per 100, so fewer products keep the cleanup short), 20 products per batch request.
  const setupStart = performance.now();
  const PER = 10;
  const products = Math.ceil(VARIANTS / PER);
  for (let i = 0; i < products; i += 20) {
    const create = [];
    for (let p = i; p < Math.min(products, i + 20); p++) {
      const values = Array.from({ length: PER }, (_, k) => `V${k}`);
      create.push({
        title: `${tag} ${p}`,
        handle: `${tag}-${p}`,
        options: [{ title: "Variant", values }],
        variants: values.map((v, k) => ({ title: v, sku: `${tag}-${p * PER + k}`.toUpperCase(), options: { Variant: v }, manage_inventory: false, prices: [{ currency_code: "eur", amount: 10 }] })),
      });
    }
    const res = await sdk.admin.product.batch({ create });
    for (const p of res.created) productIds.push(p.id);
  }
  results.setup = (performance.now() - setupStart) / 1000;

  // 2. The sheet: every variant in every currency.
  const lines = ["sku,currency_code,amount"];
  for (let j = 0; j < VARIANTS && lines.length <= PRICES; j++) {
    for (const c of CURRENCIES) if (lines.length <= PRICES) lines.push(`${`${tag}-${j}`.toUpperCase()},${c},${(5 + (j % 50) + CURRENCIES.indexOf(c) / 10).toFixed(2)}`);
  }
  const sheet = path.join(dir, "prices.csv");
  writeFileSync(sheet, lines.join("\n") + "\n");

  // 3. One run that creates the list and all prices, one that re-applies the same sheet.
  const title = `${tag} list`;
  const first = await run(["prices", "apply", sheet, "--price-list-title", title, "--concurrency", String(CONCURRENCY), "--quiet", "--json"]);
  if (first.code !== 0) throw new Error(`prices apply failed (exit ${first.code}): ${first.err}`);
  const doc = JSON.parse(first.out);
  listId = doc.price_list.id;
  results.apply = first.seconds;
  results.created = doc.summary.create;
  const second = await run(["prices", "apply", sheet, "--price-list", listId, "--concurrency", String(CONCURRENCY), "--quiet", "--json"]);
  if (second.code !== 0) throw new Error(`re-apply failed (exit ${second.code}): ${second.err}`);
  results.reapply = second.seconds;
  results.unchanged = JSON.parse(second.out).summary.unchanged;
  const { count } = await sdk.client.fetch(`/admin/price-lists/${listId}/prices`, { query: { limit: 1, fields: "id" } });
  results.stored = count;
} finally {
  // 4. Clean up: the list, then the products (batch delete is slow in Medusa: ~3.6 s per 100).
  const cleanStart = performance.now();
  const retry = async (what, fn) => {
    for (let t = 1; ; t++) {
      try {
        return await fn();
      } catch (e) {
        if (t >= 5) {
          results.cleanupFailed = true;
          return console.error(`cleanup of ${what} failed: ${e.message} (delete products whose handle starts with ${tag})`);
        }
        await new Promise((r) => setTimeout(r, 3000 * t));
      }
    }
  };
  // Deleting a price list of 10,000 prices in one request blocks Medusa 2.21 for minutes (each
  // price deletion costs more the larger the list), long enough for a concurrent `sandbox up` to
  // find /health silent and restart the server. Small chunks keep each request short.
  if (listId) {
    for (let left = Infinity; left > 0; ) {
      const page = await retry("the price list's prices", () => sdk.client.fetch(`/admin/price-lists/${listId}/prices`, { query: { limit: 50, fields: "id" } }));
      if (!page?.prices?.length) break;
      left = page.count;
      await retry("the price list's prices", () => sdk.admin.priceList.batchPrices(listId, { delete: page.prices.map((p) => p.id) }));
    }
    await retry("the price list", () => sdk.admin.priceList.delete(listId));
  }
  // A few products per request: deleting one took about 0.5 s on the shared sandbox.
  for (let i = 0; i < productIds.length; i += 5) await retry("products", () => sdk.admin.product.batch({ delete: productIds.slice(i, i + 5) }));
  results.cleanup = (performance.now() - cleanStart) / 1000;
  rmSync(dir, { recursive: true, force: true });
}

const s = (x) => `${x.toFixed(1)} s`;
const md = `## prices apply: ${PRICES.toLocaleString("en-US")} prices into a price list

Command: \`node bench/prices-apply.mjs\` (sandbox back-end on this machine; ${VARIANTS.toLocaleString("en-US")} variants × ${CURRENCIES.length} currencies; \`--concurrency ${CONCURRENCY}\`; one run each, wall time of the real binary including start-up, sheet validation and SKU look-ups).

| step | wall time | result |
| --- | ---: | --- |
| \`prices apply prices.csv --price-list-title T\` (list created, all prices new) | ${s(results.apply)} | ${results.created} created, ${results.stored} stored in the list |
| same sheet again (\`--price-list ID\`, nothing to write) | ${s(results.reapply)} | ${results.unchanged} unchanged |
| setup: ${Math.ceil(VARIANTS / 10).toLocaleString("en-US")} products × 10 variants (\`admin.product.batch\`, 20 products per request) | ${s(results.setup)} | not part of the measurement |
| cleanup: delete the list and the products | ${s(results.cleanup)} | ${results.cleanupFailed ? "**incomplete** (see the script's output)" : "done"} |

Goal: under 15 s for the first run — ${results.apply < 15 ? "met" : "**not met**"} (${(results.apply / 15).toFixed(2)}× the budget). The sheet is validated in full and every SKU is resolved (\`sku[]=\` lists of 100) before the first write; prices go to \`POST /admin/price-lists/{id}/prices/batch\` in chunks of 1,000.
`;
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(path.join(root, "bench/results/prices-apply.md"), md);
process.stdout.write(md);
