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
    create: op<[body: HttpTypes.AdminCreateShippingOptionType, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionTypeResponse>("POST /admin/shipping-option-types", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateShippingOptionType, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionTypeResponse>("POST /admin/shipping-option-types/{id}", "id body query"),
    list: op<[query?: HttpTypes.AdminShippingOptionTypeListParams, headers?: H], HttpTypes.AdminShippingOptionTypeListResponse>("GET /admin/shipping-option-types", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminShippingOptionTypeResponse>("GET /admin/shipping-option-types/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminShippingOptionTypeDeleteResponse>("DELETE /admin/shipping-option-types/{id}", "id"),
  },
});
