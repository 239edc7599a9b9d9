/**
 * `medusactl tui`: the entry the CLI imports lazily, so Ink and React load only when the TUI runs
 * (cold start: tests/cli/main.cold-start.test.ts).
 */
import type { ReadStream, WriteStream } from "node:tty";
import { CancelError, UsageError } from "../term/errors.js";
import { colorEnabled, type IOStreams } from "../term/io.js";
import type { Medusa } from "../sdk/index.js";
import type { CommandLog } from "./command-log.js";
import type { QueueIndex } from "./types.js";
import { isLoopbackUrl } from "../shared/net.js";
import { firstFrame } from "./first-frame.js";
import { listQuery, nonTtyHint, START_VIEW } from "./views.js";

// The store, not the hook: importing this module must not load React (the first request leaves first).
export { createCommandLog, type CommandLog } from "./command-log.js";

export interface RunTuiOptions {
  io: IOStreams;
  sdk: Medusa;
  /** Receives the SDK's request log (pass its `hooks` to the SDK). */
  log: CommandLog;
  profile: { name?: string; url: string; production: boolean };
  identity?: string;
  whoami?: () => Promise<string>;
  readOnly?: boolean;
  /** Live refresh interval, in seconds (CONTRACT.md §1: default 5). */
  refreshSeconds?: number;
  /** Send the start view's first request now, so the network overlaps loading Ink (default true). */
  prefetch?: boolean;
  /** Paint the prefetched first page as plain text until Ink has loaded (default true). */
  paintFirstFrame?: boolean;
  /** The local index of order states, for the queues (src/cli/bulk/order-index.ts). */
  orderIndex?: QueueIndex;
  signal?: AbortSignal;
}

/** Longest wait for the first page before Ink loads anyway. */
const INK_WAIT_MS = 1500;

/**
 * Runs the TUI until `q` or Ctrl-C (exit 0, CONTRACT.md §3). Refuses without a terminal (exit 2,
 * naming the CLI command to use instead). Errors nothing on screen can fix (a 401) end it and
 * reach main()'s usual mapping.
 */
