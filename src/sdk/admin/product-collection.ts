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
    create: op<[body: HttpTypes.AdminCreateCollection, query?: HttpTypes.AdminCollectionParams, headers?: H], HttpTypes.AdminCollectionResponse>("POST /admin/collections", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateCollection, query?: HttpTypes.AdminCollectionParams, headers?: H], HttpTypes.AdminCollectionResponse>("POST /admin/collections/{id}", "id body query"),
    list: op<[queryParams?: HttpTypes.AdminCollectionListParams, headers?: H], HttpTypes.AdminCollectionListResponse>("GET /admin/collections", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminCollectionParams, headers?: H], HttpTypes.AdminCollectionResponse>("GET /admin/collections/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminCollectionDeleteResponse>("DELETE /admin/collections/{id}", "id"),
    updateProducts: op<[id: string, body: HttpTypes.AdminUpdateCollectionProducts, headers?: H], HttpTypes.AdminCollectionResponse>("POST /admin/collections/{id}/products", "id body"),
  },
});
