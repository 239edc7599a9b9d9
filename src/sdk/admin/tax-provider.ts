import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Tax providers. https://docs.medusajs.com/api/admin#tax-providers
 * @example const { tax_providers } = await sdk.admin.taxProvider.list()
 */
export const taxProvider = defineResource({
  name: "taxProvider",
  path: "/admin/tax-providers",
  one: "tax_provider",
  many: "tax_providers",
  columns: ["id", "is_enabled"],
  docs: "https://docs.medusajs.com/api/admin#tax-providers",
  methods: {
    /**
     * List tax providers. `GET /admin/tax-providers`
     * https://docs.medusajs.com/api/admin#tax-providers
     * @example
     * const { tax_providers, count } = await sdk.admin.taxProvider.list({ limit: 20, fields: "id,is_enabled" })
     */
    list: op<[query?: HttpTypes.AdminGetTaxProvidersParams, headers?: H], HttpTypes.AdminTaxProviderListResponse>("GET /admin/tax-providers", "query", { list: true }),
  },
});
