import { Component, useEffect, useLayoutEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import { Box, useApp, useInput, useStdout, type Key } from "ink";
import { Text } from "./components/text.js";
import { SdkProvider } from "../shared/sdk-context.js";
import { CommandLogPane } from "./components/command-log.js";
import { Dialog } from "./components/dialog.js";
import { describeError } from "./error-text.js";
import { Header } from "./components/header.js";
import { Help } from "./components/help.js";
import { Palette } from "./components/palette.js";
import { messageLines, StatusBar } from "./components/status-bar.js";
import { fit } from "./layout.js";
import { useCommandLog, type CommandLog } from "./hooks/use-command-log.js";
import { findBinding, keyName, KeymapContext, OverlayInputContext, useKeymapSlot, type KeyHandler, type OverlayInput } from "./hooks/use-keymap.js";
import { useTerminalSize, type Size } from "./hooks/use-terminal-size.js";
import { TuiStateContext } from "./hooks/use-tui-state.js";
import { TuiActionsContext } from "./hooks/use-tui-actions.js";
import { appReducer, initialAppState, topOf } from "./app-state.js";
import type { Binding, DialogSpec, NewEntry, QueueIndex, StackEntry, StatusMessage, TuiActions, TuiState, ViewEntry } from "./types.js";
import { OrderDetail } from "./screens/order-detail.js";
import { OrderList } from "./screens/order-list.js";
import { CustomerDetail } from "./screens/customer-detail.js";
import { FulfillmentDetail } from "./screens/fulfillment-detail.js";
import { FulfillmentList } from "./screens/fulfillment-list.js";
import { CUSTOMER_DETAIL, FULFILLMENT_DETAIL, GLOBAL_BINDINGS, ORDER_DETAIL, RESOURCE_DETAIL, START_VIEW, VIEWS } from "./views.js";
import { clipboardText, osc52 } from "./clipboard.js";
import { ResourceDetail } from "./screens/resource-detail.js";
import { ResourceList } from "./screens/resource-list.js";
import { makeTheme } from "./theme.js";

export interface AppProps {
  /** A Medusa client (or a fake with the same surface, in tests). */
  sdk: unknown;
  log: CommandLog;
  profile?: string;
  url: string;
  production: boolean;
  /** Who is logged in, when known up front (a secret key). */
  identity?: string;
  /** Finds out who is logged in (a JWT: /admin/users/me); runs after the first screen is up. */
  whoami?: () => Promise<string>;
  readOnly: boolean;
  /** Live refresh interval in ms (0: off). */
  refreshMs: number;
  color: boolean;
  now?: () => number;
  /** How often the header's "updated 3s ago" is redrawn (ms). */
  tickMs?: number;
  /** A fixed size instead of the terminal's (tests). */
  size?: Size;
  /** The first view (`:` name) and its filter. */
  view?: string;
  filter?: string;
  /** The start view's first page, requested by the CLI while Ink was still loading. */
  prefetch?: { view: string; page: Promise<Record<string, unknown>> };
  /** Writes a clipboard escape (OSC 52) to the terminal; default: the terminal Ink draws on. */
  clipboard?: (text: string) => void;
  /** The local index of order states, for the queues. */
  orderIndex?: QueueIndex;
}

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** The smallest layout that still reads; below it, one line asks for a bigger terminal. */
const MIN = { columns: 40, rows: 12 };

/** Catches a screen that fails to render: the rest of the app stays usable (never a blank screen). */
class ScreenBoundary extends Component<{ children: ReactNode; onError: (e: unknown) => void; fallback: (e: unknown) => ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.error !== undefined ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function screenOf(entry: StackEntry): { title: string; bindings: readonly Binding[]; cli: string } {
  if (entry.kind === "view") {
    const scoped = entry.scope ? entry.view.cli.replace(/ --json$/, ` ${Object.entries(entry.scope.query).map(([k, v]) => `--query ${k}=${v}`).join(" ")} --json`) : entry.view.cli;
    return { title: entry.view.title, bindings: entry.view.bindings, cli: scoped };
  }
  if (entry.kind === "order") return { title: `Order ${entry.label}`, bindings: ORDER_DETAIL.bindings, cli: `medusactl orders show ${entry.label.replace(/^#/, "")}` };
  if (entry.kind === "fulfillment") return { title: "Fulfilment", bindings: FULFILLMENT_DETAIL.bindings, cli: `medusactl orders show ${entry.orderId}` };
  if (entry.kind === "customer") return { title: "Customer", bindings: CUSTOMER_DETAIL.bindings, cli: `medusactl customers get ${entry.customerId} --json` };
  return { title: entry.label, bindings: RESOURCE_DETAIL.bindings, cli: `${entry.view.cli.replace(/ list --json$/, "")} get ${entry.recordId} --json` };
}

function crumb(entry: StackEntry): string {
  if (entry.kind === "view") return entry.scope ? `${entry.view.name} of ${entry.scope.label}` : entry.queue ? `${entry.view.name} ${entry.queue}` : entry.view.name;
  return entry.label;
}

/**
 * The TUI: header, breadcrumbs, the screen stack, overlays (help, `:` palette, dialogs), the API
 * call log and the status bar, in a fixed viewport one line shorter than the terminal (a frame
 * as tall as the terminal makes Ink clear and redraw everything: vadimdemedes/ink#359).
 */
export function App(props: AppProps) {
  const { exit } = useApp();
  const size = useTerminalSize(props.size);
  const theme = useMemo(() => makeTheme(props.color), [props.color]);
  const now = props.now ?? Date.now;
  const first = VIEWS.find((v) => v.name === props.view) ?? START_VIEW;
  const [state, dispatch] = useReducer(appReducer, undefined, () => initialAppState(first, props.filter, props.identity, size.rows));
  const { stack, overlay, message, paused } = state;
  // Whether an overlay is open as of the last key, not the last render: keys can outrun renders.
  const overlayOpen = useRef(false);
  const overlayHandler = useRef<KeyHandler | null>(null);
  const queued = useRef<[string, Key][]>([]);
  const overlayInput: OverlayInput = useMemo(
    () => ({
      register(handler) {
        overlayHandler.current = handler;
        const waiting = queued.current;
        queued.current = [];
        for (const [i, k] of waiting) if (overlayHandler.current === handler) handler(i, k);
        return () => {
          if (overlayHandler.current === handler) overlayHandler.current = null;
        };
      },
    }),
    [],
  );
  const slot = useKeymapSlot();
  const logLines = useCommandLog(props.log);

  useEffect(() => {
    if (props.identity || !props.whoami) return;
    let live = true;
    props.whoami().then(
      (who) => live && dispatch({ type: "identity", identity: who }),
      () => live && dispatch({ type: "identity", identity: "(unknown user)" }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const prefetch = useRef(props.prefetch);
  const { stdout } = useStdout();
  const clipboard = props.clipboard ?? ((text: string) => void stdout.write(osc52(text)));
  const clipboardRef = useRef(clipboard);
  clipboardRef.current = clipboard;
  const exitRef = useRef(exit);
  exitRef.current = exit;

  // Every action only dispatches or reads refs, so the object is made once and never changes.
  const [actions, overlays] = useMemo(() => {
    const setOverlayOpen = (open: boolean) => {
      overlayOpen.current = open;
      overlayHandler.current = null;
      queued.current = [];
    };
    const overlays = {
      show(o: { kind: "help" } | { kind: "palette" }) {
        setOverlayOpen(true);
        dispatch({ type: "overlay", overlay: o });
      },
      close() {
        setOverlayOpen(false);
        dispatch({ type: "overlay", overlay: null });
      },
    };
    const notify = (m: StatusMessage | undefined) => dispatch({ type: "notify", message: m });
    const actions: TuiActions = {
      bumpData: () => dispatch({ type: "bumpData" }),
      open: (entry: NewEntry) => dispatch({ type: "open", entry }),
      ask: (spec: DialogSpec) =>
        new Promise<boolean | string | null>((resolve) => {
          setOverlayOpen(true);
          dispatch({ type: "ask", spec, resolve });
        }),
      notify,
      copy(id: string) {
        const text = clipboardText(id);
        if (!text) {
          notify({ text: "nothing to copy here", tone: "warn" });
          return;
        }
        clipboardRef.current(text);
        notify({ text: `copied ${text} (if your terminal ignores OSC 52, select it here)`, tone: "ok" });
      },
      reportStatus: (status) => dispatch({ type: "status", status }),
      fatal: (e: unknown) => exitRef.current(e instanceof Error ? e : new Error(String(e))),
      takePrefetch(view: string) {
        const p = prefetch.current;
        if (!p || p.view !== view) return undefined;
        prefetch.current = undefined;
        return p.page;
      },
    };
    return [actions, overlays] as const;
  }, []);
  const tuiState: TuiState = useMemo(
    () => ({
      readOnly: props.readOnly,
      theme,
      now,
      refreshMs: props.refreshMs,
      paused,
      profile: props.profile,
      url: props.url,
      production: props.production,
      dataVersion: state.dataVersion,
      orderIndex: props.orderIndex,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.readOnly, theme, props.refreshMs, paused, props.profile, props.url, props.production, state.dataVersion, props.orderIndex],
  );

  const top = topOf(state);
  const screen = screenOf(top);
  const globals: Record<string, () => void> = {
    help: () => overlays.show({ kind: "help" }),
    palette: () => overlays.show({ kind: "palette" }),
    back: () => dispatch({ type: "back" }),
    refresh: () => {
      if (slot.current?.handlers.refresh) slot.current.handlers.refresh();
      else dispatch({ type: "reload" });
    },
    pause: () => dispatch({ type: "togglePause" }),
    log: () => dispatch({ type: "toggleLog" }),
    quit: () => exit(),
  };

  const dispatchKey = (input: string, key: Key) => {
    const name = keyName(input, key);
    const layer = slot.current;
    if (message && message.tone !== "info") dispatch({ type: "keyPressed" });
    const own = layer ? findBinding(layer.bindings, name, props.readOnly) : undefined;
    if (own && layer?.handlers[own.action]) {
      layer.handlers[own.action]!();
      return;
    }
    const global = findBinding(GLOBAL_BINDINGS, name, props.readOnly);
    if (global) globals[global.action]?.();
  };
  /** One key to whoever should have it: the overlay, a screen typing text, the screen's keys, the app's. */
  const route = (input: string, key: Key) => {
    if (overlayOpen.current) {
      if (overlayHandler.current) overlayHandler.current(input, key);
      else queued.current.push([input, key]);
      return;
    }
    const layer = slot.current;
    if (layer?.capture && layer.capture(input, key)) return;
    dispatchKey(input, key);
  };
  const afterClose = useRef<[string, Key][]>([]);
  // Children's layout effects run first: by now the active screen has registered its keys.
  useLayoutEffect(() => {
    if (overlay !== null || !afterClose.current.length) return;
    const keys = afterClose.current;
    afterClose.current = [];
    for (const [i, k] of keys) route(i, k);
  });
  useInput((input, key) => {
    // Keys that arrive in one chunk (typed fast, pasted, sent by tmux) are taken one by one, so
    // ":products" or "jjj" act as if typed slowly.
    // A backspace (DEL) in such a chunk is a key too: "\x7f2" is "erase, then type 2".
    if (input.length > 1 && !key.ctrl && !key.meta && /^[\x20-\x7f\r]+$/.test(input)) {
      for (const ch of input) {
        if (ch === "\x7f") route("", { ...NO_KEY, backspace: true });
        else route(ch === "\r" ? "" : ch, { ...NO_KEY, return: ch === "\r", shift: /[A-Z]/.test(ch) });
      }
      return;
    }
    // Esc and the next key in one chunk reach Ink as Alt+key (no binding uses Alt): an operator
    // leaving the help and pressing F at once (or over a slow SSH link) means esc, then F.
    if (key.meta && !key.ctrl && !key.escape && input.length === 1 && /^[\x21-\x7e]$/.test(input)) {
      const hadOverlay = overlayOpen.current;
      route("", { ...NO_KEY, escape: true, meta: true });
      const next: [string, Key] = [input, { ...NO_KEY, shift: /[A-Z]/.test(input) }];
      // The screen under a closing overlay takes keys again once it has redrawn as the active one.
      if (hadOverlay && !overlayOpen.current) afterClose.current.push(next);
      else route(...next);
      return;
    }
    route(input, key);
  });

  const width = size.columns;
  const height = Math.max(1, size.rows - 1);
  if (width < MIN.columns || size.rows < MIN.rows) {
    return <Text wrap="truncate">{fit(`terminal too small (${width}x${size.rows}): medusactl tui needs at least 80x24; q quits`, width)}</Text>;
  }
  // A long message takes a second line from the log pane, so the screen keeps its height.
  const statusLines = messageLines(message, width);
  const logHeight = state.logVisible && size.rows >= 20 ? (size.rows >= 36 ? 8 : 5) - (statusLines - 1) : 0;
  const bodyHeight = Math.max(3, height - 2 - statusLines - logHeight);
  const footer = [...GLOBAL_BINDINGS.filter((b) => b.action === "help" || b.action === "palette"), ...screen.bindings, ...GLOBAL_BINDINGS.filter((b) => b.action === "quit" || (b.action === "back" && stack.length > 1))];
  const crumbs = stack.map(crumb).join(" › ");
  // Where you are matters more than the CLI hint: the hint goes when both do not fit.
  const cli = [...` ${crumbs}  cli: ${screen.cli}`].length <= width ? `cli: ${screen.cli}` : "";

  let body: ReactNode = null;
  if (overlay?.kind === "help") {
    body = (
      <Help
        title={screen.title}
        screenBindings={screen.bindings}
        globalBindings={GLOBAL_BINDINGS}
        views={VIEWS}
        readOnly={props.readOnly}
        width={width}
        height={bodyHeight}
        theme={theme}
        onClose={overlays.close}
      />
    );
  } else if (overlay?.kind === "palette") {
    body = (
      <Palette
        views={VIEWS}
        width={width}
        theme={theme}
        onClose={overlays.close}
        onPick={(view: ViewEntry, filter: string, queue?: string) => {
          overlays.close();
          dispatch({ type: "switch", entry: { kind: "view", view, filter: filter || undefined, queue } });
        }}
        onUnknown={(word) => {
          overlays.close();
          actions.notify({ text: `no view named "${word}": ? lists them`, tone: "error" });
        }}
      />
    );
  } else if (overlay?.kind === "dialog") {
    const { spec, resolve, id } = overlay;
    // A key per dialog: a prompt followed by its confirmation are two dialogs, not one.
    body = (
      <Dialog
        key={id}
        spec={spec}
        width={width}
        theme={theme}
        onDone={(v) => {
          overlays.close();
          resolve(v);
        }}
      />
    );
  }

  return (
    <SdkProvider sdk={props.sdk}>
      <TuiStateContext.Provider value={tuiState}>
      <TuiActionsContext.Provider value={actions}>
        <KeymapContext.Provider value={slot}>
          <OverlayInputContext.Provider value={overlayInput}>
          <Box flexDirection="column" width={width} height={height}>
            <Header
              profile={props.profile}
              url={props.url}
              production={props.production}
              identity={state.identity}
              updatedAt={state.status.updatedAt}
              paused={paused}
              busy={state.status.busy}
              readOnly={props.readOnly}
              width={width}
              theme={theme}
              now={now}
              tickMs={props.tickMs ?? 1000}
            />
            <Text wrap="truncate">
              <Text bold>{fit(` ${crumbs}`, Math.max(10, width - cli.length - 1))}</Text>
              <Text color={theme.muted}>{cli ? ` ${cli}` : ""}</Text>
            </Text>
            <Box flexDirection="column" width={width} height={bodyHeight}>
              {body}
              {stack.map((entry) => {
                const active = entry === top && overlay === null;
                let screenEl: ReactNode;
                if (entry.kind === "view") {
                  const Screen = entry.view.screen === "order-list" ? OrderList : entry.view.screen === "fulfillment-list" ? FulfillmentList : ResourceList;
                  screenEl = <Screen view={entry.view} filter={entry.filter} queue={entry.queue} scope={entry.scope} active={active} width={width} height={bodyHeight} />;
                } else if (entry.kind === "customer") screenEl = <CustomerDetail customerId={entry.customerId} active={active} width={width} height={bodyHeight} />;
                else if (entry.kind === "order") screenEl = <OrderDetail orderId={entry.orderId} active={active} width={width} height={bodyHeight} />;
                else if (entry.kind === "fulfillment") screenEl = <FulfillmentDetail orderId={entry.orderId} fulfillmentId={entry.fulfillmentId} active={active} width={width} height={bodyHeight} />;
                else screenEl = <ResourceDetail view={entry.view} recordId={entry.recordId} active={active} width={width} height={bodyHeight} />;
                return (
                  <ScreenBoundary
                    key={`${entry.id}:${state.resets[entry.id] ?? 0}`}
                    onError={(e) => actions.notify({ text: `the screen failed: ${describeError(e).message}`, tone: "error" })}
                    fallback={(e) =>
                      active ? (
                        <Box flexDirection="column">
                          <Text color={theme.status.error} wrap="truncate">
                            error: this screen failed to draw: {describeError(e).message}
                          </Text>
                          <Text color={theme.muted}>r reloads it · esc goes back · q quits</Text>
                        </Box>
                      ) : null
                    }
                  >
                    {screenEl}
                  </ScreenBoundary>
                );
              })}
            </Box>
            {logHeight > 0 ? <CommandLogPane lines={logLines} height={logHeight} width={width} theme={theme} /> : null}
            <StatusBar message={message} bindings={footer} readOnly={props.readOnly} width={width} theme={theme} />
          </Box>
          </OverlayInputContext.Provider>
        </KeymapContext.Provider>
      </TuiActionsContext.Provider>
      </TuiStateContext.Provider>
    </SdkProvider>
  );
}
