/**
 * CSV in and out for bulk commands. Reading streams (csv-parse) and keeps, per record, its CSV
 * record number (header = 1, as CONTRACT.md §6 numbers rows) and the physical line it starts on,
 * which differ once a quoted value spans lines. Files are read as people have them: the separator
 * (comma, semicolon, tab) and the encoding (UTF-8 with or without BOM, Windows-1252) are detected
 * (csv-dialect.ts) unless forced. Bytes are checked for valid UTF-8 per cell, so a damaged byte
 * of a UTF-8 file is reported with its row and column instead of becoming U+FFFD in the store
 * (Medusa's own import accepts it silently). Writing quotes exactly what RFC 4180 requires, so
 * any value (commas, quotes, CR/LF, non-ASCII) reads back byte for byte.
 */
import { createReadStream } from "node:fs";
import { isUtf8 } from "node:buffer";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream";
import { parse } from "csv-parse";
import { csvField, restoreFormula, type CsvOptions } from "../output/csv-field.js";
import { openRegularFile } from "../cmdutil/input-file.js";
import type { Problems } from "./problems.js";
import { type CsvDialect, type CsvEncoding, type CsvFormat, delimiterName, detectDelimiter, detectFileEncoding, headerLineEnd } from "./csv-dialect.js";

export interface CsvRecord {
  /** CSV record number; the header is 1. Empty lines are not records. */
  row: number;
  /** Physical line (1-based) the record starts on. */
  line: number;
  cells: string[];
  /** The file's separator is not the comma, so a decimal may be written "19,99" (csv-dialect.ts decimalPoint). */
  decimalComma?: boolean;
}

export interface ReadCsvOptions {
  /** Name used in problems (the path as the user typed it). */
  file: string;
  /** Where encoding and shape problems go; reading goes on after them. */
  problems: Problems;
  signal?: AbortSignal;
  /** `--delimiter` / `--encoding` as the user gave them; the rest is detected. Only for the user's own files. */
  dialect?: CsvDialect;
  /** Told the file's separator and encoding once they are known (before the first record). */
  onFormat?: (format: CsvFormat) => void;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Largest value a cell may hold. Every cell ends up in one JSON request body, and Medusa's batch
 * routes take 2 MiB at most (pool.ts): a bigger cell would be found only while writing, after
 * earlier chunks were already written, so it is refused with its row and column up front.
 */
export const MAX_CELL_BYTES = 1024 * 1024;
/**
 * A whole record (all its cells): the parser holds at most this much, so a file with no line ends
 * cannot fill memory. Above the cell limit, so an oversized value is still reported by its column.
 */
export const MAX_RECORD_BYTES = 16 * MAX_CELL_BYTES;

/**
 * Strips a UTF-8 byte-order mark and refuses UTF-16 (a spreadsheet's "Unicode text" export),
 * which would otherwise parse as one garbled column.
 */
async function* withoutBom(source: AsyncIterable<Buffer | string>, file: string, problems: Problems): AsyncGenerator<Buffer> {
  let head: Buffer | undefined = Buffer.alloc(0);
  for await (const chunk of source) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    if (head === undefined) {
      yield buf;
      continue;
    }
    head = Buffer.concat([head, buf]);
    if (head.length < 3) continue;
    if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
      problems.add({ file, message: "the file is UTF-16; save it as UTF-8 (CSV UTF-8 in spreadsheet programs)" });
      return;
    }
    const rest: Buffer = head.subarray(0, 3).equals(UTF8_BOM) ? head.subarray(3) : head;
    head = undefined;
    if (rest.length) yield rest;
  }
  if (head !== undefined && head.length) yield head.subarray(0, 3).equals(UTF8_BOM) ? head.subarray(3) : head;
}

/** Windows-1252 bytes as UTF-8 (one byte per character, so no character spans two chunks). */
async function* transcoded(source: AsyncIterable<Buffer>, encoding: CsvEncoding): AsyncGenerator<Buffer> {
  if (encoding === "utf-8") return yield* source;
  const decoder = new TextDecoder("windows-1252");
  for await (const chunk of source) yield Buffer.from(decoder.decode(chunk, { stream: true }), "utf8");
}

/**
 * Physical line numbers from byte offsets: the parser reports where each record ends, this
 * counts LF bytes up to where the next one starts (skipping the blank lines before it).
 */
class LineTracker {
  private chunks: Buffer[] = [];
  private base = 0; // offset of chunks[0]
  private pos = 0; // bytes scanned so far
  private lf = 0; // LF bytes before `pos`

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  private byteAt(offset: number): number | undefined {
    let o = offset - this.base;
    for (const c of this.chunks) {
      if (o < c.length) return c[o];
      o -= c.length;
    }
    return undefined;
  }

  private advance(to: number): void {
    while (this.pos < to && this.chunks.length) {
      const c = this.chunks[0]!;
      const from = this.pos - this.base;
      const until = Math.min(c.length, to - this.base);
      for (let i = from; i < until; i++) if (c[i] === 0x0a) this.lf++;
      this.pos = this.base + until;
      if (until === c.length) {
        this.base += c.length;
        this.chunks.shift();
      }
    }
  }

