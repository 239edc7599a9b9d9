/**
 * CSV cells that are safe to open in a spreadsheet. A cell starting with `=`, `+`, `-`, `@`, a tab
 * or a CR is run as a formula by Excel, LibreOffice and Sheets (OWASP "CSV injection"); a shopper
 * can put one in their own name. Such a cell is written with a leading `'`, which spreadsheets
 * show as text and do not display. Reading it back (`products import`) removes exactly that one
 * quote, so export -> import round-trips byte for byte. Plain numbers (`-5`, `+3.2`) are left alone.
 */

/** Cells a spreadsheet would evaluate, also when already quoted (so the quote that we add is always the one we remove). */
const FORMULA = /^'*[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The cell as a spreadsheet will show it as text. */
export function neutralizeFormula(value: string): string {
  return FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** The original of a cell written by {@link neutralizeFormula}. */
export function restoreFormula(value: string): string {
  return value.startsWith("'") && FORMULA.test(value) && !NUMBER.test(value.slice(1)) ? value.slice(1) : value;
}

export interface CsvOptions {
  /** Write cells exactly as they are (pipelines that never reach a spreadsheet). */
  raw?: boolean;
}

/** One RFC 4180 field: neutralised unless `raw`, quoted when it holds a comma, quote, CR or LF. */
export function csvField(value: string, opts: CsvOptions = {}): string {
  const v = opts.raw ? value : neutralizeFormula(value);
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}
