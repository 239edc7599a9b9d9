import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product types. Ours: the js-sdk has no method for these routes. https://docs.medusajs.com/api/store#product-types
 * @example const { product_types } = await sdk.store.productType.list()
 */
export const productType = defineResource({
  name: "productType",
  path: "/store/product-types",
  one: "product_type",
  many: "product_types",
  columns: ["id", "value"],
  docs: "https://docs.medusajs.com/api/store#product-types",
  methods: {
    /**
     * Ours (no js-sdk method). `GET /store/product-types`
     * https://docs.medusajs.com/api/store#product-types
     * @example
     * const { product_types, count } = await sdk.store.productType.list({ limit: 20, fields: "id,value" })
     */
    list: op<[query?: HttpTypes.StoreProductTypeListParams, headers?: H], HttpTypes.StoreProductTypeListResponse>("GET /store/product-types", "query", { list: true, summary: "Ours (no js-sdk method)." }),
    /**
     * Ours (no js-sdk method). `GET /store/product-types/{id}`
     * https://docs.medusajs.com/api/store#product-types
     * @example
     * const { product_type } = await sdk.store.productType.retrieve("ptyp_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.StoreProductTypeParams, headers?: H], HttpTypes.StoreProductTypeResponse>("GET /store/product-types/{id}", "id query", { summary: "Ours (no js-sdk method)." }),
  },
});
