import { useRef } from "react";
import { formatDisplayId } from "../../shared/format.js";
import { useOrderActions } from "../hooks/use-order-actions.js";
import { useOrderJumps } from "../hooks/use-order-jumps.js";
import { useTui, type Scope } from "../hooks/use-tui.js";
import { ListScreen } from "./list-screen.js";
import type { ViewEntry } from "./registry.js";

type Row = Record<string, unknown>;

/** The start screen: the order queue. Enter opens an order; the action keys work on the selected row. */
export function OrderList({ view, filter, scope, active, width, height }: { view: ViewEntry; filter?: string; scope?: Scope; active: boolean; width: number; height: number }) {
  const tui = useTui();
  const currentRow = useRef<() => Row | undefined>(() => undefined);
  const actions = useOrderActions(() => currentRow.current() as { id: string } | undefined);
  const jumps = useOrderJumps(() => currentRow.current() as { id: string } | undefined);
  return (
    <ListScreen
      view={view}
      initialFilter={filter}
      scope={scope}
      active={active}
      width={width}
      height={height}
      onOpen={(row) => tui.open({ kind: "order", orderId: String(row.id), label: formatDisplayId(row.display_id as number) })}
      currentRow={currentRow}
      extraHandlers={{ ...actions, ...jumps }}
    />
  );
}
