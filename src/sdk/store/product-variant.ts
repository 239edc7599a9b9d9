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
    /**
     * Ours (no js-sdk method). `GET /store/product-variants`
     * https://docs.medusajs.com/api/store#product-variants
     * @example
     * const { variants, count } = await sdk.store.productVariant.list({ limit: 20, fields: "id,sku" })
     */
    list: op<[query?: HttpTypes.StoreProductVariantParams, headers?: H], HttpTypes.StoreProductVariantListResponse>("GET /store/product-variants", "query", { list: true, summary: "Ours (no js-sdk method)." }),
    /**
     * Ours (no js-sdk method). `GET /store/product-variants/{id}`
     * https://docs.medusajs.com/api/store#product-variants
     * @example
     * const { variant } = await sdk.store.productVariant.retrieve("variant_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.StoreProductVariantParams, headers?: H], HttpTypes.StoreProductVariantResponse>("GET /store/product-variants/{id}", "id query", { summary: "Ours (no js-sdk method)." }),
  },
});
