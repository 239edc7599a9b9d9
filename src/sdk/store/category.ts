import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Active, public product categories. https://docs.medusajs.com/api/store#product-categories
 * @example const { product_categories } = await sdk.store.category.list({ parent_category_id: "null" })
 */
export const category = defineResource({
  name: "category",
  path: "/store/product-categories",
  one: "product_category",
  many: "product_categories",
  columns: ["id", "name", "handle", "parent_category_id"],
  docs: "https://docs.medusajs.com/api/store#product-categories",
  methods: {
    /**
     * List product categories. `GET /store/product-categories`
     * https://docs.medusajs.com/api/store#product-categories
     * @example
     * const { product_categories, count } = await sdk.store.category.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.FindParams & HttpTypes.StoreProductCategoryListParams, headers?: H], HttpTypes.StoreProductCategoryListResponse>("GET /store/product-categories", "query", { list: true }),
    /**
     * Retrieve one product category. `GET /store/product-categories/{id}`
     * https://docs.medusajs.com/api/store#product-categories
     * @example
     * const { product_category } = await sdk.store.category.retrieve("pcat_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.StoreProductCategoryParams, headers?: H], HttpTypes.StoreProductCategoryResponse>("GET /store/product-categories/{id}", "id query"),
  },
});
