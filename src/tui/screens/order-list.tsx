import { useCallback, useRef, useState } from "react";
import { formatDisplayId } from "../../shared/format.js";
import { useSdk } from "../../shared/sdk-context.js";
import type { Medusa } from "../../sdk/index.js";
import type { ArrivalProbe } from "../hooks/use-new-arrivals.js";
import { useOrderActions } from "../hooks/use-order-actions.js";
import { useOrderJumps } from "../hooks/use-order-jumps.js";
import { useTuiActions } from "../hooks/use-tui-actions.js";
import type { Scope, ViewEntry } from "../types.js";
import { ListScreen } from "./list-screen.js";

type Row = Record<string, unknown>;

export interface OrderListProps {
  view: ViewEntry;
  filter?: string;
  queue?: string;
  scope?: Scope;
  active: boolean;
  width: number;
  height: number;
  /** Handlers over the order list's own (the customer screen's `y` copies the customer's id). */
  extraHandlers?: Partial<Record<string, () => void>>;
}

/** The start screen: the order queue. Enter opens an order; the action keys work on the selected row. */
export function OrderList({ view, filter, queue, scope, active, width, height, extraHandlers }: OrderListProps) {
  const act = useTuiActions();
  const sdk = useSdk<Medusa>();
  const currentRow = useRef<() => Row | undefined>(() => undefined);
  // Marked orders by id, in the order they were marked (space, `*`): the action keys then act on all.
  const [marked, setMarked] = useState<ReadonlyMap<string, Row>>(new Map());
  const markedRef = useRef(marked);
  markedRef.current = marked;
  const marks = {
    has: (row: Row) => marked.has(String(row.id)),
    count: marked.size,
    toggle: (row: Row) =>
      setMarked((m) => {
        const next = new Map(m);
        if (next.has(String(row.id))) next.delete(String(row.id));
        else next.set(String(row.id), row);
        return next;
      }),
    toggleAll: (rows: Row[]) => setMarked((m) => (rows.length && rows.every((r) => m.has(String(r.id))) ? new Map() : new Map([...m, ...rows.map((r) => [String(r.id), r] as const)]))),
  };
  const actions = useOrderActions(() => currentRow.current() as { id: string } | undefined, undefined, {
    orders: () => [...markedRef.current.values()] as { id: string; display_id?: number | null }[],
    done: (ids) =>
      setMarked((m) => {
        const next = new Map(m);
        for (const id of ids) next.delete(id);
        return next;
      }),
  });
  const jumps = useOrderJumps(() => currentRow.current() as { id: string } | undefined);
  // Orders placed after `since` (one row asked for: the count comes with it), within the same scope.
  const scopeKey = JSON.stringify(scope?.query ?? {});
  const probe = useCallback<ArrivalProbe>(
    async (since, signal) => {
      const res = await sdk.admin.order.list({ limit: 1, offset: 0, order: "-created_at", fields: "id,created_at", ...(since ? { created_at: { $gt: since } } : {}), ...scope?.query }, undefined, { signal });
      return { count: since ? res.count : 0, newest: res.orders[0]?.created_at as string | undefined };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sdk, scopeKey],
  );
  return (
    <ListScreen
      view={view}
      initialFilter={filter}
      initialQueue={queue}
      arrivals={probe}
      scope={scope}
      active={active}
      width={width}
      height={height}
      onOpen={(row) => act.open({ kind: "order", orderId: String(row.id), label: formatDisplayId(row.display_id as number) })}
      currentRow={currentRow}
      marks={marks}
      extraHandlers={{ ...actions, ...jumps, ...extraHandlers }}
    />
  );
}
