/**
 * Each page's head as data: what the page is (title, description, picture, price), where it lives
 * (its path inside the country) and whether search engines may index it. The server renders it into
 * the first HTML (what a crawler or a link preview reads); in the browser the same data replaces
 * the head's managed tags on every navigation. Pages call `usePage`, which calls `useHead`.
 */
import { createContext, useContext, useEffect } from "react";

export interface PageHead {
  /** The page's own title ("Classic Hoodie"); empty on the home page (the shop's name alone). */
  title: string;
  /** Plain text; longer text is cut at a word near 160 characters. */
  description?: string | null;
  /**
   * The page's path inside the country (`/products/classic-hoodie`), for the canonical URL and
   * the other countries' alternates. None on pages that are not for search engines.
   */
  path?: string;
  /** Keep it out of search engines (cart, checkout, account, search results, not found). */
  noindex?: boolean;
  /** One shopper's page (cart, checkout, account): never kept by a shared cache. */
  private?: boolean;
  /** An absolute picture URL for link previews. */
  image?: string | null;
  type?: "website" | "product";
  /** The price a shopper pays, for link previews (Open Graph's product:price). */
  price?: { amount: number; currency: string } | null;
  /** schema.org objects, rendered as JSON-LD. */
  jsonLd?: object[];
  /**
   * What the page is, for its structured data: the server turns it into JSON-LD (server/structured-data.ts)
   * for the first HTML a crawler reads; the browser keeps the builders out of its download.
   */
  structured?: Structured;
  /** The HTTP status the server answers with (404 for what does not exist). */
  status?: number;
}

/** Where the head's URLs point: the shop's public origin, its name and language, its countries. */
/** A crumb of the trail a page sits in: its name and its path inside the country. */
export interface StructuredCrumb {
  name: string;
  path: string;
}

export type Structured =
  | { kind: "home" }
  | { kind: "product"; product: unknown; crumbs: StructuredCrumb[] }
  | { kind: "listing"; crumbs: StructuredCrumb[] };

export interface HeadContextValue {
  origin: string;
  shopName: string;
  lang: string;
  country: string;
  countries: readonly string[];
}

export interface HeadTag {
  tag: "title" | "meta" | "link" | "script";
  attrs: Record<string, string>;
  text?: string;
}

const MAX_DESCRIPTION = 160;

/** `text` on one line and cut at a word near 160 characters, with an ellipsis when cut. */
export function clip(text: string, max = MAX_DESCRIPTION): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, "")}…`;
}

/** An absolute URL on the shop's origin. */
export const abs = (origin: string, path: string) => `${origin.replace(/\/+$/, "")}${path}`;

/** The head's tags, in the order the server writes them. */
export function headTags(head: PageHead, ctx: HeadContextValue): HeadTag[] {
  const title = head.title ? `${head.title} · ${ctx.shopName}` : ctx.shopName;
  const tags: HeadTag[] = [{ tag: "title", attrs: {}, text: title }];
  // A page without words of its own (a cart, a login) is still described, for whoever shows its link.
  const description = head.description ? clip(head.description) : head.title ? `${head.title} at ${ctx.shopName}.` : "";
  if (description) tags.push({ tag: "meta", attrs: { name: "description", content: description } });
  if (head.noindex) tags.push({ tag: "meta", attrs: { name: "robots", content: "noindex, follow" } });
  const canonical = head.path !== undefined && !head.noindex ? abs(ctx.origin, `/${ctx.country}${head.path === "/" ? "" : head.path}`) : undefined;
  if (canonical) {
    tags.push({ tag: "link", attrs: { rel: "canonical", href: canonical } });
    // Every country's copy of the page, and the un-prefixed path (which sends a visitor on to their own country) as the default.
    for (const c of ctx.countries) {
      tags.push({ tag: "link", attrs: { rel: "alternate", hreflang: `${ctx.lang}-${c.toUpperCase()}`, href: abs(ctx.origin, `/${c}${head.path === "/" ? "" : head.path}`) } });
    }
    tags.push({ tag: "link", attrs: { rel: "alternate", hreflang: "x-default", href: abs(ctx.origin, head.path!) } });
  }
  const og: [string, string | undefined][] = [
    ["og:site_name", ctx.shopName],
    ["og:type", head.type ?? "website"],
    ["og:title", head.title || ctx.shopName],
    ["og:description", description || undefined],
    ["og:url", canonical],
    ["og:image", head.image ?? undefined],
    ["og:locale", `${ctx.lang}_${ctx.country.toUpperCase()}`],
  ];
  if (head.price) {
    og.push(["product:price:amount", String(head.price.amount)]);
    og.push(["product:price:currency", head.price.currency.toUpperCase()]);
  }
  for (const [property, content] of og) if (content) tags.push({ tag: "meta", attrs: { property, content } });
  const twitter: [string, string | undefined][] = [
    ["twitter:card", head.image ? "summary_large_image" : "summary"],
    ["twitter:title", head.title || ctx.shopName],
    ["twitter:description", description || undefined],
    ["twitter:image", head.image ?? undefined],
  ];
  for (const [name, content] of twitter) if (content) tags.push({ tag: "meta", attrs: { name, content } });
  for (const data of head.jsonLd ?? []) tags.push({ tag: "script", attrs: { type: "application/ld+json" }, text: jsonForScript(data) });
  return tags;
}

/**
 * JSON inside a `<script>` element: `<` (so `</script>` cannot end it), `>`, `&` and the two line
 * separators JavaScript once refused are written as escapes, which JSON reads back the same.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Replaces the document's managed head tags (and its title) with `tags`. */
export function applyHead(tags: HeadTag[], doc: Document = document): void {
  for (const el of [...doc.head.querySelectorAll("[data-head]")]) el.remove();
  for (const t of tags) {
    if (t.tag === "title") {
      doc.title = t.text ?? "";
      continue;
    }
    const el = doc.createElement(t.tag);
    for (const [k, v] of Object.entries(t.attrs)) el.setAttribute(k, v);
    el.setAttribute("data-head", "");
    if (t.text !== undefined) el.textContent = t.text;
    doc.head.append(el);
  }
}

/** On the server, the page's head and status are collected here while it renders. */
export interface HeadCollector {
  head?: PageHead;
  /** Where the head's URLs point, as the page saw it. */
  context?: HeadContextValue;
  /** Source modules the page loads on demand (`src/app/routes/cart.tsx`): the server preloads their files with the page. */
  preload?: string[];
}

/** Declares a module the page loads on demand, so the server sends its files with the page (no-op in the browser). */
export function usePreload(module: string | undefined): void {
  const collector = useContext(HeadCollectorContext);
  if (collector && module && !collector.preload?.includes(module)) (collector.preload ??= []).push(module);
}

export const HeadCollectorContext = createContext<HeadCollector | null>(null);
export const HeadValueContext = createContext<HeadContextValue | null>(null);

/**
 * Declares the page's head. The last page to render wins (the route, inside the frame). On the
 * server it is recorded during render (no effects run there); in the browser it is applied after.
 */
export function useHead(head: PageHead | null): void {
  const collector = useContext(HeadCollectorContext);
  const ctx = useContext(HeadValueContext);
  if (collector && head) {
    collector.head = head;
    collector.context = ctx ?? undefined;
  }
  const key = JSON.stringify([head, ctx]);
  useEffect(() => {
    // null: a page rendered inside this one (not found) declares the head.
    if (!head) return;
    if (ctx) applyHead(headTags(head, ctx));
    else document.title = head.title;
    // The serialised head is the dependency: a new object with the same content changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

