import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Shipping options and their rules. https://docs.medusajs.com/api/admin#shipping-options
 * @example const { shipping_options } = await sdk.admin.shippingOption.list()
 */
export const shippingOption = defineResource({
  name: "shippingOption",
  path: "/admin/shipping-options",
  one: "shipping_option",
  many: "shipping_options",
  columns: ["id", "name", "price_type", "provider_id", "service_zone_id"],
  docs: "https://docs.medusajs.com/api/admin#shipping-options",
  methods: {
    create: op<[body: HttpTypes.AdminCreateShippingOption, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionResponse>("POST /admin/shipping-options", "body query"),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionResponse>("GET /admin/shipping-options/{id}", "id query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateShippingOption, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionResponse>("POST /admin/shipping-options/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminShippingOptionDeleteResponse>("DELETE /admin/shipping-options/{id}", "id"),
    list: op<[query?: HttpTypes.AdminShippingOptionListParams, headers?: H], HttpTypes.AdminShippingOptionListResponse>("GET /admin/shipping-options", "query", { list: true }),
    updateRules: op<[id: string, body: HttpTypes.AdminUpdateShippingOptionRules, headers?: H], HttpTypes.AdminUpdateShippingOptionRulesResponse>("POST /admin/shipping-options/{id}/rules/batch", "id body"),
  },
});
