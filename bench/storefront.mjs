#!/usr/bin/env node
// Storefront size and speed → bench/results/storefront.md:
//  1. JavaScript of the first page, gzipped: the entry and its modulepreloads from index.html, and
//     what Chromium actually fetched for "/" (lazy pages load later).
//  2. Navigation → first product list visible, in Debian's Chromium against the local back-end:
//     a MutationObserver notes performance.now() when the first card of the list is in the DOM.
//     Cold runs use a fresh browser context each (empty cache); warm runs reload in one context.
// Usage: node bench/storefront.mjs [runs]   (default 7; the sandbox must be up or startable)
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

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

The list needs three requests in a row after the JS runs: \`config.json\`, \`/store/regions\` (prices
need the region), then \`/store/products\` (12 per page, with \`region_id\`). Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpu || "this machine"}
(2 cores shared with other work: compare figures from one run only).
Command: \`node bench/storefront.mjs ${runs}\`
`;
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(path.join(root, "bench/results/storefront.md"), md);
process.stdout.write(md);
