import type { HttpTypes } from "@medusajs/types";
import { isApiError } from "medusactl/sdk/store";
import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CART_FIELDS, cartKey } from "../../../lib/shop.js";

/**
 * Adds a promotion code. Medusa 2.21 refuses an unknown or inactive code with
 * 400 invalid_data "The promotion code X is invalid", which the form shows as is. Its codes are
 * case-sensitive and shops print them in capitals, while shoppers type "welcome10": a code
 * refused as typed is tried again in capitals, then in small letters, before the refusal stands.
 */
export async function applyPromotion(sdk: StoreSdk, cartId: string, code: string): Promise<HttpTypes.StoreCart> {
  const tries = [...new Set([code, code.toUpperCase(), code.toLowerCase()])];
  let refusal: unknown;
  for (const c of tries) {
    try {
      const { cart } = await sdk.store.cart.addPromotions(cartId, { promo_codes: [c] }, { fields: CART_FIELDS });
      return cart;
    } catch (e) {
      if (!isApiError(e) || e.status !== 400) throw e;
      refusal ??= e;
    }
  }
  throw refusal;
}

export async function removePromotion(sdk: StoreSdk, cartId: string, code: string): Promise<HttpTypes.StoreCart> {
  const { cart } = await sdk.store.cart.removePromotions(cartId, { promo_codes: [code] }, { fields: CART_FIELDS });
  return cart;
}

export function useApplyPromotion(cartId: string) {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async (code: string) => {
    const cart = await applyPromotion(sdk, cartId, code);
    cache.setData(cartKey(cartId), cart);
    // The delivery prices can depend on the cart's total (a free-shipping threshold).
    cache.invalidate(["shipping-options", cartId]);
    return cart;
  });
}

export function useRemovePromotion(cartId: string) {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async (code: string) => {
    const cart = await removePromotion(sdk, cartId, code);
    cache.setData(cartKey(cartId), cart);
    cache.invalidate(["shipping-options", cartId]);
    return cart;
  });
}

/** The codes applied to the cart (automatic promotions have none and are not listed). */
export const appliedCodes = (cart: HttpTypes.StoreCart): string[] =>
  (cart.promotions ?? []).map((p) => p.code).filter((c): c is string => Boolean(c));
