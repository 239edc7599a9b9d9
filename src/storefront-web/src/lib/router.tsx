/**
 * A history-API router in a few dozen lines instead of a router package (~10-20 KB gzipped):
 * the storefront needs path patterns with `:params`, query strings, links and back/forward.
 */
import { useEffect, useSyncExternalStore, type AnchorHTMLAttributes, type ComponentType, type MouseEvent } from "react";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const onPopState = () => {
  countNavigation();
  notify();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("popstate", onPopState);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("popstate", onPopState);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

// Page changes (not query-only changes such as paging) since the first load, and the last one a
// page has moved focus for: a page mounting after a navigation focuses its h1 (see usePage).
let lastPath = typeof window === "undefined" ? "" : window.location.pathname;
let navCount = 0;
let focusedNav = 0;
function countNavigation(): void {
  if (window.location.pathname !== lastPath) {
    lastPath = window.location.pathname;
    navCount++;
  }
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (options.replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  countNavigation();
  notify();
}

export interface Location {
  pathname: string;
  search: URLSearchParams;
  href: string;
}

export function useLocation(): Location {
  const href = useSyncExternalStore(subscribe, snapshot);
  const q = href.indexOf("?");
  return { pathname: q < 0 ? href : href.slice(0, q), search: new URLSearchParams(q < 0 ? "" : href.slice(q)), href };
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

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

export function Link({ to, onClick, ...rest }: LinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    // Let the browser handle new tabs, downloads and other targets.
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || rest.target) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={handle} {...rest} />;
}

/** Matches "/products/:handle" against a path; returns the decoded params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const p = pattern.split("/").filter(Boolean);
  const s = pathname.split("/").filter(Boolean);
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const part = p[i]!;
    if (part.startsWith(":")) {
      try {
        params[part.slice(1)] = decodeURIComponent(s[i]!);
      } catch {
        return null;
      }
    } else if (part !== s[i]) return null;
  }
  return params;
}

export interface RouteDef {
  path: string;
  component: ComponentType<{ params: Record<string, string> }>;
}

/** Renders the first route matching the location. */
export function Routes({ routes, notFound: NotFound }: { routes: RouteDef[]; notFound: ComponentType }) {
  const { pathname } = useLocation();
  for (const r of routes) {
    const params = matchPath(r.path, pathname);
    if (params) {
      const C = r.component;
      return <C key={r.path} params={params} />;
    }
  }
  return <NotFound />;
}

/**
 * Every page calls this: it sets the document title and, when the page mounts after a navigation
 * (not on the first load), scrolls up and moves focus to its h1 so keyboard and screen-reader
 * users start on the new page.
 */
export function usePage(title: string, ready = true): void {
  useEffect(() => {
    document.title = title ? `${title} · Medusa Store` : "Medusa Store";
  }, [title]);
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
