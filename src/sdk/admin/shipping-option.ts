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
    /**
     * Create a shipping option. `POST /admin/shipping-options`
     * https://docs.medusajs.com/api/admin#shipping-options
     * @example
     * const { shipping_option } = await sdk.admin.shippingOption.create({ price_type: "price-type", prices: [{ currency_code: "eur", amount: 10 }], name: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateShippingOption, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionResponse>("POST /admin/shipping-options", "body query"),
    /**
     * Retrieve one shipping option. `GET /admin/shipping-options/{id}`
     * https://docs.medusajs.com/api/admin#shipping-options
     * @example
     * const { shipping_option } = await sdk.admin.shippingOption.retrieve("so_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionResponse>("GET /admin/shipping-options/{id}", "id query"),
    /**
     * Update a shipping option. `POST /admin/shipping-options/{id}`
     * https://docs.medusajs.com/api/admin#shipping-options
     * @example
     * const { shipping_option } = await sdk.admin.shippingOption.update("so_123", { name: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateShippingOption, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionResponse>("POST /admin/shipping-options/{id}", "id body query"),
    /**
     * Delete a shipping option. `DELETE /admin/shipping-options/{id}`
     * https://docs.medusajs.com/api/admin#shipping-options
     * @example
     * const { id, deleted } = await sdk.admin.shippingOption.delete("so_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminShippingOptionDeleteResponse>("DELETE /admin/shipping-options/{id}", "id"),
    /**
     * List shipping options. `GET /admin/shipping-options`
     * https://docs.medusajs.com/api/admin#shipping-options
     * @example
     * const { shipping_options, count } = await sdk.admin.shippingOption.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.AdminShippingOptionListParams, headers?: H], HttpTypes.AdminShippingOptionListResponse>("GET /admin/shipping-options", "query", { list: true }),
    /**
     * Update rules. `POST /admin/shipping-options/{id}/rules/batch`
     * https://docs.medusajs.com/api/admin#shipping-options
     * @example
     * const res = await sdk.admin.shippingOption.updateRules("so_123", { create: [] })
     */
    updateRules: op<[id: string, body: HttpTypes.AdminUpdateShippingOptionRules, headers?: H], HttpTypes.AdminUpdateShippingOptionRulesResponse>("POST /admin/shipping-options/{id}/rules/batch", "id body"),
  },
});
