import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Reasons given for refunds. https://docs.medusajs.com/api/admin#refund-reasons
 * @example await sdk.admin.refundReason.create({ label: "Goodwill", code: "goodwill" })
 */
export const refundReason = defineResource({
  name: "refundReason",
  path: "/admin/refund-reasons",
  one: "refund_reason",
  many: "refund_reasons",
  columns: ["id", "label", "code", "description"],
  docs: "https://docs.medusajs.com/api/admin#refund-reasons",
  methods: {
    /**
     * List refund reasons. `GET /admin/refund-reasons`
     * https://docs.medusajs.com/api/admin#refund-reasons
     * @example
     * const { refund_reasons, count } = await sdk.admin.refundReason.list({ limit: 20, fields: "id,label" })
     */
    list: op<[query?: HttpTypes.AdminRefundReasonListParams, headers?: H], HttpTypes.RefundReasonsResponse>("GET /admin/refund-reasons", "query", { list: true }),
    /**
     * Retrieve one refund reason. `GET /admin/refund-reasons/{id}`
     * https://docs.medusajs.com/api/admin#refund-reasons
     * @example
     * const { refund_reason } = await sdk.admin.refundReason.retrieve("refr_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminRefundReasonParams, headers?: H], HttpTypes.AdminRefundReasonResponse>("GET /admin/refund-reasons/{id}", "id query"),
    /**
     * Create a refund reason. `POST /admin/refund-reasons`
     * https://docs.medusajs.com/api/admin#refund-reasons
     * @example
     * const { refund_reason } = await sdk.admin.refundReason.create({ label: "Summer", code: "SUMMER10" })
     */
    create: op<[body: HttpTypes.AdminCreateRefundReason, query?: HttpTypes.AdminRefundReasonParams, headers?: H], HttpTypes.AdminRefundReasonResponse>("POST /admin/refund-reasons", "body query"),
    /**
     * Update a refund reason. `POST /admin/refund-reasons/{id}`
     * https://docs.medusajs.com/api/admin#refund-reasons
     * @example
     * const { refund_reason } = await sdk.admin.refundReason.update("refr_123", { label: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateRefundReason, query?: HttpTypes.AdminRefundReasonParams, headers?: H], HttpTypes.AdminRefundReasonResponse>("POST /admin/refund-reasons/{id}", "id body query"),
    /**
     * Delete a refund reason. `DELETE /admin/refund-reasons/{id}`
     * https://docs.medusajs.com/api/admin#refund-reasons
     * @example
     * const { id, deleted } = await sdk.admin.refundReason.delete("refr_123")
     */
    delete: op<[id: string, query?: HttpTypes.AdminRefundReasonParams, headers?: H], HttpTypes.AdminRefundReasonDeleteResponse>("DELETE /admin/refund-reasons/{id}", "id query"),
  },
});
