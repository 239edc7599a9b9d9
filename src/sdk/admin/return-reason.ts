import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Reasons a customer gives for a return. https://docs.medusajs.com/api/admin#return-reasons
 * @example await sdk.admin.returnReason.create({ value: "damaged", label: "Damaged" })
 */
export const returnReason = defineResource({
  name: "returnReason",
  path: "/admin/return-reasons",
  one: "return_reason",
  many: "return_reasons",
  columns: ["id", "value", "label", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#return-reasons",
  methods: {
    list: op<[query?: HttpTypes.AdminReturnReasonListParams, headers?: H], HttpTypes.AdminReturnReasonListResponse>("GET /admin/return-reasons", "query", { list: true }),
    retrieve: op<[id: string, query?: HttpTypes.AdminReturnReasonParams, headers?: H], HttpTypes.AdminReturnReasonResponse>("GET /admin/return-reasons/{id}", "id query"),
    create: op<[body: HttpTypes.AdminCreateReturnReason, query?: HttpTypes.AdminReturnReasonParams, headers?: H], HttpTypes.AdminReturnReasonResponse>("POST /admin/return-reasons", "body query"),
    update: op<[id: string, body: HttpTypes.AdminUpdateReturnReason, query?: HttpTypes.AdminReturnReasonParams, headers?: H], HttpTypes.AdminReturnReasonResponse>("POST /admin/return-reasons/{id}", "id body query"),
    delete: op<[id: string, query?: HttpTypes.AdminReturnReasonParams, headers?: H], HttpTypes.AdminReturnReasonDeleteResponse>("DELETE /admin/return-reasons/{id}", "id query"),
  },
});
