import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

export type Category = Pick<HttpTypes.StoreProductCategory, "id" | "name" | "handle" | "parent_category_id" | "description" | "metadata">;

const flag = (v: unknown) => v === true || v === "true";

/**
 * The categories a shopper can browse: the store API's (active, not internal), less those flagged
 * `metadata.hidden` (the importer's catch-all, or a shop's own bookkeeping) and everything below them.
 */
export async function listCategories(sdk: StoreSdk): Promise<Category[]> {
  const { product_categories } = await sdk.store.category.list({ limit: 200, fields: "id,name,handle,parent_category_id,description,metadata" });
  return visibleCategories(product_categories as Category[]);
}

export function visibleCategories(all: Category[]): Category[] {
  const byId = new Map(all.map((c) => [c.id, c]));
  const hidden = (c: Category): boolean => {
    const seen = new Set<string>();
    for (let at: Category | undefined = c; at && !seen.has(at.id); at = at.parent_category_id ? byId.get(at.parent_category_id) : undefined) {
      if (flag(at.metadata?.hidden)) return true;
      seen.add(at.id);
    }
    return false;
  };
  return all.filter((c) => !hidden(c));
}

export function useCategories() {
  const sdk = useStoreSdk();
  return useQuery(["categories"], () => listCategories(sdk));
}

/** The top-level categories with something in them (or below them), for the header and footer menus. */
export async function listMenuCategories(sdk: StoreSdk, categories: Category[]): Promise<Category[]> {
  const top = categories.filter((c) => !c.parent_category_id);
  const counts = await Promise.all(
    top.map(async (c) => (await sdk.store.product.list({ category_id: withDescendants(categories, c.id), limit: 1, fields: "id" })).count),
  );
  return top.filter((_, i) => counts[i]! > 0);
}

export function useMenuCategories() {
  const sdk = useStoreSdk();
  const categories = useCategories();
  return useQuery(["menu-categories"], () => listMenuCategories(sdk, categories.data ?? []), { enabled: categories.status === "success" });
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
