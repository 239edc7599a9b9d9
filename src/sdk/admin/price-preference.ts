import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Whether prices of a region or currency include taxes. https://docs.medusajs.com/api/admin#price-preferences
 * @example await sdk.admin.pricePreference.create({ attribute: "currency_code", value: "eur", is_tax_inclusive: true })
 */
export const pricePreference = defineResource({
  name: "pricePreference",
  path: "/admin/price-preferences",
  one: "price_preference",
  many: "price_preferences",
  columns: ["id", "attribute", "value", "is_tax_inclusive"],
  docs: "https://docs.medusajs.com/api/admin#price-preferences",
  methods: {
    retrieve: op<[id: string, query?: HttpTypes.AdminGetPricePreferenceParams, headers?: H], HttpTypes.AdminPricePreferenceResponse>("GET /admin/price-preferences/{id}", "id query"),
    list: op<[query?: HttpTypes.AdminPricePreferenceListParams, headers?: H], HttpTypes.AdminPricePreferenceListResponse>("GET /admin/price-preferences", "query", { list: true }),
    create: op<[body: HttpTypes.AdminCreatePricePreference, query?: HttpTypes.AdminGetPricePreferenceParams, headers?: H], HttpTypes.AdminPricePreferenceResponse>("POST /admin/price-preferences", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdatePricePreference, query?: HttpTypes.AdminGetPricePreferenceParams, headers?: H], HttpTypes.AdminPricePreferenceResponse>("POST /admin/price-preferences/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminPricePreferenceDeleteResponse>("DELETE /admin/price-preferences/{id}", "id"),
  },
});
