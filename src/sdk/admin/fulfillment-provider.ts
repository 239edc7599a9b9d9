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
    list: op<[query?: HttpTypes.AdminGetFulfillmentProvidersParams, headers?: H], HttpTypes.AdminFulfillmentProviderListResponse>("GET /admin/fulfillment-providers", "query", { list: true }),
    listFulfillmentOptions: op<[id: string, headers?: H], HttpTypes.AdminFulfillmentProviderOptionsListResponse>("GET /admin/fulfillment-providers/{id}/options", "id"),
  },
});
