#!/usr/bin/env node
// Issue 40: the server-rendered storefront under a burst of 50 concurrent visitors, against the
// sandbox as it is (run it after restoring a large snapshot). For each page kind — a product page,
// the listing (home), a category, a search and the sitemap — three bursts of 50 requests at once:
// 50 different products never asked for before in each burst of product pages; the other kinds ask
// for one page 50 times (the first burst on a cold catalogue cache, then warm).
// Per burst: p50/p95 of the response time, and Medusa requests per page, counted from the
// sandbox's request log (Medusa logs every request in development mode).
// Needs `npm run build:storefront` first. Usage: node bench/storefront-load.mjs [--port 4760] [--label 50k]
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { BIN, root, writeFragment } from "./lib/measure.mjs";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const PORT = Number(opt("port", 4760));
const LABEL = opt("label", "");
const VISITORS = 50;
const BURSTS = 3;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

const env = Object.fromEntries(
  spawnSync(process.execPath, [BIN, "sandbox", "up", "--env"], { encoding: "utf8" })
    .stdout.trim()
    .split("\n")
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
);
const medusaLog = path.join(process.env.MEDUSACTL_DATA_DIR ?? "/var/lib/medusactl", "sandbox/logs/medusa.log");
const logSize = () => statSync(medusaLog).size;
/** Medusa's requests logged since byte `from` (one "http: GET /store/…" line each). */
const storeRequestsSince = (from) => {
  const fd = readFileSync(medusaLog);
  return (fd.subarray(from).toString("utf8").match(/\b(GET|POST) \/store\//g) ?? []).length;
};

const base = `http://127.0.0.1:${PORT}`;

/** The storefront's production server; `pageCache` false renders every request and reads each product alone (as before both existed). */
async function startServer(pageCache) {
  const server = spawn(process.execPath, [path.join(root, "dist/storefront-server/index.js")], {
    env: { ...process.env, MEDUSA_URL: env.MEDUSA_URL, MEDUSA_PUBLISHABLE_KEY: env.MEDUSA_PUBLISHABLE_KEY, PORT: String(PORT), DEFAULT_COUNTRY: "de", ...(pageCache ? {} : { PAGE_CACHE_SECONDS: "0", PRODUCT_READ_WINDOW_SECONDS: "0" }) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on("data", (d) => /storefront at/.test(String(d)) && resolve());
    server.on("exit", (c) => reject(new Error(`storefront exited ${c}`)));
  });
  return server;
}

const store = async (p) => (await fetch(`${env.MEDUSA_URL}${p}`, { headers: { "x-publishable-api-key": env.MEDUSA_PUBLISHABLE_KEY } })).json();
const count = (await store("/store/products?limit=1&fields=id")).count;
const handles = [];
const SOLO = 5;
const MODES = [false, true];
const PER_MODE = VISITORS * BURSTS + SOLO;
for (let b = 0; handles.length < PER_MODE * MODES.length; b++) {
  const offset = Math.floor((count / (PER_MODE * MODES.length + 1)) * handles.length);
  const page = await store(`/store/products?limit=1&offset=${offset}&fields=handle`);
  handles.push(page.products[0].handle);
}

async function burst(paths) {
  const from = logSize();
  const times = [];
  let bad = 0;
  await Promise.all(
    paths.map(async (p) => {
      const t = now();
      const res = await fetch(`${base}${p}`, { headers: { "accept-language": "de-DE,de;q=0.9" } });
      await res.arrayBuffer();
      times.push(now() - t);
      if (res.status !== 200) bad++;
    }),
  );
  await new Promise((r) => setTimeout(r, 300)); // the log line is written after the answer
  return { p50: pct(times, 50), p95: pct(times, 95), medusaPerPage: storeRequestsSince(from) / paths.length, errors: bad };
}

const region = (await store("/store/regions?fields=id,currency_code")).regions.find((r) => r.currency_code === "eur");
const out = { label: LABEL, products: count, visitors: VISITORS, loadBefore: loadavg().map((x) => x.toFixed(2)).join(" "), modes: {} };
// Both servers in one run, the one without the page cache first; each on products of its own.
for (const [m, pageCache] of MODES.entries()) {
  const mine = handles.slice(m * PER_MODE, (m + 1) * PER_MODE);
  const server = await startServer(pageCache);
  // One visitor at a time: what a page costs alone (cold: a product never asked for; warm: asked again),
  // and what Medusa takes for the one read a cold product page makes.
  const solo = { cold: [], warm: [], medusa: [] };
  for (const h of mine.slice(VISITORS * BURSTS)) {
    let t = now();
    await (await fetch(`${base}/de/products/${h}`)).arrayBuffer();
    solo.cold.push(now() - t);
    t = now();
    await (await fetch(`${base}/de/products/${h}`)).arrayBuffer();
    solo.warm.push(now() - t);
    t = now();
    await store(`/store/products?handle=${h}&region_id=${region.id}`);
    solo.medusa.push(now() - t);
  }
  const kinds = {
    "product page (50 different)": (i) => Array.from({ length: VISITORS }, (_, k) => `/de/products/${mine[i * VISITORS + k]}`),
    "product page (one, warm)": () => Array.from({ length: VISITORS }, () => `/de/products/${mine[0]}`),
    listing: () => Array.from({ length: VISITORS }, () => "/de"),
    category: () => Array.from({ length: VISITORS }, () => "/de/categories/shirts"),
    search: (i) => Array.from({ length: VISITORS }, (_, k) => `/de/search?q=${["hoodie", "mug", "poster", "cap", "socks"][(i + k) % 5]}`),
    sitemap: () => Array.from({ length: VISITORS }, () => "/sitemap.xml"),
  };
  const mode = { solo: Object.fromEntries(Object.entries(solo).map(([k, v]) => [k, pct(v, 50)])), pages: {} };
  for (const [name, paths] of Object.entries(kinds)) {
    mode.pages[name] = [];
    for (let i = 0; i < BURSTS; i++) mode.pages[name].push(await burst(paths(i)));
  }
  server.kill("SIGTERM");
  await new Promise((r) => server.on("exit", r));
  out.modes[pageCache ? "page cache, shared product reads" : "every request rendered, every product read alone"] = mode;
}
out.loadAfter = loadavg().map((x) => x.toFixed(2)).join(" ");
console.log(JSON.stringify(out, null, 2));

const ms = (x) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);
const rows = Object.entries(out.modes).flatMap(([mode, { pages }]) =>
  Object.entries(pages).map(
    ([name, bursts]) => `| ${name} | ${mode} | ${bursts.map((b) => `${ms(b.p50)} / ${ms(b.p95)}`).join(" | ")} | ${bursts.map((b) => b.medusaPerPage.toFixed(2)).join(" / ")} | ${bursts.reduce((n, b) => n + b.errors, 0)} |`,
  ),
);
const soloLine = ([mode, { solo }]) => `${mode}: a product page never asked for ${ms(solo.cold)}, the same page again ${ms(solo.warm)}; Medusa's own \`GET /store/products?handle=…&region_id=…\` (the one read a cold product page makes) ${ms(solo.medusa)}`;
writeFragment(
  "storefront-load",
  `## The server-rendered storefront under 50 concurrent visitors (issue 40)

Command: \`node bench/storefront-load.mjs${LABEL ? ` --label ${LABEL}` : ""}\` after \`npm run build:storefront\`, against the sandbox holding ${count.toLocaleString("en-US")} published products${LABEL ? ` (snapshot ${LABEL})` : ""}; \`node dist/storefront-server/index.js\` with MEDUSA_URL, MEDUSA_PUBLISHABLE_KEY, PORT, DEFAULT_COUNTRY=de. Each page kind gets three bursts of ${VISITORS} requests sent at once: "50 different" product pages are ${VISITORS} products never asked for before in each burst (the catalogue cache cold for every one); every other kind asks for the same page ${VISITORS} times (the first burst cold, then warm). "Medusa requests per page" counts the sandbox's request log lines for /store/ during the burst, divided by ${VISITORS}. Load average before → after: ${out.loadBefore} → ${out.loadAfter} (a 2-core machine shared with other work).

Each burst is run against the server twice in one run, without its page cache and shared product reads (\`PAGE_CACHE_SECONDS=0 PRODUCT_READ_WINDOW_SECONDS=0\`: every request rendered and every product read alone, as before them) and with them (the defaults), each on products of its own.

One visitor at a time (median of ${SOLO}): ${Object.entries(out.modes).map(soloLine).join("; ")}.

| page | server | burst 1 p50 / p95 | burst 2 p50 / p95 | burst 3 p50 / p95 | Medusa requests per page (bursts 1/2/3) | errors |
| --- | --- | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}
`,
);
