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
    initiateRequest: op<[body: HttpTypes.AdminInitiateOrderEditRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditResponse>("POST /admin/order-edits", "body query"),
    request: op<[id: string, body?: HttpTypes.AdminRequestOrderEdit, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("POST /admin/order-edits/{id}/request", "id body query"),
    confirm: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("POST /admin/order-edits/{id}/confirm", "id query"),
    cancelRequest: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditDeleteResponse>("DELETE /admin/order-edits/{id}", "id query"),
    addItems: op<[id: string, body: HttpTypes.AdminAddOrderEditItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("POST /admin/order-edits/{id}/items", "id body query"),
    updateOriginalItem: op<[id: string, itemId: string, body: HttpTypes.AdminUpdateOrderEditItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("POST /admin/order-edits/{id}/items/item/{itemId}", "id itemId body query"),
    updateAddedItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateOrderEditItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("POST /admin/order-edits/{id}/items/{actionId}", "id actionId body query"),
    removeAddedItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>("DELETE /admin/order-edits/{id}/items/{actionId}", "id actionId query"),
    addShippingMethod: op<[id: string, body: HttpTypes.AdminAddDraftOrderShippingMethod, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>(
      "POST /admin/order-edits/{id}/shipping-method",
      "id body query",
      { summary: "Ours (no js-sdk method): adds a shipping method to the order edit of order `id`." },
    ),
    updateShippingMethod: op<[id: string, actionId: string, body: OrderEditShippingUpdate, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>(
      "POST /admin/order-edits/{id}/shipping-method/{actionId}",
      "id actionId body query",
      { summary: "Ours (no js-sdk method): updates a shipping method added by an order edit." },
    ),
    removeShippingMethod: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminOrderEditPreviewResponse>(
      "DELETE /admin/order-edits/{id}/shipping-method/{actionId}",
      "id actionId query",
      { summary: "Ours (no js-sdk method): removes a shipping method added by an order edit." },
    ),
  },
});
