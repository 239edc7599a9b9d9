import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * The store's settings. https://docs.medusajs.com/api/admin#stores
 * @example const { stores } = await sdk.admin.store.list()
 */
export const store = defineResource({
  name: "store",
  path: "/admin/stores",
  one: "store",
  many: "stores",
  columns: ["id", "name", "default_sales_channel_id", "default_region_id", "default_location_id"],
  docs: "https://docs.medusajs.com/api/admin#stores",
  methods: {
    /**
     * Retrieve one store. `GET /admin/stores/{id}`
     * https://docs.medusajs.com/api/admin#stores
     * @example
     * const { store } = await sdk.admin.store.retrieve("store_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminStoreParams, headers?: H], HttpTypes.AdminStoreResponse>("GET /admin/stores/{id}", "id query"),
    /**
     * List stores. `GET /admin/stores`
     * https://docs.medusajs.com/api/admin#stores
     * @example
     * const { stores, count } = await sdk.admin.store.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.AdminStoreListParams, headers?: H], HttpTypes.AdminStoreListResponse>("GET /admin/stores", "query", { list: true }),
    /**
     * Update a store. `POST /admin/stores/{id}`
     * https://docs.medusajs.com/api/admin#stores
     * @example
     * const { store } = await sdk.admin.store.update("store_123", { name: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateStore, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminStoreResponse>("POST /admin/stores/{id}", "id body query"),
  },
});
