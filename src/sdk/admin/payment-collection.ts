import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Payment collections: outstanding amounts of orders. https://docs.medusajs.com/api/admin#payment-collections
 * @example await sdk.admin.paymentCollection.markAsPaid("paycol_123", { order_id: "order_123" })
 */
export const paymentCollection = defineResource({
  name: "paymentCollection",
  path: "/admin/payment-collections",
  one: "payment_collection",
  columns: ["id", "status", "amount", "currency_code"],
  docs: "https://docs.medusajs.com/api/admin#payment-collections",
  methods: {
    /**
     * Create a payment collection. `POST /admin/payment-collections`
     * https://docs.medusajs.com/api/admin#payment-collections
     * @example
     * const { payment_collection } = await sdk.admin.paymentCollection.create({ order_id: "order_123", amount: 10 })
     */
    create: op<[body: HttpTypes.AdminCreatePaymentCollection, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentCollectionResponse>("POST /admin/payment-collections", "body query"),
    /**
     * Delete a payment collection. `DELETE /admin/payment-collections/{id}`
     * https://docs.medusajs.com/api/admin#payment-collections
     * @example
     * const { id, deleted } = await sdk.admin.paymentCollection.delete("pay_col_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminDeletePaymentCollectionResponse>("DELETE /admin/payment-collections/{id}", "id"),
    /**
     * Mark as paid. `POST /admin/payment-collections/{id}/mark-as-paid`
     * https://docs.medusajs.com/api/admin#payment-collections
     * @example
     * const { payment_collection } = await sdk.admin.paymentCollection.markAsPaid("pay_col_123", { order_id: "order_123" })
     */
    markAsPaid: op<[id: string, body: HttpTypes.AdminMarkPaymentCollectionAsPaid, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentCollectionResponse>("POST /admin/payment-collections/{id}/mark-as-paid", "id body query"),
    /**
     * Create payment session. `POST /admin/payment-collections/{id}/payment-sessions`
     * https://docs.medusajs.com/api/admin#payment-collections
     * @example
     * const { payment_collection } = await sdk.admin.paymentCollection.createPaymentSession("pay_col_123", { provider_id: "pp_system_default" })
     */
    createPaymentSession: op<[id: string, body: HttpTypes.AdminInitializePaymentSession, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentCollectionResponse>("POST /admin/payment-collections/{id}/payment-sessions", "id body query"),
  },
});
