import type { HttpTypes } from "@medusajs/types";
import { shopperBasis } from "../../../../../shared/shopper-price.js";
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

type TaxLined = { tax_lines?: { rate?: number | null }[] | null };

/** The tax rate (percent) Medusa applies to the cart's shipping: its chosen method's, else its items' (the country's default rate). */
export function shippingTaxRate(cart: HttpTypes.StoreCart): number {
  const rate = (x: TaxLined | undefined) => (x?.tax_lines ?? []).reduce((n, l) => n + Number(l.rate ?? 0), 0);
  const method = cart.shipping_methods?.[0] as TaxLined | undefined;
  if (method?.tax_lines?.length) return rate(method);
  return rate(cart.items?.[0] as TaxLined | undefined);
}

/**
 * An option's price as the shopper will pay it: Medusa lists shipping options before tax, and
 * adds the tax once the option is on the cart; where shoppers see prices with VAT the list says
 * the same amount the summary will (5.00 + 19 % = 5.95). Undefined when the option has no price.
 */
export function shippingOptionPrice(o: HttpTypes.StoreCartShippingOption, cart: HttpTypes.StoreCart): number | undefined {
  const p = o.calculated_price as { calculated_amount?: number | null; is_calculated_price_tax_inclusive?: boolean | null } | undefined;
  const amount = p?.calculated_amount ?? o.amount;
  if (typeof amount !== "number") return undefined;
  if (shopperBasis(cart.currency_code) === "excl" || p?.is_calculated_price_tax_inclusive) return amount;
  return Math.round(amount * (1 + shippingTaxRate(cart) / 100) * 1e6) / 1e6;
}
