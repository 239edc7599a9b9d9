/**
 * Product pages asked for at the same moment share one Medusa request. Each product page reads its
 * product by handle (`GET /store/products?handle=…&region_id=…&limit=1`), and Medusa answers those
 * one after the other in its one process: fifty visitors arriving on fifty different products
 * waited for fifty reads (~70 ms each here, p95 3-5 s). Medusa takes a list of handles in one
 * read (`handle[]=a&handle[]=b`: 50 products in ~0.4 s against ~3.3 s one by one, bench/RESULTS.md),
 * so reads of one product that arrive within `windowMs` of each other, with the same other
 * parameters, go as one, and each visitor gets the answer a read of their own would have given.
 *
 * Anything else passes through untouched. When the shared read fails, each visitor's read is made
 * on its own, so an error is the one that visitor's read would have met.
 */
import type { Transport, TransportRequest, TransportResponse } from "../../sdk/transport/types.js";
import { memoryResponse } from "./memory-response.js";

export interface ProductBatchingOptions {
  /**
   * How long a read waits for another to join it (0: every read goes alone, as it came), from the last one that joined, and at most
   * `maxWaitMs` from the first. Pages render one after the other in the server's one process, so
   * the next page's read comes a render later (~5-15 ms), not at the same instant.
   */
  windowMs?: number;
  maxWaitMs?: number;
  maxBatch?: number;
  /** A longer URL is split: proxies in front of Medusa refuse long ones (often 8 KiB). */
  maxUrlLength?: number;
  /** A shared read that takes longer is given up, and each visitor's read made on its own. */
  timeoutMs?: number;
}

export interface BatchingStats {
  /** Shared reads sent, and the product reads they answered. */
  batches: number;
  batched: number;
}

/** The parameters a product page's read has; a read with any other is not one of them. */
const ALLOWED = new Set(["handle", "region_id", "country_code", "fields", "limit"]);

interface Waiting {
  req: TransportRequest;
  handle: string;
  resolve: (r: TransportResponse) => void;
  reject: (e: unknown) => void;
}

interface Group {
  base: URL;
  headers: Record<string, string>;
  waiting: Waiting[];
  timer: ReturnType<typeof setTimeout>;
  /** When the first read joined: the group goes at `maxWaitMs` from then whatever joins later. */
  since: number;
}

/** The handle and the shared part of a product page's read, or null for any other request. */
function productRead(req: TransportRequest): { handle: string; key: string; base: URL } | null {
  if (req.method !== "GET" || req.body) return null;
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return null;
  }
  if (!/\/store\/products$/.test(url.pathname)) return null;
  const keys = [...url.searchParams.keys()];
  if (keys.some((k) => !ALLOWED.has(k))) return null;
  const handles = url.searchParams.getAll("handle");
  if (handles.length !== 1 || !handles[0] || url.searchParams.get("limit") !== "1") return null;
  const fields = url.searchParams.get("fields");
  // The answer is split by handle: it must be in what Medusa sends back.
  if (fields !== null && !fields.split(",").some((f) => f === "handle" || f === "*")) return null;
  const base = new URL(url);
  base.searchParams.delete("handle");
  base.searchParams.delete("limit");
  base.searchParams.sort();
  const h = Object.entries(req.headers)
    .map(([k, v]) => [k.toLowerCase(), v] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return { handle: handles[0], key: JSON.stringify([base.href, h]), base };
}

export function productBatchingTransport(inner: Transport, options: ProductBatchingOptions = {}): Transport & { batchStats(): BatchingStats } {
  const windowMs = options.windowMs ?? 8;
  const maxWaitMs = Math.max(windowMs, options.maxWaitMs ?? 30);
  const maxBatch = options.maxBatch ?? 50;
  const maxUrl = options.maxUrlLength ?? 6_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const groups = new Map<string, Group>();
  const stats: BatchingStats = { batches: 0, batched: 0 };

  /** Each visitor's own read, as if nothing had been shared. */
  function alone(waiting: Waiting[]): void {
    for (const w of waiting) inner.request(w.req).then(w.resolve, w.reject);
  }

  async function flush(key: string): Promise<void> {
    const g = groups.get(key);
    if (!g) return;
    groups.delete(key);
    clearTimeout(g.timer);
    if (g.waiting.length === 1) {
      alone(g.waiting);
      return;
    }
    const handles = [...new Set(g.waiting.map((w) => w.handle))];
    const url = new URL(g.base);
    for (const h of handles) url.searchParams.append("handle[]", h);
    url.searchParams.set("limit", String(handles.length));
    stats.batches += 1;
    stats.batched += g.waiting.length;
    // One visitor leaving must not cut the read the others wait for: a timer of its own ends it.
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(new Error("shared product read timed out")), timeoutMs);
    timer.unref?.();
    let products: Array<Record<string, unknown>>;
    try {
      const res = await inner.request({ url: url.href, method: "GET", headers: g.headers, signal: ctl.signal, bufferBody: 4 * 1024 * 1024 });
      const text = await res.text(16 * 1024 * 1024);
      if (res.status !== 200) throw new Error(`shared product read answered ${res.status}`);
      const parsed = JSON.parse(text) as { products?: unknown };
      if (!Array.isArray(parsed.products)) throw new Error("shared product read without products");
      products = parsed.products as Array<Record<string, unknown>>;
    } catch {
      alone(g.waiting);
      return;
    } finally {
      clearTimeout(timer);
    }
    const byHandle = new Map(products.filter((p) => p && typeof p.handle === "string").map((p) => [p.handle as string, p]));
    for (const w of g.waiting) {
      const p = byHandle.get(w.handle);
      w.resolve(memoryResponse({ status: 200, statusText: "OK", headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify({ products: p ? [p] : [], count: p ? 1 : 0, offset: 0, limit: 1 }) }));
    }
  }

  return {
    request(req) {
      const read = windowMs > 0 ? productRead(req) : null;
      if (!read) return inner.request(req);
      return new Promise<TransportResponse>((resolve, reject) => {
        const at = performance.now();
        let g = groups.get(read.key);
        if (!g) {
          g = { base: read.base, headers: req.headers, waiting: [], timer: setTimeout(() => void flush(read.key), windowMs), since: at };
          groups.set(read.key, g);
        } else {
          clearTimeout(g.timer);
          g.timer = setTimeout(() => void flush(read.key), Math.max(0, Math.min(windowMs, g.since + maxWaitMs - at)));
        }
        g.waiting.push({ req, handle: read.handle, resolve, reject });
        const handles = new Set(g.waiting.map((w) => w.handle));
        const length = g.base.href.length + [...handles].reduce((n, h) => n + encodeURIComponent(h).length + 14, 0);
        if (handles.size >= maxBatch || length >= maxUrl) void flush(read.key);
      });
    },
    close: async () => {
      await inner.close?.();
    },
    batchStats: () => ({ ...stats }),
  };
}
