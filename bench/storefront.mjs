#!/usr/bin/env node
// Storefront size and speed → bench/results/storefront.md:
//  1. JavaScript of the first page, gzipped: the entry and its modulepreloads from index.html, and
//     what Chromium actually fetched for "/" (lazy pages load later).
//  2. Navigation → first product list visible, in Debian's Chromium against the local back-end:
//     a MutationObserver notes performance.now() when the first card of the list is in the DOM.
//     Cold runs use a fresh browser context each (empty cache); warm runs reload in one context.
//  3. Web vitals in the same Chromium: largest contentful paint of the product page (with its seeded
//     images) and cumulative layout shift of the home page and the product page, from
//     PerformanceObserver 'largest-contentful-paint' / 'layout-shift' entries (buffered), read once the
//     main image has loaded and the page had a second to settle. Budgets (issue 19): first-load JS
//     <= 100 KB gzip, product LCP < 1.5 s, CLS <= 0.05.
// Usage: node bench/storefront.mjs [runs]   (default 7; the sandbox must be up or startable)
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { writeFragment } from "./lib/measure.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 7);
const outDir = path.join(root, ".tmp", "storefront-bench");

const { build } = await import("vite");
await build({ configFile: path.join(root, "src/storefront-web/vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);
const html = readFileSync(path.join(outDir, "index.html"), "utf8");
const firstPage = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
const files = firstPage.map((href) => {
  const buf = readFileSync(path.join(outDir, href.replace(/^\//, "")));
  return { href, raw: buf.length, gzip: gz(buf) };
});
const staticTotal = files.reduce((n, f) => n + f.gzip, 0);

const env = Object.fromEntries(
  spawnSync(process.execPath, [path.join(root, "bin/medusactl.js"), "sandbox", "up", "--env"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
    .stdout.trim()
    .split("\n")
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
);
if (!env.MEDUSA_URL) throw new Error("medusactl sandbox up --env gave no URL");

const { serveStorefront } = await import("../scripts/static-server.mjs");
const server = await serveStorefront({ dir: outDir, config: { medusaUrl: env.MEDUSA_URL, publishableKey: env.MEDUSA_PUBLISHABLE_KEY } });
const { chromium } = await import("playwright-core");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });

function watchList() {
  new MutationObserver((_, obs) => {
    if (document.querySelector('ul[aria-label="Products"] li')) {
      window.__listAt = performance.now();
      obs.disconnect();
    }
  }).observe(document, { subtree: true, childList: true });
}

async function measure(page, reload) {
  if (reload) await page.reload({ waitUntil: "commit" });
  else await page.goto(`${server.url}/`, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__listAt !== undefined, undefined, { timeout: 30_000, polling: 50 });
  return page.evaluate(() => ({
    listMs: window.__listAt,
    productsMs: performance.getEntriesByType("resource").filter((e) => e.name.includes("/store/products"))[0]?.duration,
    scripts: performance.getEntriesByType("resource").filter((e) => e.initiatorType === "script" || e.name.endsWith(".js")).map((e) => new URL(e.name).pathname),
  }));
}

const cold = [];
let fetched = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(watchList);
  const js = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") js.push(new URL(r.url()).pathname);
  });
  cold.push(await measure(page, false));
  fetched = js;
  await context.close();
}
const warm = [];
{
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(watchList);
  await measure(page, false);
  for (let i = 0; i < runs; i++) warm.push(await measure(page, true));
  await context.close();
}
// Web vitals. The observers are installed before any page script runs.
function watchVitals() {
  window.__lcp = 0;
  window.__lcpUrl = "";
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__lcp = e.startTime;
      window.__lcpUrl = e.url || e.element?.tagName || "";
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
  }).observe({ type: "layout-shift", buffered: true });
}

const PRODUCT = "/products/organic-sweatshirt";
async function vitals(pathname, ready) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(watchVitals);
  await page.goto(`${server.url}${pathname}`, { waitUntil: "commit" });
  await page.waitForFunction(ready, undefined, { timeout: 30_000, polling: 50 });
  await page.waitForTimeout(1000);
  const r = await page.evaluate(() => ({ lcp: window.__lcp, lcpUrl: window.__lcpUrl, cls: window.__cls }));
  await context.close();
  return r;
}
const productReady = () => {
  const img = document.querySelector('main img[alt*=", image 1 of"]');
  return Boolean(img && img.complete && img.naturalWidth > 0);
};
const homeReady = () => {
  const img = document.querySelector('ul[aria-label="Products"] img');
  return Boolean(img && img.complete && img.naturalWidth > 0);
};
const productVitals = [];
const homeVitals = [];
for (let i = 0; i < runs; i++) {
  productVitals.push(await vitals(PRODUCT, productReady));
  homeVitals.push(await vitals("/", homeReady));
}

