/**
 * Progress of a bulk job on stderr (CONTRACT.md §2, §6): on a TTY one live line (rows, rate,
 * ETA) redrawn at most ten times a second; otherwise a plain line every 5 s, so CI logs show the
 * job is alive without flooding; nothing with `--quiet`. Always cleared or ended with a newline
 * before the command prints its summary.
 */
import { sanitize } from "../../term/sanitize.js";
import type { IOStreams } from "../../term/io.js";
import { formatDuration } from "../../shared/format.js";

export interface ProgressOptions {
  /** What is counted, e.g. "rows" or "products". */
  unit?: string;
  /** Verb shown first, e.g. "importing". */
  label: string;
  total?: number;
  quiet?: boolean;
  /** Seconds between plain lines off a TTY (5 by default). */
  intervalSeconds?: number;
  now?: () => number;
}

export interface Progress {
  /** Adds finished items. */
  add(n?: number): void;
  setTotal(total: number | undefined): void;
  /** A one-off message (a phase change) without breaking the live line; silent with --quiet. */
  note(text: string): void;
  /** A warning: printed even with --quiet. */
  warn(text: string): void;
  /** Stops the timer and clears the live line. */
  done(): void;
  readonly count: number;
}

export function createProgress(io: IOStreams, opts: ProgressOptions): Progress {
  // The global --quiet (before the noun) silences progress as the command's own --quiet does.
  if (io.quiet && !opts.quiet) opts = { ...opts, quiet: true };
  const now = opts.now ?? Date.now;
  const unit = opts.unit ?? "rows";
  const started = now();
  let total = opts.total;
  let count = 0;
  let lastDraw = 0;
  let drawn = false;
  const live = io.isStderrTTY && io.env.TERM !== "dumb";

  const line = () => {
    const elapsed = (now() - started) / 1000;
    const rate = elapsed > 0 ? count / elapsed : 0;
    const parts = [`${opts.label}: ${count}${total !== undefined ? `/${total}` : ""} ${unit}`];
    if (elapsed >= 1) parts.push(`${rate >= 10 ? Math.round(rate) : rate.toFixed(1)} ${unit}/s`);
    if (total !== undefined && rate > 0 && count < total) parts.push(`ETA ${formatDuration((total - count) / rate)}`);
    parts.push(formatDuration(elapsed));
    return parts.join(" · ");
  };
  const draw = () => {
    io.err.write(`\r\x1b[2K${line().slice(0, Math.max(20, io.columns - 1))}`);
    drawn = true;
    lastDraw = now();
  };
  const clear = () => {
    if (drawn) io.err.write("\r\x1b[2K");
    drawn = false;
  };

  let timer: NodeJS.Timeout | undefined;
  if (!opts.quiet) {
    if (live) {
      // Redraw on a timer too, so the rate and ETA move while a slow chunk is in flight.
      timer = setInterval(draw, 1000);
      draw();
    } else {
      timer = setInterval(() => io.err.write(line() + "\n"), (opts.intervalSeconds ?? 5) * 1000);
    }
    timer.unref?.();
  }

  return {
    get count() {
      return count;
    },
    add(n = 1) {
      count += n;
      if (!opts.quiet && live && now() - lastDraw >= 100) draw();
    },
    setTotal(t) {
      total = t;
    },
    note(text) {
      if (opts.quiet) return;
      clear();
      // Row warnings quote server messages and file values: shown sanitised.
      const safe = sanitize(text.replace(/\n$/, ""), { newlines: true });
      io.err.write(`${safe}\n`);
      if (live) draw();
    },
    warn(text) {
      clear();
      // Row warnings quote server messages and file values: shown sanitised.
      const safe = sanitize(text.replace(/\n$/, ""), { newlines: true });
      io.err.write(`${safe}\n`);
      if (!opts.quiet && live) draw();
    },
    done() {
      if (timer) clearInterval(timer);
      timer = undefined;
      clear();
    },
  };
}
