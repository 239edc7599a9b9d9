import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Fulfillment providers and their options. https://docs.medusajs.com/api/admin#fulfillment-providers
 * @example const { fulfillment_options } = await sdk.admin.fulfillmentProvider.listFulfillmentOptions("manual_manual")
 */
export const fulfillmentProvider = defineResource({
  name: "fulfillmentProvider",
  path: "/admin/fulfillment-providers",
  one: "fulfillment_provider",
  many: "fulfillment_providers",
  columns: ["id", "is_enabled"],
  docs: "https://docs.medusajs.com/api/admin#fulfillment-providers",
  methods: {
    /**
     * List fulfillment providers. `GET /admin/fulfillment-providers`
     * https://docs.medusajs.com/api/admin#fulfillment-providers
     * @example
     * const { fulfillment_providers, count } = await sdk.admin.fulfillmentProvider.list({ limit: 20, fields: "id,is_enabled" })
     */
    list: op<[query?: HttpTypes.AdminGetFulfillmentProvidersParams, headers?: H], HttpTypes.AdminFulfillmentProviderListResponse>("GET /admin/fulfillment-providers", "query", { list: true }),
    /**
     * List fulfillment options. `GET /admin/fulfillment-providers/{id}/options`
     * https://docs.medusajs.com/api/admin#fulfillment-providers
     * @example
     * const res = await sdk.admin.fulfillmentProvider.listFulfillmentOptions("fulfillment_provider_123")
     */
    listFulfillmentOptions: op<[id: string, headers?: H], HttpTypes.AdminFulfillmentProviderOptionsListResponse>("GET /admin/fulfillment-providers/{id}/options", "id"),
  },
});
