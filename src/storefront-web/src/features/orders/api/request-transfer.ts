import { useMutation } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";

/**
 * A logged-in customer asks for an order placed as a guest (or under another account) to be
 * moved to them. Medusa then notifies the order's e-mail address (`order.transfer_requested`),
 * whose owner accepts or declines at `/account/transfers/<order id>?token=…`.
 */
export function useRequestTransfer() {
  const sdk = useStoreSdk();
  return useMutation(async (orderId: string) => {
    const { order } = await sdk.store.order.requestTransfer(orderId, { description: "Requested from the storefront" });
    return order;
  });
}
