import type { HttpTypes } from "@medusajs/types";
import { isNotFound } from "../../../lib/errors.js";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CART_FIELDS, cartCountryUpdate, cartKey, useShop } from "../../../lib/shop.js";

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

/**
 * The shopper's cart, in the country of the page: a cart made before it knew the country (or in
 * another one) is moved there first, so its tax, prices and free-shipping nudge are the ones the
 * shopper will pay (lib/shop.tsx, cartCountryUpdate).
 */
export function useCart() {
  const sdk = useStoreSdk();
  const { cartId, setCartId, region, countryCode, unknownCountry } = useShop();
  return useQuery(
    cartKey(cartId),
    async () => {
      const cart = await getCart(sdk, cartId!);
      if (!cart) {
        setCartId(null);
        return cart;
      }
      // A page of a country the shop does not sell to (a 404) moves nothing.
      const move = unknownCountry ? null : cartCountryUpdate(cart, region.id, countryCode);
      if (!move) return cart;
      const { cart: moved } = await sdk.store.cart.update(cart.id, move, { fields: CART_FIELDS });
      return moved;
    },
    { enabled: Boolean(cartId), clientOnly: true },
  );
}

export const itemCount = (cart: HttpTypes.StoreCart | null | undefined): number =>
  (cart?.items ?? []).reduce((n, i) => n + (i.quantity ?? 0), 0);
