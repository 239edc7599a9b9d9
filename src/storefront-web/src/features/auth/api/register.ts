import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CUSTOMER_KEY, useShop } from "../../../lib/shop.js";
import { getCustomer } from "./get-customer.js";
import { login } from "./login.js";

export interface Registration {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

/** Register the identity, create the customer with the registration token, then log in (NOTES.md §10). */
export async function register(sdk: StoreSdk, r: Registration, cartId: string | null): Promise<void> {
  await sdk.auth.register("customer", "emailpass", { email: r.email, password: r.password });
  await sdk.store.customer.create({ email: r.email, first_name: r.first_name, last_name: r.last_name });
  await login(sdk, { email: r.email, password: r.password }, cartId);
}

export function useRegister() {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  const { cartId } = useShop();
  return useMutation(async (r: Registration) => {
    try {
      await register(sdk, r, cartId);
    } catch (e) {
      // A half-made registration must not leave its token behind.
      await sdk.auth.logout().catch(() => {});
      throw e;
    }
    await cache.fetch(CUSTOMER_KEY, () => getCustomer(sdk));
  });
}
