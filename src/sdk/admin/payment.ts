import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Payments: capture and refund. https://docs.medusajs.com/api/admin#payments
 * @example await sdk.admin.payment.capture("pay_123", { amount: 1000 })
 */
export const payment = defineResource({
  name: "payment",
  path: "/admin/payments",
  one: "payment",
  many: "payments",
  columns: ["id", "amount", "currency_code", "provider_id", "captured_at", "canceled_at"],
  docs: "https://docs.medusajs.com/api/admin#payments",
  methods: {
    /**
     * List payments. `GET /admin/payments`
     * https://docs.medusajs.com/api/admin#payments
     * @example
     * const { payments, count } = await sdk.admin.payment.list({ limit: 20, fields: "id,amount" })
     */
    list: op<[query?: HttpTypes.AdminPaymentFilters, headers?: H], HttpTypes.AdminPaymentsResponse>("GET /admin/payments", "query", { list: true }),
    /**
     * List payment providers. `GET /admin/payments/payment-providers`
     * https://docs.medusajs.com/api/admin#payments
     * @example
     * const res = await sdk.admin.payment.listPaymentProviders({ limit: 20 })
     */
    listPaymentProviders: op<[query?: HttpTypes.AdminGetPaymentProvidersParams, headers?: H], HttpTypes.AdminPaymentProviderListResponse>("GET /admin/payments/payment-providers", "query"),
    /**
     * Retrieve one payment. `GET /admin/payments/{id}`
     * https://docs.medusajs.com/api/admin#payments
     * @example
     * const { payment } = await sdk.admin.payment.retrieve("pay_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentResponse>("GET /admin/payments/{id}", "id query"),
    /**
     * Capture. `POST /admin/payments/{id}/capture`
     * https://docs.medusajs.com/api/admin#payments
     * @example
     * const { payment } = await sdk.admin.payment.capture("pay_123", { amount: 10 })
     */
    capture: op<[id: string, body: HttpTypes.AdminCapturePayment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentResponse>("POST /admin/payments/{id}/capture", "id body query"),
    /**
     * Refund. `POST /admin/payments/{id}/refund`
     * https://docs.medusajs.com/api/admin#payments
     * @example
     * const { payment } = await sdk.admin.payment.refund("pay_123", { amount: 10 })
     */
    refund: op<[id: string, body: HttpTypes.AdminRefundPayment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentResponse>("POST /admin/payments/{id}/refund", "id body query"),
  },
});
