/**
 * Lighthouse 12, mobile (its default: a mid-range phone on simulated slow 4G), on the production
 * storefront against the real back-end: home, a category, a product and the cart (with lines in
 * it). Accessibility, best practices and SEO are checked (≥ 95); the cart is kept out of search
 * engines on purpose (noindex), which Lighthouse's "is-crawlable" audit always counts against it,
 * so there every other SEO audit must pass. Performance is a timing on a shared machine: it is
 * written down with the rest (test-artifacts/lighthouse/), not asserted; bench/storefront-lighthouse.mjs
 * measures it on a quiet machine beside Medusa's starter.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditPages } from "../../bench/lib/lighthouse.mjs";
import { purchasableVariants, regionFor } from "./helpers/orders.js";
import { backend, storeSdk } from "./helpers/sdk.js";
import { startServer } from "./helpers/storefront.js";

const OUT = path.resolve(import.meta.dirname, "../../test-artifacts/lighthouse");
let server: Awaited<ReturnType<typeof startServer>>;
let cartId: string;

beforeAll(async () => {
  server = await startServer(backend);
  const sdk = storeSdk();
  const region = await regionFor(sdk, "eur");
  const items = (await purchasableVariants(sdk, region.id, 2, 2)).map((v) => ({ variant_id: v.id, quantity: 1 }));
  cartId = (await sdk.store.cart.create({ region_id: region.id, shipping_address: { country_code: "de" }, items }, { fields: "id" })).cart.id;
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

describe("Lighthouse (mobile) on the production storefront", () => {
  it("home, a category, a product and the cart score at least 95 in accessibility, best practices and SEO", async () => {
    // A running shop's catalogue cache is warm: one visit first, as the visitor before this one.
    for (const p of ["/de", "/de/categories/apparel", "/de/products/classic-hoodie", "/de/cart"]) await (await fetch(`${server.url}${p}`)).text();
    const results = await auditPages([
      { name: "home", url: `${server.url}/de` },
      { name: "category", url: `${server.url}/de/categories/apparel` },
      { name: "product", url: `${server.url}/de/products/classic-hoodie` },
      { name: "cart", url: `${server.url}/de/cart`, storage: { storefront_cart_id: cartId } },
    ]);
    mkdirSync(OUT, { recursive: true });
    const rows = ["| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"];
    for (const r of results) {
      writeFileSync(path.join(OUT, `${r.name}.json`), JSON.stringify(r.lhr));
      const s = r.scores;
      rows.push(`| ${r.name} | ${s.performance} | ${s.accessibility} | ${s["best-practices"]} | ${s.seo} | ${r.metrics.fcp} | ${r.metrics.lcp} | ${r.metrics.tbt} | ${r.metrics.cls} |`);
      process.stderr.write(`lighthouse ${r.name}: ${JSON.stringify(s)} ${JSON.stringify(r.metrics)}${r.failing.length ? ` below 1: ${r.failing.map((f) => `${f.category}/${f.id}=${f.score}`).join(", ")}` : ""}\n`);
    }
    writeFileSync(path.join(OUT, "summary.md"), `${rows.join("\n")}\n`);
    for (const r of results) {
      expect([r.name, r.scores.accessibility], JSON.stringify(r.failing)).toEqual([r.name, expect.any(Number)]);
      expect(r.scores.accessibility, `${r.name} accessibility: ${JSON.stringify(r.failing)}`).toBeGreaterThanOrEqual(95);
      expect(r.scores["best-practices"], `${r.name} best practices: ${JSON.stringify(r.failing)}`).toBeGreaterThanOrEqual(95);
      if (r.name === "cart") {
        // Kept out of search engines by design; everything else a crawler checks passes.
        expect(r.failing.filter((f) => f.category === "seo").map((f) => f.id)).toEqual(["is-crawlable"]);
      } else {
        expect(r.scores.seo, `${r.name} SEO: ${JSON.stringify(r.failing)}`).toBeGreaterThanOrEqual(95);
      }
    }
  }, 300_000);
});
