/** Where the JWT lives: the js-sdk's storage methods, plus a file store for Node (token-store-file.ts). */

export type StorageMethod = "local" | "session" | "memory" | "custom" | "nostore";

/** A key-value store for tokens; methods may be async. `localStorage` fits, so does {@link FileTokenStore}. */
export interface TokenStorage {
  getItem(key: string): string | null | undefined | Promise<string | null | undefined>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

export const DEFAULT_TOKEN_KEY = "medusa_auth_token";

export const STORAGE_ERRORS = {
  local: "Local JWT storage is only available in the browser",
  session: "Session JWT storage is only available in the browser",
  custom: "Custom storage was not provided in the config",
} as const;

function browserStorage(kind: "localStorage" | "sessionStorage"): Storage | undefined {
  try {
    const w = globalThis as unknown as { window?: Record<string, Storage | undefined> };
    const s = w.window?.[kind];
    if (!s) return undefined;
    // Access can throw (Safari private mode, sandboxed iframes); treat that as absent.
    s.getItem("__medusactl_probe__");
    return s;
  } catch {
    return undefined;
  }
}

/** In-memory storage: a plain map, the default for tests. */
export class MemoryTokenStore implements TokenStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

export interface ResolvedStorage {
  method: StorageMethod;
  storage: TokenStorage | null;
}

/**
 * Resolves the configured method the way the js-sdk does: the explicit method if set, else local
 * storage where a browser offers it, else no storage. Re-resolved on every token access so a
 * storage that appears later is picked up.
 */
export function resolveStorage(method: StorageMethod | undefined, custom: TokenStorage | undefined, memory: TokenStorage): ResolvedStorage {
  const m: StorageMethod = method ?? (browserStorage("localStorage") ? "local" : "nostore");
  switch (m) {
    case "local": {
      const s = browserStorage("localStorage");
      if (!s) throw new Error(STORAGE_ERRORS.local);
      return { method: m, storage: s };
    }
    case "session": {
      const s = browserStorage("sessionStorage");
      if (!s) throw new Error(STORAGE_ERRORS.session);
      return { method: m, storage: s };
    }
    case "custom":
      if (!custom) throw new Error(STORAGE_ERRORS.custom);
      return { method: m, storage: custom };
    case "memory":
      return { method: m, storage: memory };
    case "nostore":
      return { method: m, storage: null };
  }
}
