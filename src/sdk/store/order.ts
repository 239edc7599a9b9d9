import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * The logged-in customer's orders and order transfers. https://docs.medusajs.com/api/store#orders
 * @example const { orders } = await sdk.store.order.list({ limit: 10 })
 */
export const order = defineResource({
  name: "order",
  path: "/store/orders",
  one: "order",
  many: "orders",
  columns: ["display_id", "status", "payment_status", "fulfillment_status", "total", "currency_code", "created_at"],
  docs: "https://docs.medusajs.com/api/store#orders",
  methods: {
    list: op<[query?: HttpTypes.StoreOrderFilters, headers?: H], HttpTypes.StoreOrderListResponse>("GET /store/orders", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], { order: HttpTypes.StoreOrder; }>("GET /store/orders/{id}", "id query"),
    requestTransfer: op<[id: string, body: HttpTypes.StoreRequestOrderTransfer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreOrderResponse>("POST /store/orders/{id}/transfer/request", "id body query"),
    cancelTransfer: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreOrderResponse>("POST /store/orders/{id}/transfer/cancel", "id query"),
    acceptTransfer: op<[id: string, body: HttpTypes.StoreAcceptOrderTransfer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreOrderResponse>("POST /store/orders/{id}/transfer/accept", "id body query"),
    declineTransfer: op<[id: string, body: HttpTypes.StoreDeclineOrderTransfer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreOrderResponse>("POST /store/orders/{id}/transfer/decline", "id body query"),
  },
});
