import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Sales channels and the products sold in them. https://docs.medusajs.com/api/admin#sales-channels
 * @example await sdk.admin.salesChannel.batchProducts("sc_123", { add: ["prod_123"] })
 */
export const salesChannel = defineResource({
  name: "salesChannel",
  path: "/admin/sales-channels",
  one: "sales_channel",
  many: "sales_channels",
  columns: ["id", "name", "is_disabled", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#sales-channels",
  methods: {
    /**
     * Create a sales channel. `POST /admin/sales-channels`
     * https://docs.medusajs.com/api/admin#sales-channels
     * @example
     * const { sales_channel } = await sdk.admin.salesChannel.create({ name: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateSalesChannel, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminSalesChannelResponse>("POST /admin/sales-channels", "body query"),
    /**
     * Update a sales channel. `POST /admin/sales-channels/{id}`
     * https://docs.medusajs.com/api/admin#sales-channels
     * @example
     * const { sales_channel } = await sdk.admin.salesChannel.update("sc_123", { name: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateSalesChannel, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminSalesChannelResponse>("POST /admin/sales-channels/{id}", "id body query"),
    /**
     * Delete a sales channel. `DELETE /admin/sales-channels/{id}`
     * https://docs.medusajs.com/api/admin#sales-channels
     * @example
     * const { id, deleted } = await sdk.admin.salesChannel.delete("sc_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminSalesChannelDeleteResponse>("DELETE /admin/sales-channels/{id}", "id"),
    /**
     * Retrieve one sales channel. `GET /admin/sales-channels/{id}`
     * https://docs.medusajs.com/api/admin#sales-channels
     * @example
     * const { sales_channel } = await sdk.admin.salesChannel.retrieve("sc_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminSalesChannelResponse>("GET /admin/sales-channels/{id}", "id query"),
    /**
     * List sales channels. `GET /admin/sales-channels`
     * https://docs.medusajs.com/api/admin#sales-channels
     * @example
     * const { sales_channels, count } = await sdk.admin.salesChannel.list({ limit: 20, fields: "id,name" })
     */
    list: op<[query?: HttpTypes.AdminSalesChannelListParams, headers?: H], HttpTypes.AdminSalesChannelListResponse>("GET /admin/sales-channels", "query", { list: true }),
    /**
     * Update products. `POST /admin/sales-channels/{id}/products`
     * https://docs.medusajs.com/api/admin#sales-channels
     * @example
     * const { sales_channel } = await sdk.admin.salesChannel.updateProducts("sc_123", { add: [] })
     */
    updateProducts: op<[id: string, body: HttpTypes.AdminUpdateSalesChannelProducts, headers?: H], HttpTypes.AdminSalesChannelResponse>("POST /admin/sales-channels/{id}/products", "id body"),
    /**
     * Batch products. `POST /admin/sales-channels/{id}/products`
     * https://docs.medusajs.com/api/admin#sales-channels
     * @example
     * const { sales_channel } = await sdk.admin.salesChannel.batchProducts("sc_123", { add: [] })
     */
    batchProducts: op<[id: string, body: HttpTypes.AdminUpdateSalesChannelProducts, headers?: H], HttpTypes.AdminSalesChannelResponse>("POST /admin/sales-channels/{id}/products", "id body"),
  },
});
