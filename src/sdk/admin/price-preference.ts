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
    /**
     * Retrieve one price preference. `GET /admin/price-preferences/{id}`
     * https://docs.medusajs.com/api/admin#price-preferences
     * @example
     * const { price_preference } = await sdk.admin.pricePreference.retrieve("prpref_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminGetPricePreferenceParams, headers?: H], HttpTypes.AdminPricePreferenceResponse>("GET /admin/price-preferences/{id}", "id query"),
    /**
     * List price preferences. `GET /admin/price-preferences`
     * https://docs.medusajs.com/api/admin#price-preferences
     * @example
     * const { price_preferences, count } = await sdk.admin.pricePreference.list({ limit: 20, fields: "id,attribute" })
     */
    list: op<[query?: HttpTypes.AdminPricePreferenceListParams, headers?: H], HttpTypes.AdminPricePreferenceListResponse>("GET /admin/price-preferences", "query", { list: true }),
    /**
     * Create a price preference. `POST /admin/price-preferences`
     * https://docs.medusajs.com/api/admin#price-preferences
     * @example
     * const { price_preference } = await sdk.admin.pricePreference.create({ value: "Summer", attribute: "attribute" })
     */
    create: op<[body: HttpTypes.AdminCreatePricePreference, query?: HttpTypes.AdminGetPricePreferenceParams, headers?: H], HttpTypes.AdminPricePreferenceResponse>("POST /admin/price-preferences", "body query"),
    /**
     * Update a price preference. `POST /admin/price-preferences/{id}`
     * https://docs.medusajs.com/api/admin#price-preferences
     * @example
     * const { price_preference } = await sdk.admin.pricePreference.update("prpref_123", { value: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdatePricePreference, query?: HttpTypes.AdminGetPricePreferenceParams, headers?: H], HttpTypes.AdminPricePreferenceResponse>("POST /admin/price-preferences/{id}", "id body query"),
    /**
     * Delete a price preference. `DELETE /admin/price-preferences/{id}`
     * https://docs.medusajs.com/api/admin#price-preferences
     * @example
     * const { id, deleted } = await sdk.admin.pricePreference.delete("prpref_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminPricePreferenceDeleteResponse>("DELETE /admin/price-preferences/{id}", "id"),
  },
});
