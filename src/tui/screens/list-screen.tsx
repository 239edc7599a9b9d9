import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from "react";
import { Box } from "ink";
import { Text } from "../components/text.js";
import type { Key } from "ink";
import { useSdk } from "../../shared/sdk-context.js";
import type { Medusa } from "../../sdk/index.js";
import { ErrorBox } from "../components/error-box.js";
import { Table } from "../components/table.js";
import { editText, TextInput, useLineEditor } from "../components/text-input.js";
import { useKeymap } from "../hooks/use-keymap.js";
import { useNewArrivals, type ArrivalProbe } from "../hooks/use-new-arrivals.js";
import { usePagedList, type FetchPage } from "../hooks/use-paged-list.js";
import { useScanList } from "../hooks/use-scan-list.js";
import { useQueueIndex } from "../hooks/use-queue-index.js";
import { isFatal } from "../error-text.js";
import { useOnDataChange, useTuiState } from "../hooks/use-tui-state.js";
import { useReportStatus, useTuiActions } from "../hooks/use-tui-actions.js";
import type { Scope, ViewEntry } from "../types.js";
import { findQueue, isStatusWord } from "../order-queue.js";
import { isInverted, listQuery, PAGE_SIZE, serverFilter } from "../views.js";

type Row = Record<string, unknown>;

export interface ListScreenProps {
  view: ViewEntry;
  initialFilter?: string;
  /** The queue filter to start with (`to-ship`), for views that have queues. */
  initialQueue?: string;
  /** Asks the server about records newer than the newest shown ("3 new"); views sorted by date. */
  arrivals?: ArrivalProbe;
  /** Only what belongs to one record (the returns of one order). */
  scope?: Scope;
  active: boolean;
  width: number;
  height: number;
  onOpen: (row: Row) => void;
  /**
   * Filled with a function that returns the row under the cursor at the moment it is called: keys
   * can outrun renders ("jf" in one chunk must fulfil the second row, not the first).
   */
  currentRow?: MutableRefObject<() => Row | undefined>;
  /** Handlers for bindings of the view beyond moving, filtering and sorting. */
  extraHandlers?: Partial<Record<string, () => void>>;
  /** Marked rows (the order list's batch actions); space and `*` change them. */
  marks?: Marks;
}

export interface Marks {
  has: (row: Row) => boolean;
  count: number;
  toggle: (row: Row) => void;
  /** Marks every row given, or unmarks them all when each is already marked. */
  toggleAll: (rows: Row[]) => void;
}

const FILTER_DEBOUNCE_MS = 150;
const ERROR_BOX_LINES = 5;

type ListFn = (query: Record<string, unknown>, headers?: undefined, options?: { signal?: AbortSignal }) => Promise<Record<string, unknown>>;

/** The list call of a view's admin resource. */
function lister(sdk: Medusa, resource: string): ListFn {
  const r = (sdk.admin as unknown as Record<string, { list: ListFn }>)[resource];
  if (!r) throw new Error(`the SDK has no admin resource "${resource}"`);
  return (q, h, o) => r.list(q, h, o);
}

/**
 * A status word (`not_fulfilled`, `fulfilled`) matches a status cell exactly, so `/!fulfilled`
 * keeps the not_fulfilled rows; any other text matches any cell as a substring.
 */
function matches(view: ViewEntry, row: Row, needle: string): boolean {
  const n = needle.trim().toLowerCase();
  if (isStatusWord(n)) return view.list.columns.some((c) => c.state !== undefined && c.value(row).toLowerCase() === n);
  return view.list.columns.some((c) => c.value(row).toLowerCase().includes(n)) || String(row.id ?? "").toLowerCase().includes(n);
}

/** A filter as typed: `!text` keeps the rows that do not match. */
function keeps(view: ViewEntry, row: Row, filter: string): boolean {
  return isInverted(filter) ? !matches(view, row, filter.slice(1)) : matches(view, row, filter);
}

/** Reads the related records of a page in one request (`id[]` list) and hangs each on its row. */
async function attach(sdk: Medusa, join: NonNullable<ViewEntry["list"]["join"]>, rows: Row[], signal: AbortSignal): Promise<void> {
  const ids = [...new Set(rows.map((r) => r[join.key]).filter((v): v is string => typeof v === "string" && v !== ""))];
  if (!ids.length) return;
  const res = await lister(sdk, join.resource)({ id: ids, fields: join.fields, limit: ids.length }, undefined, { signal });
  const found = new Map<unknown, Row>();
  for (const v of Object.values(res)) if (Array.isArray(v)) for (const r of v as Row[]) found.set(r.id, r);
  for (const r of rows) r[join.as] = found.get(r[join.key]) ?? r[join.as];
}

/** Nested rows (fulfilments) arrive all at once: one page holds them all. */
const ALL_IN_ONE_PAGE = 1_000_000;

