#!/usr/bin/env node
// Issue 28, "Speed": what reading another platform's file costs on top of Medusa's own format.
// The store-side work (look-ups, plan, batch writes) is the same for both: a Shopify file is
// converted into Medusa's columns and then takes exactly the path of a Medusa file. So this
// measures, without a back-end, the local part that differs: Shopify file → conversion →
// validation pass, against the validation pass of the same catalogue in Medusa's format
// (N products × 2 variants + 1 image row each). Goal: within 10 % of the whole import; the
// whole import of 10,000 products took ~113 s in bulk-import-export.md, so the extra local time
// is reported as a share of that too.
// Picture copying: throughput of download + upload against a local HTTP server and a stand-in
// upload (no back-end; the real upload is one multipart POST per picture).
// Usage: node bench/import-platforms.mjs [--products 10000] [--pictures 200]   (needs `npm run build`)
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { root } from "./lib/measure.mjs";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const N = opt("products", 10000);
const PICTURES = opt("pictures", 200);
const load = (p) => import(pathToFileURL(path.join(root, "dist", p)).href);
const { Problems } = await load("cli/bulk/problems.js");
const { fromShopify } = await load("cli/bulk/products/from-shopify.js");
const { writeConverted } = await load("cli/bulk/products/convert.js");
const { indexFile } = await load("cli/bulk/products/import-batch.js");
const { copyImages } = await load("cli/bulk/products/images.js");

const work = mkdtempSync(path.join(tmpdir(), "medusactl-bench-platforms-"));
const shopify = ["Handle,Title,Body (HTML),Vendor,Type,Tags,Status,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Price,Variant Compare At Price,Image Src,Image Position"];
const medusa = ["Product Handle,Product Title,Product Description,Product Status,Product Metadata,Product Type Value,Product Tag Value 1,Product Image 1,Product Image 2,Product Thumbnail,Variant Sku,Variant Weight,Variant Price EUR,Variant Option 1 Name,Variant Option 1 Value"];
for (let i = 0; i < N; i++) {
  const h = `bench-${i}`;
  shopify.push(`${h},Product ${i},<p>Desc ${i}</p>,Acme,Shirts,summer,active,Size,S,${h}-S,200,${i}.5,,https://cdn.test/${i}.jpg,1`);
  shopify.push(`${h},,,,,,,,M,${h}-M,210,${i}.5,,,`);
  shopify.push(`${h},,,,,,,,,,,,,https://cdn.test/${i}-b.jpg,2`);
  for (const [s, g] of [["S", 200], ["M", 210]]) medusa.push(`${h},Product ${i},<p>Desc ${i}</p>,published,"{""vendor"":""Acme""}",Shirts,summer,https://cdn.test/${i}.jpg,https://cdn.test/${i}-b.jpg,https://cdn.test/${i}.jpg,${h}-${s},${g},${i}.5,Size,${s}`);
}
const sFile = path.join(work, "shopify.csv");
const mFile = path.join(work, "medusa.csv");
writeFileSync(sFile, shopify.join("\n") + "\n");
writeFileSync(mFile, medusa.join("\n") + "\n");

async function medusaPass() {
  const t = performance.now();
  const problems = new Problems();
  await indexFile({ file: mFile, problems, matchHandle: true });
  if (problems.size) throw new Error(JSON.stringify(problems.list.slice(0, 3)));
  return (performance.now() - t) / 1000;
}
async function shopifyPass() {
  const t = performance.now();
  const problems = new Problems();
  const c = await fromShopify({ file: sFile, problems });
  const out = await writeConverted(c, { currency: "eur", withStock: false });
  await indexFile({ file: sFile, source: { read: out.path, rows: out.rows }, problems, matchHandle: true });
  await out.dispose();
  if (problems.size) throw new Error(JSON.stringify(problems.list.slice(0, 3)));
  return (performance.now() - t) / 1000;
}
const runs = { medusa: [], shopify: [] };
for (let i = 0; i < 3; i++) {
  runs.medusa.push(await medusaPass());
  runs.shopify.push(await shopifyPass());
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = med(runs.medusa);
const s = med(runs.shopify);
const WHOLE_IMPORT_S = 113.4; // bulk-import-export.md, 10,000 products, batch engine

// Pictures: 20 KB each from a local server, 4 at a time, with a stand-in upload.
const body = Buffer.alloc(20 * 1024, 7);
const server = createServer((req, res) => res.writeHead(200, { "content-type": "image/jpeg", "content-length": body.length }).end(body));
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}`;
let uploaded = 0;
const sdk = { admin: { upload: { create: async (b) => ({ files: [{ url: `http://medusa/static/${++uploaded}-${b.files[0].name}` }] }) } } };
const t0 = performance.now();
await copyImages(sdk, Array.from({ length: PICTURES }, (_, i) => `${base}/p${i}.jpg`), { dir: path.join(work, "jobs"), store: "bench", dryRun: false });
const copySeconds = (performance.now() - t0) / 1000;
const t1 = performance.now();
await copyImages(sdk, Array.from({ length: PICTURES }, (_, i) => `${base}/p${i}.jpg`), { dir: path.join(work, "jobs"), store: "bench", dryRun: false });
const rerunSeconds = (performance.now() - t1) / 1000;
server.close();

const md = `## Other platforms' files (issue 28)

Command: \`node bench/import-platforms.mjs --products ${N} --pictures ${PICTURES}\` — ${new Date().toISOString().slice(0, 10)}, no back-end.
The store-side work is the same for both formats (a Shopify file is converted into Medusa's columns, then follows the
same path), so this measures the local part that differs: ${N} products × 2 variants (+ 1 image-only row each in Shopify's
file), median of 3.

| pass | wall time |
| --- | ---: |
| Medusa's format: validation pass | ${m.toFixed(2)} s |
| Shopify's format: conversion + temp file + validation pass | ${s.toFixed(2)} s |
| extra time for Shopify's format | ${(s - m).toFixed(2)} s = **${(((s - m) / WHOLE_IMPORT_S) * 100).toFixed(1)} %** of the whole 10,000-product import (${WHOLE_IMPORT_S} s, bulk-import-export.md; goal ≤ 10 %) |

Pictures (${PICTURES} × 20 KB from a local HTTP server, 4 at a time, stand-in upload): ${(PICTURES / copySeconds).toFixed(0)} pictures/s
(${copySeconds.toFixed(2)} s); a rerun: ${rerunSeconds.toFixed(3)} s, nothing fetched or uploaded (remembered per store).
Against a real store each picture adds one multipart upload to Medusa's file module.
`;
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(path.join(root, "bench/results/import-platforms.md"), md);
process.stdout.write(md);
