/**
 * The price a shopper sees and what the storefront says about its tax: the light half of the
 * money rules, apart from the breakdown (money.ts), so a storefront page that shows prices does
 * not download the breakdown it needs only for a cart.
 */
export type TaxBasis = "excl" | "incl";

const GST = new Set(["aud", "nzd", "sgd", "inr", "myr"]);
const SALES_TAX = new Set(["usd", "cad"]);

/** What people call the tax in that currency's country: VAT in Europe and most places, GST in a few, plain "Tax" where it is a sales tax. */
export function taxNameFor(currency: string | null | undefined): string {
  const c = (currency ?? "").toLowerCase();
  if (GST.has(c)) return "GST";
  if (SALES_TAX.has(c)) return "Tax";
  return "VAT";
}

/**
 * The basis a shopper sees prices in, by the currency's kind of tax: where the tax is a VAT or GST
 * (Europe and most of the world) shoppers see prices with it, as the law there asks; where it is a
 * sales tax added at the till (the US and Canada) they see prices before it. One rule for every
 * page of the storefront, from the listing to the receipt.
 */
export function shopperBasis(currency: string | null | undefined): TaxBasis {
  return taxNameFor(currency) === "Tax" ? "excl" : "incl";
}

/** What a shopper is told, once per page, about the prices they see. */
export function shopperBasisNote(currency: string | null | undefined): string {
  const name = taxNameFor(currency);
  return shopperBasis(currency) === "incl" ? `Prices include ${name}.` : name === "Tax" ? "Prices exclude sales tax; it is added at checkout." : `Prices exclude ${name}; it is added at checkout.`;
}

/** What a store API variant price holds (`*variants.calculated_price`, with `country_code` for the tax). */
export interface CalculatedPriceLike {
  calculated_amount?: number | null;
  original_amount?: number | null;
  calculated_amount_with_tax?: number | null;
  original_amount_with_tax?: number | null;
  calculated_amount_without_tax?: number | null;
  is_calculated_price_tax_inclusive?: boolean | null;
  currency_code?: string | null;
}

export interface ShopperPrice {
  amount: number;
  original?: number;
  currency: string;
  /** "incl. VAT" when the amount contains tax, so a shopper knows what the number is. */
  taxNote?: string;
}

/**
 * The price a shopper will pay, in the shopper's basis (shopperBasis): with tax where they see
 * prices with it and the store API computed it (it does when the request names the shopper's
 * `country_code` and the region has automatic taxes), before tax where tax is added at the till.
 * `taxNote` says which, for the one place a page says so.
 */
export function shopperPrice(p: CalculatedPriceLike | null | undefined, basis: TaxBasis = shopperBasis(p?.currency_code)): ShopperPrice | undefined {
  if (!p || typeof p.calculated_amount !== "number") return undefined;
  const currency = p.currency_code ?? "";
  const withTax = typeof p.calculated_amount_with_tax === "number" ? p.calculated_amount_with_tax : undefined;
  const inclusive = p.is_calculated_price_tax_inclusive === true;
  const withoutTax = typeof p.calculated_amount_without_tax === "number" ? p.calculated_amount_without_tax : inclusive ? undefined : p.calculated_amount;
  if (basis === "excl" && withoutTax !== undefined) {
    const original = typeof p.original_amount === "number" && !inclusive ? p.original_amount : undefined;
    return { amount: withoutTax, original, currency, taxNote: withTax !== undefined && withTax - withoutTax > 1e-9 ? "before tax" : undefined };
  }
  const amount = withTax ?? p.calculated_amount;
  const original = typeof p.original_amount_with_tax === "number" && withTax !== undefined ? p.original_amount_with_tax : (p.original_amount ?? undefined);
  const holdsTax = inclusive || (withTax !== undefined && (withoutTax === undefined || withTax - withoutTax > 1e-9));
  return { amount, original: original ?? undefined, currency, taxNote: holdsTax ? `incl. ${taxNameFor(currency)}` : undefined };
}
