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
  /** Bumped when a background sync changed a queue's orders: the screen reads its rows again. */
  version: number;
  /**
   * One page of a queue: the index's candidates from `offset`, read again by id, so each row shows
   * what Medusa says now (an order captured elsewhere shows "captured", and the index learns it:
   * the next refresh leaves it out). The first page of a refresh also brings the index up to date
   * (one request for what changed since the last one), beside the read rather than before it:
   * when that changes the queue, `version` moves and the rows are read again.
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
  const syncing = useRef<Promise<void> | undefined>(undefined);
  const [version, setVersion] = useState(0);

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
      if (offset === 0 && !syncing.current && Date.now() - lastSync.current >= refreshMs / 2) {
        const members = () => idx.candidates((f) => inQueue(q, f), order).map((f) => f.id).join();
        const before = members();
        syncing.current = idx
          .sync()
          .then(
            () => {
              lastSync.current = Date.now();
              if (members() !== before) setVersion((v) => v + 1);
            },
            (e: unknown) => act.notify({ text: `the order index could not be brought up to date (${describeError(e).message})`, tone: "warn" }),
          )
          .finally(() => {
            syncing.current = undefined;
          });
      }
      const read = async (ids: string[]) => {
        if (!ids.length) return [];
        const res = (await sdk.admin.order.list({ fields: query.fields, order: query.order, id: ids, limit: ids.length, offset: 0 } as never, undefined, { signal })) as unknown as { orders?: Row[] };
        idx.observe(res.orders ?? []);
        return res.orders ?? [];
      };
      const slice = () => {
        const all = idx.candidates((f) => inQueue(q, f), order);
        return { ids: all.slice(offset, offset + limit).map((f) => f.id), count: all.length };
      };
      // What the read shows corrects the index (an order just shipped leaves to ship); the page is
      // then cut again from the corrected queue, reading only the orders that moved into it.
      const first = slice();
      const byId = new Map((await read(first.ids)).map((r) => [r.id, r]));
      const now = slice();
      for (const r of await read(now.ids.filter((id) => !byId.has(id)))) byId.set(r.id, r);
      return { rows: now.ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined), count: now.count };
    },
    [idx, sdk, refreshMs, act],
  );

  return { ready, building, version, page };
}
