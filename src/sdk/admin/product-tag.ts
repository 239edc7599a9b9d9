import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product tags. https://docs.medusajs.com/api/admin#product-tags
 * @example await sdk.admin.productTag.create({ value: "summer" })
 */
export const productTag = defineResource({
  name: "productTag",
  path: "/admin/product-tags",
  one: "product_tag",
  many: "product_tags",
  columns: ["id", "value", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#product-tags",
  methods: {
    /**
     * Create a product tag. `POST /admin/product-tags`
     * https://docs.medusajs.com/api/admin#product-tags
     * @example
     * const { product_tag } = await sdk.admin.productTag.create({ value: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateProductTag, query?: HttpTypes.AdminProductTagParams, headers?: H], HttpTypes.AdminProductTagResponse>("POST /admin/product-tags", "body query"),
    /**
     * Update a product tag. `POST /admin/product-tags/{id}`
     * https://docs.medusajs.com/api/admin#product-tags
     * @example
     * const { product_tag } = await sdk.admin.productTag.update("ptag_123", { value: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateProductTag, query?: HttpTypes.AdminProductTagParams, headers?: H], HttpTypes.AdminProductTagResponse>("POST /admin/product-tags/{id}", "id body query"),
    /**
     * List product tags. `GET /admin/product-tags`
     * https://docs.medusajs.com/api/admin#product-tags
     * @example
     * const { product_tags, count } = await sdk.admin.productTag.list({ limit: 20, fields: "id,value" })
     */
    list: op<[query?: HttpTypes.AdminProductTagListParams, headers?: H], HttpTypes.AdminProductTagListResponse>("GET /admin/product-tags", "query", { list: true }),
    /**
     * Retrieve one product tag. `GET /admin/product-tags/{id}`
     * https://docs.medusajs.com/api/admin#product-tags
     * @example
     * const { product_tag } = await sdk.admin.productTag.retrieve("ptag_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminProductTagParams, headers?: H], HttpTypes.AdminProductTagResponse>("GET /admin/product-tags/{id}", "id query"),
    /**
     * Delete a product tag. `DELETE /admin/product-tags/{id}`
     * https://docs.medusajs.com/api/admin#product-tags
     * @example
     * const { id, deleted } = await sdk.admin.productTag.delete("ptag_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductTagDeleteResponse>("DELETE /admin/product-tags/{id}", "id"),
  },
});
