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
    list: op<[query?: HttpTypes.AdminPaymentFilters, headers?: H], HttpTypes.AdminPaymentsResponse>("GET /admin/payments", "query", { list: true }),
    listPaymentProviders: op<[query?: HttpTypes.AdminGetPaymentProvidersParams, headers?: H], HttpTypes.AdminPaymentProviderListResponse>("GET /admin/payments/payment-providers", "query"),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentResponse>("GET /admin/payments/{id}", "id query"),
    capture: op<[id: string, body: HttpTypes.AdminCapturePayment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentResponse>("POST /admin/payments/{id}/capture", "id body query"),
    refund: op<[id: string, body: HttpTypes.AdminRefundPayment, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminPaymentResponse>("POST /admin/payments/{id}/refund", "id body query"),
  },
});
