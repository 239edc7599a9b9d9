import type { HttpTypes } from "@medusajs/types";
import { formatMoney } from "../../../../../shared/format.js";
import { useFreeShippingThreshold } from "../api/free-shipping.js";

/** "€12.00 more for free shipping", with a meter; nothing when the region has no threshold. */
export function FreeShippingNudge({ cart }: { cart: HttpTypes.StoreCart }) {
  const threshold = useFreeShippingThreshold(cart);
  const limit = threshold.data;
  if (limit === null || limit === undefined) return null;
  const total = Number(cart.item_total ?? cart.item_subtotal ?? 0);
  const missing = Math.max(0, limit - total);
  const reached = missing === 0 && total > 0;
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
      <meter min={0} max={limit} value={Math.min(total, limit)} aria-label="Progress towards free shipping" />
    </div>
  );
}
