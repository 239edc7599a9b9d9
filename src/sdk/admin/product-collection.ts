import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product collections. https://docs.medusajs.com/api/admin#collections
 * @example await sdk.admin.productCollection.updateProducts("pcol_123", { add: ["prod_123"] })
 */
export const productCollection = defineResource({
  name: "productCollection",
  path: "/admin/collections",
  one: "collection",
  many: "collections",
  columns: ["id", "title", "handle", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#collections",
  methods: {
    /**
     * Create a collection. `POST /admin/collections`
     * https://docs.medusajs.com/api/admin#collections
     * @example
     * const { collection } = await sdk.admin.productCollection.create({ title: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateCollection, query?: HttpTypes.AdminCollectionParams, headers?: H], HttpTypes.AdminCollectionResponse>("POST /admin/collections", "body query"),
    /**
     * Update a collection. `POST /admin/collections/{id}`
     * https://docs.medusajs.com/api/admin#collections
     * @example
     * const { collection } = await sdk.admin.productCollection.update("pcol_123", { title: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateCollection, query?: HttpTypes.AdminCollectionParams, headers?: H], HttpTypes.AdminCollectionResponse>("POST /admin/collections/{id}", "id body query"),
    /**
     * List collections. `GET /admin/collections`
     * https://docs.medusajs.com/api/admin#collections
     * @example
     * const { collections, count } = await sdk.admin.productCollection.list({ limit: 20, fields: "id,title" })
     */
    list: op<[queryParams?: HttpTypes.AdminCollectionListParams, headers?: H], HttpTypes.AdminCollectionListResponse>("GET /admin/collections", "query", { list: true }),
    /**
     * Retrieve one collection. `GET /admin/collections/{id}`
     * https://docs.medusajs.com/api/admin#collections
     * @example
     * const { collection } = await sdk.admin.productCollection.retrieve("pcol_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminCollectionParams, headers?: H], HttpTypes.AdminCollectionResponse>("GET /admin/collections/{id}", "id query"),
    /**
     * Delete a collection. `DELETE /admin/collections/{id}`
     * https://docs.medusajs.com/api/admin#collections
     * @example
     * const { id, deleted } = await sdk.admin.productCollection.delete("pcol_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminCollectionDeleteResponse>("DELETE /admin/collections/{id}", "id"),
    /**
     * Update products. `POST /admin/collections/{id}/products`
     * https://docs.medusajs.com/api/admin#collections
     * @example
     * const { collection } = await sdk.admin.productCollection.updateProducts("pcol_123", { add: [] })
     */
    updateProducts: op<[id: string, body: HttpTypes.AdminUpdateCollectionProducts, headers?: H], HttpTypes.AdminCollectionResponse>("POST /admin/collections/{id}/products", "id body"),
  },
});
