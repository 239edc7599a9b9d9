import { useMutation } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";

export function useDeclineTransfer(orderId: string) {
  const sdk = useStoreSdk();
  return useMutation(async (token: string) => {
    const { order } = await sdk.store.order.declineTransfer(orderId, { token });
    return order;
  });
}
