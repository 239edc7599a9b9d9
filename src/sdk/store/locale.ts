import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Locales the storefront can show. https://docs.medusajs.com/api/store#locales
 * @example const { locales } = await sdk.store.locale.list()
 */
export const locale = defineResource({
  name: "locale",
  path: "/store/locales",
  one: "locale",
  many: "locales",
  columns: ["code", "name"],
  docs: "https://docs.medusajs.com/api/store#locales",
  methods: {
    /**
     * List locales. `GET /store/locales`
     * https://docs.medusajs.com/api/store#locales
     * @example
     * const { locales } = await sdk.store.locale.list()
     */
    list: op<[headers?: H], HttpTypes.StoreLocaleListResponse>("GET /store/locales", ""),
  },
});
