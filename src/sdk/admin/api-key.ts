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
    list: op<[queryParams?: HttpTypes.AdminGetApiKeysParams, headers?: H], HttpTypes.AdminApiKeyListResponse>("GET /admin/api-keys", "query", { list: true }),
    create: op<[body: HttpTypes.AdminCreateApiKey, query?: HttpTypes.AdminGetApiKeysParams, headers?: H], HttpTypes.AdminApiKeyResponse>("POST /admin/api-keys", "body query"),
    revoke: op<[id: string, headers?: H], HttpTypes.AdminApiKeyResponse>("POST /admin/api-keys/{id}/revoke", "id"),
    retrieve: op<[id: string, headers?: H], HttpTypes.AdminApiKeyResponse>("GET /admin/api-keys/{id}", "id"),
    update: op<[id: string, body: HttpTypes.AdminUpdateApiKey, query?: HttpTypes.AdminGetApiKeysParams, headers?: H], HttpTypes.AdminApiKeyResponse>("POST /admin/api-keys/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminApiKeyDeleteResponse>("DELETE /admin/api-keys/{id}", "id"),
    batchSalesChannels: op<[id: string, body: HttpTypes.AdminBatchLink, headers?: H], HttpTypes.AdminApiKeyResponse>("POST /admin/api-keys/{id}/sales-channels", "id body"),
  },
});
