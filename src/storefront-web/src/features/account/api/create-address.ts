import type { HttpTypes } from "@medusajs/types";
import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";
import { CUSTOMER_KEY } from "../../../lib/shop.js";
import { CUSTOMER_FIELDS } from "./update-customer.js";

export function useCreateAddress() {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async (body: HttpTypes.StoreCreateCustomerAddress) => {
    const { customer } = await sdk.store.customer.createAddress(body, { fields: CUSTOMER_FIELDS });
    cache.setData(CUSTOMER_KEY, customer);
    return customer;
  });
}
