/**
 * The shopper's place in the store: the country (the first segment of the path, and so the region:
 * prices, currency, shipping) and the cart id (kept in localStorage, so it survives reloads). Paths
 * without a country are sent on to the shopper's own (lib/country.ts).
 */
import type { HttpTypes } from "@medusajs/types";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { Router, useLocation as useWouterLocation, useSearch } from "wouter";
import { COUNTRY_COOKIE, countriesOf, pickCountry, readCookie, splitCountry, type ShopCountry } from "./country.js";
import { HeadValueContext } from "./head.js";
import { useQuery, useQueryCache } from "./query.js";
import { navigate, setRouterBase } from "./router.js";
import { useStoreSdk } from "./sdk.js";
import { useSite } from "./site.js";
import { useHydrated, useSsr } from "./ssr.js";

export const COUNTRY_KEY = "storefront_country";
export const CART_KEY = "storefront_cart_id";

/** Cache keys shared by the features that read or write the cart and the customer. */
export const cartKey = (id: string | null) => ["cart", id] as const;
export const CUSTOMER_KEY = ["customer"] as const;

/** The cart fields every page needs: lines with thumbnails, addresses, methods, payment, promotion codes and totals. */
export const CART_FIELDS =
  "id,email,region_id,currency_code,customer_id,*items,*items.tax_lines,*shipping_address,*billing_address,*shipping_methods,*shipping_methods.tax_lines,*payment_collection,*payment_collection.payment_sessions,*region,*region.countries,promotions.id,promotions.code,subtotal,item_subtotal,item_total,shipping_subtotal,shipping_total,tax_total,discount_total,discount_subtotal,credit_line_total,original_item_total,original_shipping_total,total";

