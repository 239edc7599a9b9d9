/**
 * Which kind of CSV a file is: its separator (comma, semicolon or tab: a spreadsheet in a
 * comma-decimal locale — German, French Excel — saves "CSV" with semicolons) and its encoding
 * (UTF-8, or Windows-1252: what Excel on Windows writes by default). Decided once per file from
 * its bytes, unless the user forces either with `--delimiter` / `--encoding`.
 *
 * - Separator: counted in the header line (outside quotes); the most frequent of `,` `;` tab
 *   wins, a comma on a tie or when there is none (a one-column file).
 * - Encoding: valid UTF-8 is UTF-8. A file with bytes that are not UTF-8 and no valid multi-byte
 *   UTF-8 sequence at all is Windows-1252. A file with both is a UTF-8 file with damaged cells:
 *   read as UTF-8, and the damaged cells are reported by row and column (Windows-1252 would turn
 *   every other accent of the file into mojibake).
 */
import { InvalidArgumentError } from "commander";
import { openRegularFile } from "../cmdutil/input-file.js";
import type { FileHandle } from "node:fs/promises";

export type CsvEncoding = "utf-8" | "windows-1252";

/** What the user forced (flags); anything left out is detected. */
export interface CsvDialect {
  delimiter?: string;
  encoding?: CsvEncoding;
}

/** What a file turned out to be. */
export interface CsvFormat {
  delimiter: string;
  encoding: CsvEncoding;
  /** True when the encoding was detected (not forced) and is not UTF-8. */
  encodingDetected: boolean;
}

const NAMES: Record<string, string> = { ",": ",", comma: ",", ";": ";", semicolon: ";", "\t": "\t", "\\t": "\t", tab: "\t", "|": "|", pipe: "|" };

/** `--delimiter`: a character or its name (comma, semicolon, tab, pipe). */
export function parseDelimiter(value: string): string {
  const d = NAMES[value.toLowerCase()] ?? NAMES[value];
  if (!d) throw new InvalidArgumentError("expected comma, semicolon, tab or pipe (or the character itself)");
  return d;
}

/** `--encoding`: utf-8 or windows-1252 (latin1, cp1252 and iso-8859-1 mean the latter, as browsers read them). */
export function parseEncoding(value: string): CsvEncoding {
  const v = value.toLowerCase().replace(/[_\s]/g, "-");
  if (v === "utf-8" || v === "utf8") return "utf-8";
  if (["windows-1252", "cp1252", "latin1", "latin-1", "iso-8859-1", "iso8859-1"].includes(v)) return "windows-1252";
  throw new InvalidArgumentError("expected utf-8 or windows-1252");
}

export function delimiterName(d: string): string {
  return d === "," ? "commas" : d === ";" ? "semicolons" : d === "\t" ? "tabs" : d === "|" ? "pipes" : JSON.stringify(d);
}

/** Counts UTF-8 evidence across chunk boundaries: valid multi-byte sequences and bytes that cannot be UTF-8. */
export class Utf8Evidence {
  valid = 0;
  invalid = 0;
  private need = 0;
  private lower = 0x80;
  private upper = 0xbf;

  push(buf: Uint8Array): void {
    for (let i = 0; i < buf.length; i++) {
      const b = buf[i]!;
      if (this.need) {
        if (b >= this.lower && b <= this.upper) {
          this.lower = 0x80;
          this.upper = 0xbf;
          if (--this.need === 0) this.valid++;
          continue;
        }
        // A broken sequence: its lead byte was not UTF-8; this byte is looked at afresh.
        this.invalid++;
        this.need = 0;
        this.lower = 0x80;
        this.upper = 0xbf;
      }
      if (b < 0x80) continue;
      if (b >= 0xc2 && b <= 0xdf) this.need = 1;
      else if (b >= 0xe0 && b <= 0xef) {
        this.need = 2;
        if (b === 0xe0) this.lower = 0xa0;
        if (b === 0xed) this.upper = 0x9f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        this.need = 3;
        if (b === 0xf0) this.lower = 0x90;
        if (b === 0xf4) this.upper = 0x8f;
      } else this.invalid++;
    }
  }

  end(): void {
    if (this.need) this.invalid++;
    this.need = 0;
  }

  /** Windows-1252 only when nothing of the file reads as UTF-8 beyond ASCII. */
  verdict(): CsvEncoding {
    return this.invalid > 0 && this.valid === 0 ? "windows-1252" : "utf-8";
  }
}

/** The separator of a header line: the most frequent of `,` `;` tab outside quotes (comma on a tie or none). */
export function detectDelimiter(headerLine: string): string {
  const counts = new Map<string, number>([[",", 0], [";", 0], ["\t", 0]]);
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ",";
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/** Bytes of the header line: up to the first line end outside quotes (or the end of what was given). */
export function headerLineEnd(buf: Buffer): number | undefined {
  let quoted = false;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b === 0x22) quoted = !quoted;
    else if (!quoted && (b === 0x0a || b === 0x0d)) return i;
  }
  return undefined;
}

const encodingCache = new Map<string, { stamp: string; encoding: CsvEncoding }>();

/**
 * A file's encoding from all of its bytes (one streaming pass, remembered while the file stays the
 * same: a product import reads its file several times). Given the handle the caller reads the file
 * through (`open`), it reads by position on that one and leaves it open.
 */
export async function detectFileEncoding(file: string, signal?: AbortSignal, open?: FileHandle): Promise<CsvEncoding> {
  const h = open ?? (await openRegularFile(file));
  try {
    const st = await h.stat();
    const stamp = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
    const hit = encodingCache.get(file);
    if (hit?.stamp === stamp) return hit.encoding;
    const evidence = new Utf8Evidence();
    const buf = Buffer.alloc(1024 * 1024);
    for (let pos = 0; ; ) {
      if (signal?.aborted) break;
      const { bytesRead } = await h.read(buf, 0, buf.length, pos);
      if (!bytesRead) break;
      evidence.push(buf.subarray(0, bytesRead));
      pos += bytesRead;
      // Both kinds seen: a UTF-8 file with damaged cells; reading on cannot change the verdict.
      if (evidence.invalid && evidence.valid) break;
    }
    evidence.end();
    const encoding = evidence.verdict();
    encodingCache.set(file, { stamp, encoding });
    return encoding;
  } finally {
    if (!open) await h.close();
  }
}

/** One line for a summary when a file was read as something else than comma-separated UTF-8, else undefined. */
export function formatNote(file: string, f: CsvFormat): string | undefined {
  const parts: string[] = [];
  if (f.encoding === "windows-1252") parts.push(`read as Windows-1252${f.encodingDetected ? " (it is not valid UTF-8; --encoding utf-8 reads it otherwise)" : ""}`);
  if (f.delimiter !== ",") parts.push(`separated by ${delimiterName(f.delimiter)}`);
  return parts.length ? `${file}: ${parts.join(", ")}` : undefined;
}

/** A decimal written with a comma ("19,99") in a file whose separator is not the comma: the dot form, else the text as it is. */
export function decimalPoint(text: string, decimalComma: boolean | undefined): string {
  return decimalComma && /^\s*-?\d+,\d+\s*$/.test(text) ? text.replace(",", ".") : text;
}
