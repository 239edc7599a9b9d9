import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

export async function listCategories(sdk: StoreSdk): Promise<HttpTypes.StoreProductCategory[]> {
  const { product_categories } = await sdk.store.category.list({ limit: 200, fields: "id,name,handle,parent_category_id" });
  return product_categories;
}

export function useCategories() {
  const sdk = useStoreSdk();
  return useQuery(["categories"], () => listCategories(sdk));
}
