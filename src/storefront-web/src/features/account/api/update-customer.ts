import type { HttpTypes } from "@medusajs/types";
import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";
import { CUSTOMER_KEY } from "../../../lib/shop.js";

export const CUSTOMER_FIELDS = "id,email,first_name,last_name,phone,*addresses";

export function useUpdateCustomer() {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async (body: HttpTypes.StoreUpdateCustomer) => {
    const { customer } = await sdk.store.customer.update(body, { fields: CUSTOMER_FIELDS });
    cache.setData(CUSTOMER_KEY, customer);
    return customer;
  });
}
