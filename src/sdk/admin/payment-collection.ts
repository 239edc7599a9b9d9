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
    create: op<[body: HttpTypes.AdminCreatePaymentCollection, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentCollectionResponse>("POST /admin/payment-collections", "body query"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminDeletePaymentCollectionResponse>("DELETE /admin/payment-collections/{id}", "id"),
    markAsPaid: op<[id: string, body: HttpTypes.AdminMarkPaymentCollectionAsPaid, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentCollectionResponse>("POST /admin/payment-collections/{id}/mark-as-paid", "id body query"),
    createPaymentSession: op<[id: string, body: HttpTypes.AdminInitializePaymentSession, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentCollectionResponse>("POST /admin/payment-collections/{id}/payment-sessions", "id body query"),
  },
});
