import { useCallback, useEffect, useReducer, useRef } from "react";

export interface Poll<T> {
  status: "loading" | "ready" | "error";
  data: T | undefined;
  error: unknown;
  updatedAt: number | undefined;
  busy: boolean;
  /** Reads again now; after an error this is the retry. */
  refresh(): void;
}

export interface PollOptions {
  /** A new key forgets the data and reads again. */
  key: string;
  intervalMs: number;
  paused: boolean;
  active: boolean;
  now: () => number;
}

/**
 * Reads one thing and keeps it fresh on an interval. While errors last the interval doubles (up
 * to ×16) and the error stays on screen next to the last good data.
 */
export function usePoll<T>(fetcher: (signal: AbortSignal) => Promise<T>, opts: PollOptions): Poll<T> {
  const [, bump] = useReducer((x: number) => x + 1, 0);
  const state = useRef<{ key: string; data?: T; error?: unknown; failures: number; updatedAt?: number; inflight?: AbortController }>({ key: opts.key, failures: 0 });
  const latest = useRef({ fetcher, opts });
  latest.current = { fetcher, opts };
  if (state.current.key !== opts.key) {
    state.current.inflight?.abort();
    state.current = { key: opts.key, failures: 0 };
  }

  const load = useCallback(() => {
    const st = state.current;
    st.inflight?.abort();
    const controller = new AbortController();
    st.inflight = controller;
    const key = st.key;
    latest.current
      .fetcher(controller.signal)
      .then(
        (data) => {
          if (state.current.key !== key || controller.signal.aborted) return;
          Object.assign(state.current, { data, error: undefined, failures: 0, updatedAt: latest.current.opts.now() });
        },
        (e: unknown) => {
          if (state.current.key !== key || controller.signal.aborted) return;
          state.current.error = e;
          state.current.failures += 1;
        },
      )
      .finally(() => {
        if (state.current.inflight === controller) state.current.inflight = undefined;
        if (state.current.key === key) bump();
      });
    bump();
  }, []);

  const st = state.current;
  useEffect(() => {
    if (opts.active && st.data === undefined && st.error === undefined && !st.inflight) load();
  });

  useEffect(() => {
    if (!opts.active || opts.paused || opts.intervalMs <= 0) return;
    const timer = setTimeout(() => {
      if (!state.current.inflight) load();
    }, opts.intervalMs * 2 ** Math.min(st.failures, 4));
    return () => clearTimeout(timer);
  }, [opts.active, opts.paused, opts.intervalMs, st.failures, st.updatedAt, opts.key, load]);

  useEffect(() => () => state.current.inflight?.abort(), []);

  return {
    status: st.error ? "error" : st.data === undefined ? "loading" : "ready",
    data: st.data,
    error: st.error,
    updatedAt: st.updatedAt,
    busy: Boolean(st.inflight),
    refresh: load,
  };
}
