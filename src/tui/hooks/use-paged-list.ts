import { useCallback, useEffect, useReducer, useRef } from "react";

export interface PageResult<T> {
  rows: T[];
  count: number;
}

export type FetchPage<T> = (offset: number, limit: number, signal: AbortSignal) => Promise<PageResult<T>>;

export interface PagedListOptions<T> {
  fetchPage: FetchPage<T>;
  /** Identity of the query (filter, sort, page size): a new key drops every cached page. */
  queryKey: string;
  /** The rows on screen, [start, end). */
  window: { start: number; end: number };
  pageSize?: number;
  /** Live refresh interval in ms; 0 turns it off. */
  refreshMs: number;
  paused: boolean;
  /** Only the visible screen fetches. */
  active: boolean;
  now: () => number;
}

export type ListStatus = "loading" | "ready" | "error";

export interface PagedList<T> {
  status: ListStatus;
  /** Total rows on the server (for this query), once known. */
  count: number | undefined;
  /** The row at an absolute index, or undefined while its page is on its way. */
  rowAt(index: number): T | undefined;
  error: unknown;
  updatedAt: number | undefined;
  /** A request is in flight. */
  busy: boolean;
  /** Re-reads the visible pages now; after an error this is the retry. */
  refresh(): void;
}

interface Store<T> {
  key: string;
  pages: Map<number, T[]>;
  count: number | undefined;
  inflight: Map<number, AbortController>;
  error: unknown;
  failures: number;
  updatedAt: number | undefined;
}

/** How far around the window pages are fetched ahead, and kept, in pages. */
const PREFETCH_PAGES = 1;
const KEEP_PAGES = 6;
const MAX_BACKOFF = 4;

/**
 * A virtualised view of a server-side list: only the pages around the visible rows are fetched
 * (limit/offset) and kept, so 10,000 orders scroll as smoothly as 10. Live refresh re-reads the
 * visible pages on an interval and backs off (×2 per failure, up to ×16) while errors last; the
 * error stays visible rather than being retried silently.
 */
export function usePagedList<T>(opts: PagedListOptions<T>): PagedList<T> {
  const pageSize = opts.pageSize ?? 50;
  const [, bump] = useReducer((x: number) => x + 1, 0);
  const store = useRef<Store<T>>({ key: opts.queryKey, pages: new Map(), count: undefined, inflight: new Map(), error: undefined, failures: 0, updatedAt: undefined });
  const latest = useRef(opts);
  latest.current = opts;

  const s = store.current;
  if (s.key !== opts.queryKey) {
    for (const c of s.inflight.values()) c.abort();
    store.current = { key: opts.queryKey, pages: new Map(), count: undefined, inflight: new Map(), error: undefined, failures: 0, updatedAt: s.updatedAt };
  }

  const load = useCallback(
    (page: number) => {
      const st = store.current;
      if (st.inflight.has(page)) return;
      const controller = new AbortController();
      st.inflight.set(page, controller);
      const key = st.key;
      latest.current
        .fetchPage(page * pageSize, pageSize, controller.signal)
        .then(
          (res) => {
            const cur = store.current;
            if (cur.key !== key || controller.signal.aborted) return;
            cur.pages.set(page, res.rows);
            cur.count = res.count;
            for (const p of [...cur.pages.keys()]) if (p * pageSize >= res.count && p !== 0) cur.pages.delete(p);
            cur.error = undefined;
            cur.failures = 0;
            cur.updatedAt = latest.current.now();
          },
          (e: unknown) => {
            const cur = store.current;
            if (cur.key !== key || controller.signal.aborted) return;
            cur.error = e;
            cur.failures += 1;
          },
        )
        .finally(() => {
          const cur = store.current;
          if (cur.inflight.get(page) === controller) cur.inflight.delete(page);
          if (cur.key === key) bump();
        });
      bump();
    },
    [pageSize],
  );

  const visiblePages = useCallback((): number[] => {
    const { start, end } = latest.current.window;
    const st = store.current;
    const last = st.count === undefined ? 0 : Math.max(0, Math.ceil(st.count / pageSize) - 1);
    const from = Math.max(0, Math.floor(start / pageSize));
    const to = Math.min(last, Math.floor(Math.max(start, end - 1) / pageSize));
    const pages: number[] = [];
    for (let p = from; p <= Math.max(from, to); p++) if (st.count === undefined ? p === 0 : p <= last) pages.push(p);
    return pages.length ? pages : [0];
  }, [pageSize]);

  // Fetch what the window needs (and a page either side), unless an error is waiting for a retry.
  const { start, end } = opts.window;
  const count = store.current.count;
  useEffect(() => {
    const st = store.current;
    if (!opts.active || st.error) return;
    const last = st.count === undefined ? 0 : Math.max(0, Math.ceil(st.count / pageSize) - 1);
    const from = Math.max(0, Math.floor(start / pageSize) - PREFETCH_PAGES);
    const to = st.count === undefined ? 0 : Math.min(last, Math.floor(Math.max(start, end - 1) / pageSize) + PREFETCH_PAGES);
    for (let p = from; p <= to; p++) if (!st.pages.has(p)) load(p);
    // Pages far from the window go: memory stays flat, and they are re-read fresh on return.
    const centre = Math.floor(start / pageSize);
    for (const p of [...st.pages.keys()]) if (Math.abs(p - centre) > KEEP_PAGES) st.pages.delete(p);
  });

  const refresh = useCallback(() => {
    const st = store.current;
    // The error stays on screen until an answer replaces it.
    for (const p of visiblePages()) {
      st.inflight.get(p)?.abort();
      st.inflight.delete(p);
      load(p);
    }
  }, [load, visiblePages]);

  // Live refresh with backoff while errors last.
  const failures = store.current.failures;
  useEffect(() => {
    if (!opts.active || opts.paused || opts.refreshMs <= 0) return;
    const delay = opts.refreshMs * 2 ** Math.min(failures, MAX_BACKOFF);
    const timer = setTimeout(() => {
      const st = store.current;
      // A read failed since this timer was armed, and the render that arms the longer wait has not
      // come yet (a busy machine delays it): that render's timer reads, not this one.
      if (st.failures !== failures) return;
      for (const p of visiblePages()) if (!st.inflight.has(p)) load(p);
    }, delay);
    return () => clearTimeout(timer);
  }, [opts.active, opts.paused, opts.refreshMs, failures, store.current.updatedAt, opts.queryKey, load, visiblePages]);

  useEffect(
    () => () => {
      for (const c of store.current.inflight.values()) c.abort();
    },
    [],
  );

  const st = store.current;
  const status: ListStatus = st.error ? "error" : st.count === undefined ? "loading" : "ready";
  return {
    status,
    count,
    rowAt: (i) => st.pages.get(Math.floor(i / pageSize))?.[i % pageSize],
    error: st.error,
    updatedAt: st.updatedAt,
    busy: st.inflight.size > 0,
    refresh,
  };
}
