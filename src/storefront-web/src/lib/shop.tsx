/**
 * The shopper's place in the store: the chosen country (and so the region: prices, currency,
 * shipping) and the cart id, both kept in localStorage so they survive reloads.
 */
import type { HttpTypes } from "@medusajs/types";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useQuery, useQueryCache } from "./query.js";
import { useStoreSdk } from "./sdk.js";

export const COUNTRY_KEY = "storefront_country";
export const CART_KEY = "storefront_cart_id";

/** Cache keys shared by the features that read or write the cart and the customer. */
export const cartKey = (id: string | null) => ["cart", id] as const;
export const CUSTOMER_KEY = ["customer"] as const;

/** The cart fields every page needs: lines with thumbnails, addresses, methods, payment, promotion codes and totals. */
export const CART_FIELDS =
  "id,email,region_id,currency_code,customer_id,*items,*shipping_address,*billing_address,*shipping_methods,*payment_collection,*payment_collection.payment_sessions,*region,*region.countries,promotions.id,promotions.code,subtotal,item_subtotal,item_total,shipping_subtotal,shipping_total,tax_total,discount_total,discount_subtotal,credit_line_total,original_item_total,original_shipping_total,total";

export interface Shop {
  regions: HttpTypes.StoreRegion[];
  region: HttpTypes.StoreRegion;
  countryCode: string;
  setCountry: (code: string) => Promise<void>;
  cartId: string | null;
  setCartId: (id: string | null) => void;
  /** Where the shop keeps the shopper's choices (localStorage; a test passes its own). */
  storage?: Storage;
}

const ShopContext = createContext<Shop | null>(null);

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

/** "de" from a browser language like "de-DE", as a first guess before the shopper chooses. */
function browserCountry(): string | null {
  const lang = typeof navigator === "undefined" ? "" : (navigator.language ?? "");
  return lang.split("-")[1]?.toLowerCase() ?? null;
}

export function regionOfCountry(regions: HttpTypes.StoreRegion[], code: string | null): HttpTypes.StoreRegion | undefined {
  if (!code) return undefined;
  return regions.find((r) => r.countries?.some((c) => c.iso_2 === code));
}

/** Loads the regions first: without them there are no prices, so a failure here fills the page. */
/** What the app shows while the shop cannot be used: loading, the server unavailable, or no region set up. */
export type ShopStatus = { state: "loading" } | { state: "no-region" } | { state: "unavailable"; error: unknown; retry: () => void };

export function ShopProvider({ children, storage = globalThis.localStorage, status }: { children?: ReactNode; storage?: Storage; status: (s: ShopStatus) => ReactNode }) {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  const regions = useQuery(["regions"], async () => {
    const { regions } = await sdk.store.region.list({ limit: 100, fields: "id,name,currency_code,*countries" });
    return regions;
  });
  const [country, setCountryState] = useState(() => read(storage, COUNTRY_KEY) ?? browserCountry());
  const [cartId, setCartIdState] = useState(() => read(storage, CART_KEY));

  const setCartId = useCallback(
    (id: string | null) => {
      write(storage, CART_KEY, id);
      setCartIdState(id);
    },
    [storage],
  );

  const list = regions.data ?? [];
  const region = regionOfCountry(list, country) ?? list[0];
  const countryCode = region && regionOfCountry(list, country) ? country! : (region?.countries?.[0]?.iso_2 ?? "");

  const setCountry = useCallback(
    async (code: string) => {
      const next = regionOfCountry(list, code);
      write(storage, COUNTRY_KEY, code);
      setCountryState(code);
      // Prices and shipping follow the region: move the cart along so its currency matches.
      if (next && cartId) {
        const current = cache.get<HttpTypes.StoreCart>(cartKey(cartId)).data;
        if (!current || current.region_id !== next.id) {
          const { cart } = await sdk.store.cart.update(cartId, { region_id: next.id }, { fields: CART_FIELDS });
          cache.setData(cartKey(cartId), cart);
        }
      }
    },
    [list, storage, cartId, cache, sdk],
  );

  const value = useMemo<Shop | null>(
    () => (region ? { regions: list, region, countryCode, setCountry, cartId, setCartId, storage } : null),
    [list, region, countryCode, setCountry, cartId, setCartId, storage],
  );

  // The pages for a shop that cannot open yet come from the app (lib stays below the UI components).
  if (regions.status === "error" && !regions.data) return <>{status({ state: "unavailable", error: regions.error, retry: () => void regions.refetch() })}</>;
  if (!value) return <>{status({ state: regions.status === "success" ? "no-region" : "loading" })}</>;
  return <ShopContext.Provider value={value}>{children}</ShopContext.Provider>;
}

export function useShop(): Shop {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error("useShop() needs a <ShopProvider>");
  return shop;
}
