import type { HttpTypes } from "@medusajs/types";
import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CART_FIELDS, cartKey } from "../../../lib/shop.js";

/** Sets the contact e-mail and addresses; Medusa recomputes taxes from the shipping country. */
export async function updateCart(sdk: StoreSdk, cartId: string, body: HttpTypes.StoreUpdateCart): Promise<HttpTypes.StoreCart> {
  const { cart } = await sdk.store.cart.update(cartId, body, { fields: CART_FIELDS });
  return cart;
}

export function useUpdateCart(cartId: string) {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async (body: HttpTypes.StoreUpdateCart) => {
    const cart = await updateCart(sdk, cartId, body);
    cache.setData(cartKey(cartId), cart);
    // Options and prices depend on the address.
    cache.invalidate(["shipping-options", cartId]);
    return cart;
  });
}
