/**
 * Input files are whatever the user (or someone who sent them a file) points at: `/dev/zero`, a
 * FIFO, a folder, a 2 GB single line. Every reader opens them here: only regular files (or stdin
 * when asked with `-`), and never more than a stated number of bytes in memory.
 */
import { constants as fsConstants, promises as fs, type Stats } from "node:fs";
import { UsageError, fsWords } from "../../term/errors.js";
import type { IOStreams } from "../../term/io.js";

/** Whole documents read into memory (`--data @file`, a seed file): far above any real one. */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/** What a non-regular file is, for a refusal ("a pipe (FIFO)", "a character device"…). */
export function kindOf(st: Stats): string {
  if (st.isDirectory()) return "a folder";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isFIFO()) return "a pipe (FIFO)";
  if (st.isSocket()) return "a socket";
  return "not a regular file";
}

/** Opens `file` for reading, refusing anything but a regular file with a one-line usage error (`flag` prefixes it: "--data: "). */
export async function openRegularFile(file: string, flag?: string): Promise<fs.FileHandle> {
  const pre = flag ? `${flag}: ` : "";
  let h: fs.FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    h = await fs.open(file, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`${pre}cannot read ${file}: ${code ? fsWords(code) : (e as Error).message}`, code === "ENOENT" ? "check the path; it is relative to the folder you run medusactl in" : undefined);
  }
  const st = await h.stat();
  if (!st.isFile()) {
    await h.close();
    throw new UsageError(`${pre}cannot read ${file}: it is ${kindOf(st)}, not a regular file`);
  }
  return h;
}

function tooBig(label: string, max: number): UsageError {
  const size = max >= 1024 * 1024 ? `${Math.round(max / 1024 / 1024)} MiB` : `${Math.round(max / 1024)} KiB`;
  return new UsageError(`${label} is larger than ${size}; refusing to read it into memory`);
}

/** A whole regular file as text, at most `max` bytes. */
export async function readTextFile(file: string, opts: { flag?: string; max?: number } = {}): Promise<string> {
  const max = opts.max ?? MAX_DOCUMENT_BYTES;
  const label = opts.flag ? `${opts.flag} ${file}` : file;
  const h = await openRegularFile(file, opts.flag);
  try {
    if ((await h.stat()).size > max) throw tooBig(label, max);
    const buf = Buffer.alloc(max + 1);
    let n = 0;
    // The size can change while we read; the cap holds whatever happens.
    for (;;) {
      const { bytesRead } = await h.read(buf, n, buf.length - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
      if (n > max) throw tooBig(label, max);
    }
    return buf.subarray(0, n).toString("utf8");
  } finally {
    await h.close();
  }
}

/** Standard input as text, at most `max` bytes. */
export async function readStdinText(io: IOStreams, opts: { label?: string; max?: number } = {}): Promise<string> {
  const max = opts.max ?? MAX_DOCUMENT_BYTES;
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of io.in) {
    const b = typeof c === "string" ? Buffer.from(c) : (c as Buffer);
    n += b.length;
    if (n > max) throw tooBig(opts.label ?? "stdin", max);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString("utf8");
}
