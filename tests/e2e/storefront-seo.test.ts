/**
 * What a search engine and a link preview get: every public route of the production storefront
 * (the built server, as its own process, against the real back-end) fetched without JavaScript,
 * as a crawler does. Each page's first HTML must hold its content, title, description, canonical
 * URL, alternates and structured data, with the price a shopper in that country pays; what does
 * not exist answers 404; the sitemap lists every published product, category and collection; a
 * product published a moment ago appears within the catalogue cache's freshness time.
 */
import type { HttpTypes } from "@medusajs/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seeded } from "./helpers/admin-fixtures.js";
import { adminSdk, backend, storeSdk, uniq } from "./helpers/sdk.js";
import { startServer } from "./helpers/storefront.js";

let server: Awaited<ReturnType<typeof startServer>>;
// A short freshness time, so "published a moment ago" can be waited for.
const FRESH_SECONDS = 2;

beforeAll(async () => {
  server = await startServer(backend, { CATALOGUE_FRESH_SECONDS: String(FRESH_SECONDS), CATALOGUE_STALE_SECONDS: "0", PUBLIC_URL: "https://shop.example" });
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

interface Crawled {
  status: number;
  headers: Headers;
  html: string;
  title: string;
  description?: string;
  canonical?: string;
  robots?: string;
  alternates: Record<string, string>;
  jsonLd: Record<string, any>[];
  og: Record<string, string>;
}

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** One page as a crawler sees it: no JavaScript, no cookies, the server's first answer. */
async function crawl(path: string, headers: Record<string, string> = {}): Promise<Crawled> {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { "accept-language": "de-DE", ...headers } });
  const html = await res.text();
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
  const metas = [...head.matchAll(/<meta [^>]*>/g)].map((m) => m[0]);
  const links = [...head.matchAll(/<link [^>]*>/g)].map((m) => m[0]);
  const metaContent = (key: string, value: string) => {
    const t = metas.find((m) => attr(m, key) === value);
    return t ? unescape(attr(t, "content") ?? "") : undefined;
  };
  const og: Record<string, string> = {};
  for (const m of metas) {
    const p = attr(m, "property");
    if (p) og[p] = unescape(attr(m, "content") ?? "");
  }
  return {
    status: res.status,
    headers: res.headers,
    html,
    title: unescape(/<title[^>]*>([^<]*)<\/title>/.exec(head)?.[1] ?? ""),
    description: metaContent("name", "description"),
    robots: metaContent("name", "robots"),
    canonical: attr(links.find((l) => attr(l, "rel") === "canonical") ?? "", "href"),
    alternates: Object.fromEntries(links.filter((l) => attr(l, "rel") === "alternate").map((l) => [attr(l, "hreflang")!, attr(l, "href")!])),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)),
    og,
  };
}

/** The seeded product the store API prices for Germany (with VAT, as the product page shows it). */
async function storePrice(handle: string, country: string): Promise<{ product: HttpTypes.StoreProduct; cheapest: number; currency: string }> {
  const store = storeSdk();
  const { regions } = await store.store.region.list({ fields: "id,currency_code,*countries" });
  const region = regions.find((r) => r.countries?.some((c) => c.iso_2 === country))!;
  const { products } = await store.store.product.list({ handle, region_id: region.id, country_code: country, fields: "id,title,handle,description,subtitle,thumbnail,*variants.calculated_price" });
  const product = products[0]!;
  const amounts = product.variants!.map((v) => {
    const p = v.calculated_price as { calculated_amount_with_tax?: number; calculated_amount?: number };
    return region.currency_code === "usd" ? p.calculated_amount! : (p.calculated_amount_with_tax ?? p.calculated_amount!);
  });
  return { product, cheapest: Math.min(...amounts), currency: region.currency_code };
}

