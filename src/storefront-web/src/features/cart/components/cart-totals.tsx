import type { TotalsLike } from "../../../../../shared/money.js";
import { Totals } from "../../../components/ui/totals.js";

/** The cart's totals: the shared breakdown, so cart, review and order pages tell the same sum. */
export function CartTotals({ cart, label }: { cart: TotalsLike; label?: string }) {
  return <Totals of={cart} label={label} />;
}
