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
    create: op<[body: HttpTypes.AdminCreateSalesChannel, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminSalesChannelResponse>("POST /admin/sales-channels", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateSalesChannel, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminSalesChannelResponse>("POST /admin/sales-channels/{id}", "id body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminSalesChannelDeleteResponse>("DELETE /admin/sales-channels/{id}", "id"),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminSalesChannelResponse>("GET /admin/sales-channels/{id}", "id query"),
    list: op<[query?: HttpTypes.AdminSalesChannelListParams, headers?: H], HttpTypes.AdminSalesChannelListResponse>("GET /admin/sales-channels", "query", { list: true }),
    updateProducts: op<[id: string, body: HttpTypes.AdminUpdateSalesChannelProducts, headers?: H], HttpTypes.AdminSalesChannelResponse>("POST /admin/sales-channels/{id}/products", "id body"),
    batchProducts: op<[id: string, body: HttpTypes.AdminUpdateSalesChannelProducts, headers?: H], HttpTypes.AdminSalesChannelResponse>("POST /admin/sales-channels/{id}/products", "id body"),
  },
});
