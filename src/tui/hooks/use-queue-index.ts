import { useCallback, useEffect, useRef, useState } from "react";
import type { Medusa } from "../../sdk/index.js";
import { useSdk } from "../../shared/sdk-context.js";
import { inQueue, type QueueName } from "../../shared/orders/queues.js";
import { describeError } from "../error-text.js";
import { useTuiActions } from "./use-tui-actions.js";
import { useTuiState } from "./use-tui-state.js";

type Row = Record<string, unknown>;

export interface QueueIndexView {
  /** The index holds every order of the shop's queues. */
  ready: boolean;
  /** The first build's progress, while it runs. */
  building?: { read: number; total?: number };
  /**
   * One page of a queue: the index's candidates from `offset`, read again by id, so each row shows
   * what Medusa says now (an order captured elsewhere shows "captured", and the index learns it:
   * the next refresh leaves it out). The first page of a refresh brings the index up to date
   * first: one request for what changed since the last one.
   */
  page(rule: QueueName, order: "newest" | "oldest", offset: number, limit: number, query: { fields: string; order: string }, signal: AbortSignal): Promise<{ rows: Row[]; count: number }>;
}

/**
 * The order queues' use of the index of order states (TuiState.orderIndex). The first time a
 * queue is shown and the index has never been built, it is built in the background (reading every
 * order once, with progress in the title); the screen reads pages meanwhile.
 */
export function useQueueIndex(rule: QueueName | undefined, refreshMs: number): QueueIndexView {
  const sdk = useSdk<Medusa>();
  const idx = useTuiState().orderIndex;
  const act = useTuiActions();
  const [ready, setReady] = useState(Boolean(idx?.ready));
  const [building, setBuilding] = useState<{ read: number; total?: number } | undefined>(undefined);
  const started = useRef(false);
  const lastSync = useRef(0);

  useEffect(() => {
    if (!idx || !rule || idx.ready || started.current) return;
    started.current = true;
    setBuilding({ read: 0 });
    let drawn = 0;
    idx
      .sync({
        onProgress: (read, total) => {
          // A redraw per page of 500 would be too many on a slow terminal.
          if (Date.now() - drawn < 250) return;
          drawn = Date.now();
          setBuilding({ read, total });
        },
      })
      .then(
        () => {
          lastSync.current = Date.now();
          setBuilding(undefined);
          setReady(idx.ready);
        },
        (e: unknown) => {
          started.current = false;
          setBuilding(undefined);
          act.notify({ text: `the order index could not be built (${describeError(e).message}): queues read pages`, tone: "warn" });
        },
      );
  }, [idx, rule, act]);

  const page = useCallback<QueueIndexView["page"]>(
    async (q, order, offset, limit, query, signal) => {
      if (!idx) return { rows: [], count: 0 };
      if (offset === 0 && Date.now() - lastSync.current >= refreshMs / 2) {
        await idx.sync({ signal });
        lastSync.current = Date.now();
      }
      const all = idx.candidates((f) => inQueue(q, f), order);
      const ids = all.slice(offset, offset + limit).map((f) => f.id);
      if (!ids.length) return { rows: [], count: all.length };
      const res = (await sdk.admin.order.list({ fields: query.fields, order: query.order, id: ids, limit: ids.length, offset: 0 } as never, undefined, { signal })) as unknown as { orders?: Row[] };
      const rows = res.orders ?? [];
      idx.observe(rows);
      return { rows, count: all.length };
    },
    [idx, sdk, refreshMs],
  );

  return { ready, building, page };
}
