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

/** Clothing sizes smallest first; `2XL` and `XXL` are one size. */
const SIZES = ["xxxs", "3xs", "xxs", "2xs", "xs", "s", "m", "l", "xl", "xxl", "2xl", "xxxl", "3xl", "xxxxl", "4xl", "5xl", "6xl"];
const SIZE_RANK = new Map<string, number>([
  ...SIZES.map((s, i): [string, number] => [s, i]),
  ["small", SIZES.indexOf("s")],
  ["medium", SIZES.indexOf("m")],
  ["large", SIZES.indexOf("l")],
  ["x-large", SIZES.indexOf("xl")],
  ["xx-large", SIZES.indexOf("xxl")],
]);
for (const [a, b] of [["2xl", "xxl"], ["3xl", "xxxl"], ["2xs", "xxs"], ["3xs", "xxxs"], ["4xl", "xxxxl"]] as const) SIZE_RANK.set(a, SIZE_RANK.get(b)!);

const numeric = (v: string): number | null => {
  const m = /^\s*(-?\d+(?:[.,]\d+)?)\s*([a-z%"]{0,4})\s*$/i.exec(v);
  return m ? Number(m[1]!.replace(",", ".")) : null;
};

/**
 * Option values in the order a shopper reads them: sizes from XS to XXL, numbers (shoe sizes,
 * 30 ml, 250 g) from small to large, anything else as the shop listed it. A list mixing kinds
 * keeps the shop's order.
 */
export function shopperOrder<T extends { value: string }>(values: readonly T[]): T[] {
  const sizes = values.map((v) => SIZE_RANK.get(v.value.trim().toLowerCase()));
  if (values.length > 1 && sizes.every((r) => r !== undefined)) return values.map((v, i) => ({ v, r: sizes[i]!, i })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.v);
  const nums = values.map((v) => numeric(v.value));
  if (values.length > 1 && nums.every((n) => n !== null)) return values.map((v, i) => ({ v, n: nums[i]!, i })).sort((a, b) => a.n - b.n || a.i - b.i).map((x) => x.v);
  return [...values];
}
