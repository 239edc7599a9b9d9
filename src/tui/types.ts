import type { OrderFacts } from "../shared/orders/queues.js";
/**
 * Types the TUI's floors share: key bindings, dialog specs, status messages, list views, the
 * screen stack, and what the app gives screens (state and actions). They live below
 * hooks, components and screens so that each of those can name them without importing another
 * floor's code.
 */
import type { Theme } from "./theme.js";
import type { OrderQueue } from "./order-queue.js";

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

type Row = Record<string, unknown>;

/** One column of a list view: what the table, the first frame and the filter read. */
export interface Column {
  header: string;
  /** Fixed width in cells; the columns without a width share what is left. */
  width?: number;
  /** A flexible column's share of what is left (default 1): a product name 2, a variant 1. */
  grow?: number;
  align?: "left" | "right";
  value: (row: Row) => string;
  /** A status value whose semantic colour the cell takes. */
  state?: (row: Row) => string | undefined;
  /** The first to go when the terminal is too narrow for every column (a long id: `y` copies it, enter shows it). */
  optional?: boolean;
}

export interface SortKey {
  field: string;
  label: string;
}

/** How a list view reads its resource from the admin API. */
export interface ListSpec {
  /** The SDK admin resource (`sdk.admin[resource].list`). */
  resource: string;
  /** The array key of a list answer. */
  listKey: string;
  fields: string;
  columns: Column[];
  sorts: SortKey[];
  /** Default `order` (a `-` prefix means descending). */
  defaultOrder: string;
  /** Medusa accepts `q` on this route: the filter is sent to the server. Otherwise it runs locally over the pages as they are read (use-scan-list.ts). */
  search: boolean;
  /** A one-line label of a record, for breadcrumbs and dialogs. */
  label: (row: Row) => string;
  /** Fields asked for when one record is described. */
  detailFields?: string;
  /**
   * Rows that are not a resource of their own but sit inside another's records (fulfilments inside
   * orders: Medusa 2.21 has no `GET /admin/fulfillments`): the newest `limit` records are read in
   * one request and `rows` flattens them; sorting and filtering then run locally.
   */
  nested?: { limit: number; rows: (answer: Record<string, unknown>) => Row[]; note: string };
  /**
   * A related record read in a second request and attached to each row under `as`. Medusa 2.21
   * answers 500 to a sorted return list that also asks for `order.display_id` ("Trying to query by
   * not existing property Order.name"), so the order's number is fetched on its own.
   */
  join?: { key: string; resource: string; fields: string; as: string };
}

export interface ViewEntry {
  /** The `:` name. */
  name: string;
  aliases: readonly string[];
  title: string;
  screen: "order-list" | "resource-list" | "fulfillment-list";
  /** What to run instead when there is no terminal. */
  cli: string;
  bindings: readonly Binding[];
  list: ListSpec;
  /** On-call filters with a key each (the order list); `:` names them too (`:to-ship`). */
  queues?: readonly OrderQueue[];
  /** Enter opens this screen instead of the generic record description. */
  opens?: "customer";
}

export interface DetailEntry {
  screen: "order-detail" | "resource-detail" | "fulfillment-detail" | "customer-detail";
  title: string;
  cli: string;
  bindings: readonly Binding[];
}

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

/** How fresh the active screen's data is, for the header. */
export interface ScreenStatus {
  updatedAt?: number;
  busy: boolean;
}

/** What every screen reads from the app: settings and the values that change as it runs. */
/**
 * The local index of order states (src/cli/bulk/order-index.ts) as the queues use it: candidates for
 * a queue, corrected by what the screen reads of them, brought up to date on refresh.
 */
export interface QueueIndex {
  readonly ready: boolean;
  candidates(pick: (f: OrderFacts) => boolean, order?: "newest" | "oldest"): OrderFacts[];
  observe(rows: readonly Record<string, unknown>[]): void;
  sync(opts?: { signal?: AbortSignal; onProgress?: (read: number, total: number | undefined) => void }): Promise<unknown>;
  flush(): Promise<void>;
}

export interface TuiState {
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
  /** Where the order queues find every order in them, however old; without it they read pages. */
  orderIndex?: QueueIndex;
}

/**
 * What screens and hooks may ask the app to do. The object keeps its identity for the app's
 * lifetime, so a component that only dispatches never re-renders because state changed.
 */
export interface TuiActions {
  bumpData(): void;
  open(entry: NewEntry): void;
  /** Shows a dialog and resolves with its answer (true/false, or the text / null). */
  ask(spec: DialogSpec): Promise<boolean | string | null>;
  notify(message: StatusMessage | undefined): void;
  /** Puts an id on the clipboard (OSC 52) and on the status line, where it can be selected by hand. */
  copy(id: string): void;
  /** The active screen tells the header how old its data is. */
  reportStatus(status: ScreenStatus): void;
  /** Errors nothing on screen can fix (401: log in again) end the TUI through main()'s mapping. */
  fatal(error: unknown): void;
  /** The answer to a view's first page if it was requested before the app started; given out once. */
  takePrefetch(view: string): Promise<Record<string, unknown>> | undefined;
}
