import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product options and their values. https://docs.medusajs.com/api/store#product-options
 * @example const { product_options } = await sdk.store.productOption.list()
 */
export const productOption = defineResource({
  name: "productOption",
  path: "/store/product-options",
  one: "product_option",
  many: "product_options",
  columns: ["id", "title", "values"],
  docs: "https://docs.medusajs.com/api/store#product-options",
  methods: {
    /**
     * List product options. `GET /store/product-options`
     * https://docs.medusajs.com/api/store#product-options
     * @example
     * const { product_options, count } = await sdk.store.productOption.list({ limit: 20, fields: "id,title" })
     */
    list: op<[query?: HttpTypes.FindParams & HttpTypes.StoreProductOptionListParams, headers?: H], HttpTypes.StoreProductOptionListResponse>("GET /store/product-options", "query", { list: true }),
    /**
     * Retrieve one product option. `GET /store/product-options/{id}`
     * https://docs.medusajs.com/api/store#product-options
     * @example
     * const { product_option } = await sdk.store.productOption.retrieve("opt_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.StoreProductOptionParams, headers?: H], HttpTypes.StoreProductOptionResponse>("GET /store/product-options/{id}", "id query"),
  },
});
