/**
 * Rendered catalogue pages, kept for a few seconds. The catalogue cache (catalogue-cache.ts) spares
 * Medusa a burst of visitors, but each visitor still cost a React render and its compression in the
 * server's one Node process: fifty visitors on one product page waited for fifty renders, one
 * after the other (p95 0.4-0.7 s on two cores). Here concurrent requests for one page share one
 * render, and the page is served as rendered (compressed once) for `ttlMs`.
 *
 * Only pages whose HTML depends on nothing but their URL are kept: the caller decides (a path with
 * the shop's country in it, public, 200). The time is short on purpose, and never longer than the
 * catalogue cache's freshness: a page adds at most `ttlMs` to how old the catalogue it shows may be.
 *
 * Bounded: at most `maxEntries` pages and `maxBytes` of their bodies, least recently used dropped
 * first (search pages make a key per query).
 */
export interface PageCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export interface Cacheable {
  /** Kept for later requests (a render for this request alone is still shared with concurrent ones). */
  keep: boolean;
  bytes: number;
}

export interface PageCacheStats {
  hits: number;
  shared: number;
  renders: number;
  entries: number;
  bytes: number;
}

export interface PageCache<T extends Cacheable> {
  get(key: string, render: () => Promise<T>): Promise<T>;
  stats(): PageCacheStats;
}

export function pageCache<T extends Cacheable>(opts: PageCacheOptions): PageCache<T> {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 2_000;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const kept = new Map<string, { value: T; until: number }>();
  const running = new Map<string, Promise<T>>();
  let bytes = 0;
  const s = { hits: 0, shared: 0, renders: 0 };

  function drop(key: string): void {
    const e = kept.get(key);
    if (!e) return;
    kept.delete(key);
    bytes -= e.value.bytes;
  }

  function keep(key: string, value: T): void {
    drop(key);
    if (opts.ttlMs <= 0 || !value.keep || value.bytes > maxBytes / 10) return;
    kept.set(key, { value, until: now() + opts.ttlMs });
    bytes += value.bytes;
    for (const k of kept.keys()) {
      if (kept.size <= maxEntries && bytes <= maxBytes) break;
      drop(k);
    }
  }

  return {
    async get(key, render) {
      const e = kept.get(key);
      if (e && e.until > now()) {
        kept.delete(key);
        kept.set(key, e);
        s.hits += 1;
        return e.value;
      }
      if (e) drop(key);
      const inFlight = running.get(key);
      if (inFlight) {
        s.shared += 1;
        return inFlight;
      }
      s.renders += 1;
      const p = render().then(
        (value) => {
          running.delete(key);
          keep(key, value);
          return value;
        },
        (err: unknown) => {
          running.delete(key);
          throw err;
        },
      );
      running.set(key, p);
      return p;
    },
    stats: () => ({ ...s, entries: kept.size, bytes }),
  };
}
