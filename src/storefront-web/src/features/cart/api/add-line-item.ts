import type { HttpTypes } from "@medusajs/types";
import { isNotFound } from "../../../lib/errors.js";
import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CART_FIELDS, cartKey, useShop } from "../../../lib/shop.js";

export interface AddLineItemInput {
  cartId: string | null;
  regionId: string;
  /** The shopper's country: a new cart knows it from the start, so its prices carry the right tax. */
  countryCode: string;
  variantId: string;
  quantity: number;
}

/** Adds a line; without a cart (or when it expired) it creates one in the shopper's region and country. */
export async function addLineItem(sdk: StoreSdk, input: AddLineItemInput): Promise<HttpTypes.StoreCart> {
  const item = { variant_id: input.variantId, quantity: input.quantity };
  if (input.cartId) {
    try {
      const { cart } = await sdk.store.cart.createLineItem(input.cartId, item, { fields: CART_FIELDS });
      return cart;
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }
  const { cart } = await sdk.store.cart.create({ region_id: input.regionId, shipping_address: { country_code: input.countryCode }, items: [item] }, { fields: CART_FIELDS });
  return cart;
}

export function useAddToCart() {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  const { cartId, setCartId, region, countryCode } = useShop();
  return useMutation(async ({ variantId, quantity }: { variantId: string; quantity: number }) => {
    const cart = await addLineItem(sdk, { cartId, regionId: region.id, countryCode, variantId, quantity });
    cache.setData(cartKey(cart.id), cart);
    if (cart.id !== cartId) setCartId(cart.id);
    return cart;
  });
}
