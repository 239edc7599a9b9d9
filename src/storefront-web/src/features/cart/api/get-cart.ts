import type { HttpTypes } from "@medusajs/types";
import { isNotFound } from "../../../lib/errors.js";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CART_FIELDS, cartKey, useShop } from "../../../lib/shop.js";

/** The cart, or null when it no longer exists or was already turned into an order. */
export async function getCart(sdk: StoreSdk, id: string): Promise<HttpTypes.StoreCart | null> {
  try {
    const { cart } = await sdk.store.cart.retrieve(id, { fields: `${CART_FIELDS},completed_at` });
    return cart.completed_at ? null : cart;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

export function useCart() {
  const sdk = useStoreSdk();
  const { cartId, setCartId } = useShop();
  return useQuery(
    cartKey(cartId),
    async () => {
      const cart = await getCart(sdk, cartId!);
      if (!cart) setCartId(null);
      return cart;
    },
    { enabled: Boolean(cartId) },
  );
}

export const itemCount = (cart: HttpTypes.StoreCart | null | undefined): number =>
  (cart?.items ?? []).reduce((n, i) => n + (i.quantity ?? 0), 0);
