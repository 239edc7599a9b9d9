import type { HttpTypes } from "@medusajs/types";
import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CART_FIELDS, cartKey } from "../../../lib/shop.js";

export async function addShippingMethod(sdk: StoreSdk, cartId: string, optionId: string): Promise<HttpTypes.StoreCart> {
  const { cart } = await sdk.store.cart.addShippingMethod(cartId, { option_id: optionId }, { fields: CART_FIELDS });
  return cart;
}

export function useAddShippingMethod(cartId: string) {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async (optionId: string) => {
    const cart = await addShippingMethod(sdk, cartId, optionId);
    cache.setData(cartKey(cartId), cart);
    return cart;
  });
}
