import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Exchanges: items returned against new items. https://docs.medusajs.com/api/admin#exchanges
 * @example await sdk.admin.exchange.create({ order_id: "order_123" })
 */
export const exchange = defineResource({
  name: "exchange",
  path: "/admin/exchanges",
  one: "exchange",
  many: "exchanges",
  columns: ["display_id", "id", "order_id", "difference_due", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#exchanges",
  methods: {
    list: op<[query?: HttpTypes.AdminExchangeListParams, headers?: H], HttpTypes.AdminExchangeListResponse>("GET /admin/exchanges", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeResponse>("GET /admin/exchanges/{id}", "id query"),
    create: op<[body: HttpTypes.AdminCreateExchange, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeResponse>("POST /admin/exchanges", "body query"),
    cancel: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeResponse>("POST /admin/exchanges/{id}/cancel", "id query"),
    addInboundItems: op<[id: string, body: HttpTypes.AdminAddExchangeInboundItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("POST /admin/exchanges/{id}/inbound/items", "id body query"),
    updateInboundItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateExchangeInboundItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("POST /admin/exchanges/{id}/inbound/items/{actionId}", "id actionId body query"),
    removeInboundItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("DELETE /admin/exchanges/{id}/inbound/items/{actionId}", "id actionId query"),
    addInboundShipping: op<[id: string, body: HttpTypes.AdminExchangeAddInboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("POST /admin/exchanges/{id}/inbound/shipping-method", "id body query"),
    updateInboundShipping: op<[id: string, actionId: string, body: HttpTypes.AdminExchangeUpdateInboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("POST /admin/exchanges/{id}/inbound/shipping-method/{actionId}", "id actionId body query"),
    deleteInboundShipping: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("DELETE /admin/exchanges/{id}/inbound/shipping-method/{actionId}", "id actionId query"),
    addOutboundItems: op<[id: string, body: HttpTypes.AdminAddExchangeOutboundItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("POST /admin/exchanges/{id}/outbound/items", "id body query"),
    updateOutboundItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateExchangeOutboundItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("POST /admin/exchanges/{id}/outbound/items/{actionId}", "id actionId body query"),
    removeOutboundItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("DELETE /admin/exchanges/{id}/outbound/items/{actionId}", "id actionId query"),
    addOutboundShipping: op<[id: string, body: HttpTypes.AdminExchangeAddOutboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("POST /admin/exchanges/{id}/outbound/shipping-method", "id body query"),
    updateOutboundShipping: op<[id: string, actionId: string, body: HttpTypes.AdminExchangeUpdateOutboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("POST /admin/exchanges/{id}/outbound/shipping-method/{actionId}", "id actionId body query"),
    deleteOutboundShipping: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("DELETE /admin/exchanges/{id}/outbound/shipping-method/{actionId}", "id actionId query"),
    request: op<[id: string, body: HttpTypes.AdminRequestExchange, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeRequestResponse>("POST /admin/exchanges/{id}/request", "id body query"),
    cancelRequest: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeDeleteResponse>("DELETE /admin/exchanges/{id}/request", "id query"),
  },
});
