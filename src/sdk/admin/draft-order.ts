import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Draft orders and their edits. https://docs.medusajs.com/api/admin#draft-orders
 * @example await sdk.admin.draftOrder.convertToOrder("order_123")
 */
export const draftOrder = defineResource({
  name: "draftOrder",
  path: "/admin/draft-orders",
  one: "draft_order",
  many: "draft_orders",
  columns: ["display_id", "status", "email", "total", "currency_code", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#draft-orders",
  methods: {
    retrieve: op<[id: string, query?: HttpTypes.AdminDraftOrderParams, headers?: H], HttpTypes.AdminDraftOrderResponse>("GET /admin/draft-orders/{id}", "id query"),
    list: op<[queryParams?: HttpTypes.AdminDraftOrderListParams, headers?: H], HttpTypes.AdminDraftOrderListResponse>("GET /admin/draft-orders", "query", { list: true }),
    create: op<[body: HttpTypes.AdminCreateDraftOrder, query?: HttpTypes.AdminDraftOrderParams, headers?: H], HttpTypes.AdminDraftOrderResponse>("POST /admin/draft-orders", "body query"),
    delete: op<[id: string, headers?: H], HttpTypes.DeleteResponse<"draft-order">>("DELETE /admin/draft-orders/{id}", "id"),
    update: op<[id: string, body: HttpTypes.AdminUpdateDraftOrder, query?: HttpTypes.AdminDraftOrderParams, headers?: H], HttpTypes.AdminDraftOrderResponse>("POST /admin/draft-orders/{id}", "id body query"),
    convertToOrder: op<[id: string, query?: HttpTypes.AdminDraftOrderParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/draft-orders/{id}/convert-to-order", "id query"),
    addItems: op<[id: string, body: HttpTypes.AdminAddDraftOrderItems, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/items", "id body"),
    updateActionItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateDraftOrderItem, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/items/{actionId}", "id actionId body"),
    removeActionItem: op<[id: string, actionId: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("DELETE /admin/draft-orders/{id}/edit/items/{actionId}", "id actionId"),
    updateItem: op<[id: string, itemId: string, body: HttpTypes.AdminUpdateDraftOrderItem, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/items/item/{itemId}", "id itemId body"),
    addPromotions: op<[id: string, body: HttpTypes.AdminAddDraftOrderPromotions, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/promotions", "id body"),
    removePromotions: op<[id: string, body: HttpTypes.AdminRemoveDraftOrderPromotions, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("DELETE /admin/draft-orders/{id}/edit/promotions", "id body"),
    addShippingMethod: op<[id: string, body: HttpTypes.AdminAddDraftOrderShippingMethod, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/shipping-methods", "id body"),
    updateActionShippingMethod: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateDraftOrderActionShippingMethod, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/shipping-methods/{actionId}", "id actionId body"),
    removeActionShippingMethod: op<[id: string, actionId: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("DELETE /admin/draft-orders/{id}/edit/shipping-methods/{actionId}", "id actionId"),
    removeShippingMethod: op<[id: string, shippingMethodId: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("DELETE /admin/draft-orders/{id}/edit/shipping-methods/method/{shippingMethodId}", "id shippingMethodId"),
    updateShippingMethod: op<[id: string, methodId: string, body: HttpTypes.AdminUpdateDraftOrderShippingMethod, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/shipping-methods/method/{methodId}", "id methodId body"),
    beginEdit: op<[id: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit", "id"),
    cancelEdit: op<[id: string, headers?: H], HttpTypes.DeleteResponse<"draft-order-edit">>("DELETE /admin/draft-orders/{id}/edit", "id"),
    requestEdit: op<[id: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/request", "id"),
    confirmEdit: op<[id: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/confirm", "id"),
  },
});
