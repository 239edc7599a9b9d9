import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

export type Category = Pick<HttpTypes.StoreProductCategory, "id" | "name" | "handle" | "parent_category_id">;

export async function listCategories(sdk: StoreSdk): Promise<Category[]> {
  const { product_categories } = await sdk.store.category.list({ limit: 200, fields: "id,name,handle,parent_category_id" });
  return product_categories;
}

export function useCategories() {
  const sdk = useStoreSdk();
  return useQuery(["categories"], () => listCategories(sdk));
}

/** The category and its ancestors, root first; empty when the handle is unknown. Cycles stop the walk. */
export function categoryTrail(categories: Category[], handle: string): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const trail: Category[] = [];
  let c = categories.find((x) => x.handle === handle);
  while (c && !trail.includes(c)) {
    trail.unshift(c);
    c = c.parent_category_id ? byId.get(c.parent_category_id) : undefined;
  }
  return trail;
}

/** `/categories/<root>/<child>/…`: the nested path of a category, each handle encoded. */
export function categoryPath(categories: Category[], handle: string): string {
  const trail = categoryTrail(categories, handle);
  return `/categories/${(trail.length ? trail.map((c) => c.handle) : [handle]).map(encodeURIComponent).join("/")}`;
}

export const childrenOf = (categories: Category[], id: string | null): Category[] => categories.filter((c) => (c.parent_category_id ?? null) === id);

/** The category's id followed by the ids of all categories below it (cycles stop the walk). */
export function withDescendants(categories: Category[], id: string): string[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) {
    for (const c of categories) if (c.parent_category_id === out[i] && !out.includes(c.id)) out.push(c.id);
  }
  return out;
}
