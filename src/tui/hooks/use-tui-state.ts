import { createContext, useContext, useEffect, useRef } from "react";
import type { TuiState } from "../types.js";

/** Settings and the values that change while the app runs (paused, data version): read by screens. */
export const TuiStateContext = createContext<TuiState | null>(null);

export function useTuiState(): TuiState {
  const v = useContext(TuiStateContext);
  if (!v) throw new Error("useTuiState() needs the TUI app above it");
  return v;
}

/** Runs `fn` when the data version changes (after an action), not on mount. */
export function useOnDataChange(fn: () => void): void {
  const { dataVersion } = useTuiState();
  const seen = useRef(dataVersion);
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    if (seen.current === dataVersion) return;
    seen.current = dataVersion;
    latest.current();
  }, [dataVersion]);
}
