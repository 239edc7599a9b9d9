/**
 * Types the TUI's floors share: key bindings, dialog specs and status messages. They live below
 * hooks, components and screens so that each of those can name them without importing another
 * floor's code.
 */

export interface Binding {
  /** Key names as {@link keyName} produces them: "j", "G", "$", "enter", "esc", "up", "ctrl+c"… The first is the one shown first. */
  keys: readonly string[];
  /** The handler a screen (or the app) provides under this name. */
  action: string;
  help: string;
  /** A word or two for the footer; bindings without one appear only in `?`. */
  hint?: string;
  /** Changes data on the server: gone from dispatch, help and hints under --read-only. */
  mutating?: boolean;
}

/**
 * Confirmation scaled to the risk (CONTRACT.md §7): `moderate` is y/N, `severe` needs `typed`
 * (the order's display id) typed exactly. `undo` says whether the action can be undone.
 */
export interface ConfirmSpec {
  kind: "confirm";
  title: string;
  lines: readonly string[];
  level: "moderate" | "severe";
  typed?: string;
  undo: string;
}

export interface PromptSpec {
  kind: "prompt";
  title: string;
  lines?: readonly string[];
  label: string;
  initial?: string;
  /** A message when the value will not do; undefined when it will. */
  validate?: (value: string) => string | undefined;
}

export type DialogSpec = ConfirmSpec | PromptSpec;


/** A line on the status bar. */
export interface StatusMessage {
  text: string;
  tone: "ok" | "warn" | "error" | "info";
}
