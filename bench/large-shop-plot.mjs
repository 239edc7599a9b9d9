#!/usr/bin/env node
// Draws bench/results/large-shop.svg from bench/results/large-shop.json (bench/large-shop.mjs):
// cost against shop size, both axes logarithmic, one line per measurement. Usage: node bench/large-shop-plot.mjs
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./lib/measure.mjs";

const data = JSON.parse(readFileSync(path.join(root, "bench/results/large-shop.json"), "utf8"));
const sizes = Object.values(data).sort((a, b) => a.orders - b.orders);

const SERIES = [
  ["TUI first screen (p50)", (r) => r.tui?.first.p50, "#1f77b4", ""],
  ["TUI to ship first screen (p50)", (r) => r.tui?.queues["to ship"].p50, "#2ca02c", ""],
  ["queue refresh: sync + page (p50)", (r) => r.refresh?.p50, "#17becf", ""],
  ["orders list, every unshipped (index)", (r) => r.listIndexed?.ms, "#ff7f0e", ""],
  ["orders list, every unshipped (walking: before)", (r) => r.listWalk?.ms, "#ff7f0e", "6 4"],
  ["pick-list, every unshipped (index)", (r) => r.pickIndexed?.ms, "#d62728", ""],
  ["pick-list, every unshipped (walking: before)", (r) => r.pickWalk?.ms, "#d62728", "6 4"],
  ["index first build (once)", (r) => r.indexBuildMs, "#9467bd", "2 3"],
  ["products export", (r) => r.export?.ms, "#8c564b", ""],
];

const W = 900;
const H = 560;
const M = { left: 70, right: 330, top: 30, bottom: 50 };
const xs = sizes.map((r) => r.orders);
const ys = SERIES.flatMap(([, f]) => sizes.map(f)).filter((v) => typeof v === "number" && v > 0);
const [x0, x1] = [Math.log10(Math.min(...xs)) - 0.1, Math.log10(Math.max(...xs)) + 0.1];
const [y0, y1] = [Math.floor(Math.log10(Math.min(...ys))), Math.ceil(Math.log10(Math.max(...ys)))];
const X = (v) => M.left + ((Math.log10(v) - x0) / (x1 - x0)) * (W - M.left - M.right);
const Y = (v) => H - M.bottom - ((Math.log10(v) - y0) / (y1 - y0)) * (H - M.top - M.bottom);
const fmtMs = (ms) => (ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`);

const parts = [];
parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
parts.push(`<text x="${M.left}" y="18" font-size="14" font-weight="bold">Cost against shop size (log–log; 2-core machine shared with other work)</text>`);
for (let e = y0; e <= y1; e++) {
  const v = 10 ** e;
  parts.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${Y(v)}" y2="${Y(v)}" stroke="#ddd"/>`);
  parts.push(`<text x="${M.left - 8}" y="${Y(v) + 4}" font-size="11" text-anchor="end">${fmtMs(v)}</text>`);
}
for (const r of sizes) {
  parts.push(`<line x1="${X(r.orders)}" x2="${X(r.orders)}" y1="${M.top}" y2="${H - M.bottom}" stroke="#eee"/>`);
  parts.push(`<text x="${X(r.orders)}" y="${H - M.bottom + 16}" font-size="11" text-anchor="middle">${r.orders.toLocaleString("en-US")} orders</text>`);
  parts.push(`<text x="${X(r.orders)}" y="${H - M.bottom + 30}" font-size="10" text-anchor="middle" fill="#666">${r.products.toLocaleString("en-US")} products</text>`);
}
SERIES.forEach(([name, f, color, dash], i) => {
  const pts = sizes.map((r) => [r.orders, f(r)]).filter(([, v]) => typeof v === "number" && v > 0);
  if (!pts.length) return;
  parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" ${dash ? `stroke-dasharray="${dash}"` : ""} points="${pts.map(([x, y]) => `${X(x).toFixed(1)},${Y(y).toFixed(1)}`).join(" ")}"/>`);
  for (const [x, y] of pts) parts.push(`<circle cx="${X(x).toFixed(1)}" cy="${Y(y).toFixed(1)}" r="3" fill="${color}"/>`);
  const ly = M.top + 10 + i * 20;
  parts.push(`<line x1="${W - M.right + 15}" x2="${W - M.right + 45}" y1="${ly}" y2="${ly}" stroke="${color}" stroke-width="2" ${dash ? `stroke-dasharray="${dash}"` : ""}/>`);
  parts.push(`<text x="${W - M.right + 52}" y="${ly + 4}" font-size="11">${name}</text>`);
});
writeFileSync(path.join(root, "bench/results/large-shop.svg"), `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif">\n${parts.join("\n")}\n</svg>\n`);
console.log("wrote bench/results/large-shop.svg");
