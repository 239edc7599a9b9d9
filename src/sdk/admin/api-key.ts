import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Secret and publishable API keys. https://docs.medusajs.com/api/admin#api-keys
 * @example const { api_key } = await sdk.admin.apiKey.create({ title: "ci", type: "secret" })
 */
export const apiKey = defineResource({
  name: "apiKey",
  path: "/admin/api-keys",
  one: "api_key",
  many: "api_keys",
  columns: ["id", "title", "type", "redacted", "revoked_at", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#api-keys",
  methods: {
    /**
     * List api keys. `GET /admin/api-keys`
     * https://docs.medusajs.com/api/admin#api-keys
     * @example
     * const { api_keys, count } = await sdk.admin.apiKey.list({ limit: 20, fields: "id,title" })
     */
    list: op<[queryParams?: HttpTypes.AdminGetApiKeysParams, headers?: H], HttpTypes.AdminApiKeyListResponse>("GET /admin/api-keys", "query", { list: true }),
    /**
     * Create a api key. `POST /admin/api-keys`
     * https://docs.medusajs.com/api/admin#api-keys
     * @example
     * const { api_key } = await sdk.admin.apiKey.create({ title: "Summer", type: "secret" })
     */
    create: op<[body: HttpTypes.AdminCreateApiKey, query?: HttpTypes.AdminGetApiKeysParams, headers?: H], HttpTypes.AdminApiKeyResponse>("POST /admin/api-keys", "body query"),
    /**
     * Revoke. `POST /admin/api-keys/{id}/revoke`
     * https://docs.medusajs.com/api/admin#api-keys
     * @example
     * const { api_key } = await sdk.admin.apiKey.revoke("apk_123")
     */
    revoke: op<[id: string, headers?: H], HttpTypes.AdminApiKeyResponse>("POST /admin/api-keys/{id}/revoke", "id"),
    /**
     * Retrieve one api key. `GET /admin/api-keys/{id}`
     * https://docs.medusajs.com/api/admin#api-keys
     * @example
     * const { api_key } = await sdk.admin.apiKey.retrieve("apk_123")
     */
    retrieve: op<[id: string, headers?: H], HttpTypes.AdminApiKeyResponse>("GET /admin/api-keys/{id}", "id"),
    /**
     * Update a api key. `POST /admin/api-keys/{id}`
     * https://docs.medusajs.com/api/admin#api-keys
     * @example
     * const { api_key } = await sdk.admin.apiKey.update("apk_123", { title: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateApiKey, query?: HttpTypes.AdminGetApiKeysParams, headers?: H], HttpTypes.AdminApiKeyResponse>("POST /admin/api-keys/{id}", "id body query"),
    /**
     * Delete a api key. `DELETE /admin/api-keys/{id}`
     * https://docs.medusajs.com/api/admin#api-keys
     * @example
     * const { id, deleted } = await sdk.admin.apiKey.delete("apk_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminApiKeyDeleteResponse>("DELETE /admin/api-keys/{id}", "id"),
    /**
     * Batch sales channels. `POST /admin/api-keys/{id}/sales-channels`
     * https://docs.medusajs.com/api/admin#api-keys
     * @example
     * const { api_key } = await sdk.admin.apiKey.batchSalesChannels("apk_123", { add: [] })
     */
    batchSalesChannels: op<[id: string, body: HttpTypes.AdminBatchLink, headers?: H], HttpTypes.AdminApiKeyResponse>("POST /admin/api-keys/{id}/sales-channels", "id body"),
  },
});
