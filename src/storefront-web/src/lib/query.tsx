/**
 * A small keyed data cache instead of TanStack Query (decided once for the storefront): the pages
 * need only keyed reads with in-flight de-duplication, invalidation after mutations, and
 * per-key subscriptions. TanStack Query would cost about 13 KB gzipped of a 100 KB budget for
 * features we do not use (persistence, devtools, window-focus refetch, retries the SDK already does).
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { useHydrated, useSsr } from "./ssr.js";

export type QueryKey = readonly unknown[];
export type QueryStatus = "pending" | "success" | "error";

export interface QueryState<T = unknown> {
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  /** Set when a mutation made the data out of date; the next reader refetches. */
  stale: boolean;
}

const EMPTY: QueryState = { status: "pending", data: undefined, error: undefined, isFetching: false, stale: true };

export const hashKey = (key: QueryKey): string => JSON.stringify(key);

export class QueryCache {
  private readonly states = new Map<string, QueryState>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly fetchers = new Map<string, () => Promise<unknown>>();
  private readonly listeners = new Map<string, Set<() => void>>();

  get<T>(key: QueryKey): QueryState<T> {
    return (this.states.get(hashKey(key)) ?? EMPTY) as QueryState<T>;
  }

  private put(hash: string, patch: Partial<QueryState>): void {
    this.states.set(hash, { ...(this.states.get(hash) ?? EMPTY), ...patch });
    for (const l of this.listeners.get(hash) ?? []) l();
  }

  subscribe(key: QueryKey, listener: () => void): () => void {
    const hash = hashKey(key);
    let set = this.listeners.get(hash);
    if (!set) this.listeners.set(hash, (set = new Set()));
    set.add(listener);
    return () => {
      set!.delete(listener);
    };
  }

  /** Runs `fn` for `key` unless a run is already in flight; keeps the last data while refetching. */
  fetch<T>(key: QueryKey, fn: () => Promise<T>): Promise<T> {
    const hash = hashKey(key);
    this.fetchers.set(hash, fn);
    const running = this.inflight.get(hash);
    if (running) return running as Promise<T>;
    this.put(hash, { isFetching: true });
    const p = fn().then(
      (data) => {
        this.inflight.delete(hash);
        this.put(hash, { status: "success", data, error: undefined, isFetching: false, stale: false });
        return data;
      },
      (error: unknown) => {
        this.inflight.delete(hash);
        // Stale, so the next page that reads it tries again; the one on screen offers a retry.
        this.put(hash, { status: "error", error, isFetching: false, stale: true });
        throw error;
      },
    );
    this.inflight.set(hash, p);
    return p;
  }

  /** Replaces the data of one key (a mutation's answer, e.g. the updated cart). */
  setData<T>(key: QueryKey, data: T): void {
    this.put(hashKey(key), { status: "success", data, error: undefined, stale: false });
  }

  /**
   * The successful reads, for a page rendered on the server to hand to the browser (errors stay
   * behind: the browser asks again). `keep` chooses the keys (e.g. only catalogue data).
   */
  dehydrate(keep: (key: QueryKey) => boolean = () => true): [QueryKey, unknown][] {
    const out: [QueryKey, unknown][] = [];
    for (const [hash, state] of this.states) {
      const key = JSON.parse(hash) as QueryKey;
      if (state.status === "success" && keep(key)) out.push([key, state.data]);
    }
    return out;
  }

  /** Takes what the server read, as fresh data, so hydration renders what the server rendered. */
  hydrate(entries: readonly (readonly [QueryKey, unknown])[]): void {
    for (const [key, data] of entries) this.setData(key, data);
  }

  /** Marks every key starting with `prefix` stale and refetches the ones on screen. */
  invalidate(prefix: QueryKey): void {
    const head = hashKey(prefix).slice(0, -1);
    for (const hash of [...this.states.keys()]) {
      if (hash !== hashKey(prefix) && !hash.startsWith(head + ",")) continue;
      this.put(hash, { stale: true });
      const fn = this.fetchers.get(hash);
      if (fn && (this.listeners.get(hash)?.size ?? 0) > 0) this.fetch(JSON.parse(hash) as QueryKey, fn).catch(() => {});
    }
  }

  /** Forgets every key starting with `prefix` (e.g. the customer's data after logging out). */
  remove(prefix: QueryKey): void {
    const head = hashKey(prefix).slice(0, -1);
    for (const hash of [...this.states.keys()]) {
      if (hash === hashKey(prefix) || hash.startsWith(head + ",")) {
        this.states.delete(hash);
        for (const l of this.listeners.get(hash) ?? []) l();
      }
    }
  }
}

