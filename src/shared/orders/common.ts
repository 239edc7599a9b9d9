/**
 * Pieces every order action shares: the result shape, the abort signal, money and line wording.
 */
import type { HttpTypes } from "@medusajs/types";
import { formatMoney } from "../format.js";
import type { Phrase } from "./errors.js";
import { type OrderLine, lineLabel } from "./lines.js";
import type { AdminOrder } from "./read.js";

/** The order re-read after the action, and what changed, one line per change for people. */
export interface ActionResult {
  order: HttpTypes.AdminOrder;
  changes: Phrase[];
}

export interface Signal {
  signal?: AbortSignal;
}

export type Fulfillment = HttpTypes.AdminOrderFulfillment & { items?: { line_item_id: string; quantity: number }[] };

export function money(order: AdminOrder, amount: number): string {
  return formatMoney(amount, order.currency_code);
}

export function lineNamer(order: AdminOrder): (id: string) => string | undefined {
  return (id) => {
    const item = order.items?.find((i) => i.id === id);
    return item ? lineLabel(order, item) : undefined;
  };
}

export function qtyLine(order: AdminOrder, item: OrderLine, quantity: number): string {
  return `${quantity} × ${lineLabel(order, item)}`;
}

export function fulfillmentsOf(order: AdminOrder): Fulfillment[] {
  return (order.fulfillments ?? []) as Fulfillment[];
}

export async function undo(fn: () => Promise<unknown>): Promise<void> {
  await fn().catch(() => undefined);
}
