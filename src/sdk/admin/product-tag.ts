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
    create: op<[body: HttpTypes.AdminCreateProductTag, query?: HttpTypes.AdminProductTagParams, headers?: H], HttpTypes.AdminProductTagResponse>("POST /admin/product-tags", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateProductTag, query?: HttpTypes.AdminProductTagParams, headers?: H], HttpTypes.AdminProductTagResponse>("POST /admin/product-tags/{id}", "id body query"),
    list: op<[query?: HttpTypes.AdminProductTagListParams, headers?: H], HttpTypes.AdminProductTagListResponse>("GET /admin/product-tags", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminProductTagParams, headers?: H], HttpTypes.AdminProductTagResponse>("GET /admin/product-tags/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductTagDeleteResponse>("DELETE /admin/product-tags/{id}", "id"),
  },
});
