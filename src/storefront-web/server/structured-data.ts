/**
 * The structured data of a page, built on the server only (the browser does not download it):
 * what search engines and link previews read of the catalogue: schema.org `Product` with one
 * `Offer` per variant (the price as the shopper pays it in this country, its currency,
 * availability and SKU), `BreadcrumbList` for the trail a page sits in, and `Organization` with a
 * `WebSite` search action for the home page (Google's structured-data guidelines).
 */
import type { HttpTypes } from "@medusajs/types";
import { type CalculatedPriceLike, shopperPrice } from "../../shared/shopper-price.js";
import { inStock } from "../src/features/products/components/variant-picker.js";
import { abs, type Structured } from "../src/lib/head.js";
import { plainText } from "../src/lib/plain-text.js";

const SCHEMA = "https://schema.org";

/** A price as schema.org wants it: a plain decimal in major units, to the currency's cents. */
const decimal = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/** At most this many offers (a product with hundreds of variants states its range instead). */
const MAX_OFFERS = 100;

export function productJsonLd(product: HttpTypes.StoreProduct, url: string): object {
  const images = [...new Set([product.thumbnail, ...(product.images ?? []).map((i) => i.url)].filter((u): u is string => Boolean(u)))];
  const offers = (product.variants ?? [])
    .map((v) => ({ v, price: shopperPrice(v.calculated_price as CalculatedPriceLike | undefined) }))
    .filter((o) => o.price);
  const data: Record<string, unknown> = {
    "@context": SCHEMA,
    "@type": "Product",
    name: product.title,
    url,
  };
  const description = plainText(product.description ?? product.subtitle ?? "");
  if (description) data.description = description;
  if (images.length) data.image = images;
  const variants = product.variants ?? [];
  if (variants.length === 1 && variants[0]!.sku) data.sku = variants[0]!.sku;
  if (offers.length > MAX_OFFERS) {
    const amounts = offers.map((o) => o.price!.amount);
    data.offers = {
      "@type": "AggregateOffer",
      lowPrice: decimal(Math.min(...amounts)),
      highPrice: decimal(Math.max(...amounts)),
      offerCount: offers.length,
      priceCurrency: offers[0]!.price!.currency.toUpperCase(),
      availability: `${SCHEMA}/${offers.some((o) => inStock(o.v)) ? "InStock" : "OutOfStock"}`,
    };
  } else if (offers.length) {
    data.offers = offers.map(({ v, price }) => ({
      "@type": "Offer",
      ...(v.sku ? { sku: v.sku } : {}),
      ...(variants.length > 1 && v.title ? { name: `${product.title} (${v.title})` } : {}),
      price: decimal(price!.amount),
      priceCurrency: price!.currency.toUpperCase(),
      availability: `${SCHEMA}/${inStock(v) ? "InStock" : "OutOfStock"}`,
      itemCondition: `${SCHEMA}/NewCondition`,
      url,
    }));
  }
  return data;
}

export function breadcrumbJsonLd(trail: { name: string; url: string }[]): object {
  return {
    "@context": SCHEMA,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((t, i) => ({ "@type": "ListItem", position: i + 1, name: t.name, item: t.url })),
  };
}

/** The home page: who the shop is, and how a search engine can send a query straight to its search. */
export function homeJsonLd(name: string, homeUrl: string, searchUrl: string): object[] {
  return [
    { "@context": SCHEMA, "@type": "Organization", name, url: homeUrl },
    {
      "@context": SCHEMA,
      "@type": "WebSite",
      name,
      url: homeUrl,
      potentialAction: { "@type": "SearchAction", target: { "@type": "EntryPoint", urlTemplate: `${searchUrl}?q={search_term_string}` }, "query-input": "required name=search_term_string" },
    },
  ];
}

/** The page's JSON-LD from what it says it is, with URLs on the shop's origin in its country. */
export function structuredJsonLd(s: Structured, ctx: { origin: string; country: string; shopName: string }): object[] {
  const url = (path: string) => abs(ctx.origin, `/${ctx.country}${path === "/" ? "" : path}`);
  if (s.kind === "home") return homeJsonLd(ctx.shopName, url("/"), url("/search"));
  const crumbs = breadcrumbJsonLd(s.crumbs.map((c) => ({ name: c.name, url: url(c.path) })));
  if (s.kind === "listing") return [crumbs];
  return [productJsonLd(s.product as HttpTypes.StoreProduct, url(s.crumbs.at(-1)?.path ?? "/")), crumbs];
}
