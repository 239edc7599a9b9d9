/**
 * The shop as a site: its public origin (for canonical URLs and link previews), its name, the
 * language its pages are written in, and the words the home page is described with. The server
 * sets them from its configuration; a static build takes them from config.json, else the defaults.
 */
import { createContext, useContext, type ReactNode } from "react";

export interface SiteConfig {
  /** `https://shop.example`, no trailing slash. In the browser, defaults to the page's own origin. */
  origin: string;
  name: string;
  /** The home page's meta description. */
  description: string;
  /** BCP 47 language of the pages (`en`): `<html lang>` and the hreflang alternates. */
  lang: string;
  /** Where a visitor goes when neither their choice nor their browser's languages name a country the shop sells to (default: the first region's first country). */
  defaultCountry?: string;
}

export const DEFAULT_SITE: Omit<SiteConfig, "origin"> = {
  name: "Medusa Store",
  description: "Organic cotton basics and the things around them, shipped from Europe.",
  lang: "en",
};

const SiteContext = createContext<SiteConfig | null>(null);

export function SiteProvider({ site, children }: { site?: Partial<SiteConfig>; children?: ReactNode }) {
  const origin = site?.origin || (typeof window === "undefined" ? "" : window.location.origin);
  const value: SiteConfig = { ...DEFAULT_SITE, ...stripEmpty(site ?? {}), origin: origin.replace(/\/+$/, "") };
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

function stripEmpty(o: Partial<SiteConfig>): Partial<SiteConfig> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === "string" && v !== ""));
}

export function useSite(): SiteConfig {
  return useContext(SiteContext) ?? { ...DEFAULT_SITE, origin: typeof window === "undefined" ? "" : window.location.origin };
}
