import type { HttpTypes } from "@medusajs/types";
import { formatMoney } from "../../../../../shared/format.js";
import { freeShippingProgress, useFreeShippingThreshold } from "../api/free-shipping.js";

/**
 * "€12.00 more for free shipping", with a meter; "Your order ships for free." once the cart
 * qualifies; nothing when the region has no threshold. Measured on the figure Medusa's rule uses.
 */
export function FreeShippingNudge({ cart }: { cart: HttpTypes.StoreCart }) {
  const threshold = useFreeShippingThreshold(cart);
  const limit = threshold.data;
  if (limit === null || limit === undefined) return null;
  const { total, missing, reached } = freeShippingProgress(cart, limit);
  return (
    <div className="nudge">
      <p>
        {reached ? (
          "Your order ships for free."
        ) : (
          <>
            Add <strong>{formatMoney(missing, cart.currency_code)}</strong> more to get free shipping.
          </>
        )}
      </p>
      <meter min={0} max={limit.value} value={Math.min(total, limit.value)} aria-label="Progress towards free shipping" />
    </div>
  );
}
