import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product variants, without going through their product. Ours: the js-sdk has no method for these routes. https://docs.medusajs.com/api/store#product-variants
 * @example const { variants } = await sdk.store.productVariant.list({ id: ["variant_1", "variant_2"] })
 */
export const productVariant = defineResource({
  name: "productVariant",
  path: "/store/product-variants",
  one: "variant",
  many: "variants",
  columns: ["id", "sku", "title", "product_id"],
  docs: "https://docs.medusajs.com/api/store#product-variants",
  methods: {
    list: op<[query?: HttpTypes.StoreProductVariantParams, headers?: H], HttpTypes.StoreProductVariantListResponse>("GET /store/product-variants", "query", { list: true, summary: "Ours (no js-sdk method)." }),
    retrieve: op<[id: string, query?: HttpTypes.StoreProductVariantParams, headers?: H], HttpTypes.StoreProductVariantResponse>("GET /store/product-variants/{id}", "id query", { summary: "Ours (no js-sdk method)." }),
  },
});
