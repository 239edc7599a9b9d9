import type { HttpTypes } from "@medusajs/types";
import { ApiError } from "medusactl/sdk/store";
import { useQuery } from "../../../lib/query.js";
import { useShop } from "../../../lib/shop.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

// `*categories`, not `categories.id,…`: Medusa 2.21's store product route silently drops dotted fields of that relation.
const DETAIL_FIELDS =
  "id,title,subtitle,handle,description,thumbnail,*images,*options,*options.values,*variants,*variants.options,*variants.calculated_price,+variants.inventory_quantity,*categories";

/** A product by handle, priced for the region; a missing handle raises a 404 like a retrieve would. */
export async function getProduct(sdk: StoreSdk, handle: string, regionId: string, countryCode?: string): Promise<HttpTypes.StoreProduct> {
  // The country lets the store API add the shopper's tax to each price.
  const { products } = await sdk.store.product.list({ handle, region_id: regionId, ...(countryCode ? { country_code: countryCode } : {}), fields: DETAIL_FIELDS, limit: 1 });
  const product = products[0];
  if (!product) {
    throw new ApiError({ status: 404, statusText: "Not Found", type: "not_found", message: `Product "${handle}" not found` });
  }
  return product;
}

export function useProduct(handle: string, regionId: string) {
  const sdk = useStoreSdk();
  const { countryCode } = useShop();
  return useQuery(["product", handle, regionId, countryCode], () => getProduct(sdk, handle, regionId, countryCode));
}
