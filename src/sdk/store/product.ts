import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Published products of the publishable key's sales channels. https://docs.medusajs.com/api/store#products
 * @example const { products } = await sdk.store.product.list({ region_id, limit: 12 })
 */
export const product = defineResource({
  name: "product",
  path: "/store/products",
  one: "product",
  many: "products",
  columns: ["id", "handle", "title", "variants"],
  docs: "https://docs.medusajs.com/api/store#products",
  methods: {
    /**
     * List products. `GET /store/products`
     * https://docs.medusajs.com/api/store#products
     * @example
     * const { products, count } = await sdk.store.product.list({ limit: 20, fields: "id,handle" })
     */
    list: op<[query?: HttpTypes.StoreProductListParams, headers?: H], HttpTypes.StoreProductListResponse>("GET /store/products", "query", { list: true }),
    /**
     * Retrieve one product. `GET /store/products/{id}`
     * https://docs.medusajs.com/api/store#products
     * @example
     * const { product } = await sdk.store.product.retrieve("prod_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.StoreProductParams, headers?: H], HttpTypes.StoreProductResponse>("GET /store/products/{id}", "id query"),
  },
});
