import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * The order-edit route takes only these fields (its validator is strict): the draft-order type
 * it resembles also requires `shipping_option_id`, which this route rejects.
 */
type OrderEditShippingUpdate = Omit<HttpTypes.AdminUpdateDraftOrderActionShippingMethod, "shipping_option_id" | "description">;

/**
 * Order edits; every method takes the order id. https://docs.medusajs.com/api/admin#order-edits
 * @example await sdk.admin.orderEdit.initiateRequest({ order_id: "order_123" })
 */
export const orderEdit = defineResource({
  name: "orderEdit",
  path: "/admin/order-edits",
  one: "order_change",
  columns: ["id", "order_id", "status", "change_type", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#order-edits",
  methods: {
    /**
     * Initiate request. `POST /admin/order-edits`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { order_change } = await sdk.admin.orderEdit.initiateRequest({ order_id: "order_123" })
     */
    initiateRequest: op<[body: HttpTypes.AdminInitiateOrderEditRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditResponse>("POST /admin/order-edits", "body query"),
    /**
     * Request. `POST /admin/order-edits/{id}/request`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { order_preview } = await sdk.admin.orderEdit.request("order_123")
     */
    request: op<[id: string, body?: HttpTypes.AdminRequestOrderEdit, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("POST /admin/order-edits/{id}/request", "id body query"),
    /**
     * Confirm. `POST /admin/order-edits/{id}/confirm`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { order_preview } = await sdk.admin.orderEdit.confirm("order_123")
     */
    confirm: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("POST /admin/order-edits/{id}/confirm", "id query"),
    /**
     * Cancel request. `DELETE /admin/order-edits/{id}`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { id, deleted } = await sdk.admin.orderEdit.cancelRequest("order_123")
     */
    cancelRequest: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditDeleteResponse>("DELETE /admin/order-edits/{id}", "id query"),
    /**
     * Add items. `POST /admin/order-edits/{id}/items`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { order_preview } = await sdk.admin.orderEdit.addItems("order_123", { items: [{ variant_id: "variant_123", quantity: 1 }] })
     */
    addItems: op<[id: string, body: HttpTypes.AdminAddOrderEditItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("POST /admin/order-edits/{id}/items", "id body query"),
    /**
     * Update original item. `POST /admin/order-edits/{id}/items/item/{itemId}`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { order_preview } = await sdk.admin.orderEdit.updateOriginalItem("order_123", "ordli_123", { quantity: 1 })
     */
    updateOriginalItem: op<[id: string, itemId: string, body: HttpTypes.AdminUpdateOrderEditItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("POST /admin/order-edits/{id}/items/item/{itemId}", "id itemId body query"),
    /**
     * Update added item. `POST /admin/order-edits/{id}/items/{actionId}`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { order_preview } = await sdk.admin.orderEdit.updateAddedItem("order_123", "ordchact_123", { quantity: 1 })
     */
    updateAddedItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateOrderEditItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("POST /admin/order-edits/{id}/items/{actionId}", "id actionId body query"),
    /**
     * Remove added item. `DELETE /admin/order-edits/{id}/items/{actionId}`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { order_preview } = await sdk.admin.orderEdit.removeAddedItem("order_123", "ordchact_123")
     */
    removeAddedItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("DELETE /admin/order-edits/{id}/items/{actionId}", "id actionId query"),
    /**
     * Ours (no js-sdk method): adds a shipping method to the order edit of order `id`. `POST /admin/order-edits/{id}/shipping-method`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { order_preview } = await sdk.admin.orderEdit.addShippingMethod("order_123", { shipping_option_id: "so_123" })
     */
    addShippingMethod: op<[id: string, body: HttpTypes.AdminAddDraftOrderShippingMethod, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>(
      "POST /admin/order-edits/{id}/shipping-method",
      "id body query",
      { summary: "Ours (no js-sdk method): adds a shipping method to the order edit of order `id`." },
    ),
    /**
     * Ours (no js-sdk method): updates a shipping method added by an order edit. `POST /admin/order-edits/{id}/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { order_preview } = await sdk.admin.orderEdit.updateShippingMethod("order_123", "ordchact_123", { internal_note: "internal-note" })
     */
    updateShippingMethod: op<[id: string, actionId: string, body: OrderEditShippingUpdate, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>(
      "POST /admin/order-edits/{id}/shipping-method/{actionId}",
      "id actionId body query",
      { summary: "Ours (no js-sdk method): updates a shipping method added by an order edit." },
    ),
    /**
     * Ours (no js-sdk method): removes a shipping method added by an order edit. `DELETE /admin/order-edits/{id}/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#order-edits
     * @example
     * const { order_preview } = await sdk.admin.orderEdit.removeShippingMethod("order_123", "ordchact_123")
     */
    removeShippingMethod: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>(
      "DELETE /admin/order-edits/{id}/shipping-method/{actionId}",
      "id actionId query",
      { summary: "Ours (no js-sdk method): removes a shipping method added by an order edit." },
    ),
  },
});
