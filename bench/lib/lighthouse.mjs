// Lighthouse 12 (mobile: its default form factor, screen and simulated slow-4G throttling) in
// Debian's headless Chromium, for the storefront's test and its benchmark. One browser for a run of
// pages; a page may be given a cart first (localStorage on its origin, which Lighthouse then keeps:
// disableStorageReset), so the cart page is audited with lines in it as a shopper sees it.
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

export const CHROMIUM = "/usr/bin/chromium-headless-shell";
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/**
 * Audits each of `pages` ({name, url, storage?}) in turn; resolves to one result per page:
 * {name, url, scores: {performance, …} (0–100), metrics: {fcp, lcp, tbt, cls, si} (display
 * strings), failing: [{category, id, score, title}] (audits below 1 that count), lhr}.
 * A page's `cookies` are set on its origin the same way (a storefront that keeps its cart in a cookie).
 * @param {{ name: string, url: string, storage?: Record<string, string>, cookies?: Record<string, string> }[]} pages
 */
export async function auditPages(pages, { chromePath = CHROMIUM } = {}) {
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const port = Number(new URL(browser.wsEndpoint()).port);
  const out = [];
  try {
    // A browser's first page load pays for starting its own processes; the audits should not.
    if (pages[0]) {
      const warm = await browser.newPage();
      await warm.goto(pages[0].url, { waitUntil: "load" }).catch(() => {});
      await warm.close();
    }
    for (const p of pages) {
      const keep = Boolean(p.storage || p.cookies);
      if (keep) {
        const page = await browser.newPage();
        await page.goto(new URL("/health", p.url).href).catch(() => {});
        if (p.storage) {
          await page.evaluate((s) => {
            for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
          }, p.storage);
        }
        for (const [name, value] of Object.entries(p.cookies ?? {})) await page.setCookie({ name, value, url: new URL("/", p.url).href });
        await page.close();
      }
      const run = await lighthouse(p.url, { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, disableStorageReset: keep });
      const lhr = run.lhr;
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
      const metric = (id) => lhr.audits[id]?.displayValue ?? "";
      const failing = [];
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.push({ category: c, id: ref.id, score: a.score, title: a.title, value: a.displayValue ?? "" });
        }
      }
      out.push({
        name: p.name,
        url: p.url,
        scores,
        metrics: { fcp: metric("first-contentful-paint"), lcp: metric("largest-contentful-paint"), tbt: metric("total-blocking-time"), cls: metric("cumulative-layout-shift"), si: metric("speed-index") },
        failing,
        lhr,
      });
    }
  } finally {
    await browser.close();
  }
  return out;
}
