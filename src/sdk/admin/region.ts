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
    /**
     * Create a region. `POST /admin/regions`
     * https://docs.medusajs.com/api/admin#regions
     * @example
     * const { region } = await sdk.admin.region.create({ name: "Summer", currency_code: "eur" })
     */
    create: op<[body: HttpTypes.AdminCreateRegion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminRegionResponse>("POST /admin/regions", "body query"),
    /**
     * Update a region. `POST /admin/regions/{id}`
     * https://docs.medusajs.com/api/admin#regions
     * @example
     * const { region } = await sdk.admin.region.update("reg_123", { name: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateRegion, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminRegionResponse>("POST /admin/regions/{id}", "id body query"),
    /**
     * List regions. `GET /admin/regions`
     * https://docs.medusajs.com/api/admin#regions
     * @example
     * const { regions, count } = await sdk.admin.region.list({ limit: 20, fields: "id,name" })
     */
    list: op<[queryParams?: HttpTypes.FindParams & HttpTypes.AdminRegionFilters, headers?: H], HttpTypes.AdminRegionListResponse>("GET /admin/regions", "query", { list: true }),
    /**
     * Retrieve one region. `GET /admin/regions/{id}`
     * https://docs.medusajs.com/api/admin#regions
     * @example
     * const { region } = await sdk.admin.region.retrieve("reg_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminRegionResponse>("GET /admin/regions/{id}", "id query"),
    /**
     * Delete a region. `DELETE /admin/regions/{id}`
     * https://docs.medusajs.com/api/admin#regions
     * @example
     * const { id, deleted } = await sdk.admin.region.delete("reg_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminRegionDeleteResponse>("DELETE /admin/regions/{id}", "id"),
  },
});
