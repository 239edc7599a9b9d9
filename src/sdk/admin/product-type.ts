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
    create: op<[body: HttpTypes.AdminCreateProductType, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductTypeResponse>("POST /admin/product-types", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateProductType, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductTypeResponse>("POST /admin/product-types/{id}", "id body query"),
    list: op<[query?: HttpTypes.AdminProductTypeListParams, headers?: H], HttpTypes.AdminProductTypeListResponse>("GET /admin/product-types", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminProductTypeParams, headers?: H], HttpTypes.AdminProductTypeResponse>("GET /admin/product-types/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductTypeDeleteResponse>("DELETE /admin/product-types/{id}", "id"),
  },
});
