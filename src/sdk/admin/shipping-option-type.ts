import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Types of shipping options (standard, express…). https://docs.medusajs.com/api/admin#shipping-option-types
 * @example await sdk.admin.shippingOptionType.create({ label: "Express", code: "express" })
 */
export const shippingOptionType = defineResource({
  name: "shippingOptionType",
  path: "/admin/shipping-option-types",
  one: "shipping_option_type",
  many: "shipping_option_types",
  columns: ["id", "label", "code", "description"],
  docs: "https://docs.medusajs.com/api/admin#shipping-option-types",
  methods: {
    /**
     * Create a shipping option type. `POST /admin/shipping-option-types`
     * https://docs.medusajs.com/api/admin#shipping-option-types
     * @example
     * const { shipping_option_type } = await sdk.admin.shippingOptionType.create({ code: "SUMMER10", label: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateShippingOptionType, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionTypeResponse>("POST /admin/shipping-option-types", "body query"),
    /**
     * Update a shipping option type. `POST /admin/shipping-option-types/{id}`
     * https://docs.medusajs.com/api/admin#shipping-option-types
     * @example
     * const { shipping_option_type } = await sdk.admin.shippingOptionType.update("sotype_123", { code: "SUMMER10" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateShippingOptionType, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionTypeResponse>("POST /admin/shipping-option-types/{id}", "id body query"),
    /**
     * List shipping option types. `GET /admin/shipping-option-types`
     * https://docs.medusajs.com/api/admin#shipping-option-types
     * @example
     * const { shipping_option_types, count } = await sdk.admin.shippingOptionType.list({ limit: 20, fields: "id,label" })
     */
    list: op<[query?: HttpTypes.AdminShippingOptionTypeListParams, headers?: H], HttpTypes.AdminShippingOptionTypeListResponse>("GET /admin/shipping-option-types", "query", { list: true }),
    /**
     * Retrieve one shipping option type. `GET /admin/shipping-option-types/{id}`
     * https://docs.medusajs.com/api/admin#shipping-option-types
     * @example
     * const { shipping_option_type } = await sdk.admin.shippingOptionType.retrieve("sotype_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionTypeResponse>("GET /admin/shipping-option-types/{id}", "id query"),
    /**
     * Delete a shipping option type. `DELETE /admin/shipping-option-types/{id}`
     * https://docs.medusajs.com/api/admin#shipping-option-types
     * @example
     * const { id, deleted } = await sdk.admin.shippingOptionType.delete("sotype_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminShippingOptionTypeDeleteResponse>("DELETE /admin/shipping-option-types/{id}", "id"),
  },
});
