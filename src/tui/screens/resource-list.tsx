import { useTuiActions } from "../hooks/use-tui-actions.js";
import type { Scope, ViewEntry } from "../types.js";
import { ListScreen } from "./list-screen.js";

/** Returns, claims, exchanges, products, inventory, customers: a list, and Enter describes one. */
export function ResourceList({ view, filter, scope, active, width, height }: { view: ViewEntry; filter?: string; queue?: string; scope?: Scope; active: boolean; width: number; height: number }) {
  const act = useTuiActions();
  return (
    <ListScreen
      view={view}
      initialFilter={filter}
      scope={scope}
      active={active}
      width={width}
      height={height}
      onOpen={(row) =>
        view.opens === "customer" ? act.open({ kind: "customer", customerId: String(row.id), label: view.list.label(row) }) : act.open({ kind: "record", view, recordId: String(row.id), label: view.list.label(row) })
      }
    />
  );
}
