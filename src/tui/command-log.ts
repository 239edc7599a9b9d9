/**
 * The TUI's API call log as a plain store, without React: `medusactl tui` builds it (and the SDK
 * feeding it) before React loads, so the first request leaves while React and Ink are loading.
 */
import type { Hooks, RequestLogEntry } from "../sdk/index.js";
import { pathOf } from "../shared/net.js";

export interface LogLine {
  seq: number;
  at: number;
  method: string;
  /** Path and query only: the host is in the header. Already redacted by the SDK. */
  path: string;
  status?: number;
  error?: string;
  durationMs: number;
  attempt: number;
}

/** The API calls the TUI made (lazygit's command log), fed by the SDK's `afterResponse` hook. */
export interface CommandLog {
  hooks: Hooks;
  lines(): readonly LogLine[];
  subscribe(listener: () => void): () => void;
}

const KEEP = 200;

export function createCommandLog(now: () => number = Date.now): CommandLog {
  let lines: LogLine[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();
  const add = (e: RequestLogEntry) => {
    const line: LogLine = { seq: ++seq, at: now(), method: e.method, path: pathOf(e.url), status: e.status, error: e.error, durationMs: e.durationMs, attempt: e.attempt };
    // A new array per entry: useSyncExternalStore compares snapshots by identity.
    lines = lines.length >= KEEP ? [...lines.slice(lines.length - KEEP + 1), line] : [...lines, line];
    for (const l of listeners) l();
  };
  return {
    hooks: { afterResponse: add },
    lines: () => lines,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
