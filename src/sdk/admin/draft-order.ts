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
    /**
     * Retrieve one draft order. `GET /admin/draft-orders/{id}`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order } = await sdk.admin.draftOrder.retrieve("order_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminDraftOrderParams, headers?: H], HttpTypes.AdminDraftOrderResponse>("GET /admin/draft-orders/{id}", "id query"),
    /**
     * List draft orders. `GET /admin/draft-orders`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_orders, count } = await sdk.admin.draftOrder.list({ limit: 20, fields: "display_id,status" })
     */
    list: op<[queryParams?: HttpTypes.AdminDraftOrderListParams, headers?: H], HttpTypes.AdminDraftOrderListResponse>("GET /admin/draft-orders", "query", { list: true }),
    /**
     * Create a draft order. `POST /admin/draft-orders`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order } = await sdk.admin.draftOrder.create({ region_id: "reg_123" })
     */
    create: op<[body: HttpTypes.AdminCreateDraftOrder, query?: HttpTypes.AdminDraftOrderParams, headers?: H], HttpTypes.AdminDraftOrderResponse>("POST /admin/draft-orders", "body query"),
    /**
     * Delete a draft order. `DELETE /admin/draft-orders/{id}`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { id, deleted } = await sdk.admin.draftOrder.delete("order_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.DeleteResponse<"draft-order">>("DELETE /admin/draft-orders/{id}", "id"),
    /**
     * Update a draft order. `POST /admin/draft-orders/{id}`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order } = await sdk.admin.draftOrder.update("order_123", { email: "jane@example.com" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateDraftOrder, query?: HttpTypes.AdminDraftOrderParams, headers?: H], HttpTypes.AdminDraftOrderResponse>("POST /admin/draft-orders/{id}", "id body query"),
    /**
     * Convert to order. `POST /admin/draft-orders/{id}/convert-to-order`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { order } = await sdk.admin.draftOrder.convertToOrder("order_123")
     */
    convertToOrder: op<[id: string, query?: HttpTypes.AdminDraftOrderParams, headers?: H], HttpTypes.AdminOrderResponse>("POST /admin/draft-orders/{id}/convert-to-order", "id query"),
    /**
     * Add items. `POST /admin/draft-orders/{id}/edit/items`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.addItems("order_123", { items: [{ quantity: 1 }] })
     */
    addItems: op<[id: string, body: HttpTypes.AdminAddDraftOrderItems, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/items", "id body"),
    /**
     * Update action item. `POST /admin/draft-orders/{id}/edit/items/{actionId}`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.updateActionItem("order_123", "ordchact_123", { quantity: 1 })
     */
    updateActionItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateDraftOrderItem, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/items/{actionId}", "id actionId body"),
    /**
     * Remove action item. `DELETE /admin/draft-orders/{id}/edit/items/{actionId}`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.removeActionItem("order_123", "ordchact_123")
     */
    removeActionItem: op<[id: string, actionId: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("DELETE /admin/draft-orders/{id}/edit/items/{actionId}", "id actionId"),
    /**
     * Update item. `POST /admin/draft-orders/{id}/edit/items/item/{itemId}`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.updateItem("order_123", "ordli_123", { quantity: 1 })
     */
    updateItem: op<[id: string, itemId: string, body: HttpTypes.AdminUpdateDraftOrderItem, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/items/item/{itemId}", "id itemId body"),
    /**
     * Add promotions. `POST /admin/draft-orders/{id}/edit/promotions`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.addPromotions("order_123", { promo_codes: [] })
     */
    addPromotions: op<[id: string, body: HttpTypes.AdminAddDraftOrderPromotions, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/promotions", "id body"),
    /**
     * Remove promotions. `DELETE /admin/draft-orders/{id}/edit/promotions`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.removePromotions("order_123", { promo_codes: [] })
     */
    removePromotions: op<[id: string, body: HttpTypes.AdminRemoveDraftOrderPromotions, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("DELETE /admin/draft-orders/{id}/edit/promotions", "id body"),
    /**
     * Add shipping method. `POST /admin/draft-orders/{id}/edit/shipping-methods`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.addShippingMethod("order_123", { shipping_option_id: "so_123" })
     */
    addShippingMethod: op<[id: string, body: HttpTypes.AdminAddDraftOrderShippingMethod, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/shipping-methods", "id body"),
    /**
     * Update action shipping method. `POST /admin/draft-orders/{id}/edit/shipping-methods/{actionId}`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.updateActionShippingMethod("order_123", "ordchact_123", { shipping_option_id: "so_123" })
     */
    updateActionShippingMethod: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateDraftOrderActionShippingMethod, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/shipping-methods/{actionId}", "id actionId body"),
    /**
     * Remove action shipping method. `DELETE /admin/draft-orders/{id}/edit/shipping-methods/{actionId}`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.removeActionShippingMethod("order_123", "ordchact_123")
     */
    removeActionShippingMethod: op<[id: string, actionId: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("DELETE /admin/draft-orders/{id}/edit/shipping-methods/{actionId}", "id actionId"),
    /**
     * Remove shipping method. `DELETE /admin/draft-orders/{id}/edit/shipping-methods/method/{shippingMethodId}`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.removeShippingMethod("order_123", "shipping_method_123")
     */
    removeShippingMethod: op<[id: string, shippingMethodId: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("DELETE /admin/draft-orders/{id}/edit/shipping-methods/method/{shippingMethodId}", "id shippingMethodId"),
    /**
     * Update shipping method. `POST /admin/draft-orders/{id}/edit/shipping-methods/method/{methodId}`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.updateShippingMethod("order_123", "method_123", { shipping_option_id: "so_123" })
     */
    updateShippingMethod: op<[id: string, methodId: string, body: HttpTypes.AdminUpdateDraftOrderShippingMethod, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/shipping-methods/method/{methodId}", "id methodId body"),
    /**
     * Begin edit. `POST /admin/draft-orders/{id}/edit`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.beginEdit("order_123")
     */
    beginEdit: op<[id: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit", "id"),
    /**
     * Cancel edit. `DELETE /admin/draft-orders/{id}/edit`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { id, deleted } = await sdk.admin.draftOrder.cancelEdit("order_123")
     */
    cancelEdit: op<[id: string, headers?: H], HttpTypes.DeleteResponse<"draft-order-edit">>("DELETE /admin/draft-orders/{id}/edit", "id"),
    /**
     * Request edit. `POST /admin/draft-orders/{id}/edit/request`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.requestEdit("order_123")
     */
    requestEdit: op<[id: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/request", "id"),
    /**
     * Confirm edit. `POST /admin/draft-orders/{id}/edit/confirm`
     * https://docs.medusajs.com/api/admin#draft-orders
     * @example
     * const { draft_order_preview } = await sdk.admin.draftOrder.confirmEdit("order_123")
     */
    confirmEdit: op<[id: string, headers?: H], HttpTypes.AdminDraftOrderPreviewResponse>("POST /admin/draft-orders/{id}/edit/confirm", "id"),
  },
});
