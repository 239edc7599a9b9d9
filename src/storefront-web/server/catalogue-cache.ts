/**
 * The server's memory of catalogue reads, so that a burst of visitors is not a burst of Medusa
 * requests: answers of the store API's catalogue routes (products, categories, collections,
 * regions) are kept per URL (the URL holds the region and country, so prices are per region) for
 * `freshMs`, then served stale for up to `staleMs` while one request fetches them again in the
 * background (stale-while-revalidate), and served stale too when that request fails. Concurrent
 * misses of one URL share one request. Personal reads (carts, customers, orders: anything with a
 * token) are never made on the server, and never kept if they were.
 *
 * Bounded: at most `maxEntries` answers and `maxBytes` of their text, the least recently used
 * dropped first; an answer larger than a tenth of `maxBytes` is passed on, not kept.
 */
import type { Transport, TransportRequest } from "../../sdk/transport/types.js";
import { memoryResponse } from "./memory-response.js";

export interface CatalogueCacheOptions {
  freshMs?: number;
  staleMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** A background refresh that takes longer is given up (the stale answer stays). */
  refreshTimeoutMs?: number;
}

const CACHED = /^\/store\/(products|product-categories|collections|regions)(\/|\?|$)/;

interface Entry {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  storedAt: number;
  /** A background refresh is running. */
  refreshing?: boolean;
}

export interface CacheStats {
  hits: number;
  stale: number;
  misses: number;
  /** Requests that reached the back-end (misses and refreshes). */
  upstream: number;
  entries: number;
  bytes: number;
}

const KEPT_HEADERS = ["content-type"];

export interface CachingTransport extends Transport {
  stats(): CacheStats;
  /** Forgets everything (tests; a deploy that changed the catalogue wholesale). */
  clear(): void;
}

export function cachingTransport(inner: Transport, options: CatalogueCacheOptions = {}): CachingTransport {
  const freshMs = options.freshMs ?? 30_000;
  const staleMs = options.staleMs ?? 10 * 60_000;
  const maxEntries = options.maxEntries ?? 2_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const refreshTimeoutMs = options.refreshTimeoutMs ?? 30_000;
  // A Map keeps insertion order: re-inserting on use makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry>>();
  let bytes = 0;
  const stats = { hits: 0, stale: 0, misses: 0, upstream: 0 };

  function cacheable(req: TransportRequest): string | null {
    if (req.method !== "GET") return null;
    const h = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v]));
    if (h.authorization || h.cookie) return null;
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return null;
    }
    if (!CACHED.test(url.pathname + url.search)) return null;
    // The key names the back-end, the publishable key (it chooses the sales channel) and the locale.
    return JSON.stringify([req.url, h["x-publishable-api-key"] ?? "", h["x-medusa-locale"] ?? ""]);
  }

  function put(key: string, e: Entry): void {
    const old = entries.get(key);
    if (old) {
      bytes -= old.body.length;
      entries.delete(key);
    }
    if (e.body.length > maxBytes / 10) return;
    entries.set(key, e);
    bytes += e.body.length;
    while (entries.size > maxEntries || bytes > maxBytes) {
      const [first, oldest] = entries.entries().next().value as [string, Entry];
      entries.delete(first);
      bytes -= oldest.body.length;
    }
  }

  async function load(key: string, req: TransportRequest): Promise<Entry> {
    const running = inflight.get(key);
    if (running) return running;
    const p = (async () => {
      stats.upstream++;
      const res = await inner.request(req);
      const body = await res.text(req.bufferBody);
      const headers: Record<string, string> = {};
      for (const h of KEPT_HEADERS) {
        const v = res.headers.get(h);
        if (v !== null) headers[h] = v;
      }
      const e: Entry = { status: res.status, statusText: res.statusText, headers, body, storedAt: now() };
      // Only answers worth repeating: an error is asked again next time.
      if (res.status === 200) put(key, e);
      return e;
    })();
    inflight.set(key, p);
    try {
      return await p;
    } finally {
      inflight.delete(key);
    }
  }

  return {
    async request(req) {
      const key = cacheable(req);
      if (!key) return inner.request(req);
      const e = entries.get(key);
      const age = e ? now() - e.storedAt : Infinity;
      if (e && age < freshMs) {
        stats.hits++;
        entries.delete(key);
        entries.set(key, e);
        return memoryResponse(e);
      }
      if (e && age < freshMs + staleMs) {
        stats.stale++;
        if (!e.refreshing) {
          e.refreshing = true;
          // The visitor's own signal must not cut a refresh meant for everyone; a plain timer
          // ends one that hangs, so the key is not held in flight for ever.
          const ctl = new AbortController();
          const timer = setTimeout(() => ctl.abort(new Error("catalogue refresh timed out")), refreshTimeoutMs);
          timer.unref?.();
          const own: TransportRequest = { url: req.url, method: req.method, headers: req.headers, signal: ctl.signal, bufferBody: req.bufferBody };
          load(key, own).then(
            () => clearTimeout(timer),
            () => {
              clearTimeout(timer);
              e.refreshing = false;
            },
          );
        }
        return memoryResponse(e);
      }
      stats.misses++;
      try {
        return memoryResponse(await load(key, req));
      } catch (err) {
        // Stale-if-error: an old answer is better than an error page while the back-end is away.
        if (e) return memoryResponse(e);
        throw err;
      }
    },
    close: async () => {
      await inner.close?.();
    },
    stats: () => ({ ...stats, entries: entries.size, bytes }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
