/** Stock plans: which location levels to create, update or leave, shared by `inventory apply` and `apply -f`. */
type Rec = Record<string, unknown>;

export interface StockWant {
  sku: string;
  location_id: string;
  stocked_quantity: number;
}

export interface StockStep<T extends StockWant = StockWant> extends StockWant {
  inventory_item_id: string;
  /** The level's quantity before (update and unchanged). */
  old?: number;
  /** When the level last changed. */
  at?: string;
  want: T;
}

export interface StockPlan<T extends StockWant = StockWant> {
  create: StockStep<T>[];
  update: StockStep<T>[];
  unchanged: StockStep<T>[];
  /** SKUs with no inventory item (a variant that does not manage inventory, or no such SKU). */
  missing: T[];
}

/** `items` as `GET /admin/inventory-items?sku[]=…` answers with `location_levels`. */
export function planStock<T extends StockWant>(wants: T[], items: Rec[]): StockPlan<T> {
  const bySku = new Map<string, Rec>();
  for (const i of items) if (typeof i.sku === "string" && !bySku.has(i.sku)) bySku.set(i.sku, i);
  const plan: StockPlan<T> = { create: [], update: [], unchanged: [], missing: [] };
  for (const w of wants) {
    const item = bySku.get(w.sku);
    if (!item) {
      plan.missing.push(w);
      continue;
    }
    const level = ((item.location_levels as Rec[]) ?? []).find((l) => l.location_id === w.location_id);
    const step: StockStep<T> = { sku: w.sku, location_id: w.location_id, stocked_quantity: w.stocked_quantity, inventory_item_id: item.id as string, want: w };
    if (!level) plan.create.push(step);
    else {
      step.old = Number(level.stocked_quantity);
      if (typeof level.updated_at === "string") step.at = level.updated_at;
      (step.old === w.stocked_quantity ? plan.unchanged : plan.update).push(step);
    }
  }
  return plan;
}
