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
    list: op<[query?: HttpTypes.AdminReturnFilters, headers?: H], HttpTypes.AdminReturnsResponse>("GET /admin/returns", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("GET /admin/returns/{id}", "id query"),
    initiateRequest: op<[body: HttpTypes.AdminInitiateReturnRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("POST /admin/returns", "body query"),
    cancel: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("POST /admin/returns/{id}/cancel", "id query"),
    cancelRequest: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("DELETE /admin/returns/{id}/request", "id query"),
    addReturnItem: op<[id: string, body: HttpTypes.AdminAddReturnItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/request-items", "id body query"),
    updateReturnItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateReturnItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/request-items/{actionId}", "id actionId body query"),
    removeReturnItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("DELETE /admin/returns/{id}/request-items/{actionId}", "id actionId query"),
    addReturnShipping: op<[id: string, body: HttpTypes.AdminAddReturnShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/shipping-method", "id body query"),
    updateReturnShipping: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateReturnShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/shipping-method/{actionId}", "id actionId body query"),
    deleteReturnShipping: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("DELETE /admin/returns/{id}/shipping-method/{actionId}", "id actionId query"),
    updateRequest: op<[id: string, body: HttpTypes.AdminUpdateReturnRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}", "id body query"),
    confirmRequest: op<[id: string, body: HttpTypes.AdminConfirmReturnRequest, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/request", "id body query"),
    initiateReceive: op<[id: string, body: HttpTypes.AdminInitiateReceiveReturn, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("POST /admin/returns/{id}/receive", "id body query"),
    receiveItems: op<[id: string, body: HttpTypes.AdminReceiveItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/receive-items", "id body query"),
    updateReceiveItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateReceiveItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/receive-items/{actionId}", "id actionId body query"),
    removeReceiveItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("DELETE /admin/returns/{id}/receive-items/{actionId}", "id actionId query"),
    dismissItems: op<[id: string, body: HttpTypes.AdminDismissItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/dismiss-items", "id body query"),
    updateDismissItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateDismissItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/dismiss-items/{actionId}", "id actionId body query"),
    removeDismissItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("DELETE /admin/returns/{id}/dismiss-items/{actionId}", "id actionId query"),
    confirmReceive: op<[id: string, body: HttpTypes.AdminConfirmReceiveReturn, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnPreviewResponse>("POST /admin/returns/{id}/receive/confirm", "id body query"),
    cancelReceive: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminReturnResponse>("DELETE /admin/returns/{id}/receive", "id query"),
  },
});
