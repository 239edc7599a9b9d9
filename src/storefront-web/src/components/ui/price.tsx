import { formatMoney } from "../../../../shared/format.js";

/** An amount in major units; a sale shows the original struck through and says so in words; `note` says what the amount holds ("incl. VAT"). */
export function Price({ amount, currency, original, note }: { amount: number | null | undefined; currency: string | null | undefined; original?: number | null; note?: string }) {
  if (amount === null || amount === undefined) return <span className="price price-missing">Price not available</span>;
  const onSale = typeof original === "number" && original > amount;
  return (
    <span className="price">
      {onSale ? (
        <>
          <span className="visually-hidden">Sale price </span>
          <span className="price-sale">{formatMoney(amount, currency)}</span>{" "}
          <s className="price-original">
            <span className="visually-hidden">Original price </span>
            {formatMoney(original, currency)}
          </s>
        </>
      ) : (
        formatMoney(amount, currency)
      )}
      {note ? <span className="price-note"> {note}</span> : null}
    </span>
  );
}
