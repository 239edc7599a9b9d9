/**
 * `/sitemap.xml` and `/robots.txt` (sitemaps.org, Google's robots.txt rules). The sitemap is an
 * index of parts: the home pages, the categories, the collections, and the products in parts of
 * at most 50,000 URLs (the protocol's limit), every page once per country the shop sells to.
 * It lists what the publishable key's sales channel shows: published products, and the categories
 * and collections the store API returns, less categories flagged `metadata.hidden` (and those
 * below them). Reads go through the server's catalogue cache, so a product published a moment
 * ago appears within its freshness time.
 */
import type { HttpTypes } from "@medusajs/types";
import type { StoreSdk } from "../src/lib/sdk.js";

export interface SitemapSource {
  sdk: StoreSdk;
  /** `https://shop.example`, no trailing slash. */
  origin: string;
  /** The countries of the shop's regions, as in paths. */
  countries: readonly string[];
}

/** The protocol allows 50,000 URLs in a part; each product is one URL per country. */
export const URLS_PER_PART = 50_000;
const PAGE = 1000;

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** W3C datetime (what `lastmod` takes) from Medusa's timestamps; nothing when unreadable. */
function lastmod(v: unknown): string | undefined {
  if (typeof v !== "string" && !(v instanceof Date)) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function urlset(urls: { loc: string; lastmod?: string }[]): string {
  const body = urls.map((u) => `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

const perCountry = (src: SitemapSource, path: string, mod?: string) => src.countries.map((c) => ({ loc: `${src.origin}/${c}${path}`, lastmod: mod }));

export function productsPerPart(countries: number): number {
  return Math.max(1, Math.floor(URLS_PER_PART / Math.max(1, countries)));
}

async function productCount(sdk: StoreSdk): Promise<number> {
  const { count } = await sdk.store.product.list({ limit: 1, offset: 0, fields: "id", order: "created_at" });
  return count;
}

/** The index: one entry per part. */
export async function sitemapIndex(src: SitemapSource): Promise<string> {
  const parts = ["pages", "categories", "collections"];
  const products = await productCount(src.sdk);
  const n = Math.ceil(products / productsPerPart(src.countries.length));
  for (let i = 1; i <= n; i++) parts.push(`products-${i}`);
  const body = parts.map((p) => `  <sitemap><loc>${xml(`${src.origin}/sitemap-${p}.xml`)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

type Category = Pick<HttpTypes.StoreProductCategory, "id" | "handle" | "parent_category_id" | "metadata"> & { updated_at?: unknown };

async function allCategories(sdk: StoreSdk): Promise<Category[]> {
  const out: Category[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { product_categories, count } = await sdk.store.category.list({ limit: PAGE, offset, fields: "id,handle,parent_category_id,metadata,updated_at", order: "created_at" });
    out.push(...(product_categories as Category[]));
    if (!product_categories.length || out.length >= count) return out;
  }
}

const hiddenFlag = (m: unknown) => {
  const v = (m as Record<string, unknown> | null | undefined)?.hidden;
  return v === true || v === "true";
};

/** Categories a shopper can browse: not flagged hidden, and no flagged category above them. */
export function browsableCategories<T extends Pick<Category, "id" | "parent_category_id" | "metadata">>(all: T[]): T[] {
  const byId = new Map(all.map((c) => [c.id, c]));
  const hidden = (c: T): boolean => {
    const seen = new Set<string>();
    for (let at: T | undefined = c; at && !seen.has(at.id); at = at.parent_category_id ? byId.get(at.parent_category_id) : undefined) {
      if (hiddenFlag(at.metadata)) return true;
      seen.add(at.id);
    }
    return false;
  };
  return all.filter((c) => !hidden(c));
}

function categoryPath(all: Category[], c: Category): string {
  const byId = new Map(all.map((x) => [x.id, x]));
  const trail: string[] = [];
  const seen = new Set<string>();
  for (let at: Category | undefined = c; at && !seen.has(at.id); at = at.parent_category_id ? byId.get(at.parent_category_id) : undefined) {
    seen.add(at.id);
    trail.unshift(encodeURIComponent(at.handle));
  }
  return `/categories/${trail.join("/")}`;
}

/** One part by name (`pages`, `categories`, `collections`, `products-N`); null when there is no such part. */
export async function sitemapPart(src: SitemapSource, name: string): Promise<string | null> {
  if (name === "pages") return urlset(perCountry(src, ""));
  if (name === "categories") {
    const all = await allCategories(src.sdk);
    return urlset(browsableCategories(all).flatMap((c) => perCountry(src, categoryPath(all, c), lastmod(c.updated_at))));
  }
  if (name === "collections") {
    const urls: { loc: string; lastmod?: string }[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const { collections, count } = await src.sdk.store.collection.list({ limit: PAGE, offset, fields: "id,handle,updated_at", order: "created_at" });
      for (const c of collections) urls.push(...perCountry(src, `/collections/${encodeURIComponent(c.handle)}`, lastmod((c as { updated_at?: unknown }).updated_at)));
      if (!collections.length || offset + collections.length >= count) break;
    }
    return urlset(urls);
  }
  const m = /^products-([1-9]\d{0,5})$/.exec(name);
  if (!m) return null;
  const per = productsPerPart(src.countries.length);
  const start = (Number(m[1]) - 1) * per;
  const urls: { loc: string; lastmod?: string }[] = [];
  let read = 0;
  for (let offset = start; read < per; offset += PAGE) {
    const limit = Math.min(PAGE, per - read);
    const { products, count } = await src.sdk.store.product.list({ limit, offset, fields: "id,handle,updated_at", order: "created_at" });
    if (offset === start && start >= count && start > 0) return null;
    for (const p of products) if (p.handle) urls.push(...perCountry(src, `/products/${encodeURIComponent(p.handle)}`, lastmod((p as { updated_at?: unknown }).updated_at)));
    read += products.length;
    if (products.length < limit || offset + products.length >= count) break;
  }
  return urlset(urls);
}

/** Shopper-only pages stay out of search engines; the sitemap is named. */
export function robotsTxt(src: Pick<SitemapSource, "origin" | "countries">): string {
  const personal = ["/cart", "/checkout", "/account", "/order/", "/reset-password"];
  const lines = ["User-agent: *", "Allow: /"];
  for (const p of personal) lines.push(`Disallow: ${p}`);
  for (const c of src.countries) for (const p of personal) lines.push(`Disallow: /${c}${p}`);
  lines.push("", `Sitemap: ${src.origin}/sitemap.xml`, "");
  return lines.join("\n");
}
