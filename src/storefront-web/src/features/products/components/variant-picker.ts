import type { HttpTypes } from "@medusajs/types";

type Variant = HttpTypes.StoreProductVariant;

/** Out of stock means: inventory is managed, backorders are off and nothing is left. */
export function inStock(v: Variant): boolean {
  return !v.manage_inventory || Boolean(v.allow_backorder) || (v.inventory_quantity ?? 0) > 0;
}

/** The most a shopper can add of one variant (stock when it is managed, else a sane cap). */
export function maxQuantity(v: Variant | undefined): number {
  if (!v || !v.manage_inventory || v.allow_backorder) return 99;
  return Math.max(0, Math.min(99, v.inventory_quantity ?? 0));
}

export type Selection = Record<string, string>;

function valueOf(v: Variant, optionId: string): string | undefined {
  return v.options?.find((o) => o.option_id === optionId)?.value;
}

/** The variant whose option values are exactly the selection, if all options are chosen. */
export function findVariant(product: HttpTypes.StoreProduct, selection: Selection): Variant | undefined {
  const options = product.options ?? [];
  if (options.some((o) => !selection[o.id])) return options.length === 0 ? product.variants?.[0] : undefined;
  return product.variants?.find((v) => options.every((o) => valueOf(v, o.id) === selection[o.id]));
}

/** The selection describing one variant (used to preselect the first one in stock). */
export function selectionOf(product: HttpTypes.StoreProduct, v: Variant | undefined): Selection {
  const s: Selection = {};
  if (!v) return s;
  for (const o of product.options ?? []) {
    const value = valueOf(v, o.id);
    if (value !== undefined) s[o.id] = value;
  }
  return s;
}

/** A value no in-stock variant has is disabled and announced as out of stock. */
export function valueAvailable(product: HttpTypes.StoreProduct, optionId: string, value: string): boolean {
  return (product.variants ?? []).some((v) => valueOf(v, optionId) === value && inStock(v));
}
