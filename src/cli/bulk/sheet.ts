/**
 * Small CSV "sheets" (price sheets, stock sheets): a fixed set of named columns, rows read into
 * records keyed by column name, with header problems (unknown, missing, repeated columns) and
 * cell checks reported by row and column through the bulk core's Problems.
 */
import type { Readable } from "node:stream";
import { readCsv } from "./csv.js";
import type { CsvDialect, CsvFormat } from "./csv-dialect.js";
import type { Problems } from "./problems.js";

export interface SheetRow {
  row: number;
  line: number;
  cells: Record<string, string>;
  /** The file's separator is not the comma: a decimal may be written "19,99". */
  decimalComma?: boolean;
}

export interface SheetSpec {
  /** Columns that must be present. */
  required: string[];
  optional: string[];
  /** Groups of which exactly one column must be present, e.g. [["sku", "variant_id"]]. */
  oneOf?: string[][];
}

/** Reads every row (sheets are small enough: 10,000 prices are about 1 MB). */
export async function readSheet(
  source: string | Readable,
  file: string,
  spec: SheetSpec,
  problems: Problems,
  signal?: AbortSignal,
  dialect?: CsvDialect,
): Promise<{ columns: string[]; rows: SheetRow[]; format?: CsvFormat }> {
  let header: string[] | undefined;
  let format: CsvFormat | undefined;
  const rows: SheetRow[] = [];
  const known = new Set([...spec.required, ...spec.optional, ...(spec.oneOf ?? []).flat()]);
  for await (const rec of readCsv(source, { file, problems, signal, dialect, onFormat: (f) => (format = f) })) {
    if (!header) {
      header = rec.cells.map((c) => c.trim().toLowerCase());
      const seen = new Set<string>();
      header.forEach((h, i) => {
        if (!known.has(h)) problems.add({ file, row: 1, column: rec.cells[i] || `column ${i + 1}`, message: `unknown column (expected ${[...known].join(", ")})` });
        if (seen.has(h)) problems.add({ file, row: 1, column: h, message: "appears twice" });
        seen.add(h);
      });
      for (const r of spec.required) if (!seen.has(r)) problems.add({ file, row: 1, column: r, message: "missing column" });
      for (const group of spec.oneOf ?? []) {
        const present = group.filter((g) => seen.has(g));
        if (present.length === 0) problems.add({ file, row: 1, message: `needs a ${group.join(" or ")} column` });
      }
      continue;
    }
    const cells: Record<string, string> = {};
    header.forEach((h, i) => (cells[h] = (rec.cells[i] ?? "").trim()));
    rows.push({ row: rec.row, line: rec.line, cells, ...(rec.decimalComma ? { decimalComma: true } : {}) });
  }
  return { columns: header ?? [], rows, format };
}

/** A decimal number as people write it in a sheet: no hex, no exponent, no thousands separators. */
export function parseDecimal(text: string): number | undefined {
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** A whole number of at least 0. */
export function parseCount(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}
