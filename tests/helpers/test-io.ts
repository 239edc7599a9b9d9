import { Readable, Writable } from "node:stream";
import type { IOStreams } from "../../src/term/io.js";

/** Fake streams for main(): collected stdout/stderr, a fixed stdin, TTY flags as asked. */
export function testIO(opts: { tty?: boolean; env?: Record<string, string | undefined>; stdin?: string; columns?: number } = {}) {
  let out = "";
  let err = "";
  const sink = (append: (s: string) => void) =>
    new Writable({
      write(chunk, _enc, cb) {
        append(chunk.toString());
        cb();
      },
    });
  const tty = Boolean(opts.tty);
  const io: IOStreams = {
    out: sink((s) => (out += s)),
    err: sink((s) => (err += s)),
    in: Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]),
    isStdoutTTY: tty,
    isStderrTTY: tty,
    isStdinTTY: tty,
    env: { ...opts.env } as NodeJS.ProcessEnv,
    columns: opts.columns ?? 80,
  };
  return { io, out: () => out, err: () => err };
}
