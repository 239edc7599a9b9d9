import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product categories, a tree of categories. https://docs.medusajs.com/api/admin#product-categories
 * @example const { product_categories } = await sdk.admin.productCategory.list({ include_descendants_tree: true })
 */
export const productCategory = defineResource({
  name: "productCategory",
  path: "/admin/product-categories",
  one: "product_category",
  many: "product_categories",
  columns: ["id", "name", "handle", "is_active", "parent_category_id", "rank"],
  docs: "https://docs.medusajs.com/api/admin#product-categories",
  methods: {
    create: op<[body: HttpTypes.AdminCreateProductCategory, query?: HttpTypes.AdminProductCategoryParams, headers?: H], HttpTypes.AdminProductCategoryResponse>("POST /admin/product-categories", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateProductCategory, query?: HttpTypes.AdminProductCategoryParams, headers?: H], HttpTypes.AdminProductCategoryResponse>("POST /admin/product-categories/{id}", "id body query"),
    list: op<[query?: HttpTypes.AdminProductCategoryListParams, headers?: H], HttpTypes.AdminProductCategoryListResponse>("GET /admin/product-categories", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminProductCategoryParams, headers?: H], HttpTypes.AdminProductCategoryResponse>("GET /admin/product-categories/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductCategoryDeleteResponse>("DELETE /admin/product-categories/{id}", "id"),
    updateProducts: op<[id: string, body: HttpTypes.AdminUpdateProductCategoryProducts, query?: HttpTypes.AdminProductCategoryParams, headers?: H], HttpTypes.AdminProductCategoryResponse>("POST /admin/product-categories/{id}/products", "id body query"),
  },
});
