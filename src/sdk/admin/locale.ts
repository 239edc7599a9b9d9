import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Locales the store can translate into. https://docs.medusajs.com/api/admin#locales
 * @example const { locales } = await sdk.admin.locale.list()
 */
export const locale = defineResource({
  name: "locale",
  path: "/admin/locales",
  one: "locale",
  many: "locales",
  columns: ["code", "name"],
  docs: "https://docs.medusajs.com/api/admin#locales",
  methods: {
    /**
     * List locales. `GET /admin/locales`
     * https://docs.medusajs.com/api/admin#locales
     * @example
     * const { locales, count } = await sdk.admin.locale.list({ limit: 20, fields: "code,name" })
     */
    list: op<[query?: HttpTypes.AdminLocaleListParams, headers?: H], HttpTypes.AdminLocaleListResponse>("GET /admin/locales", "query", { list: true }),
    /**
     * Retrieve one locale. `GET /admin/locales/{code}`
     * https://docs.medusajs.com/api/admin#locales
     * @example
     * const { locale } = await sdk.admin.locale.retrieve("fr-FR")
     */
    retrieve: op<[code: string, query?: HttpTypes.AdminLocaleParams, headers?: H], HttpTypes.AdminLocaleResponse>("GET /admin/locales/{code}", "code query"),
  },
});
