import type { HttpTypes } from "@medusajs/types";
import { useMutation } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

/** Payment refused: Medusa answers 200 with the cart and an error instead of an order. */
export class PaymentError extends Error {
  override name = "PaymentError";
}

export async function completeCart(sdk: StoreSdk, cartId: string): Promise<HttpTypes.StoreOrder> {
  const res = await sdk.store.cart.complete(cartId);
  if (res.type === "order") return res.order;
  throw new PaymentError(res.error?.message || "The payment was not accepted. Your cart is kept; please try again or choose another payment method.");
}

export function useCompleteCart() {
  const sdk = useStoreSdk();
  return useMutation((cartId: string) => completeCart(sdk, cartId));
}
