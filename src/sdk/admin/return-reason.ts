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
    /**
     * List return reasons. `GET /admin/return-reasons`
     * https://docs.medusajs.com/api/admin#return-reasons
     * @example
     * const { return_reasons, count } = await sdk.admin.returnReason.list({ limit: 20, fields: "id,value" })
     */
    list: op<[query?: HttpTypes.AdminReturnReasonListParams, headers?: H], HttpTypes.AdminReturnReasonListResponse>("GET /admin/return-reasons", "query", { list: true }),
    /**
     * Retrieve one return reason. `GET /admin/return-reasons/{id}`
     * https://docs.medusajs.com/api/admin#return-reasons
     * @example
     * const { return_reason } = await sdk.admin.returnReason.retrieve("rr_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminReturnReasonParams, headers?: H], HttpTypes.AdminReturnReasonResponse>("GET /admin/return-reasons/{id}", "id query"),
    /**
     * Create a return reason. `POST /admin/return-reasons`
     * https://docs.medusajs.com/api/admin#return-reasons
     * @example
     * const { return_reason } = await sdk.admin.returnReason.create({ value: "Summer", label: "Summer" })
     */
    create: op<[body: HttpTypes.AdminCreateReturnReason, query?: HttpTypes.AdminReturnReasonParams, headers?: H], HttpTypes.AdminReturnReasonResponse>("POST /admin/return-reasons", "body query"),
    /**
     * Update a return reason. `POST /admin/return-reasons/{id}`
     * https://docs.medusajs.com/api/admin#return-reasons
     * @example
     * const { return_reason } = await sdk.admin.returnReason.update("rr_123", { value: "Summer", label: "Summer" })
     */
    update: op<[id: string, body: HttpTypes.AdminUpdateReturnReason, query?: HttpTypes.AdminReturnReasonParams, headers?: H], HttpTypes.AdminReturnReasonResponse>("POST /admin/return-reasons/{id}", "id body query"),
    /**
     * Delete a return reason. `DELETE /admin/return-reasons/{id}`
     * https://docs.medusajs.com/api/admin#return-reasons
     * @example
     * const { id, deleted } = await sdk.admin.returnReason.delete("rr_123")
     */
    delete: op<[id: string, query?: HttpTypes.AdminReturnReasonParams, headers?: H], HttpTypes.AdminReturnReasonDeleteResponse>("DELETE /admin/return-reasons/{id}", "id query"),
  },
});
