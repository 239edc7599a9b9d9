import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { fetchTransport } from "../../../src/sdk/transport/fetch.js";
import { CATALOGUE_CACHE_CONTROL, startStorefrontServer, type RunningStorefront, type StorefrontServerOptions } from "../../../src/storefront-web/server/server.js";
import { connectionReset, fault } from "../../helpers/medusa-stub/registry.js";
import { createShop, type Shop } from "../../helpers/storefront.js";

/** A client build in miniature: the template's marks and one asset, as `vite build` leaves them. */
function dist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "storefront-dist-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><!--head--><title>x</title><!--/head--><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"><!--app--><p>Loading</p><!--/app--></div></body></html>',
  );
  writeFileSync(path.join(dir, "assets", "app-1.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);
  return dir;
}

let running: RunningStorefront | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(shop: Shop = createShop(), extra: Partial<Pick<StorefrontServerOptions, "publicUrl" | "trustProxy" | "pageCacheMs" | "cache" | "productReadWindowMs">> = {}) {
  running = await startStorefrontServer({ distDir: dist(), medusaUrl: "http://medusa.test", publishableKey: "pk_test", transport: fetchTransport(shop.registry.fetch), log: () => {}, ...extra });
  return { url: running.url, shop };
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: "manual" });

describe("the storefront server", () => {
  it("answers a catalogue page with its content, head and state, cacheable by a CDN", async () => {
    const { url } = await start();
    const res = await get(`${url}/de/products/organic-sweatshirt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(CATALOGUE_CACHE_CONTROL);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self';");
    // Pictures may live on the file module's own host (S3, a CDN): any https origin, beside the back-end.
    expect(csp).toMatch(/img-src 'self' data: blob: http:\/\/medusa\.test https:;/);
    expect(csp).toContain("connect-src 'self' http://medusa.test;");
    const html = await res.text();
    expect(html).toContain('<title data-head>Organic Sweatshirt · Medusa Store</title>');
    expect(html).toContain(`<link rel="canonical" href="${url}/de/products/organic-sweatshirt" data-head>`);
    expect(html).toContain(`<link rel="alternate" hreflang="en-US" href="${url}/us/products/organic-sweatshirt" data-head>`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${url}/products/organic-sweatshirt" data-head>`);
    expect(html).toContain('<meta property="og:type" content="product" data-head>');
    expect(html).toMatch(/<script type="application\/ld\+json" data-head>\{"@context":"https:\/\/schema.org","@type":"Product"/);
    expect(html).toContain("<h1>Organic Sweatshirt</h1>");
    const state = JSON.parse(/<script id="shop-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(state.config).toEqual({ medusaUrl: "http://medusa.test", publishableKey: "pk_test" });
    expect(state.data.map((d: [unknown[]]) => d[0][0])).toEqual(expect.arrayContaining(["regions", "categories", "product"]));
  });

  it("says 404, noindex, for what does not exist", async () => {
    const { url } = await start();
    for (const p of ["/de/products/nope", "/de/nothing-here", "/zz/products/organic-sweatshirt"]) {
      const res = await get(`${url}${p}`);
      expect([p, res.status, res.headers.get("x-robots-tag")]).toEqual([p, 404, "noindex"]);
    }
  });

  it("sends a visitor of / to their country by Accept-Language or their remembered choice, never cached", async () => {
    const { url } = await start();
    const a = await get(`${url}/`, { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" });
    expect([a.status, a.headers.get("location"), a.headers.get("cache-control"), a.headers.get("vary")]).toEqual([302, "/fr", "private, no-store", "Accept-Language, Cookie"]);
    const b = await get(`${url}/account/orders`, { "accept-language": "fr-FR", cookie: "storefront_country=us" });
    expect(b.headers.get("location")).toBe("/us/account/orders");
  });

  it("keeps the shopper's own pages private and out of search engines", async () => {
    const { url } = await start();
    const res = await get(`${url}/de/checkout`);
    expect([res.status, res.headers.get("cache-control"), res.headers.get("x-robots-tag")]).toEqual([200, "private, no-store", "noindex"]);
    expect(await res.text()).toContain('<meta name="robots" content="noindex, follow" data-head>');
  });

  it("reads the catalogue once for a burst of visitors (the catalogue cache)", async () => {
    // Every request rendered: the page cache would answer these before the catalogue cache is asked.
    const { url, shop } = await start(createShop(), { pageCacheMs: 0 });
    await get(`${url}/de/products/organic-sweatshirt`).then((r) => r.text());
    const before = shop.registry.requests.length;
    await Promise.all(Array.from({ length: 20 }, () => get(`${url}/de/products/organic-sweatshirt`).then((r) => r.text())));
    expect(shop.registry.requests.length).toBe(before);
    expect(running!.handler.stats()).toMatchObject({ entries: expect.any(Number) });
    expect(running!.handler.stats().hits).toBeGreaterThanOrEqual(20);
  });

  it("serves robots.txt naming the sitemap and keeping crawlers out of carts and accounts", async () => {
    const { url } = await start();
    const text = await (await get(`${url}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${url}/sitemap.xml`);
    for (const line of ["Disallow: /de/cart", "Disallow: /us/checkout", "Disallow: /fr/account", "Disallow: /cart"]) expect(text).toContain(line);
    expect(text).not.toMatch(/Disallow: \/de\/products/);
  });

  it("lists every product in every country in the sitemap, with lastmod", async () => {
    const { url, shop } = await start();
    const index = await (await get(`${url}/sitemap.xml`)).text();
    expect(index).toContain(`<loc>${url}/sitemap-products-1.xml</loc>`);
    expect(index).not.toContain("sitemap-products-2.xml");
    const part = await (await get(`${url}/sitemap-products-1.xml`)).text();
    const locs = [...part.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(shop.state.products.length * 3);
    expect(locs).toContain(`${url}/fr/products/organic-sweatshirt`);
    expect((await get(`${url}/sitemap-products-2.xml`)).status).toBe(404);
    const cats = await (await get(`${url}/sitemap-categories.xml`)).text();
    expect(cats).toContain(`<loc>${url}/de/categories/apparel/shirts</loc>`);
  });

  it("builds URLs from PUBLIC_URL, or from a Host it can trust, never from a forged one", async () => {
    const { url } = await start(createShop(), { publicUrl: "https://shop.example" });
    expect(await (await get(`${url}/de`, { host: "evil.example" })).text()).toContain('<link rel="canonical" href="https://shop.example/de" data-head>');
    await running!.close();
    running = undefined;
    const plain = await start();
    const html = await (await get(`${plain.url}/de`, { "x-forwarded-host": "evil.example" })).text();
    expect(html).not.toContain("evil.example");
  });

  it("compresses pages and caches hashed assets for a year", async () => {
    const { url } = await start();
    const page = await fetch(`${url}/de`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const asset = await get(`${url}/assets/app-1.js`, { "accept-encoding": "br, gzip" });
    expect([asset.status, asset.headers.get("cache-control"), asset.headers.get("content-encoding")]).toEqual([200, "public, max-age=31536000, immutable", "br"]);
    expect((await get(`${url}/assets/missing-2.js`)).status).toBe(404);
    // A raw look: the body really is gzip.
    const raw = await new Promise<Buffer>((resolve) => {
      import("node:http").then(({ get: httpGet }) =>
        httpGet(`${url}/de`, { headers: { "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        }),
      );
    });
    expect(gunzipSync(raw).toString()).toContain("<title data-head>Medusa Store</title>");
  });

  it("answers HEAD without a body and refuses other methods", async () => {
    const { url } = await start();
    const head = await fetch(`${url}/de`, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
    expect((await fetch(`${url}/de`, { method: "POST" })).status).toBe(405);
  });

  it("renders a page once for a burst of visitors and serves that render for a few seconds (the page cache)", async () => {
    const { url } = await start(createShop(), { pageCacheMs: 60_000 });
    const page = `${url}/de/products/organic-sweatshirt`;
    const bodies = await Promise.all(Array.from({ length: 20 }, () => get(page, { "accept-encoding": "br" }).then(async (r) => [r.status, r.headers.get("content-encoding"), await r.text()] as const)));
    expect(running!.handler.pageStats()).toMatchObject({ renders: 1, entries: 1 });
    expect(running!.handler.pageStats().shared + running!.handler.pageStats().hits).toBe(19);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]![2]).toContain("<h1>Organic Sweatshirt</h1>");
    // The same render, compressed the other way for a client without brotli.
    const gz = await get(page, { "accept-encoding": "gzip" });
    expect([gz.headers.get("content-encoding"), await gz.text()]).toEqual(["gzip", bodies[0]![2]]);
    expect(running!.handler.pageStats().renders).toBe(1);
  });

  it("reads the products of pages asked for at the same moment in one request", async () => {
    const shop = createShop();
    // A window wide enough that eight requests sent together still meet in it on a loaded machine
    // (at the default 8 ms they once arrived apart and were read one by one).
    const { url } = await start(shop, { pageCacheMs: 0, productReadWindowMs: 250 });
    await get(`${url}/de`).then((r) => r.text());
    const handles = shop.state.products.slice(0, 8).map((p) => p.handle);
    const before = shop.registry.requests.length;
    const pages = await Promise.all(handles.map((h) => get(`${url}/de/products/${h}`).then(async (r) => [r.status, await r.text()] as const)));
    pages.forEach(([status, html], i) => {
      expect(status).toBe(200);
      expect(html).toContain(`<h1>${shop.state.products[i]!.title.replace(/&/g, "&amp;")}</h1>`);
    });
    const reads = shop.registry.requests.slice(before).filter((r) => r.path === "/store/products");
    expect(reads.length).toBeLessThan(handles.length);
    expect(running!.handler.batchStats().batched).toBeGreaterThanOrEqual(2);
  });

  it("renders again once a kept page is older than its time, and shows what changed", async () => {
    const shop = createShop();
    let now = 1_000_000;
    // One clock for both caches: the catalogue is fresh for 5 s, a page kept for 2 s of that.
    const { url } = await start(shop, { pageCacheMs: 2_000, cache: { freshMs: 5_000, staleMs: 0, now: () => now } });
    const page = `${url}/de/products/organic-sweatshirt`;
    expect(await (await get(page)).text()).toContain("<h1>Organic Sweatshirt</h1>");
    shop.state.products.find((p) => p.handle === "organic-sweatshirt")!.title = "Organic Hoodie";
    now += 1_900;
    expect(await (await get(page)).text()).toContain("<h1>Organic Sweatshirt</h1>");
    now += 4_000;
    expect(await (await get(page)).text()).toContain("<h1>Organic Hoodie</h1>");
    expect(running!.handler.pageStats()).toMatchObject({ renders: 2, hits: 1 });
  });

  it("never keeps what depends on the visitor: country redirects, personal pages, errors", async () => {
    const shop = createShop();
    const { url } = await start(shop, { pageCacheMs: 60_000 });
    const [fr, us] = await Promise.all([get(`${url}/`, { "accept-language": "fr-FR" }), get(`${url}/`, { "accept-language": "en-US" })]);
    expect([fr.headers.get("location"), us.headers.get("location")]).toEqual(["/fr", "/us"]);
    await get(`${url}/de/checkout`).then((r) => r.text());
    await get(`${url}/de/products/nope`).then((r) => r.text());
    expect(running!.handler.pageStats().entries).toBe(0);
  });

  it("answers 503 with a short page when the back-end cannot be reached, and recovers", async () => {
    const shop = createShop();
    const { url } = await start(shop);
    const down = shop.registry.stub("GET /store/regions", fault(connectionReset())).persist();
    const res = await get(`${url}/de`);
    expect([res.status, res.headers.get("cache-control"), res.headers.get("retry-after")]).toEqual([503, "private, no-store", "30"]);
    expect(await res.text()).toContain("open the shop");
    down.times(0);
    expect((await get(`${url}/de`)).status).toBe(200);
  });
});
