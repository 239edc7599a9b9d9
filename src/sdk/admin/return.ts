import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Returns: requests, return shipping and receipt of items. https://docs.medusajs.com/api/admin#returns
 * @example await sdk.admin.return.initiateRequest({ order_id: "order_123" })
 */
export const returnResource = defineResource({
  name: "return",
  path: "/admin/returns",
  one: "return",
  many: "returns",
  columns: ["display_id", "id", "order_id", "status", "refund_amount", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#returns",
  methods: {
    /**
     * List returns. `GET /admin/returns`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { returns, count } = await sdk.admin.return.list({ limit: 20, fields: "display_id,id" })
     */
    list: op<[query?: HttpTypes.AdminReturnFilters, headers?: H], HttpTypes.AdminReturnsResponse>("GET /admin/returns", "query", { list: true }),
    /**
     * Retrieve one return. `GET /admin/returns/{id}`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.retrieve("return_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("GET /admin/returns/{id}", "id query"),
    /**
     * Initiate request. `POST /admin/returns`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.initiateRequest({ order_id: "order_123" })
     */
    initiateRequest: op<[body: HttpTypes.AdminInitiateReturnRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("POST /admin/returns", "body query"),
    /**
     * Cancel. `POST /admin/returns/{id}/cancel`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.cancel("return_123")
     */
    cancel: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("POST /admin/returns/{id}/cancel", "id query"),
    /**
     * Cancel request. `DELETE /admin/returns/{id}/request`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.cancelRequest("return_123")
     */
    cancelRequest: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("DELETE /admin/returns/{id}/request", "id query"),
    /**
     * Add return item. `POST /admin/returns/{id}/request-items`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.addReturnItem("return_123", { items: [{ id: "ordli_123", quantity: 1 }] })
     */
    addReturnItem: op<[id: string, body: HttpTypes.AdminAddReturnItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/request-items", "id body query"),
    /**
     * Update return item. `POST /admin/returns/{id}/request-items/{actionId}`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.updateReturnItem("return_123", "ordchact_123", { quantity: 1 })
     */
    updateReturnItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateReturnItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/request-items/{actionId}", "id actionId body query"),
    /**
     * Remove return item. `DELETE /admin/returns/{id}/request-items/{actionId}`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.removeReturnItem("return_123", "ordchact_123")
     */
    removeReturnItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("DELETE /admin/returns/{id}/request-items/{actionId}", "id actionId query"),
    /**
     * Add return shipping. `POST /admin/returns/{id}/shipping-method`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.addReturnShipping("return_123", { shipping_option_id: "so_123" })
     */
    addReturnShipping: op<[id: string, body: HttpTypes.AdminAddReturnShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/shipping-method", "id body query"),
    /**
     * Update return shipping. `POST /admin/returns/{id}/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.updateReturnShipping("return_123", "ordchact_123", { custom_amount: 10 })
     */
    updateReturnShipping: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateReturnShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/shipping-method/{actionId}", "id actionId body query"),
    /**
     * Delete return shipping. `DELETE /admin/returns/{id}/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.deleteReturnShipping("return_123", "ordchact_123")
     */
    deleteReturnShipping: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("DELETE /admin/returns/{id}/shipping-method/{actionId}", "id actionId query"),
    /**
     * Update request. `POST /admin/returns/{id}`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.updateRequest("return_123", { location_id: "sloc_123" })
     */
    updateRequest: op<[id: string, body: HttpTypes.AdminUpdateReturnRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}", "id body query"),
    /**
     * Confirm request. `POST /admin/returns/{id}/request`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.confirmRequest("return_123", { no_notification: true })
     */
    confirmRequest: op<[id: string, body: HttpTypes.AdminConfirmReturnRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/request", "id body query"),
    /**
     * Initiate receive. `POST /admin/returns/{id}/receive`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.initiateReceive("return_123", { internal_note: "internal-note" })
     */
    initiateReceive: op<[id: string, body: HttpTypes.AdminInitiateReceiveReturn, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("POST /admin/returns/{id}/receive", "id body query"),
    /**
     * Receive items. `POST /admin/returns/{id}/receive-items`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.receiveItems("return_123", { items: [{ id: "ordli_123", quantity: 1 }] })
     */
    receiveItems: op<[id: string, body: HttpTypes.AdminReceiveItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/receive-items", "id body query"),
    /**
     * Update receive item. `POST /admin/returns/{id}/receive-items/{actionId}`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.updateReceiveItem("return_123", "ordchact_123", { quantity: 1 })
     */
    updateReceiveItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateReceiveItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/receive-items/{actionId}", "id actionId body query"),
    /**
     * Remove receive item. `DELETE /admin/returns/{id}/receive-items/{actionId}`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.removeReceiveItem("return_123", "ordchact_123")
     */
    removeReceiveItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("DELETE /admin/returns/{id}/receive-items/{actionId}", "id actionId query"),
    /**
     * Dismiss items. `POST /admin/returns/{id}/dismiss-items`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.dismissItems("return_123", { items: [{ id: "ordli_123", quantity: 1 }] })
     */
    dismissItems: op<[id: string, body: HttpTypes.AdminDismissItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/dismiss-items", "id body query"),
    /**
     * Update dismiss item. `POST /admin/returns/{id}/dismiss-items/{actionId}`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.updateDismissItem("return_123", "ordchact_123", { quantity: 1 })
     */
    updateDismissItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateDismissItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/dismiss-items/{actionId}", "id actionId body query"),
    /**
     * Remove dismiss item. `DELETE /admin/returns/{id}/dismiss-items/{actionId}`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.removeDismissItem("return_123", "ordchact_123")
     */
    removeDismissItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("DELETE /admin/returns/{id}/dismiss-items/{actionId}", "id actionId query"),
    /**
     * Confirm receive. `POST /admin/returns/{id}/receive/confirm`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.confirmReceive("return_123", { no_notification: true })
     */
    confirmReceive: op<[id: string, body: HttpTypes.AdminConfirmReceiveReturn, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/receive/confirm", "id body query"),
    /**
     * Cancel receive. `DELETE /admin/returns/{id}/receive`
     * https://docs.medusajs.com/api/admin#returns
     * @example
     * const { return: returnRecord } = await sdk.admin.return.cancelReceive("return_123")
     */
    cancelReceive: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("DELETE /admin/returns/{id}/receive", "id query"),
  },
});
