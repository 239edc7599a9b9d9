/**
 * `products import --on-error skip` (the default for Shopify's and WooCommerce's files): a product
 * that cannot be imported as it stands is skipped with its reasons, and the rest is imported
 * (exit 3 at the end). Problems are settled per product: every problem names a row, every row
 * belongs to a product (FileIndex.rowKeys), and one bad row skips its whole product — a product
 * imported without one of its variants would be a different product. A row that belongs to no
 * product (no handle) is skipped alone. A problem of the file itself (its header, a flag, a
 * region) still refuses the whole file: no row could be imported right.
 *
 * What a documented rule can repair is repaired instead, with a note (importRun's help lists the
 * rules): a duplicated SKU (the later variant goes without), stock on a row without SKU (through
 * the variant created), a measure in an unknown unit or not a number (left out).
 */
import { sanitize } from "../../../term/sanitize.js";
import { formatProblem, rowLabel, ValidationError, type Problem, type Problems } from "../problems.js";
import type { FileIndex, StoreFacts } from "./import-batch.js";
import { PORTABLE } from "./csv-columns.js";

export type OnError = "skip" | "stop";

export interface Skips {
  /** Product key → the problems that skip it. */
  products: Map<string, Problem[]>;
  /** Rows of no product → their problems. */
  rows: Map<number, Problem[]>;
}

export function emptySkips(): Skips {
  return { products: new Map(), rows: new Map() };
}

/**
 * Moves the problems found so far into `skips` (emptying `problems`); a problem of the file
 * itself refuses the file with every problem found.
 */
export function settleProblems(problems: Problems, index: FileIndex, skips: Skips): void {
  if (!problems.size) return;
  if (problems.list.some((p) => p.row === undefined || p.row <= 1)) throw new ValidationError(problems.list);
  const seen = new Set<string>();
  for (const p of problems.list) {
    const id = JSON.stringify([p.row, p.column, p.message]);
    if (seen.has(id)) continue;
    seen.add(id);
    const key = index.rowKeys.get(p.row!);
    const bucket = key ? skips.products : skips.rows;
    const k = (key ?? p.row!) as never;
    (bucket as Map<unknown, Problem[]>).set(k, [...((bucket as Map<unknown, Problem[]>).get(k) ?? []), p]);
  }
  problems.list.length = 0;
}

/**
 * A `--portable` reference the store lacks is reported once, on the first row naming it: every
 * product that names it is skipped, not only that one (it would be written without the link).
 */
export function unresolvedReferences(index: FileIndex, store: StoreFacts, file: string, problems: Problems, newCategories: Set<string>): void {
  // Tags, types and a converted file's categories that the store lacks are created: not missing.
  const missing = (kind: "category" | "tag" | "salesChannel" | "collection" | "type" | "shippingProfile", value: string) =>
    !store.resolved.refs[kind].has(value) &&
    !(kind === "tag" && store.missingTags.includes(value)) &&
    !(kind === "type" && store.missingTypes.includes(value)) &&
    !(kind === "category" && newCategories.has(value));
  const columns = { category: PORTABLE.category, tag: PORTABLE.tag, salesChannel: PORTABLE.salesChannel, collection: PORTABLE.collection, type: PORTABLE.type, shippingProfile: PORTABLE.shippingProfile } as const;
  for (const facts of index.products.values()) {
    const refs = facts.first.refs;
    const wanted: [keyof typeof columns, string][] = [
      ...(["category", "tag", "salesChannel"] as const).flatMap((k) => (refs[k] ?? []).map((v) => [k, v] as [keyof typeof columns, string])),
      ...(["collection", "type", "shippingProfile"] as const).flatMap((k) => (facts.first.refOne[k] !== undefined ? [[k, facts.first.refOne[k]!] as [keyof typeof columns, string]] : [])),
    ];
    for (const [kind, value] of wanted) {
      if (missing(kind, value)) problems.add({ file, row: facts.firstRow, line: facts.firstLine, column: columns[kind], message: `"${value}" not found in the store` });
    }
  }
}

/** Why a product is skipped, in one line (its first problems). */
export function skipReason(list: Problem[]): string {
  const shown = list.slice(0, 3).map((p) => `${rowLabel(p.row!, p.line)}${p.column ? `, column "${p.column}"` : ""}: ${p.message}`);
  return `not imported: ${shown.join("; ")}${list.length > 3 ? `; and ${list.length - 3} more` : ""}`;
}

/** The lines the terminal shows about skipped products and rows (all of them go to --report). */
export function skipText(skips: Skips, handles: Map<string, string>, dryRun: boolean): string[] {
  const lines: string[] = [];
  for (const [key, list] of skips.products) {
    lines.push(`${dryRun ? "would skip" : "skipped"} product "${sanitize(handles.get(key) ?? key.replace(/^(handle|id):/, ""))}" (all its rows):`);
    for (const p of list.slice(0, 5)) lines.push(`  ${sanitize(formatProblem(p))}`);
    if (list.length > 5) lines.push(`  … and ${list.length - 5} more`);
  }
  for (const [, list] of skips.rows) for (const p of list) lines.push(`${dryRun ? "would skip" : "skipped"}: ${sanitize(formatProblem(p))}`);
  return lines;
}
