/**
 * The storefront's routing on wouter (about 2 KB gzipped): its `<Switch>`/`<Route>` match the
 * paths and its `<Link>` navigates through the History API. This module adds what the pages share
 * on top: the location as `{pathname, search}`, query-string edits, percent-decoded params, and
 * focus on the new page's heading after a navigation.
 */
import { useEffect, type AnchorHTMLAttributes } from "react";
import { useHead, type PageHead } from "./head.js";
import { Link as WouterLink, useLocation as useWouterLocation, useRouter, useSearch } from "wouter";
import { navigate as historyNavigate } from "wouter/use-browser-location";

// Page changes (not query-only changes such as paging) since the first load, and the last one a
// page has moved focus for: a page mounting after a navigation focuses its h1 (see usePage).
// wouter patches pushState to fire a "pushState" event, so links and navigate() are counted here.
let lastPath = typeof window === "undefined" ? "" : window.location.pathname;
let navCount = 0;
let focusedNav = 0;
function countNavigation(): void {
  if (window.location.pathname !== lastPath) {
    lastPath = window.location.pathname;
    navCount++;
  }
}
if (typeof window !== "undefined") {
  window.addEventListener("pushState", countNavigation);
  window.addEventListener("popstate", countNavigation);
  // A replace that is not ours (a test setting the start page, a redirect by the browser) is not
  // a navigation the shopper made: only remember where we are.
  window.addEventListener("replaceState", () => {
    if (!replacing) lastPath = window.location.pathname;
  });
}
let replacing = false;

const here = () => window.location.pathname + window.location.search;

// The country prefix of the shop's paths (`/de`): pages navigate within their country with paths
// like "/checkout", as their links do (wouter's nested router). Set by the shop as it renders.
let base = "";
export function setRouterBase(next: string): void {
  if (typeof window !== "undefined") base = next;
}

/** Goes to `to`, a path inside the shopper's country, or a whole path with `absolute`. */
export function navigate(path: string, options: { replace?: boolean; absolute?: boolean } = {}): void {
  // A path that already names the country (a `?next=` written elsewhere) is taken as it is.
  const named = base !== "" && (path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`));
  const to = options.absolute || named || !path.startsWith("/") ? path : `${base}${path === "/" || path.startsWith("/?") ? path.slice(1) : path}` || "/";
  if (to === here()) return;
  if (options.replace) {
    replacing = true;
    try {
      historyNavigate(to, { replace: true });
    } finally {
      replacing = false;
    }
    countNavigation();
  } else historyNavigate(to);
}

export interface Location {
  pathname: string;
  search: URLSearchParams;
  href: string;
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const query = useSearch();
  return { pathname, search: new URLSearchParams(query), href: query ? `${pathname}?${query}` : pathname };
}

/** A path with `params` replaced in the current query string (empty values removed). */
export function withSearch(pathname: string, current: URLSearchParams, params: Record<string, string | number | null | undefined>): string {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined || v === "") next.delete(k);
    else next.set(k, String(v));
  }
  const s = next.toString();
  return s ? `${pathname}?${s}` : pathname;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/** wouter's link (inside the shopper's country); a link with its own `target` (a new tab) is left to the browser. */
export function Link({ to, ...rest }: LinkProps) {
  const router = useRouter();
  // The country's home is `/de` (and its second page `/de?page=2`), not `/de/`: one URL per page, the canonical one.
  const href = router.base && (to === "/" || to.startsWith("/?")) ? `~${router.base}${to.slice(1)}` : to;
  if (rest.target) return <a href={href.startsWith("~") ? href.slice(1) : href.startsWith("/") ? `${router.base}${href}` : href} {...rest} />;
  return <WouterLink to={href} {...rest} />;
}

/** The current country's path prefix (`/de`), for what is not a link (a form's action). */
export const useBase = (): string => useRouter().base;

/**
 * Route params as the page should see them: wouter hands over the raw (percent-encoded) path
 * segments. Returns null when one is malformed (`%E0%A4%A`), which the router treats as not found.
 */
export function decodeParams(params: Record<string, string | undefined>): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || /^\d+$/.test(k)) continue;
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      return null;
    }
  }
  return out;
}

/**
 * Every page calls this: it declares the page's head (title, description, canonical path…; a
 * plain string is a title alone, for pages that are not for search engines) and, when the page
 * mounts after a navigation (not on the first load), scrolls up and moves focus to its h1 so
 * keyboard and screen-reader users start on the new page.
 */
export function usePage(page: string | PageHead | null, ready = true): void {
  useHead(typeof page === "string" ? { title: page, noindex: true } : page);
  // `ready` waits for pages whose h1 is replaced once their data arrives (a skeleton's heading).
  useEffect(() => {
    if (ready && navCount > focusedNav) {
      focusedNav = navCount;
      window.scrollTo?.(0, 0);
      focusHeading();
    }
  }, [ready]);
}

/** Moves focus to the main heading (pages and checkout steps call it when they change). */
export function focusHeading(selector = "main h1"): void {
  const h = document.querySelector<HTMLElement>(selector);
  if (!h) return;
  if (!h.hasAttribute("tabindex")) h.setAttribute("tabindex", "-1");
  h.focus();
}
