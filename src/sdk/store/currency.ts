import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Currencies of the store. Ours: the js-sdk has no method for these routes. https://docs.medusajs.com/api/store#currencies
 * @example const { currency } = await sdk.store.currency.retrieve("eur")
 */
export const currency = defineResource({
  name: "currency",
  path: "/store/currencies",
  one: "currency",
  many: "currencies",
  columns: ["code", "name", "symbol"],
  docs: "https://docs.medusajs.com/api/store#currencies",
  methods: {
    /**
     * Ours (no js-sdk method). `GET /store/currencies`
     * https://docs.medusajs.com/api/store#currencies
     * @example
     * const { currencies, count } = await sdk.store.currency.list({ limit: 20, fields: "code,name" })
     */
    list: op<[query?: HttpTypes.StoreGetCurrencyListParams, headers?: H], HttpTypes.StoreCurrencyListResponse>("GET /store/currencies", "query", { list: true, summary: "Ours (no js-sdk method)." }),
    /**
     * Ours (no js-sdk method). `GET /store/currencies/{code}`
     * https://docs.medusajs.com/api/store#currencies
     * @example
     * const { currency } = await sdk.store.currency.retrieve("eur")
     */
    retrieve: op<[code: string, query?: HttpTypes.StoreGetCurrencyParams, headers?: H], HttpTypes.StoreCurrencyResponse>("GET /store/currencies/{code}", "code query", { summary: "Ours (no js-sdk method)." }),
  },
});
