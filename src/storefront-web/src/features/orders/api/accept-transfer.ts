import { useMutation, useQueryCache } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";

/** Accepts an order transfer with the token from the e-mailed link (sent in the body, not a URL). */
export function useAcceptTransfer(orderId: string) {
  const sdk = useStoreSdk();
  const cache = useQueryCache();
  return useMutation(async (token: string) => {
    const { order } = await sdk.store.order.acceptTransfer(orderId, { token });
    cache.invalidate(["orders"]);
    return order;
  });
}
