import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

export async function listPaymentProviders(sdk: StoreSdk, regionId: string): Promise<HttpTypes.StorePaymentProvider[]> {
  const { payment_providers } = await sdk.store.payment.listPaymentProviders({ region_id: regionId });
  return payment_providers;
}

export function usePaymentProviders(regionId: string) {
  const sdk = useStoreSdk();
  return useQuery(["payment-providers", regionId], () => listPaymentProviders(sdk, regionId));
}

/** People-facing names of the providers Medusa ships; others show their id. */
export function providerName(id: string): string {
  if (id === "pp_system_default") return "Manual payment (pay on invoice)";
  if (id.startsWith("pp_stripe")) return "Card (Stripe)";
  return id.replace(/^pp_/, "").replace(/_/g, " ");
}
