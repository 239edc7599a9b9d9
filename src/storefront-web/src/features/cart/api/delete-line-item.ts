import type { HttpTypes } from "@medusajs/types";
import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CART_FIELDS, cartKey } from "../../../lib/shop.js";

/** Removes a line; Medusa answers `{deleted, parent: cart}`, and `parent` is the updated cart. */
export async function deleteLineItem(sdk: StoreSdk, cartId: string, lineId: string): Promise<HttpTypes.StoreCart> {
  const res = await sdk.store.cart.deleteLineItem(cartId, lineId, { fields: CART_FIELDS });
  if (res.parent) return res.parent as HttpTypes.StoreCart;
  const { cart } = await sdk.store.cart.retrieve(cartId, { fields: CART_FIELDS });
  return cart;
}

export function useDeleteLineItem(cartId: string) {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async (lineId: string) => {
    const cart = await deleteLineItem(sdk, cartId, lineId);
    cache.setData(cartKey(cartId), cart);
    return cart;
  });
}
