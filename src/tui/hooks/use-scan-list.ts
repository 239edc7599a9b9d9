import { useCallback, useEffect, useReducer, useRef } from "react";
import type { FetchPage, PagedList } from "./use-paged-list.js";

export interface ScanListOptions<T> {
  /** One page of the server's list, unfiltered (what the server narrowed is already narrowed). */
  fetchPage: FetchPage<T>;
  /** The rows kept of each page. */
  keep: (row: T) => boolean;
  /** Identity of the query and the filter: a new key starts the scan again. */
  queryKey: string;
  /** The rows on screen, [start, end), in kept rows. */
  window: { start: number; end: number };
  pageSize: number;
  refreshMs: number;
  paused: boolean;
  active: boolean;
  now: () => number;
}

export interface ScanList<T> extends PagedList<T> {
  /** Server rows read so far, and how many the server has (once known). */
  scanned: number;
  total: number | undefined;
  /** Every server page has been read: `count` is exact. */
  complete: boolean;
}

interface Store<T> {
  key: string;
  /** Server pages by index, as answered. */
  pages: Map<number, T[]>;
  total: number | undefined;
  inflight: AbortController | undefined;
  /** Pages a refresh still has to read again, in order. */
  reread: number[];
  error: unknown;
  failures: number;
  updatedAt: number | undefined;
  /** Kept rows, with the server page each came from; rebuilt when a page arrives. */
  kept: { row: T; page: number }[];
}

const MAX_BACKOFF = 4;

/** How many server pages are read in a row from the first, and whether that is all of them. */
function progress(st: Store<unknown>, pageSize: number): { read: number; complete: boolean } {
  let read = 0;
  while (st.pages.has(read)) read++;
  return { read, complete: st.total !== undefined && read * pageSize >= st.total };
}

/** The page to read on while the rows on screen and one screen more are not read yet and the server has more. */
function pageToReadOn(st: Store<unknown>, pageSize: number, window: { start: number; end: number }): number | undefined {
  const { read, complete } = progress(st, pageSize);
  return !complete && st.kept.length < window.end + (window.end - window.start) ? read : undefined;
}

function empty<T>(key: string, updatedAt?: number): Store<T> {
  return { key, pages: new Map(), total: undefined, inflight: undefined, reread: [], error: undefined, failures: 0, updatedAt, kept: [] };
}

/**
 * A filter that the server cannot do (`/!text`, an exact status, the to-ship queue), over server
 * pages: the pages are read in order, one request at a time, only until the rows on screen (and
 * one screen more) are filled, and each is filtered as it arrives. A live refresh re-reads only
 * the server pages the visible rows came from (usually one), never the whole list; rows that
 * appear in two pages after the list shifted are shown once.
 */
export function useScanList<T extends { id?: unknown }>(opts: ScanListOptions<T>): ScanList<T> {
  const { pageSize } = opts;
  const [, bump] = useReducer((x: number) => x + 1, 0);
  const store = useRef<Store<T>>(empty(opts.queryKey));
  const latest = useRef(opts);
  latest.current = opts;

  if (store.current.key !== opts.queryKey) {
    store.current.inflight?.abort();
    store.current = empty(opts.queryKey, store.current.updatedAt);
  }

  const rebuild = (st: Store<T>) => {
    const seen = new Set<unknown>();
    const kept: { row: T; page: number }[] = [];
    for (let p = 0; st.pages.has(p); p++) {
      for (const row of st.pages.get(p)!) {
        if (row.id !== undefined && seen.has(row.id)) continue;
        seen.add(row.id);
        if (latest.current.keep(row)) kept.push({ row, page: p });
      }
    }
    st.kept = kept;
  };

  const load = useCallback(
    (page: number) => {
      const st = store.current;
      if (st.inflight) return;
      const controller = new AbortController();
      st.inflight = controller;
      const key = st.key;
      latest.current
        .fetchPage(page * pageSize, pageSize, controller.signal)
        .then(
          (res) => {
            const cur = store.current;
            if (cur.key !== key || controller.signal.aborted) return;
            cur.pages.set(page, res.rows);
            cur.total = res.count;
            for (const p of [...cur.pages.keys()]) if (p > 0 && p * pageSize >= res.count) cur.pages.delete(p);
            rebuild(cur);
            cur.error = undefined;
            cur.failures = 0;
            cur.updatedAt = latest.current.now();
          },
          (e: unknown) => {
            const cur = store.current;
            if (cur.key !== key || controller.signal.aborted) return;
            cur.error = e;
            cur.failures += 1;
            cur.reread = [];
          },
        )
        .finally(() => {
          const cur = store.current;
          if (cur.inflight === controller) cur.inflight = undefined;
          if (cur.key === key) bump();
        });
      bump();
    },
    [pageSize],
  );

  const st = store.current;
  const { read, complete } = progress(st, pageSize);

  // Read on: a page being re-read first, else the next page while the screen (and one more) is not full.
  useEffect(() => {
    const s = store.current;
    if (!opts.active || s.error || s.inflight) return;
    const next = s.reread.shift();
    if (next !== undefined) return load(next);
    const more = pageToReadOn(s, pageSize, latest.current.window);
    if (more !== undefined) load(more);
  });

  /** The server pages the visible rows came from (page 0 when none are visible). */
  const visiblePages = useCallback((): number[] => {
    const s = store.current;
    const { start: a, end: b } = latest.current.window;
    const shown = s.kept.slice(a, b);
    if (!shown.length) return [0];
    const pages: number[] = [];
    for (let p = shown[0]!.page; p <= shown[shown.length - 1]!.page; p++) pages.push(p);
    return pages;
  }, []);

  const refresh = useCallback(() => {
    const s = store.current;
    s.inflight?.abort();
    s.inflight = undefined;
    s.error = undefined;
    s.reread = visiblePages();
    bump();
  }, [visiblePages]);

  const failures = st.failures;
  useEffect(() => {
    if (!opts.active || opts.paused || opts.refreshMs <= 0) return;
    const delay = opts.refreshMs * 2 ** Math.min(failures, MAX_BACKOFF);
    const timer = setTimeout(() => {
      const s = store.current;
      // As in usePagedList: a failure since this timer was armed waits for the longer timer.
      if (s.inflight || s.reread.length || s.failures !== failures) return;
      // The screen is still filling: reading on comes first, and its answer arms the next timer.
      // Otherwise a render slower than the interval lets this timer in before the effect that
      // reads on, and the first page is read again and again while the rows below never come.
      // After an error this timer is the retry, so it reads whatever the screen lacks.
      if (!s.error && pageToReadOn(s, pageSize, latest.current.window) !== undefined) return;
      s.error = undefined;
      s.reread = visiblePages();
      bump();
    }, delay);
    return () => clearTimeout(timer);
  }, [opts.active, opts.paused, opts.refreshMs, failures, st.updatedAt, opts.queryKey, visiblePages]);

  useEffect(
    () => () => {
      store.current.inflight?.abort();
    },
    [],
  );

  const count = st.total === undefined ? undefined : st.kept.length;
  return {
    status: st.error ? "error" : count === undefined ? "loading" : "ready",
    count,
    rowAt: (i) => st.kept[i]?.row,
    error: st.error,
    updatedAt: st.updatedAt,
    busy: st.inflight !== undefined,
    refresh,
    scanned: Math.min(read * pageSize, st.total ?? 0),
    total: st.total,
    complete,
  };
}
