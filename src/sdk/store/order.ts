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
    /**
     * List orders. `GET /store/orders`
     * https://docs.medusajs.com/api/store#orders
     * @example
     * const { orders, count } = await sdk.store.order.list({ limit: 20, fields: "display_id,status" })
     */
    list: op<[query?: HttpTypes.StoreOrderFilters, headers?: H], HttpTypes.StoreOrderListResponse>("GET /store/orders", "query", { list: true }),
    /**
     * Retrieve one order. `GET /store/orders/{id}`
     * https://docs.medusajs.com/api/store#orders
     * @example
     * const { order } = await sdk.store.order.retrieve("order_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], { order: HttpTypes.StoreOrder; }>("GET /store/orders/{id}", "id query"),
    /**
     * Request transfer. `POST /store/orders/{id}/transfer/request`
     * https://docs.medusajs.com/api/store#orders
     * @example
     * const { order } = await sdk.store.order.requestTransfer("order_123", { description: "Light cotton" })
     */
    requestTransfer: op<[id: string, body: HttpTypes.StoreRequestOrderTransfer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreOrderResponse>("POST /store/orders/{id}/transfer/request", "id body query"),
    /**
     * Cancel transfer. `POST /store/orders/{id}/transfer/cancel`
     * https://docs.medusajs.com/api/store#orders
     * @example
     * const { order } = await sdk.store.order.cancelTransfer("order_123")
     */
    cancelTransfer: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreOrderResponse>("POST /store/orders/{id}/transfer/cancel", "id query"),
    /**
     * Accept transfer. `POST /store/orders/{id}/transfer/accept`
     * https://docs.medusajs.com/api/store#orders
     * @example
     * const { order } = await sdk.store.order.acceptTransfer("order_123", { token: "token_123" })
     */
    acceptTransfer: op<[id: string, body: HttpTypes.StoreAcceptOrderTransfer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreOrderResponse>("POST /store/orders/{id}/transfer/accept", "id body query"),
    /**
     * Decline transfer. `POST /store/orders/{id}/transfer/decline`
     * https://docs.medusajs.com/api/store#orders
     * @example
     * const { order } = await sdk.store.order.declineTransfer("order_123", { token: "token_123" })
     */
    declineTransfer: op<[id: string, body: HttpTypes.StoreDeclineOrderTransfer, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StoreOrderResponse>("POST /store/orders/{id}/transfer/decline", "id body query"),
  },
});
