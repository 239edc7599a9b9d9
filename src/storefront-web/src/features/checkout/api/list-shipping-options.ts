import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

export async function listShippingOptions(sdk: StoreSdk, cartId: string): Promise<HttpTypes.StoreCartShippingOption[]> {
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cartId });
  return shipping_options;
}

export function useShippingOptions(cartId: string, enabled = true) {
  const sdk = useStoreSdk();
  return useQuery(["shipping-options", cartId], () => listShippingOptions(sdk, cartId), { enabled });
}
