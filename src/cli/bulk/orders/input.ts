/**
 * What an order batch reads: a carrier's or 3PL's shipment file (CSV), or order references one
 * per line (`-` on stdin, or a file with just an order column). Carriers name their columns in
 * many ways; the common ones are recognised without mapping, anything else by `--columns`.
 */
import type { Readable } from "node:stream";
import { quoteValue, UsageError } from "../../../term/errors.js";
import { readCsv } from "../csv.js";
import type { CsvDialect, CsvFormat } from "../csv-dialect.js";
import type { Problems } from "../problems.js";
import { parseCount } from "../sheet.js";

/** Our field → the headers that mean it (compared lower-case, with spaces, _ and - alike). */
export const HEADER_ALIASES: Record<OrderField, string[]> = {
  order: ["order", "order id", "order number", "order reference", "reference", "order no", "order #", "display id", "order ref"],
  tracking: ["tracking number", "tracking", "tracking id", "tracking code", "consignment number", "tracking no", "tracking #"],
  carrier: ["carrier", "courier", "service", "shipping carrier"],
  url: ["tracking url", "tracking link"],
  label: ["label url", "label"],
  sku: ["sku", "item sku", "lineitem sku"],
  quantity: ["quantity", "qty", "quantity shipped"],
};

export type OrderField = "order" | "tracking" | "carrier" | "url" | "label" | "sku" | "quantity";

export interface OrderRow {
  row: number;
  line: number;
  /** As written: 1042, #1042 or order_…. */
  order: string;
  tracking?: string;
  carrier?: string;
  url?: string;
  label?: string;
  sku?: string;
  quantity?: number;
}

const norm = (h: string) => h.trim().toLowerCase().replace(/[\s_-]+/g, " ");

/** `--columns order=Ref,tracking=Consignment No` → field → header. */
export function parseColumnMap(text: string | undefined): Partial<Record<OrderField, string>> {
  const out: Partial<Record<OrderField, string>> = {};
  if (!text) return out;
  for (const part of text.split(",")) {
    const eq = part.indexOf("=");
    const field = part.slice(0, eq).trim() as OrderField;
    if (eq < 1 || !(field in HEADER_ALIASES)) throw new UsageError(`--columns ${part.trim()}: expected FIELD=HEADER with FIELD one of ${Object.keys(HEADER_ALIASES).join(", ")}`);
    out[field] = part.slice(eq + 1).trim();
  }
  return out;
}

/** Which column holds each field: `--columns` first, then the known names. */
export function mapHeader(header: string[], columns: Partial<Record<OrderField, string>>): { index: Partial<Record<OrderField, number>>; ignored: string[]; missing?: string } {
  const names = header.map(norm);
  const index: Partial<Record<OrderField, number>> = {};
  for (const [field, wanted] of Object.entries(columns) as [OrderField, string][]) {
    const at = names.indexOf(norm(wanted));
    if (at < 0) return { index, ignored: [], missing: `--columns ${field}=${wanted}: the file has no column "${wanted}" (it has: ${header.join(", ")})` };
    index[field] = at;
  }
  for (const [field, aliases] of Object.entries(HEADER_ALIASES) as [OrderField, string[]][]) {
    if (index[field] !== undefined) continue;
    const at = names.findIndex((n, i) => aliases.includes(n) && !Object.values(index).includes(i));
    if (at >= 0) index[field] = at;
  }
  const used = new Set(Object.values(index));
  return { index, ignored: header.filter((_, i) => !used.has(i)) };
}

/**
 * Reads the rows. A file whose first line names no order column is taken as a plain list of
 * order references (one per line) when it has one column, which is what `-o ids` prints.
 */
export async function readOrderRows(
  source: string | Readable,
  file: string,
  o: { columns?: string; needTracking?: boolean; dialect?: CsvDialect; onFormat?: (f: CsvFormat) => void },
  problems: Problems,
  signal?: AbortSignal,
): Promise<{ rows: OrderRow[]; ignored: string[]; header: boolean }> {
  const columns = parseColumnMap(o.columns);
  const rows: OrderRow[] = [];
  let map: ReturnType<typeof mapHeader> | undefined;
  let plain = false;
  for await (const rec of readCsv(source, { file, problems, signal, dialect: o.dialect, onFormat: o.onFormat })) {
    if (!map && !plain) {
      const m = mapHeader(rec.cells, columns);
      if (m.missing) {
        problems.add({ file, row: 1, message: m.missing });
        return { rows, ignored: [], header: true };
      }
      if (m.index.order === undefined) {
        // No header: a list of references (stdin from `orders list -o ids`).
        if (rec.cells.length === 1 && !o.needTracking && /^(#?\d+|order_\w+)$/.test(rec.cells[0]!.trim())) plain = true;
        else {
          problems.add({ file, row: 1, message: `no order column: name one Order, Order ID, Order Number, Order Reference or Reference, or map it with --columns order=HEADER (the file has: ${rec.cells.join(", ")})` });
          return { rows, ignored: [], header: true };
        }
      } else {
        if (o.needTracking && m.index.tracking === undefined) problems.add({ file, row: 1, message: "no tracking column: name one Tracking Number, Tracking, Tracking ID, Tracking Code or Consignment Number, or map it with --columns tracking=HEADER" });
        map = m;
        continue;
      }
    }
    const cell = (f: OrderField) => (plain ? (f === "order" ? rec.cells[0] : undefined) : map!.index[f] !== undefined ? rec.cells[map!.index[f]!] : undefined)?.trim() || undefined;
    const add = (column: string, message: string) => problems.add({ file, row: rec.row, line: rec.line, column, message });
    const order = cell("order");
    if (!order) {
      if (rec.cells.every((c) => !c.trim())) continue;
      add("order", "empty");
      continue;
    }
    if (!/^(#?\d+|order_\w+)$/.test(order)) add("order", `${quoteValue(order)} is not an order: expected a display id (1042), #1042 or an order_… id`);
    const r: OrderRow = { row: rec.row, line: rec.line, order, tracking: cell("tracking"), carrier: cell("carrier"), url: cell("url"), label: cell("label"), sku: cell("sku") };
    const qty = cell("quantity");
    if (qty !== undefined) {
      const n = parseCount(qty);
      if (!n) add("quantity", `${quoteValue(qty)} is not a whole number of at least 1`);
      else r.quantity = n;
    }
    if (r.quantity !== undefined && !r.sku) add("quantity", "a quantity needs the SKU it counts");
    for (const [f, v] of [["url", r.url], ["label", r.label]] as const) if (v && !/^https?:\/\//i.test(v)) add(f, `${quoteValue(v)} is not an http(s) URL`);
    if (r.url && !r.tracking) add("url", "a tracking URL needs a tracking number");
    rows.push(r);
  }
  return { rows, ignored: map?.ignored ?? [], header: !plain };
}

/** The same order written as 1042, #1042 or order_…: one key per order reference. */
export function orderKey(ref: string): string {
  return ref.startsWith("order_") ? ref : ref.replace(/^#/, "");
}
