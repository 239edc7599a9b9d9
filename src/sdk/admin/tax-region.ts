import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Tax regions (countries and provinces). https://docs.medusajs.com/api/admin#tax-regions
 * @example await sdk.admin.taxRegion.create({ country_code: "de" })
 */
export const taxRegion = defineResource({
  name: "taxRegion",
  path: "/admin/tax-regions",
  one: "tax_region",
  many: "tax_regions",
  columns: ["id", "country_code", "province_code", "provider_id", "parent_id"],
  docs: "https://docs.medusajs.com/api/admin#tax-regions",
  methods: {
    /**
     * Create a tax region. `POST /admin/tax-regions`
     * https://docs.medusajs.com/api/admin#tax-regions
     * @example
     * const { tax_region } = await sdk.admin.taxRegion.create({ country_code: "de" })
     */
    create: op<[body: HttpTypes.AdminCreateTaxRegion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRegionResponse>("POST /admin/tax-regions", "body query"),
    /**
     * Update a tax region. `POST /admin/tax-regions/{id}`
     * https://docs.medusajs.com/api/admin#tax-regions
     * @example
     * const { tax_region } = await sdk.admin.taxRegion.update("txreg_123", { province_code: "by" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateTaxRegion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRegionResponse>("POST /admin/tax-regions/{id}", "id body query"),
    /**
     * Delete a tax region. `DELETE /admin/tax-regions/{id}`
     * https://docs.medusajs.com/api/admin#tax-regions
     * @example
     * const { id, deleted } = await sdk.admin.taxRegion.delete("txreg_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminTaxRegionDeleteResponse>("DELETE /admin/tax-regions/{id}", "id"),
    /**
     * Retrieve one tax region. `GET /admin/tax-regions/{id}`
     * https://docs.medusajs.com/api/admin#tax-regions
     * @example
     * const { tax_region } = await sdk.admin.taxRegion.retrieve("txreg_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRegionResponse>("GET /admin/tax-regions/{id}", "id query"),
    /**
     * List tax regions. `GET /admin/tax-regions`
     * https://docs.medusajs.com/api/admin#tax-regions
     * @example
     * const { tax_regions, count } = await sdk.admin.taxRegion.list({ limit: 20, fields: "id,country_code" })
     */
    list: op<[query?: HttpTypes.AdminTaxRegionListParams, headers?: H], HttpTypes.AdminTaxRegionListResponse>("GET /admin/tax-regions", "query", { list: true }),
  },
});
