import type { HttpTypes } from "@medusajs/types";
import { isUnauthorized } from "../../../lib/errors.js";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";
import { CUSTOMER_KEY } from "../../../lib/shop.js";

/** The logged-in customer, or null for a guest (no token, or one the server no longer accepts). */
export async function getCustomer(sdk: StoreSdk): Promise<HttpTypes.StoreCustomer | null> {
  try {
    const { customer } = await sdk.store.customer.retrieve({ fields: "id,email,first_name,last_name,phone,*addresses" });
    return customer;
  } catch (e) {
    if (isUnauthorized(e)) {
      // An expired JWT is useless; forget it so guests are not sent a dead token.
      await sdk.auth.logout();
      return null;
    }
    throw e;
  }
}

export function useCustomer() {
  const sdk = useStoreSdk();
  return useQuery(CUSTOMER_KEY, async () => ((await sdk.hasSession()) ? getCustomer(sdk) : null), { clientOnly: true });
}
