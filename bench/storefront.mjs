#!/usr/bin/env node
// The storefront's size and Lighthouse scores → bench/results/storefront.md:
//  1. First-load JavaScript of the home page, gzipped (level 9): the entry and the modulepreloads the
//     built index.html names (pages that load on demand — product, cart, checkout — come later).
//  2. Lighthouse 12, mobile (its default: a mid-range phone on simulated slow 4G), on the production
//     server (npm run build:storefront; dist/storefront-server/index.js against the local sandbox):
//     home, a category, a product and the cart with two lines in it; `--runs N` each (default 3),
//     medians. Each page is visited once first, as the visitor before would have warmed the catalogue cache.
//  3. With `--compare URL` (another storefront already running against the same sandbox, such as
//     Medusa's own starter) the same audits of its pages, beside ours, in one run: `--compare-paths`
//     names its home, category, product and cart paths (default "/de,/de/categories/apparel,
//     /de/products/classic-hoodie,/de/cart"); the cart page gets the same cart, in localStorage (ours)
//     and in the `_medusa_cart_id` cookie (Medusa's starter). How that storefront is built and started
//     is up to whoever measures it: nothing here builds it.
// Usage: node bench/storefront.mjs [--runs N] [--compare URL [--compare-paths a,b,c,d]]
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { auditPages } from "./lib/lighthouse.mjs";
import { median, root, writeFragment } from "./lib/measure.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg("--runs", "3"));
const compare = arg("--compare", undefined);
const comparePaths = arg("--compare-paths", "/de,/de/categories/apparel,/de/products/classic-hoodie,/de/cart").split(",");

const built = spawnSync("npm", ["run", "--silent", "build:storefront"], { cwd: root, stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

// 1. First-load JavaScript.
const dist = path.join(root, "dist", "storefront");
const html = readFileSync(path.join(dist, "index.html"), "utf8");
const files = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
const sizes = files.map((href) => {
  const buf = readFileSync(path.join(dist, href));
  return { href, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
});
const kb = (n) => (n / 1024).toFixed(1);
const firstLoad = sizes.reduce((n, f) => n + f.gzip, 0);

// 2. The production server against the sandbox.
const env = Object.fromEntries(
  spawnSync(process.execPath, [path.join(root, "bin/medusactl.js"), "sandbox", "up", "--env"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
    .stdout.trim()
    .split("\n")
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
);
if (!env.MEDUSA_URL) throw new Error("medusactl sandbox up --env gave no URL");
const server = spawn(process.execPath, [path.join(root, "dist/storefront-server/index.js")], {
  env: { ...process.env, MEDUSA_URL: env.MEDUSA_URL, MEDUSA_PUBLISHABLE_KEY: env.MEDUSA_PUBLISHABLE_KEY, PORT: "0" },
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    const m = /storefront at (\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
  server.on("exit", (code) => reject(new Error(`the storefront server exited (${code})`)));
});

/** A cart with two lines, as a shopper on the cart page has. */
async function cart() {
  const h = { "x-publishable-api-key": env.MEDUSA_PUBLISHABLE_KEY, "content-type": "application/json" };
  const get = async (p) => (await fetch(`${env.MEDUSA_URL}${p}`, { headers: h })).json();
  const { regions } = await get("/store/regions?fields=id,currency_code");
  const region = regions.find((r) => r.currency_code === "eur");
  const { products } = await get(`/store/products?limit=2&region_id=${region.id}&fields=id,*variants`);
  const items = products.map((p) => ({ variant_id: p.variants[0].id, quantity: 1 }));
  const res = await fetch(`${env.MEDUSA_URL}/store/carts`, { method: "POST", headers: h, body: JSON.stringify({ region_id: region.id, shipping_address: { country_code: "de" }, items }) });
  return (await res.json()).cart.id;
}

const NAMES = ["home", "category", "product", "cart"];
async function measure(base, paths) {
  const cartId = await cart();
  for (const p of paths) await (await fetch(`${base}${p}`)).text().catch(() => "");
  const all = [];
  for (let i = 0; i < runs; i++) {
    all.push(await auditPages(paths.map((p, k) => ({ name: NAMES[k], url: `${base}${p}`, ...(NAMES[k] === "cart" ? { storage: { storefront_cart_id: cartId }, cookies: { _medusa_cart_id: cartId } } : {}) }))));
  }
  return NAMES.map((name, k) => {
    const rs = all.map((r) => r[k]);
    const score = (c) => median(rs.map((r) => r.scores[c]));
    const metric = (id) => median(rs.map((r) => r.lhr.audits[id]?.numericValue ?? NaN));
    return { name, path: paths[k], perf: score("performance"), a11y: score("accessibility"), bp: score("best-practices"), seo: score("seo"), fcp: metric("first-contentful-paint"), lcp: metric("largest-contentful-paint"), tbt: metric("total-blocking-time"), cls: metric("cumulative-layout-shift") };
  });
}

const ours = await measure(url, ["/de", "/de/categories/apparel", "/de/products/classic-hoodie", "/de/cart"]);
const theirs = compare ? await measure(compare, comparePaths) : undefined;
server.kill("SIGTERM");

const row = (who, r) => `| ${who} | ${r.name} (\`${r.path}\`) | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.seo} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} |`;
const load = os.loadavg().map((l) => l.toFixed(1)).join(" ");
const md = `## Storefront (\`bench/storefront.mjs\`)

First-load JavaScript of the home page (entry and its modulepreloads in the built \`index.html\`), gzip level 9 — budget 100 KB:

| file | raw | gzipped |
| --- | ---: | ---: |
${sizes.map((f) => `| \`${f.href}\` | ${kb(f.raw)} KB | ${kb(f.gzip)} KB |`).join("\n")}
| **first load** | | **${kb(firstLoad)} KB** (${firstLoad <= 100 * 1024 ? "within" : "over"} budget) |

Lighthouse 12, mobile (default form factor and simulated throttling), median of ${runs} run(s) per page, against the
local sandbox; production server (\`dist/storefront-server/index.js\`)${compare ? `, beside \`${compare}\` measured the same way in the same run` : ""}.
Categories are scores out of 100 (performance, accessibility, best practices, SEO):

| storefront | page | perf | a11y | best practices | SEO | FCP | LCP | TBT | CLS |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${ours.map((r) => row("medusactl", r)).join("\n")}
${theirs ? theirs.map((r) => row("compared", r)).join("\n") : ""}

The cart's SEO stays below 95 by design: it is \`noindex\` (a shopper's cart is not for search engines), which
Lighthouse's "is-crawlable" audit always counts against it. Load average while measuring: ${load} (${os.cpus().length}
cores): scores that depend on timing move with it; compare within one run.
Command: \`node bench/storefront.mjs --runs ${runs}${compare ? ` --compare ${compare}` : ""}\`
`;
console.log(md);
writeFragment("storefront", md);
process.exit(0);
