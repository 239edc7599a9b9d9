import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product types. https://docs.medusajs.com/api/admin#product-types
 * @example await sdk.admin.productType.create({ value: "Shirt" })
 */
export const productType = defineResource({
  name: "productType",
  path: "/admin/product-types",
  one: "product_type",
  many: "product_types",
  columns: ["id", "value", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#product-types",
  methods: {
    /**
     * Create a product type. `POST /admin/product-types`
     * https://docs.medusajs.com/api/admin#product-types
     * @example
     * const { product_type } = await sdk.admin.productType.create({ value: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateProductType, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductTypeResponse>("POST /admin/product-types", "body query"),
    /**
     * Update a product type. `POST /admin/product-types/{id}`
     * https://docs.medusajs.com/api/admin#product-types
     * @example
     * const { product_type } = await sdk.admin.productType.update("ptyp_123", { value: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateProductType, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductTypeResponse>("POST /admin/product-types/{id}", "id body query"),
    /**
     * List product types. `GET /admin/product-types`
     * https://docs.medusajs.com/api/admin#product-types
     * @example
     * const { product_types, count } = await sdk.admin.productType.list({ limit: 20, fields: "id,value" })
     */
    list: op<[query?: HttpTypes.AdminProductTypeListParams, headers?: H], HttpTypes.AdminProductTypeListResponse>("GET /admin/product-types", "query", { list: true }),
    /**
     * Retrieve one product type. `GET /admin/product-types/{id}`
     * https://docs.medusajs.com/api/admin#product-types
     * @example
     * const { product_type } = await sdk.admin.productType.retrieve("ptyp_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminProductTypeParams, headers?: H], HttpTypes.AdminProductTypeResponse>("GET /admin/product-types/{id}", "id query"),
    /**
     * Delete a product type. `DELETE /admin/product-types/{id}`
     * https://docs.medusajs.com/api/admin#product-types
     * @example
     * const { id, deleted } = await sdk.admin.productType.delete("ptyp_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductTypeDeleteResponse>("DELETE /admin/product-types/{id}", "id"),
  },
});