function compareBy(field: string, desc: boolean): (a: Row, b: Row) => number {
  const key = (r: Row) => r[field];
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    const c = typeof x === "number" && typeof y === "number" ? x - y : String(x ?? "").localeCompare(String(y ?? ""));
    return desc ? -c : c;
  };
}

/**
 * A list view over the admin API: server-side paging around the viewport, sorting with `o`/`O`,
 * `/` filtering as you type (Medusa's `q` where the route has it, else locally over the server's
 * pages as they are read), queue filters (`1` to fulfil…), live refresh of the visible page, "3
 * new" when newer records arrive out of sight, errors in place with a retry key.
 */
export function ListScreen({ view, initialFilter, initialQueue, arrivals, scope, active, width, height, onOpen, currentRow, extraHandlers, marks }: ListScreenProps) {
  const sdk = useSdk<Medusa>();
  const tui = useTuiState();
  const act = useTuiActions();
  const spec = view.list;
  // The cursor as of the last key (a ref) and as drawn (state).
  const posRef = useRef({ cursor: 0, top: 0 });
  const [pos, setPosState] = useState(posRef.current);
  const setPos = (p: { cursor: number; top: number }) => {
    posRef.current = p;
    setPosState(p);
  };
  const { cursor, top } = pos;
  const [typedFilter, setFilter] = useState(initialFilter ?? "");
  const [queueName, setQueue] = useState(initialQueue && initialQueue !== "all" ? initialQueue : undefined);
  const queue = view.queues && queueName ? findQueue(queueName) : undefined;
  // A lone "!" is the start of an inverted filter, not a search for "!".
  const filter = typedFilter === "!" ? "" : typedFilter;
  const inverted = isInverted(filter);
  // While a filter is typed, keys are text: a ref, so the keys right after `/` are text too.
  const editing = useRef(false);
  const editor = useLineEditor();
  const [typingShown, setTypingShown] = useState(false);
  const typing = typingShown ? editor.value : null;
  const defaultField = spec.defaultOrder.replace(/^-/, "");
  const [sortIndex, setSortIndex] = useState(Math.max(0, spec.sorts.findIndex((s) => s.field === defaultField)));
  const [desc, setDesc] = useState(spec.defaultOrder.startsWith("-"));

  // Filtering as you type, without a request per key.
  useEffect(() => {
    if (typing === null || typing === typedFilter) return;
    const t = setTimeout(() => setFilter(typing), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [typing, typedFilter]);

  const sort = spec.sorts[sortIndex] ?? { field: defaultField, label: defaultField };
  const order = `${desc ? "-" : ""}${sort.field}`;
  const nested = spec.nested;
  // Medusa's `q` cannot say "not" nor match a status: such filters, and the queues' local parts,
  // run over the server's pages as they are read (useScanList), never over a block of 500.
  const localText = filter !== "" && !serverFilter(view, filter);
  // A queue of the whole shop in date order comes from the index of order states (every order in
  // it, however old, paged like an unfiltered list), once the index has been built; until then,
  // for other sorts, and with text typed on top (q or a local filter), pages are read and filtered.
  const index = useQueueIndex(queue?.rule !== undefined && !scope && view.name === "orders" ? queue.rule : undefined, tui.refreshMs);
  const indexed = index.ready && queue?.rule !== undefined && !scope && filter === "" && view.name === "orders" && (order === "-created_at" || order === "created_at");
  const local = !nested && !indexed && (localText || queue?.keeps !== undefined);
  const pageSize = nested ? ALL_IN_ONE_PAGE : PAGE_SIZE;
  const scopeKey = scope ? JSON.stringify(scope.query) : "";
  const queryKey = `${view.name}|${order}|${filter}|${queue?.name ?? ""}|${pageSize}|${scopeKey}|${indexed ? "index" : ""}`;
  const list = useMemo(() => lister(sdk, spec.resource), [sdk, spec.resource]);
  const fetchPage = useCallback<FetchPage<Row>>(
    async (offset, limit, signal) => {
      if (indexed && queue?.rule) return index.page(queue.rule, order === "created_at" ? "oldest" : "newest", offset, limit, { fields: spec.fields, order }, signal);
      const query = listQuery(view, { offset, limit, order, filter, scope: scope?.query, queue });
      // The first page of the start view may already be on its way (sent while Ink loaded).
      const early = offset === 0 && !filter && !queue && !scope && order === spec.defaultOrder && limit === PAGE_SIZE ? act.takePrefetch(view.name) : undefined;
      const res = await (early ?? list(query, undefined, { signal }));
      if (nested) {
        const all = nested.rows(res).filter((r) => !filter || keeps(view, r, filter));
        all.sort(compareBy(sort.field, desc));
        return { rows: all, count: all.length };
      }
      const rows = (res[spec.listKey] as Row[] | undefined) ?? [];
      if (spec.join) await attach(sdk, spec.join, rows, signal);
      return { rows, count: typeof res.count === "number" ? res.count : rows.length };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list, order, filter, spec, view, act, scopeKey, sdk, queue, indexed],
  );
  const keep = useCallback((r: Row) => (!queue?.keeps || queue.keeps(r)) && (!localText || keeps(view, r, filter)), [queue, localText, view, filter]);

  // Rows the table can show: the height less the title, the table header and an error box.
  const [errorShown, setErrorShown] = useState(false);
  const visibleRows = Math.max(1, height - 2 - (errorShown ? ERROR_BOX_LINES : 0));

  const listOpts = { fetchPage, queryKey, window: { start: top, end: top + visibleRows }, pageSize, refreshMs: tui.refreshMs, paused: tui.paused, now: tui.now };
  const paged = usePagedList<Row>({ ...listOpts, active: active && !local });
  const scan = useScanList<Row>({ ...listOpts, keep, active: active && local });
  const data = local ? scan : paged;

  // "3 new": newer records than the newest shown, while the view is scrolled down or filtered.
  const byDate = order === "-created_at";
  const inView = top === 0 && !filter && !queue && byDate;
  const news = useNewArrivals({
    probe: arrivals ?? (async () => ({ count: 0 })),
    inView,
    newestShown: inView ? (data.rowAt(0)?.created_at as string | undefined) : undefined,
    refreshMs: tui.refreshMs,
    paused: tui.paused,
    active: active && arrivals !== undefined,
  });
  useEffect(() => setErrorShown(data.error !== undefined), [data.error]);
  useEffect(() => {
    if (data.error && isFatal(data.error)) act.fatal(data.error);
  }, [data.error, act]);
  useReportStatus(active, data.updatedAt, data.busy);
  useOnDataChange(() => data.refresh());
  // The index learnt of orders that joined or left the queue: read the rows on screen again.
  useEffect(() => {
    if (indexed && index.version > 0) data.refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index.version]);

  const count = data.count ?? 0;
  // Keep the cursor on a row and in view. Functional updates: keys that arrive in one chunk
  // ("jjj") are dispatched in one tick.
  const move = (to: (cursor: number) => number) => {
    const p = posRef.current;
    const c = Math.max(0, Math.min(Math.max(0, count - 1), to(p.cursor)));
    const t = c < p.top ? c : c >= p.top + visibleRows ? c - visibleRows + 1 : p.top;
    chosen.current = data.rowAt(c)?.id;
    if (c !== p.cursor || t !== p.top) setPos({ cursor: c, top: t });
  };
  useEffect(() => {
    if (data.count !== undefined && cursor > Math.max(0, data.count - 1)) move(() => data.count! - 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.count]);
  useEffect(() => setPos({ cursor: 0, top: 0 }), [queryKey]);

  // New orders arriving at the top shift the rows: keep the cursor on the record it was on, so
  // the next key acts on what the operator chose (as long as that record is still loaded).
  const chosen = useRef<unknown>(undefined);
  // A jump (N, a queue key) forgets the chosen row. An effect of a render from before the jump can
  // still be waiting to run (React defers them); it must not choose the old row again, or the
  // cursor would be pulled back to it once the new list arrives.
  const jumps = useRef(0);
  const jumpsAtRender = jumps.current;
  const jump = () => {
    jumps.current += 1;
    chosen.current = undefined;
  };
  useEffect(() => {
    if (jumpsAtRender !== jumps.current) return;
    const { cursor: c, top: t } = posRef.current;
    const id = data.rowAt(c)?.id;
    if (chosen.current === undefined || id === chosen.current) {
      chosen.current = id;
      return;
    }
    for (let d = 1; d <= 2 * PAGE_SIZE; d++) {
      for (const i of [c + d, c - d]) {
        if (i >= 0 && data.rowAt(i)?.id === chosen.current) {
          // Same place on screen where the list allows it.
          const maxTop = Math.max(0, (data.count ?? 0) - visibleRows);
          setPos({ cursor: i, top: Math.min(i, maxTop, Math.max(0, i - visibleRows + 1, t + (i - c))) });
          return;
        }
      }
    }
    chosen.current = id;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.updatedAt]);

  const rowNow = () => data.rowAt(posRef.current.cursor);
  if (currentRow) currentRow.current = rowNow;
  const capture = (input: string, key: Key): boolean => {
    if (!editing.current) return false;
    const r = editText(editor.current(), input, key);
    if ("cancel" in r || "submit" in r) {
      editing.current = false;
      setTypingShown(false);
      setFilter("cancel" in r ? "" : r.submit.trim());
    } else editor.set(r.value);
    return true;
  };
  useKeymap(
    {
      bindings: view.bindings,
      capture,
      handlers: {
        down: () => move((c) => c + 1),
        up: () => move((c) => c - 1),
        pageDown: () => move((c) => c + visibleRows),
        pageUp: () => move((c) => c - visibleRows),
        first: () => move(() => 0),
        last: () => move(() => count - 1),
        open: () => {
          const row = rowNow();
          if (row) onOpen(row);
        },
        filter: () => {
          editing.current = true;
          editor.set(typedFilter);
          setTypingShown(true);
        },
        copy: () => {
          const row = rowNow();
          if (row) act.copy(String(row.id ?? ""));
        },
        ...Object.fromEntries(
          (view.queues ?? []).map((q) => [
            `queue:${q.name}`,
            () => {
              setQueue(q.name === "all" ? undefined : q.name);
              jump();
              setPos({ cursor: 0, top: 0 });
            },
          ]),
        ),
        showNew: () => {
          setQueue(undefined);
          setFilter("");
          setSortIndex(Math.max(0, spec.sorts.findIndex((s) => s.field === "created_at")));
          setDesc(true);
          // A jump to the top is a new choice: the row chosen before must not pull the cursor back.
          jump();
          setPos({ cursor: 0, top: 0 });
          news.acknowledge();
        },
        sortNext: () => setSortIndex((i) => (i + 1) % Math.max(1, spec.sorts.length)),
        sortFlip: () => setDesc((d) => !d),
        refresh: () => data.refresh(),
        ...(marks
          ? {
              mark: () => {
                const row = rowNow();
                if (row) marks.toggle(row);
                move((c) => c + 1);
              },
              // Every row the list shows that is loaded (a filtered list reads on as it scrolls).
              markAll: () => marks.toggleAll(Array.from({ length: count }, (_, i) => data.rowAt(i)).filter((r): r is Row => r !== undefined)),
            }
          : {}),
        ...extraHandlers,
      },
    },
    active,
  );

  if (!active) return null;
  const rows = Array.from({ length: Math.max(0, Math.min(visibleRows, count - top)) }, (_, i) => data.rowAt(top + i));
  const n = (x: number) => x.toLocaleString("en-US");
  const more = local && !scan.complete;
  const range = count ? `${n(top + 1)}–${n(Math.min(count, top + visibleRows))} of ${n(count)}${more ? "+" : ""}` : "";
  const what = view.title.toLowerCase();
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate">
        <Text bold color={tui.theme.accent}>
          {view.title}
          {queue ? ` ${queue.title}` : ""}
          {scope ? ` of ${scope.label}` : ""}
        </Text>
        {news.count > 0 ? (
          <Text bold color={tui.theme.status.warn}>
            {`  ▲ ${n(news.count)} new (N)`}
          </Text>
        ) : null}
        {range ? `  ${range}` : ""}
        {marks?.count ? (
          <Text bold color={tui.theme.accent}>
            {`  ● ${n(marks.count)} marked`}
          </Text>
        ) : null}
        {`  sort: ${sort.label} ${desc ? "↓" : "↑"}`}
        {typing !== null ? (
          <Text>
            {"  /"}
            <TextInput value={typing} />
          </Text>
        ) : inverted ? (
          `  filter: NOT "${filter.slice(1)}"`
        ) : filter ? (
          `  filter: ${filter}`
        ) : (
          ""
        )}
        {nested
          ? `  (${nested.note})`
          : index.building
            ? `  (indexing orders ${n(index.building.read)}${index.building.total ? ` of ${n(index.building.total)}` : ""}; meanwhile the newest pages)`
            : more
              ? `  (read ${n(scan.scanned)} of ${n(scan.total ?? 0)}; j reads on)`
              : indexed
                ? "  (every one, from the order index)"
                : local
                  ? "  (local)"
                  : ""}
      </Text>
      {data.error ? <ErrorBox error={data.error} theme={tui.theme} width={width} stale={data.count !== undefined} /> : null}
      {data.status === "loading" ? (
        <Text color={tui.theme.muted}>loading {what}…</Text>
      ) : data.count === 0 ? (
        <Text color={tui.theme.muted}>
          {inverted
            ? `every one of the ${what} matches "${filter.slice(1)}"`
            : filter
              ? `no ${what}${queue ? ` ${queue.title}` : ""} match "${filter}"`
              : queue
                ? `no ${what} ${queue.title}${scope ? ` for ${scope.label}` : ""}`
                : scope
                  ? `no ${what} for ${scope.label}`
                  : `no ${what}`}
        </Text>
      ) : data.count !== undefined ? (
        <Table columns={spec.columns} rows={rows} start={top} cursor={cursor} width={width} theme={tui.theme} marked={marks?.has} />
      ) : null}
    </Box>
  );
}
