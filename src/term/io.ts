import type { Readable, Writable } from "node:stream";

/** The streams a command may touch, and what they are connected to. Commands never use `process`. */
export interface IOStreams {
  out: Writable;
  err: Writable;
  in: Readable;
  isStdoutTTY: boolean;
  isStderrTTY: boolean;
  isStdinTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** Terminal width for tables (80 when unknown). */
  columns: number;
  /** Set by `--no-color`. */
  noColor?: boolean;
  /** Set by `--quiet`: no progress lines or notices (never data, warnings or errors). */
  quiet?: boolean;
  /** Set by `--csv-raw`: CSV cells exactly as they are, without the spreadsheet formula guard. */
  csvRaw?: boolean;
}

/** Colour only on a TTY, and never with NO_COLOR (non-empty), TERM=dumb or --no-color. */
export function colorEnabled(io: IOStreams, stream: "out" | "err"): boolean {
  if (io.noColor) return false;
  if (io.env.NO_COLOR) return false;
  if (io.env.TERM === "dumb") return false;
  return stream === "out" ? io.isStdoutTTY : io.isStderrTTY;
}

/** Prompts need a person at both ends. */
export function canPrompt(io: IOStreams): boolean {
  return io.isStdinTTY && io.isStderrTTY;
}

export function writeLine(stream: Writable, text = ""): void {
  stream.write(text.endsWith("\n") ? text : `${text}\n`);
}
