import { createContext, useContext, useEffect } from "react";
import type { TuiActions } from "../types.js";

/** What screens ask the app to do: one object for the app's lifetime, so dispatching never re-renders. */
export const TuiActionsContext = createContext<TuiActions | null>(null);

export function useTuiActions(): TuiActions {
  const v = useContext(TuiActionsContext);
  if (!v) throw new Error("useTuiActions() needs the TUI app above it");
  return v;
}

/** Reports the active screen's freshness to the header, only when it changes. */
export function useReportStatus(active: boolean, updatedAt: number | undefined, busy: boolean): void {
  const { reportStatus } = useTuiActions();
  useEffect(() => {
    if (active) reportStatus({ updatedAt, busy });
  }, [active, updatedAt, busy, reportStatus]);
}
