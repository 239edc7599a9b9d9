/**
 * What a page rendered on the server hands to the browser, in one JSON script element (a data
 * block, which the page's Content-Security-Policy does not need to allow): the back-end to talk
 * to, the site's settings, and the catalogue data the page was rendered from.
 */
import type { StoreConfig } from "./config.js";
import type { QueryKey } from "./query.js";
import type { SiteConfig } from "./site.js";

export const STATE_ELEMENT_ID = "shop-state";

export interface ShopState {
  config: StoreConfig;
  site: Partial<SiteConfig>;
  data: [QueryKey, unknown][];
}

/** The state from the element's text; null when there is none or it is not ours. */
export function readShopState(text: string | null | undefined): ShopState | null {
  if (!text) return null;
  try {
    const s = JSON.parse(text) as Partial<ShopState>;
    if (!s || typeof s.config?.medusaUrl !== "string" || typeof s.config.publishableKey !== "string" || !Array.isArray(s.data)) return null;
    return { config: s.config, site: s.site ?? {}, data: s.data };
  } catch {
    return null;
  }
}
