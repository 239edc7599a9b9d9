import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CART_FIELDS, CUSTOMER_KEY, cartKey, useShop } from "../../../lib/shop.js";
import { getCustomer } from "./get-customer.js";

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Logs the customer in (JWT kept in browser storage by the SDK) and hands a guest cart over to
 * them, so what they put in it before logging in ends up in their order history.
 */
export async function login(sdk: StoreSdk, credentials: Credentials, cartId: string | null): Promise<void> {
  const result = await sdk.auth.login("customer", "emailpass", { ...credentials });
  if (typeof result !== "string") throw new Error("This account needs a login step the shop does not support yet.");
  if (cartId) {
    try {
      await sdk.store.cart.transferCart(cartId, { fields: CART_FIELDS });
    } catch {
      /* an expired or foreign cart is simply not taken along */
    }
  }
}

export function useLogin() {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  const { cartId } = useShop();
  return useMutation(async (c: Credentials) => {
    await login(sdk, c, cartId);
    // Read the customer before the caller navigates, so account pages do not see the old guest answer.
    await cache.fetch(CUSTOMER_KEY, () => getCustomer(sdk));
    cache.invalidate(cartKey(cartId));
  });
}
