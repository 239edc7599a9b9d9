/**
 * The app's state as one value and one pure reducer: the screen stack, the overlay (help, `:`
 * palette, a dialog), the status message, live refresh, the log pane, the data version, the
 * active screen's freshness, who is logged in, and screen reloads. No React or Ink here, so the
 * rules (back on the first screen, the stack's cap, what a key press clears) are tested alone.
 */
import type { DialogSpec, NewEntry, ScreenStatus, StackEntry, StatusMessage, ViewEntry } from "./types.js";

/** The deepest the stack goes: older screens fall off the bottom. */
export const MAX_STACK = 12;

export type DialogAnswer = boolean | string | null;

export type Overlay = { kind: "help" } | { kind: "palette" } | { kind: "dialog"; id: number; spec: DialogSpec; resolve: (answer: DialogAnswer) => void };

export interface AppState {
  stack: StackEntry[];
  /** The next id of a stack entry or a dialog (a prompt and its confirmation are two dialogs). */
  nextId: number;
  overlay: Overlay | null;
  message?: StatusMessage;
  paused: boolean;
  logVisible: boolean;
  dataVersion: number;
  status: ScreenStatus;
  identity?: string;
  /** Per stack entry, how often it was reloaded from scratch (part of its key). */
  resets: Record<number, number>;
}

export type AppAction =
  | { type: "open"; entry: NewEntry }
  /** A `:` switch: the new view replaces the trail instead of going on top of it. */
  | { type: "switch"; entry: NewEntry }
  | { type: "back" }
  | { type: "overlay"; overlay: { kind: "help" } | { kind: "palette" } | null }
  | { type: "ask"; spec: DialogSpec; resolve: (answer: DialogAnswer) => void }
  | { type: "notify"; message: StatusMessage | undefined }
  /** A key reached the screen: a message other than an info line has been read. */
  | { type: "keyPressed" }
  | { type: "togglePause" }
  | { type: "toggleLog" }
  | { type: "bumpData" }
  | { type: "status"; status: ScreenStatus }
  | { type: "identity"; identity: string }
  /** Draws the active screen again from scratch (a screen without its own refresh, or one that failed). */
  | { type: "reload" };

/** Rows from which the API-call log shows at start; below, it costs the list too many rows (`l` shows it). */
export const LOG_MIN_ROWS = 40;

export function initialAppState(first: ViewEntry, filter?: string, identity?: string, rows: number = LOG_MIN_ROWS): AppState {
  return {
    stack: [{ id: 0, kind: "view", view: first, filter }],
    nextId: 1,
    overlay: null,
    message: undefined,
    paused: false,
    logVisible: rows >= LOG_MIN_ROWS,
    dataVersion: 0,
    status: { busy: false },
    identity,
    resets: {},
  };
}

export function topOf(state: AppState): StackEntry {
  return state.stack[state.stack.length - 1]!;
}

export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case "open":
      return { ...state, stack: [...state.stack, { ...action.entry, id: state.nextId } as StackEntry].slice(-MAX_STACK), nextId: state.nextId + 1 };
    case "switch":
      return { ...state, stack: [{ ...action.entry, id: state.nextId } as StackEntry], nextId: state.nextId + 1 };
    case "back":
      if (state.stack.length > 1) return { ...state, stack: state.stack.slice(0, -1) };
      return { ...state, message: { text: "this is the first screen: q quits", tone: "info" } };
    case "overlay":
      return { ...state, overlay: action.overlay };
    case "ask":
      return { ...state, overlay: { kind: "dialog", id: state.nextId, spec: action.spec, resolve: action.resolve }, nextId: state.nextId + 1 };
    case "notify":
      return action.message === state.message ? state : { ...state, message: action.message };
    case "keyPressed":
      return state.message && state.message.tone !== "info" ? { ...state, message: undefined } : state;
    case "togglePause":
      return { ...state, paused: !state.paused, message: { text: state.paused ? "live refresh resumed" : "live refresh paused (p resumes)", tone: "info" } };
    case "toggleLog":
      return { ...state, logVisible: !state.logVisible };
    case "bumpData":
      return { ...state, dataVersion: state.dataVersion + 1 };
    case "status":
      return state.status.updatedAt === action.status.updatedAt && state.status.busy === action.status.busy ? state : { ...state, status: action.status };
    case "identity":
      return { ...state, identity: action.identity };
    case "reload": {
      const id = topOf(state).id;
      return { ...state, resets: { ...state.resets, [id]: (state.resets[id] ?? 0) + 1 } };
    }
  }
}
