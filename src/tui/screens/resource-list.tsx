import { useTui, type Scope } from "../hooks/use-tui.js";
import { ListScreen } from "./list-screen.js";
import type { ViewEntry } from "../views.js";

/** Returns, claims, exchanges, products, inventory, customers: a list, and Enter describes one. */
export function ResourceList({ view, filter, scope, active, width, height }: { view: ViewEntry; filter?: string; queue?: string; scope?: Scope; active: boolean; width: number; height: number }) {
  const tui = useTui();
  return (
    <ListScreen
      view={view}
      initialFilter={filter}
      scope={scope}
      active={active}
      width={width}
      height={height}
      onOpen={(row) =>
        view.opens === "customer" ? tui.open({ kind: "customer", customerId: String(row.id), label: view.list.label(row) }) : tui.open({ kind: "record", view, recordId: String(row.id), label: view.list.label(row) })
      }
    />
  );
}
