import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";
import { handWritten, send } from "../admin/helpers.js";

/**
 * Payment providers and payment sessions of a cart. https://docs.medusajs.com/api/store#payment-providers
 * @example await sdk.store.payment.initiatePaymentSession(cart, { provider_id: "pp_system_default" })
 */
export const payment = defineResource({
  name: "payment",
  path: "/store/payment-providers",
  one: "payment_provider",
  many: "payment_providers",
  columns: ["id", "is_enabled"],
  docs: "https://docs.medusajs.com/api/store#payment-providers",
  methods: {
    /**
     * List payment providers. `GET /store/payment-providers`
     * https://docs.medusajs.com/api/store#payment-providers
     * @example
     * const { payment_providers, count } = await sdk.store.payment.listPaymentProviders({ limit: 20 })
     */
    listPaymentProviders: op<[query?: HttpTypes.FindParams & HttpTypes.StorePaymentProviderFilters, headers?: H], HttpTypes.StorePaymentProviderListResponse>("GET /store/payment-providers", "query"),
    /**
     * Creates the cart's payment collection when it has none, then POST /store/payment-collections/{id}/payment-sessions. `POST /store/payment-collections`
     * https://docs.medusajs.com/api/store#payment-providers
     * @example
     * const { payment_collection } = await sdk.store.payment.initiatePaymentSession("cart_123", { provider_id: "pp_system_default" })
     */
    initiatePaymentSession: handWritten<[cart: HttpTypes.StoreCart, body: HttpTypes.StoreInitializePaymentSession, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.StorePaymentCollectionResponse>(
      "POST /store/payment-collections",
      "cart body query headers",
      async (ctx, cart: HttpTypes.StoreCart, body, query, headers, options) => {
        // A cart without a payment collection gets one first, as in the js-sdk.
        let collectionId = cart.payment_collection?.id;
        if (!collectionId) {
          const created = await send<HttpTypes.StorePaymentCollectionResponse>(ctx, "POST /store/payment-collections", { body: { cart_id: cart.id }, headers }, options);
          collectionId = created.payment_collection.id;
        }
        return send(ctx, "POST /store/payment-collections/{id}/payment-sessions", { params: { id: collectionId }, body, query, headers }, options);
      },
      "Creates the cart's payment collection when it has none, then POST /store/payment-collections/{id}/payment-sessions.",
    ),
  },
});
