import type { HttpTypes } from "@medusajs/types";
import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CART_FIELDS, cartKey } from "../../../lib/shop.js";

export async function updateLineItem(sdk: StoreSdk, cartId: string, lineId: string, quantity: number): Promise<HttpTypes.StoreCart> {
  const { cart } = await sdk.store.cart.updateLineItem(cartId, lineId, { quantity }, { fields: CART_FIELDS });
  return cart;
}

export function useUpdateLineItem(cartId: string) {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async ({ lineId, quantity }: { lineId: string; quantity: number }) => {
    const cart = await updateLineItem(sdk, cartId, lineId, quantity);
    cache.setData(cartKey(cartId), cart);
    return cart;
  });
}
