import type { HttpTypes } from "@medusajs/types";
import { OrderError } from "./errors.js";

/** One `--item <line>:<qty>`: `line` is an `ordli_` id, a SKU of the order, or a 1-based line number. */
export interface ItemQty {
  line: string;
  quantity: number;
}

export type OrderLine = HttpTypes.AdminOrderLineItem;

/**
 * Parses `<line>:<qty>` ("ordli_…:2", "SKU-1:1", "3:1"). The quantity follows the last colon, so
 * SKUs that contain colons still work. A missing quantity is an error rather than 1: a script that
 * forgot it should not return or fulfil the wrong amount.
 */
export function parseItemFlag(s: string): ItemQty {
  const text = s.trim();
  const colon = text.lastIndexOf(":");
  if (colon <= 0 || colon === text.length - 1) {
    throw new OrderError((w) => `${w.input("item")} "${s}": expected <line>:<quantity>, e.g. 1:2, SKU-1:1 or ordli_…:1`, "input");
  }
  const line = text.slice(0, colon).trim();
  const qtyText = text.slice(colon + 1).trim();
  const quantity = Number(qtyText);
  if (!/^\d+$/.test(qtyText) || !Number.isSafeInteger(quantity) || quantity < 1) {
    throw new OrderError((w) => `${w.input("item")} "${s}": the quantity must be a whole number of at least 1`, "input");
  }
  if (!line) throw new OrderError((w) => `${w.input("item")} "${s}": the line is empty`, "input");
  return { line, quantity };
}

/** `variant:qty` for items to add (`--add`): a variant id or a SKU. */
export interface VariantQty {
  variant: string;
  quantity: number;
}

export function parseAddFlag(s: string): VariantQty {
  const { line, quantity } = (() => {
    try {
      return parseItemFlag(s);
    } catch {
      throw new OrderError((w) => `${w.input("add")} "${s}": expected <variant id or SKU>:<quantity>, e.g. variant_…:1 or SKU-1:2`, "input");
    }
  })();
  return { variant: line, quantity };
}

/**
 * The order's lines in a stable order (creation time, then id): the numbering `orders show`
 * prints and `--item 2:1` refers to. Medusa does not promise an order for `items`.
 */
export function orderLines(order: Pick<HttpTypes.AdminOrder, "items">): OrderLine[] {
  return [...(order.items ?? [])].sort((a, b) => {
    const ca = String(a.created_at ?? "");
    const cb = String(b.created_at ?? "");
    return ca < cb ? -1 : ca > cb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** Quantities of one line as Medusa tracks them (item.detail). */
export interface LineQuantities {
  ordered: number;
  fulfilled: number;
  shipped: number;
  delivered: number;
  returnRequested: number;
  returned: number;
  dismissed: number;
}

export function lineQuantities(item: OrderLine): LineQuantities {
  const d = (item.detail ?? {}) as Partial<HttpTypes.AdminOrderLineItem["detail"]>;
  const n = (v: unknown) => (typeof v === "number" ? v : Number(v ?? 0) || 0);
  return {
    ordered: n(item.quantity ?? d.quantity),
    fulfilled: n(d.fulfilled_quantity),
    shipped: n(d.shipped_quantity),
    delivered: n(d.delivered_quantity),
    returnRequested: n(d.return_requested_quantity),
    returned: n(d.return_received_quantity),
    dismissed: n(d.return_dismissed_quantity),
  };
}

/** "line 2 (Organic Poster A3, ORGANIC-POSTER-A3)". */
export function lineLabel(order: Pick<HttpTypes.AdminOrder, "items">, item: OrderLine): string {
  const index = orderLines(order).findIndex((i) => i.id === item.id);
  const title = [item.product_title ?? item.title, item.variant_title].filter(Boolean).join(" ");
  const sku = item.variant_sku ? `, ${item.variant_sku}` : "";
  return `line ${index + 1} (${title}${sku})`;
}

/**
 * Finds the line a `--item` names: an `ordli_` id; else a line number (1-based, as shown by
 * `orders show`) when it is one; else a SKU of the order. A SKU that is all digits and also a
 * valid line number is read as the line number.
 */
export function resolveLine(order: Pick<HttpTypes.AdminOrder, "items" | "display_id">, ref: string): OrderLine {
  const lines = orderLines(order);
  const name = `#${order.display_id}`;
  if (ref.startsWith("ordli_")) {
    const hit = lines.find((l) => l.id === ref);
    if (!hit) throw new OrderError(`order ${name} has no line ${ref}`, "input");
    return hit;
  }
  if (/^\d+$/.test(ref)) {
    const n = Number(ref);
    if (n >= 1 && n <= lines.length) return lines[n - 1]!;
  }
  const bySku = lines.filter((l) => l.variant_sku === ref);
  if (bySku.length === 1) return bySku[0]!;
  if (bySku.length > 1) {
    throw new OrderError(`order ${name}: SKU ${ref} is on ${bySku.length} lines; name the line by number or ordli_ id`, "input");
  }
  const what = /^\d+$/.test(ref) ? `line ${ref} (it has ${lines.length})` : `line or SKU "${ref}"`;
  throw new OrderError(`order ${name} has no ${what}`, "input", { hint: (w) => `\`${w.command("orders show", "").trim()}\` lists the lines with their numbers and SKUs` });
}

/**
 * Resolves every `--item` and checks each quantity against what `available` allows for that line
 * (e.g. ordered − fulfilled). Two flags naming the same line add up.
 */
export function resolveItems(
  order: Pick<HttpTypes.AdminOrder, "items" | "display_id">,
  items: ItemQty[],
  available: (q: LineQuantities) => number,
  what: string,
  done?: string,
): { item: OrderLine; quantity: number }[] {
  const byId = new Map<string, { item: OrderLine; quantity: number }>();
  for (const it of items) {
    const item = resolveLine(order, it.line);
    const entry = byId.get(item.id) ?? { item, quantity: 0 };
    entry.quantity += it.quantity;
    byId.set(item.id, entry);
  }
  for (const { item, quantity } of byId.values()) {
    const left = available(lineQuantities(item));
    if (quantity > left) {
      const label = lineLabel(order, item);
      throw new OrderError(
        left === 0
          ? `order #${order.display_id}: ${label} ${done ? `is already ${done}` : `has nothing left to ${what}`}`
          : `order #${order.display_id}: ${label} has only ${left} left to ${what} (asked for ${quantity})`,
        "state",
      );
    }
  }
  return [...byId.values()];
}
