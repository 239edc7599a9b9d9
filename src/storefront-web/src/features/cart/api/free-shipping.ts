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

/** Where free shipping starts: an item total of `value`, reached at it (`gte`) or only above it (`gt`). */
export interface FreeShippingThreshold {
  value: number;
  inclusive: boolean;
}

/**
 * The lowest cart item total at which some delivery option costs nothing, in `currency`. Medusa
 * expresses a free-shipping threshold as a shipping-option price of 0 with an `item_total` rule
 * (`gt`/`gte`); a shop without one gets null and no nudge.
 */
export function freeShippingThreshold(options: { prices?: OptionPrice[] }[], currency: string): FreeShippingThreshold | null {
  let best: FreeShippingThreshold | null = null;
  for (const o of options) {
    for (const p of o.prices ?? []) {
      if (p.amount !== 0 || p.currency_code?.toLowerCase() !== currency.toLowerCase()) continue;
      const rule = (p.price_rules ?? []).find((r) => r.attribute === "item_total" && (r.operator === "gt" || r.operator === "gte"));
      const value = Number(rule?.value);
      if (!rule || !Number.isFinite(value)) continue;
      const inclusive = rule.operator === "gte";
      if (!best || value < best.value || (value === best.value && inclusive)) best = { value, inclusive };
    }
  }
  return best;
}

/**
 * How far the cart is from free shipping, measured as Medusa measures it: the rule's attribute
 * `item_total` is the cart's own `item_total` (the items with tax, after discounts), so the
 * nudge compares that figure, never the pre-tax subtotal a page may show beside it.
 */
export function freeShippingProgress(cart: Pick<HttpTypes.StoreCart, "item_total">, threshold: FreeShippingThreshold): { total: number; missing: number; reached: boolean } {
  const total = Number(cart.item_total ?? 0);
  const reached = total > 0 && (threshold.inclusive ? total >= threshold.value - 1e-9 : total > threshold.value + 1e-9);
  return { total, missing: reached ? 0 : Math.max(0.01, threshold.value - total), reached };
}

async function loadThreshold(sdk: StoreSdk, cart: HttpTypes.StoreCart): Promise<FreeShippingThreshold | null> {
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id, fields: "id,*prices,*prices.price_rules" } as never);
  return freeShippingThreshold(shipping_options as { prices?: OptionPrice[] }[], cart.currency_code);
}

/** The cart's free-shipping threshold; keyed by region, since options and currency follow it. */
export function useFreeShippingThreshold(cart: HttpTypes.StoreCart | null | undefined) {
  const sdk = useStoreSdk();
  return useQuery(["free-shipping", cart?.id ?? null, cart?.region_id ?? null], () => loadThreshold(sdk, cart!), { enabled: Boolean(cart?.id), clientOnly: true });
}
