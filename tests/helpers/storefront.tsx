/**
 * Renders the storefront over the store routes on a stub registry: the app's real store client
 * (createStoreSdk) with the registry's `fetch`, and the shop's state behind it. Lives under tests/
 * because nothing but tests uses it.
 */
import { cleanup, configure, render, type RenderResult } from "@testing-library/react";
import { afterEach } from "vitest";
import { App } from "../../src/storefront-web/src/app/app.js";
import { QueryCache } from "../../src/storefront-web/src/lib/query.js";
import { createStoreSdk, type StoreSdk } from "../../src/storefront-web/src/lib/sdk.js";
import { registerStore, StoreState } from "./medusa-stub/store.js";
import { stubRegistry, type StubRegistry } from "./medusa-stub/registry.js";

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
// findBy*/waitFor give up after 1 s by default; a loaded 2-core CI machine needs more (it is a limit, not a delay).
configure({ asyncUtilTimeout: 5_000 });

/** A Storage in memory, so a test can "reload" the app with what the last one kept. */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
}

/** A shop: its state, the registry answering from it, and the store client the app gets. */
export interface Shop {
  state: StoreState;
  registry: StubRegistry;
  sdk: StoreSdk;
}

/** A shop on a registry verified when the test ends; call it inside a test. */
export function createShop(init: ConstructorParameters<typeof StoreState>[0] = {}): Shop {
  const registry = stubRegistry();
  const state = registerStore(registry, new StoreState(init));
  const sdk = createStoreSdk({ medusaUrl: "http://medusa.test", publishableKey: "pk_test" }, { fetch: registry.fetch, tokenStorage: state.browserTokens });
  return { state, registry, sdk };
}

/** Renders the whole app at `path` over a shop; a fresh cache each time, like a page load. */
export function renderApp(path: string, options: { shop?: Shop; storage?: Storage } = {}): RenderResult & { shop: Shop; storage: Storage } {
  const shop = options.shop ?? createShop();
  const storage = options.storage ?? new MemoryStorage();
  if (!storage.getItem("storefront_country")) storage.setItem("storefront_country", "de");
  // Each test is a new visitor: no country cookie from the last one (the country comes from the storage above).
  document.cookie = "storefront_country=; path=/; max-age=0";
  window.history.replaceState(null, "", path);
  const result = render(<App sdk={shop.sdk} cache={new QueryCache()} storage={storage} />);
  return Object.assign(result, { shop, storage });
}
