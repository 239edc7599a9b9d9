/**
 * The stock columns of `products import`, applied after the products are written (both engines):
 * levels at the one location the import stocks. A row is stocked through its variant's inventory
 * item, found by the row's SKU or — for a row without SKU (a duplicate whose SKU was left out, a
 * shop that never used SKUs) — through the product it was written to, by its option values.
 */
import type { Medusa } from "../../../sdk/index.js";
import { listByKeys } from "../lookup.js";
import { chunked, runPool } from "../pool.js";
import { rowError, type RowError } from "../report.js";
import { variantOptionMap, type ExistingProduct } from "./plan.js";

type Rec = Record<string, any>;

export interface StockTarget {
  sku?: string;
  /** For a row without SKU: the product it was written to, and the option values that pick its variant. */
  productId?: string;
  options?: [string, string][];
  quantity: number | undefined;
  row: number;
}

export interface StockChange {
  old?: number;
  new: number;
  /** When the level last changed (for the dry run's "undoes a later change" flag). */
  at?: string;
}

/** The variant of `product` a row without SKU means: the one with its option values, or the only one. */
export function variantFor(product: Rec, options: [string, string][] | undefined): Rec | undefined {
  const variants = (product.variants as Rec[]) ?? [];
  if (!options?.length) return variants.length === 1 ? variants[0] : undefined;
  const want = JSON.stringify(Object.fromEntries([...options].sort()));
  return variants.find((v) => JSON.stringify(Object.fromEntries(Object.entries(variantOptionMap(v as never, product as ExistingProduct)).sort())) === want);
}

/**
 * Stock levels at one location: creates missing levels (with the row's quantity, or 0 to stock the
 * variant there), updates differing ones. Results are keyed by the target's index.
 */
export async function applyStock(sdk: Medusa, locationId: string, targets: StockTarget[], opts: { dryRun: boolean; signal?: AbortSignal }): Promise<{ changed: Map<number, StockChange>; errors: Map<number, RowError> }> {
  const changed = new Map<number, StockChange>();
  const errors = new Map<number, RowError>();
  if (!targets.length) return { changed, errors };
  const levelFields = "id,sku,location_levels.id,location_levels.location_id,location_levels.stocked_quantity,location_levels.updated_at";
  const skus = targets.flatMap((t) => (t.sku ? [t.sku] : []));
  const bySku = new Map((await listByKeys(sdk, "inventoryItem", "sku", skus, { fields: levelFields }, { concurrency: 1, signal: opts.signal })).map((i) => [i.sku as string, i]));
  // Rows without SKU: their variant's inventory item, through the product.
  const itemOf = new Map<number, string>();
  const products = [...new Set(targets.flatMap((t) => (!t.sku && t.productId ? [t.productId] : [])))];
  if (products.length) {
    const fields = "id,options.id,options.title,variants.id,variants.options.value,variants.options.option_id,variants.inventory_items.inventory_item_id";
    const byId = new Map((await listByKeys(sdk, "product", "id", products, { fields }, { concurrency: 1, signal: opts.signal })).map((p) => [p.id as string, p]));
    targets.forEach((t, i) => {
      if (t.sku || !t.productId) return;
      const product = byId.get(t.productId);
      const item = product && (variantFor(product, t.options)?.inventory_items as Rec[] | undefined)?.[0]?.inventory_item_id;
      if (item) itemOf.set(i, item);
    });
  }
  const byItem = new Map((await listByKeys(sdk, "inventoryItem", "id", [...new Set(itemOf.values())], { fields: levelFields }, { concurrency: 1, signal: opts.signal })).map((i) => [i.id as string, i]));
  const create: { i: number; body: Rec }[] = [];
  const update: { i: number; body: Rec }[] = [];
  targets.forEach((t, i) => {
    // A variant with manage_inventory false has no inventory item: nothing to stock.
    const item = t.sku ? bySku.get(t.sku) : itemOf.has(i) ? byItem.get(itemOf.get(i)!) : undefined;
    if (!item) return;
    const level = ((item.location_levels as Rec[]) ?? []).find((l) => l.location_id === locationId);
    if (!level) {
      const quantity = t.quantity ?? 0;
      create.push({ i, body: { inventory_item_id: item.id, location_id: locationId, stocked_quantity: quantity } });
      changed.set(i, { new: quantity });
    } else if (t.quantity !== undefined && Number(level.stocked_quantity) !== t.quantity) {
      update.push({ i, body: { inventory_item_id: item.id, location_id: locationId, stocked_quantity: t.quantity } });
      changed.set(i, { old: Number(level.stocked_quantity), new: t.quantity, at: level.updated_at as string | undefined });
    }
  });
  if (opts.dryRun || (!create.length && !update.length)) return { changed, errors };
  const all = [...create.map((x) => ({ op: "create" as const, ...x })), ...update.map((x) => ({ op: "update" as const, ...x }))];
  await runPool(chunked(all, { maxItems: 500 }), 1, async (group) => {
    try {
      await sdk.admin.inventoryItem.batchInventoryItemsLocationLevels(
        { create: group.filter((g) => g.op === "create").map((g) => g.body), update: group.filter((g) => g.op === "update").map((g) => g.body) } as never,
        undefined,
        { signal: opts.signal },
      );
    } catch (e) {
      for (const g of group) errors.set(g.i, rowError(e));
    }
  });
  return { changed, errors };
}
