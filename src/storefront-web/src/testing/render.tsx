import { cleanup, configure, render, type RenderResult } from "@testing-library/react";
import { afterEach } from "vitest";
import { App } from "../app/app.js";
import { QueryCache } from "../lib/query.js";
import { createFakeSdk, type FakeSdk } from "./fake-sdk.js";

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

/** Renders the whole app at `path` with a fake back-end; a fresh cache each time, like a page load. */
export function renderApp(path: string, options: { fake?: FakeSdk; storage?: Storage } = {}): RenderResult & { fake: FakeSdk; storage: Storage } {
  const fake = options.fake ?? createFakeSdk();
  const storage = options.storage ?? new MemoryStorage();
  if (!storage.getItem("storefront_country")) storage.setItem("storefront_country", "de");
  window.history.replaceState(null, "", path);
  const result = render(<App sdk={fake.sdk} cache={new QueryCache()} storage={storage} />);
  return Object.assign(result, { fake, storage });
}
