import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";

type H = Record<string, string>;

/**
 * Products and their variants, options and imports. https://docs.medusajs.com/api/admin#products
 * @example for await (const p of sdk.admin.product.paginate({ status: ["published"] })) console.log(p.handle)
 */
export const product = defineResource({
  name: "product",
  path: "/admin/products",
  one: "product",
  many: "products",
  columns: ["id", "handle", "title", "status", "variants", "updated_at"],
  methods: {
    batch: op<[body: HttpTypes.AdminBatchProductRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminBatchProductResponse>("POST /admin/products/batch", "body query"),
    create: op<[body: HttpTypes.AdminCreateProduct, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateProduct, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminProductResponse>("POST /admin/products/{id}", "id body query"),
    list: op<[queryParams?: HttpTypes.AdminProductListParams, headers?: H], HttpTypes.AdminProductListResponse>("GET /admin/products", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminGetProductParams, headers?: H], HttpTypes.AdminProductResponse>("GET /admin/products/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductDeleteResponse>("DELETE /admin/products/{id}", "id"),
  },
});
