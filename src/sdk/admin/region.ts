import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Regions: currency, countries, payment providers. https://docs.medusajs.com/api/admin#regions
 * @example const { regions } = await sdk.admin.region.list({ limit: 10 })
 */
export const region = defineResource({
  name: "region",
  path: "/admin/regions",
  one: "region",
  many: "regions",
  columns: ["id", "name", "currency_code", "countries", "updated_at"],
  docs: "https://docs.medusajs.com/api/admin#regions",
  methods: {
    create: op<[body: HttpTypes.AdminCreateRegion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminRegionResponse>("POST /admin/regions", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateRegion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminRegionResponse>("POST /admin/regions/{id}", "id body query"),
    list: op<[queryParams?: HttpTypes.FindParams & HttpTypes.AdminRegionFilters, headers?: H], HttpTypes.AdminRegionListResponse>("GET /admin/regions", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminRegionResponse>("GET /admin/regions/{id}", "id query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminRegionDeleteResponse>("DELETE /admin/regions/{id}", "id"),
  },
});
