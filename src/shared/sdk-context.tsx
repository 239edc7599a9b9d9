import { createContext, useContext, type ReactNode } from "react";
import type { Medusa } from "../sdk/index.js";

const SdkContext = createContext<unknown>(null);

/**
 * Hands one SDK client to a React tree (the TUI's Ink screens, the storefront's pages), so tests
 * render the same components with a fake client instead of mocking modules.
 * @example render(<SdkProvider sdk={fakeSdk}><OrderList /></SdkProvider>)
 */
export function SdkProvider<T = Medusa>({ sdk, children }: { sdk: T; children?: ReactNode }) {
  return <SdkContext.Provider value={sdk}>{children}</SdkContext.Provider>;
}

/** The client given to the nearest {@link SdkProvider}; throws when there is none. */
export function useSdk<T = Medusa>(): T {
  const sdk = useContext(SdkContext);
  if (sdk === null || sdk === undefined) throw new Error("useSdk() needs an <SdkProvider> above it");
  return sdk as T;
}
