import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Stock locations, their sales channels and fulfillment sets. https://docs.medusajs.com/api/admin#stock-locations
 * @example const { stock_locations } = await sdk.admin.stockLocation.list()
 */
export const stockLocation = defineResource({
  name: "stockLocation",
  path: "/admin/stock-locations",
  one: "stock_location",
  many: "stock_locations",
  columns: ["id", "name", "address", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#stock-locations",
  methods: {
    /**
     * Create a stock location. `POST /admin/stock-locations`
     * https://docs.medusajs.com/api/admin#stock-locations
     * @example
     * const { stock_location } = await sdk.admin.stockLocation.create({ name: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateStockLocation, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminStockLocationResponse>("POST /admin/stock-locations", "body query"),
    /**
     * Update a stock location. `POST /admin/stock-locations/{id}`
     * https://docs.medusajs.com/api/admin#stock-locations
     * @example
     * const { stock_location } = await sdk.admin.stockLocation.update("sloc_123", { name: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateStockLocation, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminStockLocationResponse>("POST /admin/stock-locations/{id}", "id body query"),
    /**
     * Delete a stock location. `DELETE /admin/stock-locations/{id}`
     * https://docs.medusajs.com/api/admin#stock-locations
     * @example
     * const { id, deleted } = await sdk.admin.stockLocation.delete("sloc_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminStockLocationDeleteResponse>("DELETE /admin/stock-locations/{id}", "id"),
    /**
     * Retrieve one stock location. `GET /admin/stock-locations/{id}`
     * https://docs.medusajs.com/api/admin#stock-locations
     * @example
     * const { stock_location } = await sdk.admin.stockLocation.retrieve("sloc_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminStockLocationResponse>("GET /admin/stock-locations/{id}", "id query"),
    /**
     * List stock locations. `GET /admin/stock-locations`
     * https://docs.medusajs.com/api/admin#stock-locations
     * @example
     * const { stock_locations, count } = await sdk.admin.stockLocation.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.AdminStockLocationListParams, headers?: H], HttpTypes.AdminStockLocationListResponse>("GET /admin/stock-locations", "query", { list: true }),
    /**
     * Update sales channels. `POST /admin/stock-locations/{id}/sales-channels`
     * https://docs.medusajs.com/api/admin#stock-locations
     * @example
     * const { stock_location } = await sdk.admin.stockLocation.updateSalesChannels("sloc_123", { add: [] })
     */
    updateSalesChannels: op<[id: string, body: HttpTypes.AdminUpdateStockLocationSalesChannels, headers?: H], HttpTypes.AdminStockLocationResponse>("POST /admin/stock-locations/{id}/sales-channels", "id body"),
    /**
     * Create fulfillment set. `POST /admin/stock-locations/{id}/fulfillment-sets`
     * https://docs.medusajs.com/api/admin#stock-locations
     * @example
     * const { stock_location } = await sdk.admin.stockLocation.createFulfillmentSet("sloc_123", { name: "Summer", type: "type" })
     */
    createFulfillmentSet: op<[id: string, body: HttpTypes.AdminCreateStockLocationFulfillmentSet, headers?: H], HttpTypes.AdminStockLocationResponse>("POST /admin/stock-locations/{id}/fulfillment-sets", "id body"),
    /**
     * Update fulfillment providers. `POST /admin/stock-locations/{id}/fulfillment-providers`
     * https://docs.medusajs.com/api/admin#stock-locations
     * @example
     * const { stock_location } = await sdk.admin.stockLocation.updateFulfillmentProviders("sloc_123", { add: [] })
     */
    updateFulfillmentProviders: op<[id: string, body: HttpTypes.AdminBatchLink, headers?: H], HttpTypes.AdminStockLocationResponse>("POST /admin/stock-locations/{id}/fulfillment-providers", "id body"),
  },
});
