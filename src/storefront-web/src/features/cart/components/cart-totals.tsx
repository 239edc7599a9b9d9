import type { HttpTypes } from "@medusajs/types";
import { formatMoney } from "../../../../../shared/format.js";

type Totals = Pick<HttpTypes.StoreCart, "currency_code" | "item_subtotal" | "subtotal" | "shipping_subtotal" | "shipping_total" | "tax_total" | "discount_total" | "total">;

/**
 * Totals exactly as the server computed them; rounding happens only in formatMoney. Subtotal and
 * shipping are shown before tax (Medusa's shipping_total already includes it), so the lines add up
 * to the total.
 */
export function CartTotals({ cart, label = "Order totals" }: { cart: Totals; label?: string }) {
  const c = cart.currency_code;
  return (
    <dl className="totals" aria-label={label}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(cart.item_subtotal ?? cart.subtotal, c)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>{formatMoney(cart.shipping_subtotal ?? cart.shipping_total, c)}</dd>
      </div>
      {cart.discount_total ? (
        <div>
          <dt>Discount</dt>
          <dd>−{formatMoney(cart.discount_total, c)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Tax</dt>
        <dd>{formatMoney(cart.tax_total, c)}</dd>
      </div>
      <div className="totals-total">
        <dt>Total</dt>
        <dd>{formatMoney(cart.total, c)}</dd>
      </div>
    </dl>
  );
}