await browser.close();
await server.close();

const fetchedGzip = [...new Set(fetched)].reduce((n, p) => n + gz(readFileSync(path.join(outDir, p.replace(/^\//, "")))), 0);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const stats = (xs) => `${median(xs).toFixed(0)} ms (range ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
const cpu = (() => {
  try {
    return readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/)?.[1] ?? "";
  } catch {
    return "";
  }
})();

const lcps = productVitals.map((v) => v.lcp);
const maxCls = (vs) => Math.max(...vs.map((v) => v.cls));
const lcpElement = [...new Set(productVitals.map((v) => (v.lcpUrl.startsWith("http") ? new URL(v.lcpUrl).pathname.split("/").pop() : v.lcpUrl)))].join(", ");
const verdict = (ok) => (ok ? "within budget" : "**over budget**");

const md = `## Storefront (\`bench/storefront.mjs\`)

JavaScript for the first page (\`/\`), gzip level 9 — budget 100 KB:

| file | raw | gzipped |
| --- | ---: | ---: |
${files.map((f) => `| \`${f.href}\` | ${kb(f.raw)} KB | ${kb(f.gzip)} KB |`).join("\n")}
| **entry + modulepreloads** | | **${kb(staticTotal)} KB** |
| what Chromium fetched for \`/\` (${[...new Set(fetched)].length} scripts) | | ${kb(fetchedGzip)} KB |

Navigation → first product list visible (a MutationObserver notes \`performance.now()\` when the first
card is in the DOM; time 0 is the navigation start), built files served by \`scripts/static-server.mjs\`,
Debian Chromium headless, local Medusa 2.21 sandbox, ${runs} runs each:

| | median (range) | \`/store/products\` request inside it (median) |
| --- | --- | --- |
| cold (new browser context: empty cache) | ${stats(cold.map((r) => r.listMs))} | ${median(cold.map((r) => r.productsMs ?? 0)).toFixed(0)} ms |
| warm (reload, assets cached) | ${stats(warm.map((r) => r.listMs))} | ${median(warm.map((r) => r.productsMs ?? 0)).toFixed(0)} ms |

Web vitals (Chromium's PerformanceObserver, cold browser context each run, viewport 1280×900, ${runs} runs
each; the seeded product pictures are served by the sandbox's file module):

| metric | median (range) | budget | |
| --- | --- | --- | --- |
| largest contentful paint, product page \`${PRODUCT}\` | ${stats(lcps)} | < 1,500 ms | ${verdict(median(lcps) < 1500)} |
| cumulative layout shift, product page (worst run) | ${maxCls(productVitals).toFixed(3)} | ≤ 0.05 | ${verdict(maxCls(productVitals) <= 0.05)} |
| cumulative layout shift, home page (worst run) | ${maxCls(homeVitals).toFixed(3)} | ≤ 0.05 | ${verdict(maxCls(homeVitals) <= 0.05)} |
| first-load JS (entry + modulepreloads, gzip) | ${kb(staticTotal)} KB | ≤ 100 KB | ${verdict(staticTotal <= 100 * 1024)} |

The product page's largest paint is \`${lcpElement || "?"}\` (the gallery's first image, loaded eagerly with
\`fetchpriority=high\`; every image has its width and height, so nothing moves when it arrives).

The list needs three requests in a row after the JS runs: \`config.json\`, \`/store/regions\` (prices
need the region), then \`/store/products\` (12 per page, with \`region_id\`). On the home page the list sits below the
hero and the featured-collection rails, so it also waits for \`/store/collections\` (asked at the same time as the
products), and the rails' own product requests share the back-end with it. Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpu || "this machine"}
(2 cores shared with other work: compare figures from one run only).
Command: \`node bench/storefront.mjs ${runs}\`
`;
writeFragment("storefront", md);
process.stdout.write(md);
