#!/usr/bin/env node
// Issue 39: what reading files as people have them costs. Without a back-end, the local part
// that differs: the validation pass of `products import` over the same catalogue saved as
// comma-separated UTF-8 and as German Excel saves it (semicolons, Windows-1252, decimal commas),
// and the encoding scan alone (once per file: a product import reads its file several times).
// Usage: node bench/files-as-they-are.mjs [--products 10000]   (needs dist/: `npm run build`)
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { root } from "./lib/measure.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--products");
const N = at >= 0 ? Number(args[at + 1]) : 10000;
const load = (p) => import(pathToFileURL(path.join(root, "dist", p)).href);
const { Problems } = await load("cli/bulk/problems.js");
const { indexFile } = await load("cli/bulk/products/import-batch.js");
const { detectFileEncoding } = await load("cli/bulk/csv-dialect.js");

const work = mkdtempSync(path.join(tmpdir(), "medusactl-bench-files-"));
const head = ["Product Handle", "Product Title", "Product Description", "Variant Sku", "Variant Weight", "Variant Price EUR", "Variant Option 1 Name", "Variant Option 1 Value"];
const rows = (sep, dec) => {
  const out = [head.join(sep)];
  for (let i = 0; i < N; i++) for (const [s, g] of [["S", "200"], ["M", "210.5"]]) out.push([`bench-${i}`, `Müsli Größe ${i}`, `Knuspriges Müsli – ${i} €`, `bench-${i}-${s}`, g.replace(".", dec), `${i}${dec}95`, "Größe", s].join(sep));
  return out.join("\r\n") + "\r\n";
};
const utf8 = path.join(work, "utf8.csv");
const excel = path.join(work, "excel-de.csv");
writeFileSync(utf8, rows(",", "."));
// "€" is not Latin-1: write Windows-1252's 0x80 for it.
writeFileSync(excel, Buffer.from(rows(";", ",").replaceAll("€", "\u0080"), "latin1"));

async function pass(file) {
  const t = performance.now();
  const problems = new Problems();
  await indexFile({ file, problems, matchHandle: true });
  if (problems.size) throw new Error(JSON.stringify(problems.list.slice(0, 3)));
  return (performance.now() - t) / 1000;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times = { utf8: [], excel: [], scan: [] };
for (let i = 0; i < 3; i++) {
  times.utf8.push(await pass(utf8));
  times.excel.push(await pass(excel));
  // A copy under a new name: the scan is remembered per file.
  const copy = path.join(work, `scan-${i}.csv`);
  writeFileSync(copy, Buffer.from(rows(";", ",").replaceAll("€", "\u0080"), "latin1"));
  const t = performance.now();
  if ((await detectFileEncoding(copy)) !== "windows-1252") throw new Error("not detected");
  times.scan.push((performance.now() - t) / 1000);
}
const mb = (f) => (statSync(f).size / 1048576).toFixed(1);
console.log(`${N} products × 2 variants, median of 3`);
console.log(`| file | size | validation pass |\n| --- | ---: | ---: |`);
console.log(`| comma-separated UTF-8 | ${mb(utf8)} MB | ${median(times.utf8).toFixed(2)} s |`);
console.log(`| semicolons, Windows-1252, decimal commas | ${mb(excel)} MB | ${median(times.excel).toFixed(2)} s |`);
console.log(`encoding scan alone (first read of a file): ${median(times.scan).toFixed(3)} s`);
