import type { HttpTypes, AdminOrderChangesResponse, CreateOrderCreditLineDTO } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";
import { shaped } from "./helpers.js";

/**
 * Orders: fulfillment, shipment, transfers, changes and exports. https://docs.medusajs.com/api/admin#orders
 * @example const { orders } = await sdk.admin.order.list({ status: ["pending"], limit: 20 })
 */
export const order = defineResource({
  name: "order",
  path: "/admin/orders",
  one: "order",
  many: "orders",
  columns: ["display_id", "status", "payment_status", "fulfillment_status", "email", "total", "currency_code", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#orders",
  methods: {
    /**
     * Retrieve one order. `GET /admin/orders/{id}`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.retrieve("order_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("GET /admin/orders/{id}", "id query"),
    /**
     * Update a order. `POST /admin/orders/{id}`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.update("order_123", { email: "jane@example.com" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateOrder, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}", "id body"),
    /**
     * Retrieve preview. `GET /admin/orders/{id}/preview`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.retrievePreview("order_123")
     */
    retrievePreview: op<[id: string, query?: HttpTypes.AdminOrderFilters, headers?: H], HttpTypes.AdminOrderPreviewResponse>("GET /admin/orders/{id}/preview", "id query"),
    /**
     * List orders. `GET /admin/orders`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { orders, count } = await sdk.admin.order.list({ limit: 20, fields: "display_id,status" })
     */
    list: op<[queryParams?: HttpTypes.AdminOrderFilters, headers?: H], HttpTypes.AdminOrderListResponse>("GET /admin/orders", "query", { list: true }),
    /**
     * Archive. `POST /admin/orders/{id}/archive`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.archive("order_123")
     */
    archive: op<[id: string, queryParams?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/archive", "id query"),
    /**
     * Cancel. `POST /admin/orders/{id}/cancel`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.cancel("order_123")
     */
    cancel: op<[id: string, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/cancel", "id"),
    /**
     * Complete. `POST /admin/orders/{id}/complete`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.complete("order_123", { additional_data: {} })
     */
    complete: op<[id: string, body: HttpTypes.AdditionalData, queryParams?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/complete", "id body query"),
    /**
     * Request transfer. `POST /admin/orders/{id}/transfer`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.requestTransfer("order_123", { customer_id: "cus_123" })
     */
    requestTransfer: op<[id: string, body: HttpTypes.AdminRequestOrderTransfer, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/transfer", "id body"),
    /**
     * Transfer to guest. `POST /admin/orders/{id}/transfer/guest`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.transferToGuest("order_123", { email: "jane@example.com" })
     */
    transferToGuest: op<[id: string, body: HttpTypes.AdminTransferOrderToGuest, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/transfer/guest", "id body"),
    /**
     * Cancel transfer. `POST /admin/orders/{id}/transfer/cancel`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.cancelTransfer("order_123")
     */
    cancelTransfer: op<[id: string, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/transfer/cancel", "id"),
    /**
     * Create fulfillment. `POST /admin/orders/{id}/fulfillments`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.createFulfillment("order_123", { items: [{ id: "ordli_123", quantity: 1 }] })
     */
    createFulfillment: op<[id: string, body: HttpTypes.AdminCreateOrderFulfillment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/fulfillments", "id body query"),
    /**
     * Cancel fulfillment. `POST /admin/orders/{id}/fulfillments/{fulfillmentId}/cancel`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.cancelFulfillment("order_123", "ful_123", { no_notification: true })
     */
    cancelFulfillment: op<[id: string, fulfillmentId: string, body: HttpTypes.AdminCancelOrderFulfillment, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/fulfillments/{fulfillmentId}/cancel", "id fulfillmentId body"),
    /**
     * Create shipment. `POST /admin/orders/{id}/fulfillments/{fulfillmentId}/shipments`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.createShipment("order_123", "ful_123", { items: [{ id: "ordli_123", quantity: 1 }] })
     */
    createShipment: op<[id: string, fulfillmentId: string, body: HttpTypes.AdminCreateOrderShipment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/fulfillments/{fulfillmentId}/shipments", "id fulfillmentId body query"),
    /**
     * Mark as delivered. `POST /admin/orders/{id}/fulfillments/{fulfillmentId}/mark-as-delivered`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.markAsDelivered("order_123", "ful_123")
     */
    markAsDelivered: op<[id: string, fulfillmentId: string, body?: HttpTypes.AdminMarkOrderFulfillmentAsDelivered, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/fulfillments/{fulfillmentId}/mark-as-delivered", "id fulfillmentId body query"),
    /**
     * List shipping options. `GET /admin/orders/{id}/shipping-options`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { shipping_options } = await sdk.admin.order.listShippingOptions("order_123", { limit: 20 })
     */
    listShippingOptions: op<[id: string, queryParams?: HttpTypes.FindParams & HttpTypes.AdminGetOrderShippingOptionList, headers?: H], { shipping_options: HttpTypes.AdminShippingOption[]; }>("GET /admin/orders/{id}/shipping-options", "id query"),
    /**
     * List changes. `GET /admin/orders/{id}/changes`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const res = await sdk.admin.order.listChanges("order_123", { limit: 20 })
     */
    listChanges: op<[id: string, queryParams?: HttpTypes.FindParams & HttpTypes.AdminOrderChangesFilters, headers?: H], HttpTypes.PaginatedResponse<AdminOrderChangesResponse>>("GET /admin/orders/{id}/changes", "id query"),
    /**
     * List line items. `GET /admin/orders/{id}/line-items`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order_items } = await sdk.admin.order.listLineItems("order_123", { limit: 20 })
     */
    listLineItems: op<[id: string, queryParams?: HttpTypes.FindParams & HttpTypes.AdminOrderItemsFilters, headers?: H], HttpTypes.AdminOrderLineItemsListResponse>("GET /admin/orders/{id}/line-items", "id query"),
    /**
     * Create credit line. `POST /admin/orders/{orderId}/credit-lines`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.createCreditLine("order_123", { amount: {} })
     */
    createCreditLine: op<[orderId: string, body: Omit<CreateOrderCreditLineDTO, "order_id">, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{orderId}/credit-lines", "orderId body query"),
    /**
     * Authorize payment session. `POST /admin/orders/{id}/payment-sessions/authorize`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order } = await sdk.admin.order.authorizePaymentSession("order_123", "payses_123")
     */
    authorizePaymentSession: shaped<[id: string, paymentSessionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminAuthorizeOrderPaymentSessionResponse>(
      "POST /admin/orders/{id}/payment-sessions/authorize",
      "id paymentSessionId query headers",
      (id, paymentSessionId, query, headers) => ({ params: { id }, body: { payment_session_id: paymentSessionId }, query, headers }),
    ),
    /**
     * Update order change. `POST /admin/order-changes/{id}`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { order_change } = await sdk.admin.order.updateOrderChange("order_123", { carry_over_promotions: true })
     */
    updateOrderChange: op<[id: string, body: HttpTypes.AdminUpdateOrderChange, query?: HttpTypes.AdminOrderChangesFilters, headers?: H], HttpTypes.AdminOrderChangeResponse>("POST /admin/order-changes/{id}", "id body query"),
    /**
     * Export. `POST /admin/orders/export`
     * https://docs.medusajs.com/api/admin#orders
     * @example
     * const { transaction_id } = await sdk.admin.order.export()
     */
    export: op<[query?: HttpTypes.AdminOrderFilters, headers?: H], HttpTypes.AdminExportOrderResponse>("POST /admin/orders/export", "query"),
  },
});
