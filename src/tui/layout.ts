/** Text layout of table cells, without React or Ink: the Ink table and the first frame share it. */
import { sanitize } from "../term/sanitize.js";
import type { Column } from "./types.js";

export const GAP = 1;
export const MARKER = 2;

/** Column widths for this width: fixed ones as declared, the flexible one takes the rest. */
export function layoutColumns(columns: readonly Column[], width: number): number[] {
  const fixed = columns.reduce((n, c) => n + (c.width ?? 0), 0);
  const gaps = GAP * (columns.length - 1) + MARKER;
  const shares = columns.reduce((n, c) => n + (c.width === undefined ? (c.grow ?? 1) : 0), 0) || 1;
  const room = width - fixed - gaps;
  return columns.map((c) => c.width ?? Math.max(6, Math.floor((room * (c.grow ?? 1)) / shares)));
}

/** The narrowest a flexible column may get before an optional column (a long id) makes room. */
const MIN_FLEX = 16;

/** The columns this width can show: optional ones go, last first, while the flexible ones would be cramped. */
export function fitColumns(columns: readonly Column[], width: number): readonly Column[] {
  let shown = columns;
  const cramped = (cs: readonly Column[]) => cs.some((c) => c.width === undefined) && Math.min(...layoutColumns(cs, width).filter((_, i) => cs[i]!.width === undefined)) < MIN_FLEX;
  while (cramped(shown)) {
    const drop = shown.map((c) => c.optional).lastIndexOf(true);
    if (drop < 0) break;
    shown = shown.filter((_, i) => i !== drop);
  }
  return shown;
}

/** Cuts to `width` cells with an ellipsis, and pads, so every row is exactly one line. */
export function fit(text: string, width: number, align: "left" | "right" = "left"): string {
  // Escapes are made visible before measuring, so a hostile title cannot push the columns apart.
  const chars = [...sanitize(text.replace(/[\r\n\t]+/g, " "))];
  const cut = chars.length > width ? [...chars.slice(0, Math.max(0, width - 1)), "…"].join("") : chars.join("");
  return align === "right" ? cut.padStart(width) : cut.padEnd(width);
}
