/**
 * The stock columns of `products import`, applied after the products are written (both engines):
 * levels at the one location the import stocks.
 */
import type { Medusa } from "../../../sdk/index.js";
import { listByKeys } from "../lookup.js";
import { chunked, runPool } from "../pool.js";
import { rowError, type RowError } from "../report.js";

type Rec = Record<string, any>;

export interface StockTarget {
  sku: string;
  quantity: number | undefined;
  row: number;
}

/**
 * Stock levels at one location for SKUs: creates missing levels (with the row's quantity, or 0
 * to stock the variant there), updates differing ones. Returns per-SKU errors.
 */
export async function applyStock(sdk: Medusa, locationId: string, targets: StockTarget[], opts: { dryRun: boolean; signal?: AbortSignal }): Promise<{ changed: Set<string>; errors: Map<string, RowError> }> {
  const changed = new Set<string>();
  const errors = new Map<string, RowError>();
  if (!targets.length) return { changed, errors };
  const items = await listByKeys(sdk, "inventoryItem", "sku", targets.map((t) => t.sku), { fields: "id,sku,location_levels.id,location_levels.location_id,location_levels.stocked_quantity" }, { concurrency: 1, signal: opts.signal });
  const bySku = new Map(items.map((i) => [i.sku as string, i]));
  const create: Rec[] = [];
  const update: Rec[] = [];
  const skuOf = new Map<string, string>();
  for (const t of targets) {
    const item = bySku.get(t.sku);
    if (!item) {
      // A variant with manage_inventory false has no inventory item: nothing to stock.
      continue;
    }
    skuOf.set(item.id, t.sku);
    const level = ((item.location_levels as Rec[]) ?? []).find((l) => l.location_id === locationId);
    if (!level) {
      create.push({ inventory_item_id: item.id, location_id: locationId, stocked_quantity: t.quantity ?? 0 });
      changed.add(t.sku);
    } else if (t.quantity !== undefined && Number(level.stocked_quantity) !== t.quantity) {
      update.push({ inventory_item_id: item.id, location_id: locationId, stocked_quantity: t.quantity });
      changed.add(t.sku);
    }
  }
  if (opts.dryRun || (!create.length && !update.length)) return { changed, errors };
  const all = [...create.map((b) => ({ op: "create" as const, b })), ...update.map((b) => ({ op: "update" as const, b }))];
  await runPool(chunked(all, { maxItems: 500 }), 1, async (group) => {
    try {
      await sdk.admin.inventoryItem.batchInventoryItemsLocationLevels(
        { create: group.filter((g) => g.op === "create").map((g) => g.b), update: group.filter((g) => g.op === "update").map((g) => g.b) } as never,
        undefined,
        { signal: opts.signal },
      );
    } catch (e) {
      for (const g of group) errors.set(skuOf.get(g.b.inventory_item_id)!, rowError(e));
    }
  });
  return { changed, errors };
}
