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
    /**
     * List exchanges. `GET /admin/exchanges`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchanges, count } = await sdk.admin.exchange.list({ limit: 20, fields: "display_id,id" })
     */
    list: op<[query?: HttpTypes.AdminExchangeListParams, headers?: H], HttpTypes.AdminExchangeListResponse>("GET /admin/exchanges", "query", { list: true }),
    /**
     * Retrieve one exchange. `GET /admin/exchanges/{id}`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchange } = await sdk.admin.exchange.retrieve("exchange_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeResponse>("GET /admin/exchanges/{id}", "id query"),
    /**
     * Create a exchange. `POST /admin/exchanges`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchange } = await sdk.admin.exchange.create({ order_id: "order_123" })
     */
    create: op<[body: HttpTypes.AdminCreateExchange, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeResponse>("POST /admin/exchanges", "body query"),
    /**
     * Cancel. `POST /admin/exchanges/{id}/cancel`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchange } = await sdk.admin.exchange.cancel("exchange_123")
     */
    cancel: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeResponse>("POST /admin/exchanges/{id}/cancel", "id query"),
    /**
     * Add inbound items. `POST /admin/exchanges/{id}/inbound/items`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const res = await sdk.admin.exchange.addInboundItems("exchange_123", { items: [{ id: "ordli_123", quantity: 1 }] })
     */
    addInboundItems: op<[id: string, body: HttpTypes.AdminAddExchangeInboundItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("POST /admin/exchanges/{id}/inbound/items", "id body query"),
    /**
     * Update inbound item. `POST /admin/exchanges/{id}/inbound/items/{actionId}`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const res = await sdk.admin.exchange.updateInboundItem("exchange_123", "ordchact_123", { quantity: 1 })
     */
    updateInboundItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateExchangeInboundItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("POST /admin/exchanges/{id}/inbound/items/{actionId}", "id actionId body query"),
    /**
     * Remove inbound item. `DELETE /admin/exchanges/{id}/inbound/items/{actionId}`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const res = await sdk.admin.exchange.removeInboundItem("exchange_123", "ordchact_123")
     */
    removeInboundItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("DELETE /admin/exchanges/{id}/inbound/items/{actionId}", "id actionId query"),
    /**
     * Add inbound shipping. `POST /admin/exchanges/{id}/inbound/shipping-method`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const res = await sdk.admin.exchange.addInboundShipping("exchange_123", { shipping_option_id: "so_123" })
     */
    addInboundShipping: op<[id: string, body: HttpTypes.AdminExchangeAddInboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("POST /admin/exchanges/{id}/inbound/shipping-method", "id body query"),
    /**
     * Update inbound shipping. `POST /admin/exchanges/{id}/inbound/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const res = await sdk.admin.exchange.updateInboundShipping("exchange_123", "ordchact_123", { custom_amount: 10 })
     */
    updateInboundShipping: op<[id: string, actionId: string, body: HttpTypes.AdminExchangeUpdateInboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("POST /admin/exchanges/{id}/inbound/shipping-method/{actionId}", "id actionId body query"),
    /**
     * Delete inbound shipping. `DELETE /admin/exchanges/{id}/inbound/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const res = await sdk.admin.exchange.deleteInboundShipping("exchange_123", "ordchact_123")
     */
    deleteInboundShipping: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeReturnResponse>("DELETE /admin/exchanges/{id}/inbound/shipping-method/{actionId}", "id actionId query"),
    /**
     * Add outbound items. `POST /admin/exchanges/{id}/outbound/items`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchange } = await sdk.admin.exchange.addOutboundItems("exchange_123", { items: [{ variant_id: "variant_123", quantity: 1 }] })
     */
    addOutboundItems: op<[id: string, body: HttpTypes.AdminAddExchangeOutboundItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("POST /admin/exchanges/{id}/outbound/items", "id body query"),
    /**
     * Update outbound item. `POST /admin/exchanges/{id}/outbound/items/{actionId}`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchange } = await sdk.admin.exchange.updateOutboundItem("exchange_123", "ordchact_123", { quantity: 1 })
     */
    updateOutboundItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateExchangeOutboundItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("POST /admin/exchanges/{id}/outbound/items/{actionId}", "id actionId body query"),
    /**
     * Remove outbound item. `DELETE /admin/exchanges/{id}/outbound/items/{actionId}`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchange } = await sdk.admin.exchange.removeOutboundItem("exchange_123", "ordchact_123")
     */
    removeOutboundItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("DELETE /admin/exchanges/{id}/outbound/items/{actionId}", "id actionId query"),
    /**
     * Add outbound shipping. `POST /admin/exchanges/{id}/outbound/shipping-method`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchange } = await sdk.admin.exchange.addOutboundShipping("exchange_123", { shipping_option_id: "so_123" })
     */
    addOutboundShipping: op<[id: string, body: HttpTypes.AdminExchangeAddOutboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("POST /admin/exchanges/{id}/outbound/shipping-method", "id body query"),
    /**
     * Update outbound shipping. `POST /admin/exchanges/{id}/outbound/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchange } = await sdk.admin.exchange.updateOutboundShipping("exchange_123", "ordchact_123", { custom_amount: 10 })
     */
    updateOutboundShipping: op<[id: string, actionId: string, body: HttpTypes.AdminExchangeUpdateOutboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("POST /admin/exchanges/{id}/outbound/shipping-method/{actionId}", "id actionId body query"),
    /**
     * Delete outbound shipping. `DELETE /admin/exchanges/{id}/outbound/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchange } = await sdk.admin.exchange.deleteOutboundShipping("exchange_123", "ordchact_123")
     */
    deleteOutboundShipping: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangePreviewResponse>("DELETE /admin/exchanges/{id}/outbound/shipping-method/{actionId}", "id actionId query"),
    /**
     * Request. `POST /admin/exchanges/{id}/request`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { exchange } = await sdk.admin.exchange.request("exchange_123", { no_notification: true })
     */
    request: op<[id: string, body: HttpTypes.AdminRequestExchange, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeRequestResponse>("POST /admin/exchanges/{id}/request", "id body query"),
    /**
     * Cancel request. `DELETE /admin/exchanges/{id}/request`
     * https://docs.medusajs.com/api/admin#exchanges
     * @example
     * const { id, deleted } = await sdk.admin.exchange.cancelRequest("exchange_123")
     */
    cancelRequest: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminExchangeDeleteResponse>("DELETE /admin/exchanges/{id}/request", "id query"),
  },
});
