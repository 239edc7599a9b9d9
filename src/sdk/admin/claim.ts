import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Claims: items to refund or replace, with inbound and outbound shipping. https://docs.medusajs.com/api/admin#claims
 * @example await sdk.admin.claim.create({ order_id: "order_123", type: "refund" })
 */
export const claim = defineResource({
  name: "claim",
  path: "/admin/claims",
  one: "claim",
  many: "claims",
  columns: ["display_id", "id", "order_id", "type", "refund_amount", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#claims",
  methods: {
    /**
     * List claims. `GET /admin/claims`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claims, count } = await sdk.admin.claim.list({ limit: 20, fields: "display_id,id" })
     */
    list: op<[query?: HttpTypes.AdminClaimListParams, headers?: H], HttpTypes.AdminClaimListResponse>("GET /admin/claims", "query", { list: true }),
    /**
     * Retrieve one claim. `GET /admin/claims/{id}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.retrieve("claim_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimResponse>("GET /admin/claims/{id}", "id query"),
    /**
     * Create a claim. `POST /admin/claims`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.create({ type: "refund", order_id: "order_123" })
     */
    create: op<[body: HttpTypes.AdminCreateClaim, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimOrderResponse>("POST /admin/claims", "body query"),
    /**
     * Cancel. `POST /admin/claims/{id}/cancel`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.cancel("claim_123")
     */
    cancel: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimResponse>("POST /admin/claims/{id}/cancel", "id query"),
    /**
     * Add items. `POST /admin/claims/{id}/claim-items`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.addItems("claim_123", { items: [{ id: "ordli_123", quantity: 1 }] })
     */
    addItems: op<[id: string, body: HttpTypes.AdminAddClaimItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/claim-items", "id body query"),
    /**
     * Update item. `POST /admin/claims/{id}/claim-items/{actionId}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.updateItem("claim_123", "ordchact_123", { quantity: 1 })
     */
    updateItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateClaimItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/claim-items/{actionId}", "id actionId body query"),
    /**
     * Remove item. `DELETE /admin/claims/{id}/claim-items/{actionId}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.removeItem("claim_123", "ordchact_123")
     */
    removeItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("DELETE /admin/claims/{id}/claim-items/{actionId}", "id actionId query"),
    /**
     * Add inbound items. `POST /admin/claims/{id}/inbound/items`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const res = await sdk.admin.claim.addInboundItems("claim_123", { items: [{ id: "ordli_123", quantity: 1 }] })
     */
    addInboundItems: op<[id: string, body: HttpTypes.AdminAddClaimInboundItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimReturnPreviewResponse>("POST /admin/claims/{id}/inbound/items", "id body query"),
    /**
     * Update inbound item. `POST /admin/claims/{id}/inbound/items/{actionId}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const res = await sdk.admin.claim.updateInboundItem("claim_123", "ordchact_123", { quantity: 1 })
     */
    updateInboundItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateClaimInboundItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimReturnPreviewResponse>("POST /admin/claims/{id}/inbound/items/{actionId}", "id actionId body query"),
    /**
     * Remove inbound item. `DELETE /admin/claims/{id}/inbound/items/{actionId}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const res = await sdk.admin.claim.removeInboundItem("claim_123", "ordchact_123")
     */
    removeInboundItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimReturnPreviewResponse>("DELETE /admin/claims/{id}/inbound/items/{actionId}", "id actionId query"),
    /**
     * Add inbound shipping. `POST /admin/claims/{id}/inbound/shipping-method`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const res = await sdk.admin.claim.addInboundShipping("claim_123", { shipping_option_id: "so_123" })
     */
    addInboundShipping: op<[id: string, body: HttpTypes.AdminClaimAddInboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimReturnPreviewResponse>("POST /admin/claims/{id}/inbound/shipping-method", "id body query"),
    /**
     * Update inbound shipping. `POST /admin/claims/{id}/inbound/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.updateInboundShipping("claim_123", "ordchact_123", { custom_amount: 10 })
     */
    updateInboundShipping: op<[id: string, actionId: string, body: HttpTypes.AdminClaimUpdateInboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/inbound/shipping-method/{actionId}", "id actionId body query"),
    /**
     * Delete inbound shipping. `DELETE /admin/claims/{id}/inbound/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const res = await sdk.admin.claim.deleteInboundShipping("claim_123", "ordchact_123")
     */
    deleteInboundShipping: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimReturnPreviewResponse>("DELETE /admin/claims/{id}/inbound/shipping-method/{actionId}", "id actionId query"),
    /**
     * Add outbound items. `POST /admin/claims/{id}/outbound/items`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.addOutboundItems("claim_123", { items: [{ variant_id: "variant_123", quantity: 1 }] })
     */
    addOutboundItems: op<[id: string, body: HttpTypes.AdminAddClaimOutboundItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/outbound/items", "id body query"),
    /**
     * Update outbound item. `POST /admin/claims/{id}/outbound/items/{actionId}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.updateOutboundItem("claim_123", "ordchact_123", { quantity: 1 })
     */
    updateOutboundItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateClaimOutboundItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/outbound/items/{actionId}", "id actionId body query"),
    /**
     * Remove outbound item. `DELETE /admin/claims/{id}/outbound/items/{actionId}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.removeOutboundItem("claim_123", "ordchact_123")
     */
    removeOutboundItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("DELETE /admin/claims/{id}/outbound/items/{actionId}", "id actionId query"),
    /**
     * Add outbound shipping. `POST /admin/claims/{id}/outbound/shipping-method`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.addOutboundShipping("claim_123", { shipping_option_id: "so_123" })
     */
    addOutboundShipping: op<[id: string, body: HttpTypes.AdminClaimAddOutboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/outbound/shipping-method", "id body query"),
    /**
     * Update outbound shipping. `POST /admin/claims/{id}/outbound/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.updateOutboundShipping("claim_123", "ordchact_123", { custom_amount: 10 })
     */
    updateOutboundShipping: op<[id: string, actionId: string, body: HttpTypes.AdminClaimUpdateOutboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/outbound/shipping-method/{actionId}", "id actionId body query"),
    /**
     * Delete outbound shipping. `DELETE /admin/claims/{id}/outbound/shipping-method/{actionId}`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.deleteOutboundShipping("claim_123", "ordchact_123")
     */
    deleteOutboundShipping: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("DELETE /admin/claims/{id}/outbound/shipping-method/{actionId}", "id actionId query"),
    /**
     * Request. `POST /admin/claims/{id}/request`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { claim } = await sdk.admin.claim.request("claim_123", {})
     */
    request: op<[id: string, body: HttpTypes.AdminRequestClaim, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimRequestResponse>("POST /admin/claims/{id}/request", "id body query"),
    /**
     * Cancel request. `DELETE /admin/claims/{id}/request`
     * https://docs.medusajs.com/api/admin#claims
     * @example
     * const { id, deleted } = await sdk.admin.claim.cancelRequest("claim_123")
     */
    cancelRequest: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimDeleteResponse>("DELETE /admin/claims/{id}/request", "id query"),
  },
});