  /** The line of the first non-blank byte at or after `offset`. */
  lineAt(offset: number): number {
    let p = offset;
    for (let b = this.byteAt(p); b === 0x0a || b === 0x0d; b = this.byteAt(++p));
    this.advance(p);
    return this.lf + 1;
  }
}

/**
 * Yields every record of a CSV file or stream, header first. Cells that are not valid UTF-8 and
 * records whose cell count differs from the header's are reported to `problems` (and still
 * yielded, decoded with replacement characters, so validation can go on); a quoting error that
 * makes the rest unreadable is reported once and ends the stream.
 */
export async function* readCsv(source: string | Readable, opts: ReadCsvOptions): AsyncGenerator<CsvRecord> {
  const { file, problems } = opts;
  const forced = opts.dialect ?? {};
  // Only regular files: /dev/zero or a FIFO would stream forever. One open per read: the encoding
  // is found by position on the handle the records are then streamed from.
  const handle = typeof source === "string" ? await openRegularFile(source) : undefined;
  let encoding: CsvEncoding;
  try {
    // A stream cannot be read twice: it is UTF-8 unless forced (stdin carries order references).
    encoding = forced.encoding ?? (handle ? await detectFileEncoding(source as string, opts.signal, handle) : "utf-8");
  } catch (e) {
    await handle?.close();
    throw e;
  }
  const input = handle ? handle.createReadStream({ highWaterMark: 256 * 1024, start: 0 }) : (source as Readable);
  const lines = new LineTracker();
  const decoded = transcoded(withoutBom(input as AsyncIterable<Buffer>, file, problems), encoding)[Symbol.asyncIterator]();
  // The header line decides the separator: read until it is whole (or 1 MiB, or the end).
  const head: Buffer[] = [];
  let delimiter = forced.delimiter;
  if (!delimiter) {
    let seen = Buffer.alloc(0);
    for (;;) {
      const next = await decoded.next();
      if (next.done) break;
      head.push(next.value);
      seen = Buffer.concat([seen, next.value]);
      if (headerLineEnd(seen) !== undefined || seen.length > 1024 * 1024) break;
    }
    const end = headerLineEnd(seen);
    delimiter = detectDelimiter(seen.subarray(0, end ?? seen.length).toString("utf8"));
  }
  opts.onFormat?.({ delimiter, encoding, encodingDetected: !forced.encoding && encoding !== "utf-8" });
  const parser = parse({
    // Buffers per cell: decoding is ours, so invalid UTF-8 is seen rather than replaced.
    encoding: null,
    info: true,
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    // Both, whatever the first line uses: files pasted together from two systems mix them.
    record_delimiter: ["\r\n", "\n"],
    max_record_size: MAX_RECORD_BYTES,
  });
  async function* tracked() {
    const rest = { [Symbol.asyncIterator]: () => decoded };
    for (const chunk of head) {
      lines.push(chunk);
      yield chunk;
    }
    for await (const chunk of rest) {
      lines.push(chunk);
      yield chunk;
    }
  }
  // Records are taken off the parser as it emits them, so a quoting error further on does not
  // drop the records (and their problems) that were already parsed; the error comes last.
  const queue: { record: Uint8Array[]; info: { records: number; bytes: number } }[] = [];
  let failure: Error | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  parser.on("data", (item) => {
    queue.push(item);
    if (queue.length >= 512) parser.pause();
    notify();
  });
  parser.on("end", () => {
    finished = true;
    notify();
  });
  pipeline(Readable.from(tracked(), { objectMode: false }), parser, (e) => {
    if (e) failure ??= e;
    finished = true;
    notify();
  });
  const onAbort = () => parser.destroy(new Error("aborted"));
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  let header: string[] | undefined;
  let width = -1;
  let recordStart = 0;
  try {
    for (;;) {
      const item = queue.shift();
      if (!item) {
        if (finished) break;
        parser.resume();
        await new Promise<void>((r) => (wake = r));
        continue;
      }
      const { record, info } = item;
      const row = info.records;
      const line = Math.max(lines.lineAt(recordStart), row);
      recordStart = info.bytes;
      const cells = record.map((bytes, i) => {
        const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        if (buf.byteLength > MAX_CELL_BYTES) {
          problems.add({ file, row, line, column: header?.[i] || columnName(i), message: `holds ${(buf.byteLength / 1048576).toFixed(1)} MB; a value may hold at most ${MAX_CELL_BYTES / 1048576} MB` });
        } else if (!isUtf8(buf)) {
          problems.add({ file, row, line, column: header?.[i] || columnName(i), message: "not valid UTF-8 text (save the file as UTF-8, or give --encoding windows-1252 if it is a Windows file)" });
        } else if (buf.includes(0)) {
          // PostgreSQL refuses NUL in text (the write would answer 500): refused here, before anything is written.
          problems.add({ file, row, line, column: header?.[i] || columnName(i), message: "holds a NUL byte (is this a binary file?)" });
        }
        return buf.toString("utf8");
      });
      if (!header) {
        header = cells;
        width = cells.length;
        const sep = width === 1 ? [",", ";", "\t"].find((c) => c !== delimiter && cells[0]!.includes(c)) : undefined;
        // Only a forced --delimiter can leave the header in one column; say which one the file uses.
        if (sep) problems.add({ file, row, line, message: `the header is one column holding ${delimiterName(sep)}: the file seems to be separated by ${delimiterName(sep)}, not by ${delimiterName(delimiter)} (drop --delimiter to detect it)` });
      } else if (cells.length !== width) {
        problems.add({ file, row, line, message: `has ${cells.length} values but the header has ${width}` });
      }
      // Cells our own export protected from spreadsheets (a leading ') come back as they were.
      yield { row, line, cells: row === 1 ? cells : cells.map(restoreFormula), ...(delimiter !== "," ? { decimalComma: true } : {}) };
    }
    if (failure) throw failure;
  } catch (e) {
    const err = e as { code?: string; message?: string; lines?: number; records?: number; column?: number };
    if (err.code === "CSV_MAX_RECORD_SIZE") {
      problems.add({ file, row: (err.records ?? 0) + 1, line: err.lines, message: `a record is larger than ${MAX_RECORD_BYTES / 1048576} MiB (a file without line ends, or a runaway quote); nothing after it was read` });
    } else if (typeof err.code === "string" && err.code.startsWith("CSV_")) {
      // Located like every other problem: the record (row), its column and the line it starts on.
      const row = (err.records ?? 0) + 1;
      const col = typeof err.column === "number" ? (header?.[err.column] || columnName(err.column)) : undefined;
      const what = err.code === "CSV_QUOTE_NOT_CLOSED" ? `a quote opened in this value is never closed (the file ends at line ${err.lines})` : err.message;
      problems.add({ file, row, line: lines.lineAt(recordStart), column: col, message: `unreadable CSV: ${what}` });
    } else if (!opts.signal?.aborted) throw e;
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
    parser.destroy();
  }
}

