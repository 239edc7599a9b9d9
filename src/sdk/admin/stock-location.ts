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
    create: op<[body: HttpTypes.AdminCreateStockLocation, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminStockLocationResponse>("POST /admin/stock-locations", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateStockLocation, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminStockLocationResponse>("POST /admin/stock-locations/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminStockLocationDeleteResponse>("DELETE /admin/stock-locations/{id}", "id"),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminStockLocationResponse>("GET /admin/stock-locations/{id}", "id query"),
    list: op<[query?: HttpTypes.AdminStockLocationListParams, headers?: H], HttpTypes.AdminStockLocationListResponse>("GET /admin/stock-locations", "query", { list: true }),
    updateSalesChannels: op<[id: string, body: HttpTypes.AdminUpdateStockLocationSalesChannels, headers?: H], HttpTypes.AdminStockLocationResponse>("POST /admin/stock-locations/{id}/sales-channels", "id body"),
    createFulfillmentSet: op<[id: string, body: HttpTypes.AdminCreateStockLocationFulfillmentSet, headers?: H], HttpTypes.AdminStockLocationResponse>("POST /admin/stock-locations/{id}/fulfillment-sets", "id body"),
    updateFulfillmentProviders: op<[id: string, body: HttpTypes.AdminBatchLink, headers?: H], HttpTypes.AdminStockLocationResponse>("POST /admin/stock-locations/{id}/fulfillment-providers", "id body"),
  },
});
