import { shopperBreakdown, type MoneyBreakdown, type TotalsLike } from "../../../../shared/money.js";

/**
 * The one money breakdown (src/shared/money.ts) of a cart or an order: the lines shown add up to
 * the total to the cent, in the shopper's basis (prices with VAT where shoppers see them so, the
 * same as the product pages showed; before a sales tax that is added), said once below.
 */
export function Totals({ of, label = "Order totals" }: { of: TotalsLike; label?: string }) {
  return <BreakdownList b={shopperBreakdown(of)} label={label} />;
}

export function BreakdownList({ b, label }: { b: MoneyBreakdown; label: string }) {
  return (
    <div className="totals-box">
      <dl className="totals" aria-label={label}>
        {b.lines.map((l) => (
          <div key={l.key} data-line={l.key}>
            <dt>{l.label}</dt>
            <dd>{l.text}</dd>
          </div>
        ))}
        <div className="totals-total" data-line="total">
          <dt>
            Total <span className="totals-currency">{b.currency.toUpperCase()}</span>
          </dt>
          <dd>{b.total.text}</dd>
        </div>
        {b.taxIncluded ? (
          <div className="totals-note" data-line="tax-included">
            <dt>incl. {b.taxName}</dt>
            <dd>{b.taxIncluded.text}</dd>
          </div>
        ) : null}
      </dl>
      <p className="totals-basis">{b.basisNote}</p>
    </div>
  );
}
