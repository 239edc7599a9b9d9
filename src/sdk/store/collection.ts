import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Product collections of the storefront. https://docs.medusajs.com/api/store#collections
 * @example const { collections } = await sdk.store.collection.list({ limit: 10 })
 */
export const collection = defineResource({
  name: "collection",
  path: "/store/collections",
  one: "collection",
  many: "collections",
  columns: ["id", "title", "handle"],
  docs: "https://docs.medusajs.com/api/store#collections",
  methods: {
    /**
     * List collections. `GET /store/collections`
     * https://docs.medusajs.com/api/store#collections
     * @example
     * const { collections, count } = await sdk.store.collection.list({ limit: 20, fields: "id,title" })
     */
    list: op<[query?: HttpTypes.FindParams & HttpTypes.StoreCollectionListParams, headers?: H], HttpTypes.StoreCollectionListResponse>("GET /store/collections", "query", { list: true }),
    /**
     * Retrieve one collection. `GET /store/collections/{id}`
     * https://docs.medusajs.com/api/store#collections
     * @example
     * const { collection } = await sdk.store.collection.retrieve("pcol_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreCollectionResponse>("GET /store/collections/{id}", "id query"),
  },
});