export interface Shop {
  regions: HttpTypes.StoreRegion[];
  region: HttpTypes.StoreRegion;
  /** Lower-case, as in the path. */
  countryCode: string;
  /** Every country the shop sells to, with its region. */
  countries: ShopCountry[];
  /** Moves the shopper (and their cart) to another country, on the same page. */
  setCountry: (code: string) => Promise<void>;
  cartId: string | null;
  setCartId: (id: string | null) => void;
  /** The path names a country the shop does not sell to: the page is not found. */
  unknownCountry: boolean;
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

/** The chosen country as a cookie too, so the server can send a visitor of `/` to it. */
function rememberCountry(storage: Storage | undefined, code: string): void {
  write(storage, COUNTRY_KEY, code);
  if (typeof document !== "undefined") document.cookie = `${COUNTRY_COOKIE}=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
}

export function regionOfCountry(regions: HttpTypes.StoreRegion[], code: string | null): HttpTypes.StoreRegion | undefined {
  if (!code) return undefined;
  return regions.find((r) => r.countries?.some((c) => c.iso_2?.toLowerCase() === code.toLowerCase()));
}

/** What the app shows while the shop cannot be used yet: loading, the server unavailable, no region set up, or on its way to the shopper's country. */
export type ShopStatus = { state: "loading" } | { state: "no-region" } | { state: "unavailable"; error: unknown; retry: () => void };

/** The regions, read first: without them there are no prices, so a failure here fills the page. */
export function useRegions() {
  const sdk = useStoreSdk();
  return useQuery(["regions"], async () => {
    const { regions } = await sdk.store.region.list({ limit: 100, fields: "id,name,currency_code,*countries" });
    return regions;
  });
}

/** Sends a path without a country on to the shopper's: the server answers a redirect, the browser replaces the URL. */
function ToCountry({ to }: { to: string }) {
  const ssr = useSsr();
  if (ssr) ssr.redirect = to;
  useEffect(() => navigate(to, { replace: true, absolute: true }), [to]);
  return null;
}

export function ShopProvider({ children, storage = typeof window === "undefined" ? undefined : globalThis.localStorage, status }: { children?: ReactNode; storage?: Storage; status: (s: ShopStatus) => ReactNode }) {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  const ssr = useSsr();
  const site = useSite();
  const hydrated = useHydrated();
  const regions = useRegions();
  const [fullPath] = useWouterLocation();
  const search = useSearch();
  // The cart id lives in this browser only: the server, and the browser while it hydrates the
  // server's page, render without one (lib/ssr.ts).
  const [storedCart, setStoredCart] = useState<string | null | undefined>(undefined);
  const cartId = hydrated ? (storedCart === undefined ? read(storage, CART_KEY) : storedCart) : null;

  const list = useMemo(() => regions.data ?? [], [regions.data]);
  const countries = useMemo(() => countriesOf(list), [list]);
  const codes = useMemo(() => countries.map((c) => c.code), [countries]);
  const where = splitCountry(fullPath, codes);
  const wanted = site.defaultCountry?.toLowerCase();
  const fallback = wanted && codes.includes(wanted) ? wanted : (codes[0] ?? "");
  // Where a path without a country sends the visitor, and the country an unknown one's page (404) is shown in.
  const chosen = ssr ? ssr.chosenCountry : (readCookie(typeof document === "undefined" ? "" : document.cookie, COUNTRY_COOKIE) ?? read(storage, COUNTRY_KEY));
  const languages = ssr ? ssr.languages : typeof navigator === "undefined" ? [] : [...(navigator.languages ?? [navigator.language])];
  const preferred = codes.length ? pickCountry(codes, { chosen, languages, fallback }) : fallback;
  const countryCode = where.country ?? preferred;
  const region = regionOfCountry(list, countryCode) ?? list[0];
  const unknownCountry = !where.country && where.looksLikeCountry && !codes.includes(fullPath.slice(1, 3).toLowerCase());
  const base = `/${countryCode}`;
  setRouterBase(base);

  const setCartId = useCallback(
    (id: string | null) => {
      write(storage, CART_KEY, id);
      setStoredCart(id);
    },
    [storage],
  );

  const setCountry = useCallback(
    async (code: string) => {
      const next = regionOfCountry(list, code);
      if (!next) return;
      rememberCountry(storage, code);
      // Prices, shipping and tax follow the country: move the cart along so its currency and tax match.
      if (cartId) {
        const current = cache.get<HttpTypes.StoreCart>(cartKey(cartId)).data;
        const body = cartCountryUpdate(current, next.id, code, true);
        if (body) {
          const { cart } = await sdk.store.cart.update(cartId, body, { fields: CART_FIELDS });
          cache.setData(cartKey(cartId), cart);
        }
      }
      navigate(`/${code}${where.rest === "/" ? "" : where.rest}${search ? `?${search}` : ""}`, { absolute: true });
    },
    [list, storage, cartId, cache, sdk, where.rest, search],
  );

  const value = useMemo<Shop | null>(
    () => (region && countryCode ? { regions: list, region, countryCode, countries, setCountry, cartId, setCartId, unknownCountry, storage } : null),
    [list, region, countryCode, countries, setCountry, cartId, setCartId, unknownCountry, storage],
  );
  const head = useMemo(() => ({ origin: site.origin, shopName: site.name, lang: site.lang, country: countryCode, countries: codes }), [site, countryCode, codes]);

  // The pages for a shop that cannot open yet come from the app (lib stays below the UI components).
  if (regions.status === "error" && !regions.data) return <>{status({ state: "unavailable", error: regions.error, retry: () => void regions.refetch() })}</>;
  if (!value) return <>{status({ state: regions.status === "success" ? "no-region" : "loading" })}</>;
  if (!where.country && !unknownCountry) {
    // The path and query as requested, still percent-encoded (wouter's are decoded), so the new URL
    // repeats them exactly and is a valid Location header.
    const rawPath = ssr ? (ssr.rawPath ?? fullPath) : window.location.pathname;
    const rawSearch = ssr ? (ssr.rawSearch ?? search) : window.location.search.slice(1);
    const first = rawPath.split("/")[1] ?? "";
    const rest = codes.includes(first.toLowerCase()) ? rawPath.slice(first.length + 1) || "/" : rawPath;
    const to = codes.includes(first.toLowerCase()) ? first.toLowerCase() : preferred;
    return (
      <>
        <ToCountry to={`/${to}${rest === "/" ? "" : rest}${rawSearch ? `?${rawSearch}` : ""}`} />
        {status({ state: "loading" })}
      </>
    );
  }
  return (
    <ShopContext.Provider value={value}>
      <HeadValueContext.Provider value={head}>
        <Router base={base}>{children}</Router>
      </HeadValueContext.Provider>
    </ShopContext.Provider>
  );
}

/**
 * The cart update that moves a cart to `regionId` and the shopper's `country`, or null when none
 * is due. The country goes on the shipping address from the start: Medusa computes tax lines only
 * once it knows it, and the shopper should see the VAT they will pay before typing an address.
 * A page of another country moves a cart that has no address yet; a cart with an address typed in
 * moves only when the shopper chooses another country (`chosen`), and then keeps the country alone.
 */
export function cartCountryUpdate(cart: HttpTypes.StoreCart | null | undefined, regionId: string, country: string, chosen = false): HttpTypes.StoreUpdateCart | null {
  const shipCountry = cart?.shipping_address?.country_code?.toLowerCase();
  const regionOk = cart?.region_id === regionId;
  if (cart && regionOk && shipCountry === country) return null;
  if (cart?.shipping_address?.address_1 && !chosen) return null;
  const body: HttpTypes.StoreUpdateCart = {};
  if (!regionOk) body.region_id = regionId;
  if (shipCountry !== country) body.shipping_address = { country_code: country };
  return body;
}

export function useShop(): Shop {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error("useShop() needs a <ShopProvider>");
  return shop;
}