export async function runTui(opts: RunTuiOptions): Promise<void> {
  const { io } = opts;
  if (!io.isStdoutTTY || !io.isStdinTTY) throw new UsageError("medusactl tui needs an interactive terminal (stdin and stdout must be a TTY)", nonTtyHint());
  // Loading React and Ink takes longer than most first reads: ask Medusa for the queue meanwhile.
  let prefetch: { view: string; page: Promise<Record<string, unknown>> } | undefined;
  if (opts.prefetch !== false) {
    const resource = (opts.sdk.admin as unknown as Record<string, { list: (q: Record<string, unknown>) => Promise<Record<string, unknown>> }>)[START_VIEW.list.resource]!;
    const page = resource.list(listQuery(START_VIEW, { offset: 0 }));
    // Handled by the screen that takes it; never an unhandled rejection meanwhile.
    page.catch(() => undefined);
    prefetch = { view: START_VIEW.name, page };
  }
  // Ink and React take longer to load than the first page takes to arrive: paint the queue as plain
  // text meanwhile (first-frame.ts); Ink's first frame replaces it in place.
  let painted = 0;
  let inkLoaded = false;
  const typeAhead = new TypeAhead(io.in as ReadStream);
  if (prefetch && opts.paintFirstFrame !== false) {
    prefetch.page.then(
      (page) => {
        if (inkLoaded || opts.signal?.aborted) return;
        const out = io.out as WriteStream;
        const lines = firstFrame({
          view: START_VIEW,
          page,
          size: { columns: out.columns || 80, rows: out.rows || 24 },
          profile: opts.profile.name,
          url: opts.profile.url,
          production: opts.profile.production,
          identity: opts.identity,
          readOnly: Boolean(opts.readOnly),
          color: colorEnabled(io, "out"),
          now: Date.now(),
        });
        if (!lines) return;
        // The queue is about to be on screen, so keys come: keep them (no echo over the frame) for Ink.
        typeAhead.start();
        io.out.write(`${lines.join("\n")}\n`);
        painted = lines.length;
      },
      () => undefined,
    );
  }
  if (prefetch && opts.paintFirstFrame !== false && isLoopbackUrl(opts.profile.url)) {
    // A back-end on this machine (the sandbox) shares our CPU, and compiling Ink takes what it needs
    // to answer the first page: load Ink once the page is painted (or after INK_WAIT_MS, so a slow
    // back-end still gets the UI). A remote back-end costs us no CPU: Ink loads while it answers.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([prefetch.page.catch(() => undefined), new Promise((r) => (timer = setTimeout(r, INK_WAIT_MS)))]);
    clearTimeout(timer);
  }
  const [{ render }, { createElement }, { App }, { osc52: clipboardSeq }] = await Promise.all([import("ink"), import("react"), import("./app.js"), import("./clipboard.js")]);
  inkLoaded = true;
  typeAhead.stop();
  // Back to where the painted frame began, cleared: Ink draws from the cursor and then redraws only its own lines.
  if (painted) io.out.write(`\u001b[${painted}A\r\u001b[0J`);
  const app = createElement(App, {
    sdk: opts.sdk,
    log: opts.log,
    profile: opts.profile.name,
    url: opts.profile.url,
    production: opts.profile.production,
    identity: opts.identity,
    whoami: opts.whoami,
    readOnly: Boolean(opts.readOnly),
    refreshMs: Math.round((opts.refreshSeconds ?? 5) * 1000),
    color: colorEnabled(io, "out"),
    prefetch,
    orderIndex: opts.orderIndex,
    // OSC 52 straight to the terminal; inside tmux also wrapped for passthrough (see osc52()).
    clipboard: (text: string) => void io.out.write(clipboardSeq(text, { tmux: Boolean(io.env.TMUX) })),
  });
  // No alternate screen (Ink has none: vadimdemedes/ink#263); the frame stays one line shorter
  // than the terminal, so it redraws in place and the last frame stays in the scrollback.
  const instance = render(app, {
    stdout: io.out as WriteStream,
    stdin: io.in as ReadStream,
    stderr: io.err as WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
    // Ink throttles frames (30 fps by default): a key right after another redraw (a page arriving,
    // the clock) waited up to 33 ms for its frame. At 60 fps the wait is at most 17 ms.
    maxFps: 60,
  });
  typeAhead.replay();
  const onAbort = () => instance.unmount();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  // A SIGTERM that came while Ink loaded fired before anyone listened.
  if (opts.signal?.aborted) onAbort();
  try {
    await instance.waitUntilExit();
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
  }
  if (opts.signal?.aborted) throw new CancelError();
}

/**
 * Keys pressed while the painted first frame is up, before Ink listens. The terminal goes raw at
 * once (no echo over the frame; Ctrl-C arrives as a key, as under Ink), each read is kept as it
 * came, and once Ink reads stdin they are handed over one read at a time, as if typed live.
 */
class TypeAhead {
  private chunks: Buffer[] | undefined;
  // 'readable' as Ink itself reads (not 'data', which leaves the stream flowing and Ink deaf after us).
  private readonly keep = () => {
    let c: Buffer | null;
    while ((c = this.stdin.read() as Buffer | null) !== null) this.chunks?.push(c);
  };
  constructor(private readonly stdin: ReadStream) {}

  start(): void {
    if (this.chunks || !this.stdin.isTTY || typeof this.stdin.setRawMode !== "function") return;
    this.chunks = [];
    this.stdin.setRawMode(true);
    this.stdin.on("readable", this.keep);
  }

  /** Before Ink attaches: no more reads of ours. */
  stop(): void {
    if (!this.chunks) return;
    this.stdin.off("readable", this.keep);
  }

  replay(): void {
    const chunks = this.chunks;
    this.chunks = undefined;
    if (!chunks?.length) return;
    let waited = 0;
    const next = () => {
      // Ink attaches its reader when the app mounts; a key pushed before that would be lost in one read.
      if (this.stdin.listenerCount("readable") === 0) {
        if (++waited < 500) setTimeout(next, 2);
        return;
      }
      const chunk = chunks.shift();
      if (!chunk) return;
      this.stdin.push(chunk);
      setTimeout(next, 2);
    };
    setTimeout(next, 0);
  }
}

