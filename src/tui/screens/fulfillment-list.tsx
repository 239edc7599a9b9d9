import { useRef } from "react";
import { formatDisplayId } from "../../shared/format.js";
import { useOrderActions } from "../hooks/use-order-actions.js";
import { useTuiActions } from "../hooks/use-tui-actions.js";
import type { Scope, ViewEntry } from "../types.js";
import { ListScreen } from "./list-screen.js";

type Row = Record<string, unknown>;

/** `:fulfillments`: every fulfilment of the newest orders; the action keys work on the row under the cursor. */
export function FulfillmentList({ view, filter, scope, active, width, height }: { view: ViewEntry; filter?: string; queue?: string; scope?: Scope; active: boolean; width: number; height: number }) {
  const act = useTuiActions();
  const currentRow = useRef<() => Row | undefined>(() => undefined);
  const actions = useOrderActions(
    () => {
      const r = currentRow.current();
      return r ? { id: String(r.order_id), display_id: r.order_display_id as number } : undefined;
    },
    () => {
      const r = currentRow.current();
      return r ? String(r.id) : undefined;
    },
  );
  return (
    <ListScreen
      view={view}
      initialFilter={filter}
      scope={scope}
      active={active}
      width={width}
      height={height}
      onOpen={(row) => act.open({ kind: "fulfillment", orderId: String(row.order_id), fulfillmentId: String(row.id), label: `${row.id} (${formatDisplayId(row.order_display_id as number)})` })}
      currentRow={currentRow}
      extraHandlers={actions}
    />
  );
}
