/**
 * List columns from the SDK's resource declarations, the same `columns` the CLI's tables show:
 * how each declared field looks in an 80-column terminal (header, width, alignment, colour).
 * Cells are formatted by src/shared/format.ts, as in the CLI. No React or Ink here.
 */
import { formatCell, formatDisplayId, isMoneyField } from "../shared/format.js";
import { tableFields } from "../shared/list-fields.js";
import type { ResourceSpec } from "../sdk/resource.js";
import type { Column } from "./types.js";

type Row = Record<string, unknown>;

/** Short headers where the field name is long; others are the name in words ("title" → "Title"). */
const HEADERS: Record<string, string> = {
  display_id: "#",
  order_id: "Order",
  refund_amount: "Refund",
  difference_due: "Due",
  stocked_quantity: "Stocked",
  reserved_quantity: "Reserved",
  requires_shipping: "Ships",
  has_account: "Account",
  created_at: "Created",
  updated_at: "Updated",
  sku: "SKU",
  id: "Id",
};

/** Fields holding a list of related records: the cell is their count (formatCell). */
const COUNTED = new Set(["variants", "items", "addresses", "groups", "location_levels"]);

const headerOf = (field: string) => HEADERS[field] ?? (field.charAt(0).toUpperCase() + field.slice(1)).replace(/_/g, " ");

/**
 * One declared field as a list column. Ids are never shortened in the CLI; here the id column
 * goes last, takes what is left, and is the first to go on a narrow terminal (`y` copies the id,
 * enter shows it whole).
 */
export function fieldColumn(field: string): Column {
  const header = headerOf(field);
  const cell = (row: Row) => formatCell(field, row[field], row);
  if (field === "id") return { header, value: cell, optional: true };
  // A joined order (ListSpec.join, as "order") gives its number; without it, the id as it is.
  if (field === "order_id") return { header, width: 8, value: (row) => (row.order && typeof row.order === "object" ? formatDisplayId((row.order as Row).display_id as number) : cell(row)) };
  // "#" and five digits, as in the order list: at 80 columns a return's id then keeps 20 characters.
  if (field === "display_id") return { header, width: 6, value: cell };
  if (field === "status" || field.endsWith("_status") || field === "type") return { header, width: 12, value: cell, state: (row) => (row[field] == null ? undefined : String(row[field])) };
  if (field.endsWith("_at")) return { header, width: 16, value: cell };
  if (isMoneyField(field)) return { header, width: 10, align: "right", value: cell };
  if (field.endsWith("_quantity")) return { header, width: 9, align: "right", value: cell };
  if (/^(has|requires|is)_/.test(field)) return { header, width: 8, value: (row) => (row[field] == null ? "" : row[field] ? "yes" : "no") };
  if (COUNTED.has(field)) return { header, width: 8, align: "right", value: cell };
  if (field === "handle" || field === "sku") return { header, width: 18, value: cell };
  if (field === "first_name" || field === "last_name") return { header, width: 12, value: cell };
  return { header, value: cell };
}

/** A declaration's list: its array key, its columns (the id last) and the fields the CLI asks for too. */
export function declaredList(decl: Pick<ResourceSpec, "name" | "many" | "columns">): { resource: string; listKey: string; columns: Column[]; fields: string } {
  const declared = decl.columns ?? ["id"];
  const ordered = [...declared.filter((f) => f !== "id"), ...declared.filter((f) => f === "id")];
  return { resource: decl.name, listKey: decl.many!, columns: ordered.map(fieldColumn), fields: tableFields(declared) };
}
