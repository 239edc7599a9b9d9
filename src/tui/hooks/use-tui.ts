import { createContext, useContext, useEffect, useRef } from "react";
import type { DialogSpec } from "../types.js";
import type { StatusMessage } from "../types.js";
import type { ViewEntry } from "../views.js";
import type { Theme } from "../theme.js";

/** A list narrowed to what belongs to one record (the returns of order #12): query params and a label. */
export interface Scope {
  query: Record<string, string>;
  label: string;
}

export type NewEntry =
  | { kind: "view"; view: ViewEntry; filter?: string; scope?: Scope; queue?: string }
  | { kind: "customer"; customerId: string; label: string }
  | { kind: "order"; orderId: string; label: string }
  | { kind: "record"; view: ViewEntry; recordId: string; label: string }
  | { kind: "fulfillment"; orderId: string; fulfillmentId: string; label: string };

/** A place on the screen stack: a list view, an order, a customer, one record of a list view, a fulfilment. */
export type StackEntry = NewEntry & { id: number };

/** What every screen may use from the app: settings, navigation, dialogs, messages. */
export interface TuiContextValue {
  readOnly: boolean;
  theme: Theme;
  now: () => number;
  /** Live refresh interval in ms (0: off). */
  refreshMs: number;
  paused: boolean;
  profile?: string;
  url: string;
  production: boolean;
  /** Bumped after every action, so lists and details re-read. */
  dataVersion: number;
  bumpData(): void;
  open(entry: NewEntry): void;
  /** Shows a dialog and resolves with its answer (true/false, or the text / null). */
  ask(spec: DialogSpec): Promise<boolean | string | null>;
  notify(message: StatusMessage | undefined): void;
  /** Puts an id on the clipboard (OSC 52) and on the status line, where it can be selected by hand. */
  copy(id: string): void;
  /** The active screen tells the header how old its data is. */
  reportStatus(status: { updatedAt?: number; busy: boolean }): void;
  /** Errors nothing on screen can fix (401: log in again) end the TUI through main()'s mapping. */
  fatal(error: unknown): void;
  /** The answer to a view's first page if it was requested before the app started; given out once. */
  takePrefetch(view: string): Promise<Record<string, unknown>> | undefined;
}

export const TuiContext = createContext<TuiContextValue | null>(null);

export function useTui(): TuiContextValue {
  const v = useContext(TuiContext);
  if (!v) throw new Error("useTui() needs the TUI app above it");
  return v;
}

/** Reports the active screen's freshness to the header, only when it changes. */
export function useReportStatus(active: boolean, updatedAt: number | undefined, busy: boolean): void {
  const { reportStatus } = useTui();
  useEffect(() => {
    if (active) reportStatus({ updatedAt, busy });
  }, [active, updatedAt, busy, reportStatus]);
}

/** Runs `fn` when the data version changes (after an action), not on mount. */
export function useOnDataChange(fn: () => void): void {
  const { dataVersion } = useTui();
  const seen = useRef(dataVersion);
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    if (seen.current === dataVersion) return;
    seen.current = dataVersion;
    latest.current();
  }, [dataVersion]);
}

/** A 401 cannot be fixed from inside the TUI: hand it to main() (exit 4 with a login hint). */
export function isFatal(e: unknown): boolean {
  const err = e as { name?: string; status?: number };
  return err?.name === "ApiError" && err.status === 401;
}
