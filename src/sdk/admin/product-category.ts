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
    /**
     * Create a product category. `POST /admin/product-categories`
     * https://docs.medusajs.com/api/admin#product-categories
     * @example
     * const { product_category } = await sdk.admin.productCategory.create({ name: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateProductCategory, query?: HttpTypes.AdminProductCategoryParams, headers?: H], HttpTypes.AdminProductCategoryResponse>("POST /admin/product-categories", "body query"),
    /**
     * Update a product category. `POST /admin/product-categories/{id}`
     * https://docs.medusajs.com/api/admin#product-categories
     * @example
     * const { product_category } = await sdk.admin.productCategory.update("pcat_123", { name: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateProductCategory, query?: HttpTypes.AdminProductCategoryParams, headers?: H], HttpTypes.AdminProductCategoryResponse>("POST /admin/product-categories/{id}", "id body query"),
    /**
     * List product categories. `GET /admin/product-categories`
     * https://docs.medusajs.com/api/admin#product-categories
     * @example
     * const { product_categories, count } = await sdk.admin.productCategory.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.AdminProductCategoryListParams, headers?: H], HttpTypes.AdminProductCategoryListResponse>("GET /admin/product-categories", "query", { list: true }),
    /**
     * Retrieve one product category. `GET /admin/product-categories/{id}`
     * https://docs.medusajs.com/api/admin#product-categories
     * @example
     * const { product_category } = await sdk.admin.productCategory.retrieve("pcat_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminProductCategoryParams, headers?: H], HttpTypes.AdminProductCategoryResponse>("GET /admin/product-categories/{id}", "id query"),
    /**
     * Delete a product category. `DELETE /admin/product-categories/{id}`
     * https://docs.medusajs.com/api/admin#product-categories
     * @example
     * const { id, deleted } = await sdk.admin.productCategory.delete("pcat_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminProductCategoryDeleteResponse>("DELETE /admin/product-categories/{id}", "id"),
    /**
     * Update products. `POST /admin/product-categories/{id}/products`
     * https://docs.medusajs.com/api/admin#product-categories
     * @example
     * const { product_category } = await sdk.admin.productCategory.updateProducts("pcat_123", { add: [] })
     */
    updateProducts: op<[id: string, body: HttpTypes.AdminUpdateProductCategoryProducts, query?: HttpTypes.AdminProductCategoryParams, headers?: H], HttpTypes.AdminProductCategoryResponse>("POST /admin/product-categories/{id}/products", "id body query"),
  },
});
