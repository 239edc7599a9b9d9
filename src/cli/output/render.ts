import { formatCell, isMoneyField, moneyNumberText } from "../../shared/format.js";
import { colorEnabled, type IOStreams } from "../../term/io.js";
import { sanitize } from "../../term/sanitize.js";
import { csvField, type CsvOptions } from "./csv-field.js";

export type OutputFormat = "table" | "json" | "ndjson" | "csv" | "ids";
/** `ids`: one id per line, for a pipe into a command that reads `-` (`orders capture -`). */
export const OUTPUT_FORMATS: readonly OutputFormat[] = ["table", "json", "ndjson", "csv", "ids"];

type Rec = Record<string, unknown>;

function get(rec: Rec, field: string): unknown {
  let v: unknown = rec;
  for (const part of field.split(".")) {
    if (v === null || v === undefined || typeof v !== "object") return undefined;
    v = (v as Rec)[part];
  }
  return v;
}

function rawCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function truncate(text: string, width: number): string {
  if (text.length <= width) return text;
  return width <= 1 ? text.slice(0, width) : `${text.slice(0, width - 1)}…`;
}

/**
 * People: an aligned table fitted to the terminal. Scripts (stdout not a TTY): the same columns as
 * tab-separated lines, no header, no colour, nothing cut.
 */
export function renderTable(io: IOStreams, records: Rec[], columns: string[]): string {
  if (!io.isStdoutTTY) {
    return records.map((r) => columns.map((c) => sanitize(formatCell(c, get(r, c), r).replace(/[\t\n\r]/g, " "))).join("\t") + "\n").join("");
  }
  const rows = records.map((r) => columns.map((c) => sanitize(formatCell(c, get(r, c), r).replace(/\s+/g, " "))));
  const header = columns.map((c) => c.toUpperCase());
  const widths = columns.map((_, i) => Math.max(header[i]!.length, ...rows.map((row) => row[i]!.length)));
  // Shrink the widest columns until the table fits the terminal.
  const gap = 2;
  const total = () => widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1);
  // Ids are never cut: a shortened ULID names a different record.
  const shrinkable = columns.map((c) => c !== "id" && !c.endsWith("_id"));
  while (total() > io.columns) {
    let i = -1;
    for (let k = 0; k < widths.length; k++) if (shrinkable[k] && (i < 0 || widths[k]! > widths[i]!)) i = k;
    if (i < 0 || widths[i]! <= 8) break;
    widths[i] = widths[i]! - 1;
  }
  const bold = colorEnabled(io, "out") ? (s: string) => `\x1b[1m${s}\x1b[22m` : (s: string) => s;
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? truncate(c, widths[i]!) : truncate(c, widths[i]!).padEnd(widths[i]!))).join(" ".repeat(gap)).trimEnd();
  return [bold(line(header)), ...rows.map(line)].join("\n") + "\n";
}

/**
 * CSV for spreadsheets: amounts rounded to the currency's minor unit (Medusa's totals are not
 * rounded), and a `currency_code` column added when amounts would otherwise go without their currency.
 */
export function renderCsv(records: Rec[], columns: string[], opts: CsvOptions = {}): string {
  const money = columns.map(isMoneyField);
  const cols = money.some(Boolean) && !columns.includes("currency_code") && records.some((r) => typeof r.currency_code === "string") ? [...columns, "currency_code"] : columns;
  const lines = [cols.map((c) => csvField(c, opts)).join(",")];
  for (const r of records) {
    lines.push(cols.map((c, i) => csvField((money[i] ? moneyNumberText(get(r, c), r.currency_code) : undefined) ?? rawCell(get(r, c)), opts)).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

/** Columns for a record set: the declared defaults that exist, else the keys of the first records. */
export function pickColumns(records: Rec[], preferred: readonly string[] | undefined, fields?: string): string[] {
  if (fields) {
    const named = fields.split(",").map((f) => f.trim().replace(/^[+\-*]/, "")).filter((f) => f && !f.includes("*"));
    if (named.length) return named;
  }
  if (preferred?.length) return [...preferred];
  const keys = new Set<string>();
  for (const r of records.slice(0, 20)) for (const k of Object.keys(r)) keys.add(k);
  return [...keys];
}

/** Writes a list in the chosen format. */
export function writeList(io: IOStreams, format: OutputFormat, records: Rec[], columns: string[]): void {
  switch (format) {
    case "json":
      io.out.write(JSON.stringify(records, null, 2) + "\n");
      return;
    case "ndjson":
      for (const r of records) io.out.write(JSON.stringify(r) + "\n");
      return;
    case "ids":
      for (const r of records) if (r.id !== undefined) io.out.write(`${sanitize(String(r.id))}\n`);
      return;
    case "csv":
      io.out.write(renderCsv(records, columns, { raw: io.csvRaw }));
      return;
    case "table":
      io.out.write(renderTable(io, records, columns));
  }
}

/** Writes one record: JSON as a document, a table as field/value lines. */
export function writeRecord(io: IOStreams, format: OutputFormat, record: Rec, columns?: string[]): void {
  switch (format) {
    case "json":
      io.out.write(JSON.stringify(record, null, 2) + "\n");
      return;
    case "ndjson":
      io.out.write(JSON.stringify(record) + "\n");
      return;
    case "ids":
      if (record.id !== undefined) io.out.write(`${sanitize(String(record.id))}\n`);
      return;
    case "csv": {
      const cols = columns?.length ? columns : Object.keys(record);
      io.out.write(renderCsv([record], cols, { raw: io.csvRaw }));
      return;
    }
    case "table": {
      const keys = Object.keys(record);
      const width = Math.max(...keys.map((k) => k.length));
      for (const k of keys) {
        const v = sanitize(formatCell(k, record[k], record));
        io.out.write(io.isStdoutTTY ? `${sanitize(k).padEnd(width)}  ${v}\n` : `${sanitize(k)}\t${v}\n`);
      }
    }
  }
}
