import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";
import { CUSTOMER_KEY } from "../../../lib/shop.js";

export function useDeleteAddress() {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async (id: string) => {
    await sdk.store.customer.deleteAddress(id);
    cache.invalidate(CUSTOMER_KEY);
  });
}
