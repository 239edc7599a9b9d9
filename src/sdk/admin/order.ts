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
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("GET /admin/orders/{id}", "id query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateOrder, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}", "id body"),
    retrievePreview: op<[id: string, query?: HttpTypes.AdminOrderFilters, headers?: H], HttpTypes.AdminOrderPreviewResponse>("GET /admin/orders/{id}/preview", "id query"),
    list: op<[queryParams?: HttpTypes.AdminOrderFilters, headers?: H], HttpTypes.AdminOrderListResponse>("GET /admin/orders", "query", { list: true }),
    archive: op<[id: string, queryParams?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/archive", "id query"),
    cancel: op<[id: string, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/cancel", "id"),
    complete: op<[id: string, body: HttpTypes.AdditionalData, queryParams?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/complete", "id body query"),
    requestTransfer: op<[id: string, body: HttpTypes.AdminRequestOrderTransfer, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/transfer", "id body"),
    transferToGuest: op<[id: string, body: HttpTypes.AdminTransferOrderToGuest, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/transfer/guest", "id body"),
    cancelTransfer: op<[id: string, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/transfer/cancel", "id"),
    createFulfillment: op<[id: string, body: HttpTypes.AdminCreateOrderFulfillment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/fulfillments", "id body query"),
    cancelFulfillment: op<[id: string, fulfillmentId: string, body: HttpTypes.AdminCancelOrderFulfillment, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/fulfillments/{fulfillmentId}/cancel", "id fulfillmentId body"),
    createShipment: op<[id: string, fulfillmentId: string, body: HttpTypes.AdminCreateOrderShipment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/fulfillments/{fulfillmentId}/shipments", "id fulfillmentId body query"),
    markAsDelivered: op<[id: string, fulfillmentId: string, body?: HttpTypes.AdminMarkOrderFulfillmentAsDelivered, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{id}/fulfillments/{fulfillmentId}/mark-as-delivered", "id fulfillmentId body query"),
    listShippingOptions: op<[id: string, queryParams?: HttpTypes.FindParams & HttpTypes.AdminGetOrderShippingOptionList, headers?: H], { shipping_options: HttpTypes.AdminShippingOption[]; }>("GET /admin/orders/{id}/shipping-options", "id query"),
    listChanges: op<[id: string, queryParams?: HttpTypes.FindParams & HttpTypes.AdminOrderChangesFilters, headers?: H], HttpTypes.PaginatedResponse<AdminOrderChangesResponse>>("GET /admin/orders/{id}/changes", "id query"),
    listLineItems: op<[id: string, queryParams?: HttpTypes.FindParams & HttpTypes.AdminOrderItemsFilters, headers?: H], HttpTypes.AdminOrderLineItemsListResponse>("GET /admin/orders/{id}/line-items", "id query"),
    createCreditLine: op<[orderId: string, body: Omit<CreateOrderCreditLineDTO, "order_id">, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/orders/{orderId}/credit-lines", "orderId body query"),
    authorizePaymentSession: shaped<[id: string, paymentSessionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminAuthorizeOrderPaymentSessionResponse>(
      "POST /admin/orders/{id}/payment-sessions/authorize",
      "id paymentSessionId query headers",
      (id, paymentSessionId, query, headers) => ({ params: { id }, body: { payment_session_id: paymentSessionId }, query, headers }),
    ),
    updateOrderChange: op<[id: string, body: HttpTypes.AdminUpdateOrderChange, query?: HttpTypes.AdminOrderChangesFilters, headers?: H], HttpTypes.AdminOrderChangeResponse>("POST /admin/order-changes/{id}", "id body query"),
    export: op<[query?: HttpTypes.AdminOrderFilters, headers?: H], HttpTypes.AdminExportOrderResponse>("POST /admin/orders/export", "query"),
  },
});
