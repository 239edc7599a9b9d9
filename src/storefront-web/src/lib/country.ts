/**
 * Which country a shopper is in. The country is the first segment of every page's path (`/de/…`,
 * `/us/…`), as Medusa's starter does: each region's prices have URLs of their own that a search
 * engine can show to the right shoppers. A path without one (`/`, an old `/products/x` link, the
 * reset-password link Medusa mails) is sent on to the shopper's country: the one they chose
 * before (a cookie, so the server sees it too), else the first language of their browser that
 * names a country the shop sells to, else the shop's first country.
 *
 * Pure functions, shared by the server (Accept-Language, Cookie) and the browser
 * (navigator.languages, document.cookie).
 */
import type { HttpTypes } from "@medusajs/types";

/** The cookie that remembers a country the shopper chose (a year; the server reads it on `/`). */
export const COUNTRY_COOKIE = "storefront_country";

export interface ShopCountry {
  /** Lower-case ISO 3166-1 alpha-2, as in the path. */
  code: string;
  name: string;
  regionId: string;
  currency: string;
}

/** Every country of every region, once (a country in two regions belongs to the first). */
export function countriesOf(regions: readonly HttpTypes.StoreRegion[]): ShopCountry[] {
  const seen = new Map<string, ShopCountry>();
  for (const r of regions) {
    for (const c of r.countries ?? []) {
      const code = (c.iso_2 ?? "").toLowerCase();
      if (!/^[a-z]{2}$/.test(code) || seen.has(code)) continue;
      seen.set(code, { code, name: c.display_name ?? c.name ?? code.toUpperCase(), regionId: r.id, currency: (r.currency_code ?? "").toLowerCase() });
    }
  }
  return [...seen.values()];
}

/** Languages named after a country with another code (`da` is spoken in `dk`), for tags without a region. */
const LANGUAGE_COUNTRY: Record<string, string[]> = {
  en: ["gb", "us", "ie", "au", "ca", "nz"],
  da: ["dk"],
  sv: ["se"],
  cs: ["cz"],
  el: ["gr"],
  et: ["ee"],
  sl: ["si"],
  uk: ["ua"],
  ja: ["jp"],
  ko: ["kr"],
  zh: ["cn", "tw"],
  nb: ["no"],
  nn: ["no"],
  ga: ["ie"],
  ca: ["es"],
};

/**
 * The country for a path without one: the shopper's earlier choice, then the browser's languages
 * (a region subtag first — `de-AT` is Austria — then a bare language that names a country), then
 * `fallback`. Only countries the shop sells to are ever returned.
 */
export function pickCountry(codes: readonly string[], opts: { chosen?: string | null; languages?: readonly string[]; fallback: string }): string {
  const known = new Set(codes);
  const chosen = opts.chosen?.toLowerCase();
  if (chosen && known.has(chosen)) return chosen;
  const languages = opts.languages ?? [];
  for (const tag of languages) {
    const region = tag.toLowerCase().split("-").find((p, i) => i > 0 && /^[a-z]{2}$/.test(p));
    if (region && known.has(region)) return region;
  }
  for (const tag of languages) {
    const lang = tag.toLowerCase().split("-")[0]!;
    if (known.has(lang)) return lang;
    const match = LANGUAGE_COUNTRY[lang]?.find((c) => known.has(c));
    if (match) return match;
  }
  return opts.fallback;
}

/** A cookie's value from a Cookie header (or document.cookie). */
export function readCookie(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** What `path` says: a country prefix, or none (then the rest is the whole path). */
export function splitCountry(path: string, codes: readonly string[]): { country: string | null; rest: string; looksLikeCountry: boolean } {
  const m = /^\/([^/?#]*)(.*)$/.exec(path);
  const first = m?.[1] ?? "";
  const rest = m?.[2] || "/";
  if (codes.includes(first)) return { country: first, rest: rest.startsWith("/") ? rest : `/${rest}`, looksLikeCountry: true };
  return { country: null, rest: path || "/", looksLikeCountry: /^[a-zA-Z]{2}$/.test(first) };
}
