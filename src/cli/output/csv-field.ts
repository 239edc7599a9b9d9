/**
 * CSV cells that are safe to open in a spreadsheet (OWASP "CSV injection"), without altering data
 * meant for machines. The rule, written once (docs/SECURITY.md §15, `--csv-raw` help):
 *
 * - A cell is guarded when a spreadsheet would run it as a formula: it starts with `=`, `+`, `-`
 *   or `@` (or their full-width forms ＝ ＋ － ＠), also after leading spaces, tabs or line
 *   breaks, or it starts with a tab or CR;
 * - and it holds free text: anything beyond digits, spaces and the signs phone numbers, amounts
 *   and dates are written with (`+ - ( ) . , / :`). Without a letter, a quote, `!`, `|` or `%`
 *   a formula can only do arithmetic on its own digits: it names no function, cell or program.
 *   So `+49 30 1234567`, `-12.50` and `-`, written for a courier's or an accountant's importer,
 *   stay exactly as they are; `=HYPERLINK(…)`, ` =1+1`, `＝cmd|…` and `@SUM(A1)` in a name, an
 *   address or a note are guarded.
 *
 * A guarded cell is written with a leading `'`, which spreadsheets show as text and do not
 * display. Reading it back (`products import`) removes exactly that one quote, so export -> import
 * round-trips byte for byte. `--csv-raw` turns the guard off.
 */

/** Formula signs, ASCII and full-width. */
const SIGNS = "=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20";
/** Cells a spreadsheet would evaluate, also when already quoted (so the quote that we add is always the one we remove). */
const FORMULA = new RegExp(`^'*(?:[\\t\\r]|[\\s\\u3000]*[${SIGNS}])`);
/** Data a formula cannot turn into more than arithmetic: phone numbers, amounts, dates, times. */
const DATA = /^[\d\s+\-().,/:]*$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function guarded(value: string): boolean {
  return FORMULA.test(value) && !DATA.test(value) && !NUMBER.test(value);
}

/** The cell as a spreadsheet will show it as text. */
export function neutralizeFormula(value: string): string {
  return guarded(value) ? `'${value}` : value;
}

/**
 * The original of a cell written by {@link neutralizeFormula}. Lenient on purpose: a quote before
 * data-shaped text (`'+49 30 1234567`) is removed too, as files of earlier versions (and
 * spreadsheets keeping a leading plus) write it; a value that itself starts with `'` was written
 * with a second one, so it still comes back whole.
 */
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

/** The `--csv-raw` help line, the same on every command that writes CSV. */
export const CSV_RAW_HELP =
  "write every cell exactly. Without it, a free-text cell a spreadsheet would run as a formula (= + - @, also after blanks, or full-width) gets a leading '; phone numbers, amounts and dates are never altered";
