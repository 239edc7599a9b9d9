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
    list: op<[query?: HttpTypes.AdminClaimListParams, headers?: H], HttpTypes.AdminClaimListResponse>("GET /admin/claims", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimResponse>("GET /admin/claims/{id}", "id query"),
    create: op<[body: HttpTypes.AdminCreateClaim, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimOrderResponse>("POST /admin/claims", "body query"),
    cancel: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimResponse>("POST /admin/claims/{id}/cancel", "id query"),
    addItems: op<[id: string, body: HttpTypes.AdminAddClaimItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/claim-items", "id body query"),
    updateItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateClaimItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/claim-items/{actionId}", "id actionId body query"),
    removeItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("DELETE /admin/claims/{id}/claim-items/{actionId}", "id actionId query"),
    addInboundItems: op<[id: string, body: HttpTypes.AdminAddClaimInboundItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimReturnPreviewResponse>("POST /admin/claims/{id}/inbound/items", "id body query"),
    updateInboundItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateClaimInboundItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimReturnPreviewResponse>("POST /admin/claims/{id}/inbound/items/{actionId}", "id actionId body query"),
    removeInboundItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimReturnPreviewResponse>("DELETE /admin/claims/{id}/inbound/items/{actionId}", "id actionId query"),
    addInboundShipping: op<[id: string, body: HttpTypes.AdminClaimAddInboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimReturnPreviewResponse>("POST /admin/claims/{id}/inbound/shipping-method", "id body query"),
    updateInboundShipping: op<[id: string, actionId: string, body: HttpTypes.AdminClaimUpdateInboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/inbound/shipping-method/{actionId}", "id actionId body query"),
    deleteInboundShipping: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimReturnPreviewResponse>("DELETE /admin/claims/{id}/inbound/shipping-method/{actionId}", "id actionId query"),
    addOutboundItems: op<[id: string, body: HttpTypes.AdminAddClaimOutboundItems, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/outbound/items", "id body query"),
    updateOutboundItem: op<[id: string, actionId: string, body: HttpTypes.AdminUpdateClaimOutboundItem, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/outbound/items/{actionId}", "id actionId body query"),
    removeOutboundItem: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("DELETE /admin/claims/{id}/outbound/items/{actionId}", "id actionId query"),
    addOutboundShipping: op<[id: string, body: HttpTypes.AdminClaimAddOutboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/outbound/shipping-method", "id body query"),
    updateOutboundShipping: op<[id: string, actionId: string, body: HttpTypes.AdminClaimUpdateOutboundShipping, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("POST /admin/claims/{id}/outbound/shipping-method/{actionId}", "id actionId body query"),
    deleteOutboundShipping: op<[id: string, actionId: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimPreviewResponse>("DELETE /admin/claims/{id}/outbound/shipping-method/{actionId}", "id actionId query"),
    request: op<[id: string, body: HttpTypes.AdminRequestClaim, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimRequestResponse>("POST /admin/claims/{id}/request", "id body query"),
    cancelRequest: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminClaimDeleteResponse>("DELETE /admin/claims/{id}/request", "id query"),
  },
});