describe("the storefront as a crawler reads it (no JavaScript)", () => {
  it("a product page holds its name, description, picture and the price a German shopper pays, in the first HTML", async () => {
    const { product, cheapest } = await storePrice("organic-sweatshirt", "de");
    const p = await crawl("/de/products/organic-sweatshirt");
    expect(p.status).toBe(200);
    expect(p.headers.get("cache-control")).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(p.title).toBe(`${product.title} · Medusa Store`);
    expect(p.description).toBeTruthy();
    expect(p.canonical).toBe("https://shop.example/de/products/organic-sweatshirt");
    expect(p.alternates["en-DE"]).toBe("https://shop.example/de/products/organic-sweatshirt");
    expect(p.alternates["en-US"]).toBe("https://shop.example/us/products/organic-sweatshirt");
    expect(p.alternates["x-default"]).toBe("https://shop.example/products/organic-sweatshirt");
    expect(p.og).toMatchObject({ "og:type": "product", "og:title": product.title, "og:image": product.thumbnail, "product:price:currency": "EUR" });
    expect(Number(p.og["product:price:amount"])).toBeCloseTo(cheapest, 2);
    expect(p.html).toContain(`<h1>${product.title}</h1>`);
    // The price as shown: €, with VAT, said once.
    expect(p.html).toMatch(new RegExp(`€${cheapest.toFixed(2).replace(".", "\\.")}<span class="price-note"> <!-- -->incl. VAT`));
    const [ld, crumbs] = p.jsonLd;
    expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: product.title, url: p.canonical });
    expect(ld!.image[0]).toBe(product.thumbnail);
    expect(Math.min(...ld!.offers.map((o: { price: string }) => Number(o.price)))).toBeCloseTo(cheapest, 2);
    for (const o of ld!.offers) {
      expect(o).toMatchObject({ "@type": "Offer", priceCurrency: "EUR", availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/) });
      expect(o.sku).toMatch(/\S/);
    }
    expect(crumbs).toMatchObject({ "@type": "BreadcrumbList" });
    expect(crumbs!.itemListElement.at(-1)).toMatchObject({ name: product.title, item: p.canonical });
  });

  it("the same product at /us is priced in dollars before sales tax", async () => {
    const { cheapest } = await storePrice("organic-sweatshirt", "us");
    const p = await crawl("/us/products/organic-sweatshirt");
    expect(p.og["product:price:currency"]).toBe("USD");
    expect(Number(p.og["product:price:amount"])).toBeCloseTo(cheapest, 2);
    expect(p.jsonLd[0]!.offers[0].priceCurrency).toBe("USD");
  });

  it.each([
    ["/de", "Medusa Store", ["Organization", "WebSite"]],
    ["/de/categories/apparel", "Apparel · Medusa Store", ["BreadcrumbList"]],
    ["/de/categories/apparel/sweatshirts", "Sweatshirts · Medusa Store", ["BreadcrumbList"]],
    ["/de/collections/summer-edition", "Summer Edition · Medusa Store", []],
  ])("%s: title, description, canonical, structured data, and its products in the HTML", async (path, title, types) => {
    const p = await crawl(path);
    expect(p.status).toBe(200);
    expect(p.title).toBe(title);
    expect(p.description?.length).toBeGreaterThan(10);
    expect(p.canonical).toBe(`https://shop.example${path}`);
    expect(p.robots).toBeUndefined();
    expect(p.jsonLd.map((d) => d["@type"])).toEqual(types);
    expect(p.html).toMatch(/<ul class="grid" aria-label="[^"]*"><li class="card">/);
  });

  it("keeps search results and the shopper's own pages out of search engines", async () => {
    for (const path of ["/de/search?q=shirt", "/de/cart", "/de/checkout", "/de/account", "/de/account/orders", "/de/account/login"]) {
      const p = await crawl(path);
      expect([path, p.status, p.robots]).toEqual([path, 200, "noindex, follow"]);
      expect(p.canonical).toBeUndefined();
      expect(p.headers.get("x-robots-tag")).toBe("noindex");
    }
    for (const path of ["/de/cart", "/de/checkout", "/de/account"]) expect((await crawl(path)).headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers 404 with the shop's page for what does not exist, and for a product removed a moment ago", async () => {
    for (const path of ["/de/products/no-such-product", "/de/categories/no-such-category", "/de/collections/no-such-collection", "/de/no/such/page", "/zz/products/organic-sweatshirt"]) {
      const p = await crawl(path);
      expect([path, p.status, p.robots]).toEqual([path, 404, "noindex, follow"]);
      expect(p.html).toMatch(/<h1>(Page not found|This \w+ does not exist)<\/h1>/);
    }
    const admin = adminSdk();
    const seed = await seeded(admin);
    const handle = uniq("seo-removed");
    const { product } = await admin.admin.product.create(
      { title: "Removed soon", handle, status: "published", shipping_profile_id: seed.shippingProfileId, sales_channels: [{ id: seed.salesChannelId }], options: [{ title: "Size", values: ["M"] }], variants: [{ title: "M", options: { Size: "M" }, prices: [{ currency_code: "eur", amount: 10 }], manage_inventory: false }] } as never,
      { fields: "id" },
    );
    expect((await crawl(`/de/products/${handle}`)).status).toBe(200);
    await admin.admin.product.delete(product.id);
    await new Promise((r) => setTimeout(r, (FRESH_SECONDS + 0.5) * 1000));
    expect((await crawl(`/de/products/${handle}`)).status).toBe(404);
  });

  it("sends a first visit to the country its browser names, and a returning one to the country they chose", async () => {
    const a = await crawl("/products/organic-sweatshirt", { "accept-language": "en-US,en;q=0.9" });
    expect([a.status, a.headers.get("location")]).toEqual([302, "/us/products/organic-sweatshirt"]);
    const b = await crawl("/", { "accept-language": "en-US", cookie: "storefront_country=fr" });
    expect(b.headers.get("location")).toBe("/fr");
    expect(b.headers.get("cache-control")).toBe("private, no-store");
  });

  it("the sitemap lists every published product of the key's sales channel in every country, and every category and collection", async () => {
    const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(parts).toEqual(expect.arrayContaining(["/sitemap-pages.xml", "/sitemap-categories.xml", "/sitemap-collections.xml", "/sitemap-products-1.xml"]));
    const locs = async (part: string) => [...(await (await fetch(`${server.url}${part}`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const productLocs = (await Promise.all(parts.filter((p) => p.startsWith("/sitemap-products-")).map(locs))).flat();
    const store = storeSdk();
    const handles: string[] = [];
    for await (const p of store.store.product.paginate({ fields: "handle", limit: 200 })) handles.push(p.handle!);
    const { regions } = await store.store.region.list({ fields: "id,*countries" });
    const countries = [...new Set(regions.flatMap((r) => (r.countries ?? []).map((c) => c.iso_2!)))];
    expect(productLocs.length).toBe(handles.length * countries.length);
    for (const h of handles) expect(productLocs).toContain(`https://shop.example/de/products/${encodeURIComponent(h)}`);
    const categoryLocs = await locs("/sitemap-categories.xml");
    expect(categoryLocs).toContain("https://shop.example/de/categories/apparel/sweatshirts");
    expect(await locs("/sitemap-collections.xml")).toContain("https://shop.example/de/collections/summer-edition");
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: https://shop.example/sitemap.xml");
    expect(robots).toContain("Disallow: /de/checkout");
  });

  it("a product published a moment ago is in the sitemap and has its page within the catalogue cache's freshness time", async () => {
    const before = await (await fetch(`${server.url}/sitemap-products-1.xml`)).text();
    const admin = adminSdk();
    const seed = await seeded(admin);
    const handle = uniq("seo-new");
    expect(before).not.toContain(handle);
    const { product } = await admin.admin.product.create(
      { title: "Just published", handle, status: "published", shipping_profile_id: seed.shippingProfileId, sales_channels: [{ id: seed.salesChannelId }], options: [{ title: "Size", values: ["M"] }], variants: [{ title: "M", options: { Size: "M" }, prices: [{ currency_code: "eur", amount: 12 }], manage_inventory: false }] } as never,
      { fields: "id" },
    );
    try {
      await new Promise((r) => setTimeout(r, (FRESH_SECONDS + 0.5) * 1000));
      const after = await (await fetch(`${server.url}/sitemap-products-1.xml`)).text();
      expect(after).toContain(`https://shop.example/de/products/${handle}</loc>`);
      expect((await crawl(`/de/products/${handle}`)).title).toBe("Just published · Medusa Store");
    } finally {
      await admin.admin.product.delete(product.id).catch(() => {});
    }
  });
});
