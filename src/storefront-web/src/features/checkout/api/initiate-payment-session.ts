import type { HttpTypes } from "@medusajs/types";
import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CART_FIELDS, cartKey } from "../../../lib/shop.js";

/**
 * Starts a payment session with the chosen provider, then reads the cart back so its payment
 * collection is current. It must come after the last cart change: changing the shipping method
 * afterwards drops the session (NOTES.md §9).
 */
export async function initiatePaymentSession(sdk: StoreSdk, cart: HttpTypes.StoreCart, providerId: string): Promise<HttpTypes.StoreCart> {
  await sdk.store.payment.initiatePaymentSession(cart, { provider_id: providerId });
  const { cart: fresh } = await sdk.store.cart.retrieve(cart.id, { fields: CART_FIELDS });
  return fresh;
}

export function useInitiatePaymentSession() {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async ({ cart, providerId }: { cart: HttpTypes.StoreCart; providerId: string }) => {
    const fresh = await initiatePaymentSession(sdk, cart, providerId);
    cache.setData(cartKey(cart.id), fresh);
    return fresh;
  });
}
