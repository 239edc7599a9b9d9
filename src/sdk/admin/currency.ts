import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Currencies known to the server. https://docs.medusajs.com/api/admin#currencies
 * @example const { currency } = await sdk.admin.currency.retrieve("eur")
 */
export const currency = defineResource({
  name: "currency",
  path: "/admin/currencies",
  one: "currency",
  many: "currencies",
  columns: ["code", "name", "symbol", "decimal_digits"],
  docs: "https://docs.medusajs.com/api/admin#currencies",
  methods: {
    /**
     * List currencies. `GET /admin/currencies`
     * https://docs.medusajs.com/api/admin#currencies
     * @example
     * const { currencies, count } = await sdk.admin.currency.list({ limit: 20, fields: "code,name" })
     */
    list: op<[query?: HttpTypes.AdminCurrencyListParams, headers?: H], HttpTypes.AdminCurrencyListResponse>("GET /admin/currencies", "query", { list: true }),
    /**
     * Retrieve one currency. `GET /admin/currencies/{code}`
     * https://docs.medusajs.com/api/admin#currencies
     * @example
     * const { currency } = await sdk.admin.currency.retrieve("eur")
     */
    retrieve: op<[code: string, query?: HttpTypes.AdminCurrencyParams, headers?: H], HttpTypes.AdminCurrencyResponse>("GET /admin/currencies/{code}", "code query"),
  },
});
