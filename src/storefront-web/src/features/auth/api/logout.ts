import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";
import { CUSTOMER_KEY, useShop } from "../../../lib/shop.js";

/** Forgets the token, the customer's data and their cart (a shared computer keeps nothing). */
export function useLogout() {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  const { setCartId } = useShop();
  return useMutation(async () => {
    await sdk.auth.logout();
    setCartId(null);
    cache.remove(["orders"]);
    cache.remove(["cart"]);
    cache.setData(CUSTOMER_KEY, null);
  });
}
