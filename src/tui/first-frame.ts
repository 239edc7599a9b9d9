/**
 * The start view's first screen as plain text, without React or Ink. Loading those two takes
 * longer than Medusa's first page (bench/tui.mjs), so the queue is painted the moment the page
 * arrives and Ink's first frame replaces it in place: on-call staff read the orders while the
 * renderer is still loading. The layout follows the Ink screens (header, breadcrumbs, list title,
 * table, log pane, key hints); nothing here reacts to keys.
 */
import { formatAge } from "../shared/format.js";
import { fit, fitColumns, layoutColumns, GAP, MARKER } from "./layout.js";
import { GLOBAL_BINDINGS } from "./views.js";
import type { ViewEntry } from "./types.js";

export interface FirstFrameInput {
  view: ViewEntry;
  page: Record<string, unknown>;
  size: { columns: number; rows: number };
  profile?: string;
  url: string;
  production: boolean;
  identity?: string;
  readOnly: boolean;
  color: boolean;
  now: number;
}

/** The smallest terminal the TUI draws in (app.tsx shows a notice below it). */
const MIN = { columns: 40, rows: 12 };

/**
 * The frame's lines (as many as Ink's frame: the terminal's rows less one), or undefined when
 * there is nothing worth painting (a terminal too small, an answer without rows).
 */
export function firstFrame(p: FirstFrameInput): string[] | undefined {
  const { columns: width, rows } = p.size;
  if (width < MIN.columns || rows < MIN.rows) return undefined;
  const list = p.page[p.view.list.listKey];
  const count = p.page.count;
  if (!Array.isArray(list) || list.length === 0 || typeof count !== "number") return undefined;
  const height = rows - 1;
  const bold = (s: string) => (p.color ? `\u001b[1m${s}\u001b[22m` : s);
  const inverse = (s: string) => (p.color ? `\u001b[7m${s}\u001b[27m` : s);

  // Header (components/header.tsx): badges first, then profile, URL, identity; the data's age on the right.
  const parts = [p.production ? "[PRODUCTION]" : undefined, p.readOnly ? "[read-only]" : undefined, p.profile ?? "(environment)", p.url, p.identity ?? "…"].filter(Boolean);
  const right = `updated ${formatAge(p.now, p.now)} `;
  const lines = [bold(fit(` ${parts.join(" │ ")}`, Math.max(0, width - right.length)) + right)];

  // Breadcrumbs and the CLI equivalent (app.tsx).
  const cli = `cli: ${p.view.cli}`;
  lines.push(bold(fit(` ${p.view.name}`, Math.max(10, width - cli.length - 1))) + (cli.length < width - 10 ? ` ${cli}` : " "));

  // The list (screens/list-screen.tsx): title line, table header, the rows that fit.
  const statusLines = 1;
  const logHeight = rows >= 20 ? (rows >= 36 ? 8 : 5) : 0;
  const bodyHeight = Math.max(3, height - 2 - statusLines - logHeight);
  const visible = Math.max(1, bodyHeight - 2);
  const shown = list.slice(0, visible) as Record<string, unknown>[];
  const spec = p.view.list;
  const desc = spec.defaultOrder.startsWith("-");
  const sort = spec.sorts.find((s) => s.field === spec.defaultOrder.replace(/^-/, "")) ?? spec.sorts[0];
  const n = (x: number) => x.toLocaleString("en-US");
  const title = `${p.view.title}  ${n(1)}–${n(Math.min(count, visible))} of ${n(count)}${sort ? `  sort: ${sort.label} ${desc ? "↓" : "↑"}` : ""}`;
  const body = [fit(title, width)];
  const columns = fitColumns(spec.columns, width);
  const widths = layoutColumns(columns, width);
  body.push(bold(fit(" ".repeat(MARKER) + columns.map((c, i) => fit(c.header, widths[i]!, c.align)).join(" ".repeat(GAP)), width)));
  shown.forEach((row, i) => {
    const text = fit((i === 0 ? "> " : "  ") + columns.map((c, ci) => fit(c.value(row), widths[ci]!, c.align)).join(" ".repeat(GAP)), width);
    body.push(i === 0 ? inverse(text) : text);
  });
  while (body.length < bodyHeight) body.push("");
  lines.push(...body.slice(0, bodyHeight));

  // The API call log pane and the key hints (components/status-bar.tsx).
  for (let i = 0; i < logHeight; i++) lines.push("");
  const footer = [...GLOBAL_BINDINGS.filter((b) => b.action === "help" || b.action === "palette"), ...p.view.bindings, ...GLOBAL_BINDINGS.filter((b) => b.action === "quit")];
  const hints: string[] = [];
  let used = 0;
  for (const b of footer) {
    if (!b.hint || (p.readOnly && b.mutating)) continue;
    const h = `${b.keys[0]} ${b.hint}`;
    if (used + h.length + 2 > width) break;
    hints.push(h);
    used += h.length + 2;
  }
  lines.push(fit(hints.join("  "), width));
  return lines.slice(0, height);
}
