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
    create: op<[body: HttpTypes.AdminCreateTaxRegion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRegionResponse>("POST /admin/tax-regions", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateTaxRegion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRegionResponse>("POST /admin/tax-regions/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminTaxRegionDeleteResponse>("DELETE /admin/tax-regions/{id}", "id"),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminTaxRegionResponse>("GET /admin/tax-regions/{id}", "id query"),
    list: op<[query?: HttpTypes.AdminTaxRegionListParams, headers?: H], HttpTypes.AdminTaxRegionListResponse>("GET /admin/tax-regions", "query", { list: true }),
  },
});
