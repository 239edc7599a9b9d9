// From bench/results/large-shop.json (bench/large-shop.mjs): the plot bench/results/large-shop.svg
// (cost against shop size, both axes logarithmic, one line per measurement) and the tables of
// bench/results/large-shop.md. Run alone to redraw: node bench/lib/large-shop-report.mjs
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root, writeFragment } from "./measure.mjs";

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

export function writeLargeShopReport(command) {
  const data = JSON.parse(readFileSync(path.join(root, "bench/results/large-shop.json"), "utf8"));
  const sizes = Object.values(data).sort((a, b) => a.orders - b.orders);
  writeFileSync(path.join(root, "bench/results/large-shop.svg"), plot(sizes));
  writeFragment("large-shop", tables(sizes, command));
}

const W = 900;
const H = 560;
const M = { left: 70, right: 330, top: 30, bottom: 50 };
function plot(sizes) {
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
return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif">\n${parts.join("\n")}\n</svg>\n`;
}

const s1 = (ms) => (ms === undefined ? "–" : ms >= 10_000 ? `${(ms / 1000).toFixed(0)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);
const pq = (x) => (x ? `${s1(x.p50)} / ${s1(x.p95)}` : "–");
const mib = (x) => (x === undefined ? "–" : `${x.toFixed(0)} MiB`);

function tables(sizes, command) {
  const head = `| | ${sizes.map((r) => `${r.orders.toLocaleString("en-US")} orders`).join(" | ")} |\n| --- | ${sizes.map(() => "---:").join(" | ")} |`;
  const row = (name, f) => `| ${name} | ${sizes.map((r) => f(r) ?? "–").join(" | ")} |`;
  return `## A real-size shop: daily work against shop size (issue 40)

Command: \`${command ?? "node bench/large-shop.mjs --sizes 1k,10k,50k --runs 7"}\` against snapshots of the sandbox made with
\`medusactl sandbox seed\` (1k: \`--orders 1000 --products 200 --customers 400\`; 10k: \`--orders 10000 --products 2000
--customers 4000\`; 50k: \`--orders 50000 --products 10000 --customers 20000\`; then \`sandbox snapshot save size-<size>\`).
The TUI runs in a pseudo-terminal at 80x24; the CLI as a process per run. p50 / p95 over the runs; "walking" is the
same command with \`MEDUSACTL_ORDER_INDEX=off\` (how it worked before the index). The machine is shared: its load
average is given per size, and times of one size compare with each other, not across sizes.

![cost against shop size](results/large-shop.svg)

${head}
${row("shop", (r) => `${r.products.toLocaleString("en-US")} products, ${r.customers.toLocaleString("en-US")} customers`)}
${row("load average (1/5/15 min) before → after", (r) => `${r.loadBefore} → ${r.loadAfter}`)}
${row("index of order states: first build (once per back-end)", (r) => s1(r.indexBuildMs))}
${row("TUI first screen (launch → first order row), p50 / p95", (r) => pq(r.tui?.first))}
${row("TUI to fulfil, first screen (key → rows), p50 / p95", (r) => pq(r.tui?.queues["to fulfil"]))}
${row("TUI to ship, first screen, p50 / p95", (r) => pq(r.tui?.queues["to ship"]))}
${row("TUI to capture, first screen, p50 / p95", (r) => pq(r.tui?.queues["to capture"]))}
${row("TUI to ship: G → the oldest (old stuck) order, p50 / p95", (r) => `${pq(r.tui?.oldestToShip)}${r.oldestToShip ? ` (#${r.oldestToShip.display_id}, ${r.oldestToShip.created_at.slice(0, 10)})` : ""}`)}
${row("queue refresh (index sync + page by id): p50 / p95, requests", (r) => (r.refresh ? `${pq(r.refresh)}, ${r.refresh.requests}` : undefined))}
${row("orders list, every unshipped order (index), time / RSS / orders", (r) => (r.listIndexed ? `${s1(r.listIndexed.ms)} / ${mib(r.listIndexed.rssMiB)} / ${r.listIndexed.orders}` : undefined))}
${row("the same, walking (before)", (r) => (r.listWalk ? `${s1(r.listWalk.ms)} / ${mib(r.listWalk.rssMiB)} / ${r.listWalk.orders}` : undefined))}
${row("orders pick-list, every unshipped order (index), time / RSS / lines", (r) => (r.pickIndexed ? `${s1(r.pickIndexed.ms)} / ${mib(r.pickIndexed.rssMiB)} / ${r.pickIndexed.lines}` : undefined))}
${row("the same, walking (before)", (r) => (r.pickWalk ? `${s1(r.pickWalk.ms)} / ${mib(r.pickWalk.rssMiB)} / ${r.pickWalk.lines}` : undefined))}
${row("order search by number, p50 / p95", (r) => pq(r.search?.["order by number"]))}
${row("order search by e-mail, p50 / p95", (r) => pq(r.search?.["order by e-mail"]))}
${row("order search by last name, p50 / p95", (r) => pq(r.search?.["order by last name"]))}
${row("customer search by e-mail, p50 / p95", (r) => pq(r.search?.["customer by e-mail"]))}
${row("products export of the whole catalogue: time / RSS / rows", (r) => (r.export ? `${s1(r.export.ms)} / ${mib(r.export.rssMiB)} / ${r.export.rows.toLocaleString("en-US")}` : undefined))}
${row("snapshot restore", (r) => s1(r.restoreMs))}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeLargeShopReport();
  console.log("wrote bench/results/large-shop.svg and large-shop.md");
}
