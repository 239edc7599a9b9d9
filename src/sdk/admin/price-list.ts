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
    /**
     * Retrieve one price list. `GET /admin/price-lists/{id}`
     * https://docs.medusajs.com/api/admin#price-lists
     * @example
     * const { price_list } = await sdk.admin.priceList.retrieve("plist_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminPriceListParams, headers?: H], HttpTypes.AdminPriceListResponse>("GET /admin/price-lists/{id}", "id query"),
    /**
     * List price lists. `GET /admin/price-lists`
     * https://docs.medusajs.com/api/admin#price-lists
     * @example
     * const { price_lists, count } = await sdk.admin.priceList.list({ limit: 20, fields: "id,title" })
     */
    list: op<[query?: HttpTypes.AdminPriceListListParams, headers?: H], HttpTypes.AdminPriceListListResponse>("GET /admin/price-lists", "query", { list: true }),
    /**
     * Create a price list. `POST /admin/price-lists`
     * https://docs.medusajs.com/api/admin#price-lists
     * @example
     * const { price_list } = await sdk.admin.priceList.create({ title: "Summer", description: "Light cotton" })
     */
    create: op<[body: HttpTypes.AdminCreatePriceList, query?: HttpTypes.AdminPriceListParams, headers?: H], HttpTypes.AdminPriceListResponse>("POST /admin/price-lists", "body query"),
    /**
     * Update a price list. `POST /admin/price-lists/{id}`
     * https://docs.medusajs.com/api/admin#price-lists
     * @example
     * const { price_list } = await sdk.admin.priceList.update("plist_123", { title: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdatePriceList, query?: HttpTypes.AdminPriceListParams, headers?: H], HttpTypes.AdminPriceListResponse>("POST /admin/price-lists/{id}", "id body query"),
    /**
     * Delete a price list. `DELETE /admin/price-lists/{id}`
     * https://docs.medusajs.com/api/admin#price-lists
     * @example
     * const { id, deleted } = await sdk.admin.priceList.delete("plist_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminPriceListDeleteResponse>("DELETE /admin/price-lists/{id}", "id"),
    /**
     * Batch prices. `POST /admin/price-lists/{id}/prices/batch`
     * https://docs.medusajs.com/api/admin#price-lists
     * @example
     * const res = await sdk.admin.priceList.batchPrices("plist_123", { create: [{ currency_code: "eur", amount: 10, variant_id: "variant_123" }] })
     */
    batchPrices: op<[id: string, body: HttpTypes.AdminBatchPriceListPrice, query?: HttpTypes.AdminPriceListParams, headers?: H], HttpTypes.AdminPriceListBatchResponse>("POST /admin/price-lists/{id}/prices/batch", "id body query"),
    /**
     * Prices. `GET /admin/price-lists/{id}/prices`
     * https://docs.medusajs.com/api/admin#price-lists
     * @example
     * const res = await sdk.admin.priceList.prices("plist_123")
     */
    prices: op<[id: string, query?: HttpTypes.AdminPriceListPriceListParams, headers?: H], HttpTypes.AdminPriceListPriceListResponse>("GET /admin/price-lists/{id}/prices", "id query"),
    /**
     * Link products. `POST /admin/price-lists/{id}/products`
     * https://docs.medusajs.com/api/admin#price-lists
     * @example
     * const { price_list } = await sdk.admin.priceList.linkProducts("plist_123", { remove: [] })
     */
    linkProducts: op<[id: string, body: HttpTypes.AdminLinkPriceListProducts, query?: HttpTypes.AdminPriceListParams, headers?: H], HttpTypes.AdminPriceListResponse>("POST /admin/price-lists/{id}/products", "id body query"),
  },
});
