/**
 * What a page rendered on the server knows of its request, and what the render tells the server
 * back (a redirect). Absent in the browser: `useSsr()` is null there, and that is how components
 * tell the two apart without touching `window`.
 */
import { createContext, useContext, useSyncExternalStore } from "react";

export interface SsrRequest {
  /** The visitor's Accept-Language tags, best first. */
  languages: string[];
  /** The country the visitor chose earlier (the country cookie). */
  chosenCountry: string | null;
  /** The path and query as requested (still percent-encoded), for a redirect to repeat them exactly. */
  rawPath?: string;
  rawSearch?: string;
  /** Set by the render when the page lives at another URL (a path without a country). */
  redirect?: string;
}

export const SsrContext = createContext<SsrRequest | null>(null);

export const useSsr = (): SsrRequest | null => useContext(SsrContext);

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true afterwards: what
 * depends on the browser alone (the cart id and session in localStorage) waits for it, so the
 * browser's first render is the server's and hydration finds no difference.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
