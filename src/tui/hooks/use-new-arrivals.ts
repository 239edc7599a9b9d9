import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Asks the server about records newer than `since` (an ISO time; undefined: only the newest).
 * Answers how many there are and the newest one's time.
 */
export type ArrivalProbe = (since: string | undefined, signal: AbortSignal) => Promise<{ count: number; newest?: string }>;

export interface NewArrivalsOptions {
  probe: ArrivalProbe;
  /**
   * The list shows the newest records itself (at the top, unfiltered, newest first): nothing to
   * announce, and `newestShown` is the mark to count from.
   */
  inView: boolean;
  newestShown?: string;
  refreshMs: number;
  paused: boolean;
  active: boolean;
}

export interface NewArrivals {
  /** Records newer than the newest one the operator has seen. */
  count: number;
  /** The operator has seen them (the list went to the top, unfiltered). */
  acknowledge(): void;
}

/**
 * "3 new": while the list is scrolled down or filtered, each live-refresh tick asks the server for
 * the records created after the newest one shown (one `limit=1` request: the count is in the
 * answer). While the list shows the newest itself, it asks nothing.
 */
export function useNewArrivals(o: NewArrivalsOptions): NewArrivals {
  const mark = useRef<string | undefined>(undefined);
  const newest = useRef<string | undefined>(undefined);
  const [count, setCount] = useState(0);
  const latest = useRef(o);
  latest.current = o;

  // In view: the top row is the mark.
  useEffect(() => {
    if (!o.inView || !o.newestShown) return;
    if (!mark.current || o.newestShown > mark.current) mark.current = o.newestShown;
    newest.current = mark.current;
    setCount(0);
  }, [o.inView, o.newestShown]);

  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!o.active || o.paused || o.inView || o.refreshMs <= 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const since = mark.current;
      latest.current.probe(since, controller.signal).then(
        (r) => {
          if (controller.signal.aborted) return;
          if (since === undefined) mark.current = r.newest;
          else {
            if (r.newest && (!newest.current || r.newest > newest.current)) newest.current = r.newest;
            setCount(r.count);
          }
          setTick((t) => t + 1);
        },
        // The list shows errors; a failed probe only waits for the next tick.
        () => !controller.signal.aborted && setTick((t) => t + 1),
      );
    }, mark.current === undefined ? 0 : o.refreshMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [o.active, o.paused, o.inView, o.refreshMs, tick]);

  const acknowledge = useCallback(() => {
    if (newest.current && (!mark.current || newest.current > mark.current)) mark.current = newest.current;
    setCount(0);
  }, []);
  return { count, acknowledge };
}
