import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

interface PriceRule {
  attribute?: string;
  operator?: string;
  value?: string | number;
}
interface OptionPrice {
  amount?: number;
  currency_code?: string;
  price_rules?: PriceRule[];
}

/**
 * The lowest cart item total at which some delivery option costs nothing, in `currency`. Medusa
 * expresses a free-shipping threshold as a shipping-option price of 0 with an `item_total` rule
 * (`gt`/`gte`); a shop without one gets null and no nudge.
 */
export function freeShippingThreshold(options: { prices?: OptionPrice[] }[], currency: string): number | null {
  let best: number | null = null;
  for (const o of options) {
    for (const p of o.prices ?? []) {
      if (p.amount !== 0 || p.currency_code?.toLowerCase() !== currency.toLowerCase()) continue;
      const rule = (p.price_rules ?? []).find((r) => r.attribute === "item_total" && (r.operator === "gt" || r.operator === "gte"));
      const value = Number(rule?.value);
      if (rule && Number.isFinite(value) && (best === null || value < best)) best = value;
    }
  }
  return best;
}

async function loadThreshold(sdk: StoreSdk, cart: HttpTypes.StoreCart): Promise<number | null> {
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id, fields: "id,*prices,*prices.price_rules" } as never);
  return freeShippingThreshold(shipping_options as { prices?: OptionPrice[] }[], cart.currency_code);
}

/** The cart's free-shipping threshold; keyed by region, since options and currency follow it. */
export function useFreeShippingThreshold(cart: HttpTypes.StoreCart | null | undefined) {
  const sdk = useStoreSdk();
  return useQuery(["free-shipping", cart?.id ?? null, cart?.region_id ?? null], () => loadThreshold(sdk, cart!), { enabled: Boolean(cart?.id) });
}