function columnName(index: number): string {
  return `column ${index + 1}`;
}

/**
 * Streams CSV rows to a writable with back-pressure. Lines end with CRLF (RFC 4180); values are
 * quoted only when they hold a comma, quote, CR or LF, and never altered otherwise.
 */
export class CsvWriter {
  private pending = "";
  /** Formula-leading cells are neutralised for spreadsheets unless `raw` (a file for Medusa's importer). */
  constructor(
    private readonly out: Writable,
    private readonly opts: CsvOptions = {},
  ) {}

  async write(values: readonly (string | undefined | null)[]): Promise<void> {
    this.pending += values.map((v) => csvField(v ?? "", this.opts)).join(",") + "\r\n";
    if (this.pending.length >= 64 * 1024) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.pending) return;
    const text = this.pending;
    this.pending = "";
    if (!this.out.write(text)) await new Promise<void>((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      this.out.once("error", onError);
      this.out.once("drain", () => {
        this.out.off("error", onError);
        resolve();
      });
    });
  }
}

/**
 * Rows whose columns are only known at the end (numbered columns grow with the data): spooled as
 * JSON lines to a temporary file, then written as CSV under a header computed from every column
 * seen. Memory stays flat; the disk holds about one extra copy of the output.
 */
export class CsvSpool {
  readonly columns = new Set<string>();
  private path?: string;
  private stream?: import("node:fs").WriteStream;
  rows = 0;

  private async open(): Promise<void> {
    const { mkdtemp } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { createWriteStream } = await import("node:fs");
    const dir = await mkdtemp(join(tmpdir(), "medusactl-spool-"));
    this.path = join(dir, "rows.jsonl");
    this.stream = createWriteStream(this.path, { mode: 0o600 });
  }

  async add(row: Record<string, string>): Promise<void> {
    if (!this.stream) await this.open();
    for (const k of Object.keys(row)) this.columns.add(k);
    this.rows++;
    if (!this.stream!.write(JSON.stringify(row) + "\n")) await new Promise<void>((r) => this.stream!.once("drain", r));
  }

  /** Writes the header and every row to `out`, then deletes the spool. */
  async writeTo(out: Writable, header: string[], opts: CsvOptions = {}): Promise<void> {
    const writer = new CsvWriter(out, opts);
    await writer.write(header);
    if (this.stream && this.path) {
      await new Promise<void>((resolve, reject) => this.stream!.end((e?: Error | null) => (e ? reject(e) : resolve())));
      const { createInterface } = await import("node:readline");
      const lines = createInterface({ input: createReadStream(this.path), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        const row = JSON.parse(line) as Record<string, string>;
        await writer.write(header.map((h) => row[h] ?? ""));
      }
    }
    await writer.flush();
    await this.discard();
  }

  async discard(): Promise<void> {
    if (!this.path) return;
    const { rm } = await import("node:fs/promises");
    const { dirname } = await import("node:path");
    this.stream?.destroy();
    await rm(dirname(this.path), { recursive: true, force: true });
    this.path = undefined;
    this.stream = undefined;
  }
}
