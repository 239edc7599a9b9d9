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
    list: op<[query?: HttpTypes.AdminRefundReasonListParams, headers?: H], HttpTypes.RefundReasonsResponse>("GET /admin/refund-reasons", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminRefundReasonParams, headers?: H], HttpTypes.AdminRefundReasonResponse>("GET /admin/refund-reasons/{id}", "id query"),
    create: op<[body: HttpTypes.AdminCreateRefundReason, query?: HttpTypes.AdminRefundReasonParams, headers?: H], HttpTypes.AdminRefundReasonResponse>("POST /admin/refund-reasons", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateRefundReason, query?: HttpTypes.AdminRefundReasonParams, headers?: H], HttpTypes.AdminRefundReasonResponse>("POST /admin/refund-reasons/{id}", "id body query"),
    delete: op<[id: string, query?: HttpTypes.AdminRefundReasonParams, headers?: H], HttpTypes.AdminRefundReasonDeleteResponse>("DELETE /admin/refund-reasons/{id}", "id query"),
  },
});