const CacheContext = createContext<QueryCache | null>(null);

export function QueryProvider({ cache, children }: { cache: QueryCache; children?: ReactNode }) {
  return <CacheContext.Provider value={cache}>{children}</CacheContext.Provider>;
}

export function useQueryCache(): QueryCache {
  const cache = useContext(CacheContext);
  if (!cache) throw new Error("useQueryCache() needs a <QueryProvider>");
  return cache;
}

export interface UseQueryResult<T> extends QueryState<T> {
  refetch: () => Promise<T | undefined>;
  /** True while `data` belongs to an earlier key (keepPrevious), e.g. the last page of a list. */
  isPlaceholder: boolean;
}

export interface UseQueryOptions {
  /** `false` waits (e.g. no cart yet). */
  enabled?: boolean;
  /** While the key has no data, show the previous key's (a list's last page while the next loads). */
  keepPrevious?: boolean;
  /**
   * The shopper's own data (session, cart): never read on the server, and in the browser only
   * once the server's HTML is hydrated, so both render the same first.
   */
  clientOnly?: boolean;
}

/**
 * Reads `key` through the cache. On the server a read the page needs suspends the render until
 * it is answered (the server waits for every read before it sends the page), so the first HTML
 * holds the data; a failed read leaves the error in the cache for the page to show.
 */
export function useQuery<T>(key: QueryKey, fn: () => Promise<T>, options: UseQueryOptions = {}): UseQueryResult<T> {
  const cache = useQueryCache();
  const ssr = useSsr();
  const hydrated = useHydrated();
  const enabled = (options.enabled ?? true) && (!options.clientOnly || (!ssr && hydrated));
  const hash = hashKey(key);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const subscribe = useCallback((l: () => void) => cache.subscribe(JSON.parse(hash) as QueryKey, l), [cache, hash]);
  const read = () => cache.get<T>(JSON.parse(hash) as QueryKey);
  // The server renders from what its loaders put in the cache; the browser hydrates from the same.
  const state = useSyncExternalStore(subscribe, read, read);
  const previous = useRef<T | undefined>(undefined);
  if (ssr && enabled && state.status === "pending") {
    // Thrown, not `use()`d: React's use() matches a component's promises by the order they were
    // used in, and a component whose first read has arrived reads its second at the first one's
    // place, where React finds the settled first promise and does not wait. A thrown promise is
    // waited for wherever it comes from (the server renders the component again once it settles).
    throw cache.fetch(JSON.parse(hash) as QueryKey, fn).catch(() => undefined);
  }

  useEffect(() => {
    if (!enabled) return;
    const current = cache.get(JSON.parse(hash) as QueryKey);
    if (current.stale && !current.isFetching) cache.fetch(JSON.parse(hash) as QueryKey, () => fnRef.current()).catch(() => {});
  }, [cache, hash, enabled, state.stale]);

  if (state.status === "success") previous.current = state.data;
  const refetch = useCallback(
    () => cache.fetch(JSON.parse(hash) as QueryKey, () => fnRef.current()).catch(() => undefined),
    [cache, hash],
  );
  const placeholder = options.keepPrevious && state.status === "pending" && previous.current !== undefined;
  return {
    ...state,
    data: placeholder ? previous.current : state.data,
    isFetching: state.isFetching || (enabled && state.status === "pending"),
    isPlaceholder: Boolean(placeholder),
    refetch,
  };
}

export interface UseMutationResult<A, R> {
  mutate: (args: A) => Promise<R>;
  status: "idle" | "pending" | "success" | "error";
  error: unknown;
  reset: () => void;
}

/** One write; `mutate` resolves with the answer and records pending/error for the UI. */
export function useMutation<A, R>(fn: (args: A) => Promise<R>): UseMutationResult<A, R> {
  const [state, setState] = useState<{ status: UseMutationResult<A, R>["status"]; error: unknown }>({ status: "idle", error: undefined });
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const mutate = useCallback(async (args: A) => {
    setState({ status: "pending", error: undefined });
    try {
      const r = await fnRef.current(args);
      if (mounted.current) setState({ status: "success", error: undefined });
      return r;
    } catch (e) {
      if (mounted.current) setState({ status: "error", error: e });
      throw e;
    }
  }, []);
  const reset = useCallback(() => setState({ status: "idle", error: undefined }), []);
  return { mutate, status: state.status, error: state.error, reset };
}
