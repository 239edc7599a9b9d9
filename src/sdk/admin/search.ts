import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Admin search over the index engine, and its indexes. https://docs.medusajs.com/api/admin#search
 * @example const { results } = await sdk.admin.search.list({ q: "shirt" })
 */
export const search = defineResource({
  name: "search",
  path: "/admin/search",
  docs: "https://docs.medusajs.com/api/admin#search",
  methods: {
    /**
     * List lists. `GET /admin/search`
     * https://docs.medusajs.com/api/admin#search
     * @example
     * const { results } = await sdk.admin.search.list({ limit: 20 })
     */
    list: op<[query?: HttpTypes.AdminSearchParams, headers?: H], HttpTypes.AdminSearchResponse<Record<string, unknown>>>("GET /admin/search", "query"),
    /**
     * List indexes. `GET /admin/search-indexes`
     * https://docs.medusajs.com/api/admin#search
     * @example
     * const res = await sdk.admin.search.listIndexes()
     */
    listIndexes: op<[headers?: H], HttpTypes.AdminSearchIndexListResponse>("GET /admin/search-indexes", ""),
    /**
     * Delete index. `DELETE /admin/search-indexes/{id}`
     * https://docs.medusajs.com/api/admin#search
     * @example
     * const { id, deleted } = await sdk.admin.search.deleteIndex("search_123")
     */
    deleteIndex: op<[id: string, headers?: H], HttpTypes.AdminSearchIndexDeleteResponse>("DELETE /admin/search-indexes/{id}", "id"),
    /**
     * Reindex. `POST /admin/search-indexes/{id}/reindex`
     * https://docs.medusajs.com/api/admin#search
     * @example
     * const res = await sdk.admin.search.reindex("search_123")
     */
    reindex: op<[id: string, body?: HttpTypes.AdminReindexSearchIndex, headers?: H], HttpTypes.AdminSearchIndexReindexResponse>("POST /admin/search-indexes/{id}/reindex", "id body"),
  },
});
