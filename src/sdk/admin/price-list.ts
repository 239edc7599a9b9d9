import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Price lists: sales and overrides, with their prices. https://docs.medusajs.com/api/admin#price-lists
 * @example await sdk.admin.priceList.batchPrices("plist_123", { create: [{ amount: 900, currency_code: "eur", variant_id: "variant_123" }] })
 */
export const priceList = defineResource({
  name: "priceList",
  path: "/admin/price-lists",
  one: "price_list",
  many: "price_lists",
  columns: ["id", "title", "type", "status", "starts_at", "ends_at"],
  docs: "https://docs.medusajs.com/api/admin#price-lists",
  methods: {
    retrieve: op<[id: string, query?: HttpTypes.AdminPriceListParams, headers?: H], HttpTypes.AdminPriceListResponse>("GET /admin/price-lists/{id}", "id query"),
    list: op<[query?: HttpTypes.AdminPriceListListParams, headers?: H], HttpTypes.AdminPriceListListResponse>("GET /admin/price-lists", "query", { list: true }),
    create: op<[body: HttpTypes.AdminCreatePriceList, query?: HttpTypes.AdminPriceListParams, headers?: H], HttpTypes.AdminPriceListResponse>("POST /admin/price-lists", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdatePriceList, query?: HttpTypes.AdminPriceListParams, headers?: H], HttpTypes.AdminPriceListResponse>("POST /admin/price-lists/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminPriceListDeleteResponse>("DELETE /admin/price-lists/{id}", "id"),
    batchPrices: op<[id: string, body: HttpTypes.AdminBatchPriceListPrice, query?: HttpTypes.AdminPriceListParams, headers?: H], HttpTypes.AdminPriceListBatchResponse>("POST /admin/price-lists/{id}/prices/batch", "id body query"),
    prices: op<[id: string, query?: HttpTypes.AdminPriceListPriceListParams, headers?: H], HttpTypes.AdminPriceListPriceListResponse>("GET /admin/price-lists/{id}/prices", "id query"),
    linkProducts: op<[id: string, body: HttpTypes.AdminLinkPriceListProducts, query?: HttpTypes.AdminPriceListParams, headers?: H], HttpTypes.AdminPriceListResponse>("POST /admin/price-lists/{id}/products", "id body query"),
  },
});
