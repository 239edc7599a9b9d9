/**
 * The one money breakdown every front-end shows (CLI `orders show`, the TUI, the storefront).
 *
 * Medusa's totals are exact decimals (not rounded), and some of them already contain others:
 * `item_total` is after discount and with tax, `shipping_total` is with tax, `discount_total` holds
 * the tax the discount removed. Listing them side by side double counts. The identity Medusa itself
 * computes a cart or order total by (utils/totals/cart) is
 *
 *   total = item_subtotal + shipping_subtotal − discount_subtotal + tax_total − credit_line_total
 *
 * with every subtotal before tax. That is the tax-exclusive breakdown. Where the shop's prices
 * include tax (every line `is_tax_inclusive`), people expect the prices they saw, so the same total
 * is told gross: original_item_total + original_shipping_total − discount_total − credit, with
 * "incl. VAT" stated beside it rather than added.
 *
 * Lines are rounded to the currency's minor unit so that the shown lines add up to the shown total
 * to the cent: each is rounded, and the cents that rounding lost or gained are given back to the
 * lines whose rounding moved them most (largest remainder). `--json` keeps Medusa's exact values;
 * this is only for people.
 */
import { formatMoney, minorDigits, toMinor } from "./format.js";
import { shopperBasis, taxNameFor, type TaxBasis } from "./shopper-price.js";

export type MoneyLineKey = "items" | "shipping" | "discount" | "credit" | "tax" | "total";

export interface MoneyLine {
  key: MoneyLineKey;
  label: string;
  /** Medusa's exact value, as a positive amount for a deduction. */
  exact: number;
  /** Rounded to the minor unit, in minor units (cents), positive for a deduction too. */
  minor: number;
  /** +1 adds to the total, −1 is taken off it. */
  sign: 1 | -1;
  /** "€5.95", "−€5.40". */
  text: string;
}

export interface ItemRow {
  id: string;
  title: string;
  /** Product title and variant, for people. */
  variant?: string;
  sku?: string;
  thumbnail?: string | null;
  /** The quantity the amount is for: ordered, less what was returned (Medusa bills that). */
  quantity: number;
  /** Quantity returned and no longer billed (orders only). */
  returned: number;
  /** Unit price in the breakdown's basis; `unit × quantity = amount`. */
  unit: MoneyValue;
  amount: MoneyValue;
  /** The discount on this line in the breakdown's basis (0 when none). */
  discount: MoneyValue;
  /** amount − discount: what the line comes to before tax (excl) or as paid (incl). */
  net: MoneyValue;
}

export interface MoneyValue {
  exact: number;
  minor: number;
  text: string;
}

export interface MoneyBreakdown {
  currency: string;
  basis: TaxBasis;
  /** Decimal places of the currency (2 for EUR, 0 for JPY). */
  digits: number;
  /** "VAT", "GST" or "Tax". */
  taxName: string;
  /** The lines above the total, in order; their signed `minor` values sum to `total.minor`. */
  lines: MoneyLine[];
  total: MoneyLine;
  /** Tax-inclusive basis: the tax the total contains ("incl. VAT €10.18"), not added. */
  taxIncluded?: MoneyValue;
  /** One sentence for people: "Prices include VAT." / "Prices exclude tax; tax is added." */
  basisNote: string;
  items: ItemRow[];
}

/** What the breakdown reads: the fields Medusa returns on a cart or an order (store or admin). */
export interface TotalsLike {
  currency_code?: string | null;
  total?: unknown;
  item_subtotal?: unknown;
  shipping_subtotal?: unknown;
  discount_subtotal?: unknown;
  discount_total?: unknown;
  tax_total?: unknown;
  credit_line_total?: unknown;
  original_item_total?: unknown;
  original_shipping_total?: unknown;
  shipping_total?: unknown;
  items?: ItemLike[] | null;
  shipping_methods?: { is_tax_inclusive?: boolean | null; subtotal?: unknown; amount?: unknown }[] | null;
}

export interface ItemLike {
  id: string;
  title?: string | null;
  product_title?: string | null;
  variant_title?: string | null;
  variant_sku?: string | null;
  thumbnail?: string | null;
  quantity?: unknown;
  unit_price?: unknown;
  subtotal?: unknown;
  original_total?: unknown;
  discount_subtotal?: unknown;
  discount_total?: unknown;
  is_tax_inclusive?: boolean | null;
  detail?: { return_received_quantity?: unknown; return_dismissed_quantity?: unknown } | null;
  created_at?: unknown;
}

const num = (v: unknown): number => {
  if (v === null || v === undefined || v === "") return 0;
  const n = typeof v === "number" ? v : typeof v === "object" && v && "value" in v ? Number((v as { value: unknown }).value) : Number(v);
  return Number.isFinite(n) ? n : 0;
};

const has = (v: unknown): boolean => v !== undefined && v !== null && v !== "";

/** A line's amount before tax for the quantity still billed: Medusa's subtotal, else unit × quantity. */
function lineSubtotal(i: ItemLike): number {
  return has(i.subtotal) ? num(i.subtotal) : num(i.unit_price) * billedQuantity(i);
}

function billedQuantity(i: ItemLike): number {
  return Math.max(0, num(i.quantity) - num(i.detail?.return_received_quantity) - num(i.detail?.return_dismissed_quantity));
}

/** A cart's or an order's breakdown in the shopper's basis (the storefront's one view of money). */
export function shopperBreakdown(t: TotalsLike): MoneyBreakdown {
  return moneyBreakdown(t, { basis: shopperBasis(t.currency_code) });
}

/**
 * Rounds `exact` values to minor units so that their sum equals `target` minor units: each is
 * rounded, then the difference is given one unit at a time to the values whose rounding moved them
 * furthest the other way (ties to the earliest). The difference is at most half a unit per value.
 */
export function roundToSum(exact: number[], target: number, digits: number): number[] {
  const scale = 10 ** digits;
  const rounded = exact.map((x) => toMinor(x, digits));
  let diff = target - rounded.reduce((a, b) => a + b, 0);
  if (diff === 0 || exact.length === 0) return rounded;
  const step = diff > 0 ? 1 : -1;
  // How far each value was rounded against the direction we now need to move it.
  const order = exact
    .map((x, i) => ({ i, r: (x * scale - rounded[i]!) * step }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; diff !== 0; k = (k + 1) % order.length) {
    rounded[order[k]!.i]! += step;
    diff -= step;
  }
  return rounded;
}

function value(minor: number, exact: number, currency: string, digits: number): MoneyValue {
  return { exact, minor, text: formatMoney(minor / 10 ** digits, currency) };
}

/**
 * The breakdown of a cart or an order. `basis` forces one; by default it is tax-inclusive when every
 * item and shipping method is priced with tax included, else tax-exclusive (never a mix).
 */
export function moneyBreakdown(t: TotalsLike, opts: { basis?: TaxBasis } = {}): MoneyBreakdown {
  const currency = (t.currency_code ?? "").toLowerCase();
  const digits = minorDigits(currency);
  const items = [...(t.items ?? [])];
  const methods = t.shipping_methods ?? [];
  const allInclusive = items.length > 0 && items.every((i) => i.is_tax_inclusive === true) && methods.every((m) => m.is_tax_inclusive === true);
  const basis: TaxBasis = opts.basis ?? (allInclusive ? "incl" : "excl");
  const taxName = taxNameFor(currency);

  const total = num(t.total);
  const tax = num(t.tax_total);
  const credit = num(t.credit_line_total);
  // A read that did not ask for every total (BREAKDOWN_FIELDS) still gets the parts it can have:
  // the lines' own subtotals, the methods' amounts, and the discount by Medusa's identity.
  const itemSubtotal = has(t.item_subtotal) ? num(t.item_subtotal) : items.reduce((a, i) => a + lineSubtotal(i), 0);
  const shippingSubtotal = has(t.shipping_subtotal) ? num(t.shipping_subtotal) : methods.reduce((a, m) => a + num((m as { subtotal?: unknown; amount?: unknown }).subtotal ?? (m as { amount?: unknown }).amount), 0);
  const discountSubtotal = has(t.discount_subtotal) ? num(t.discount_subtotal) : Math.max(0, itemSubtotal + shippingSubtotal + tax - credit - total);

  const raw: Omit<MoneyLine, "minor" | "text">[] = [];
  if (basis === "excl") {
    raw.push({ key: "items", label: "Items", exact: itemSubtotal, sign: 1 });
    raw.push({ key: "shipping", label: "Shipping", exact: shippingSubtotal, sign: 1 });
    if (discountSubtotal) raw.push({ key: "discount", label: "Discount", exact: discountSubtotal, sign: -1 });
    raw.push({ key: "tax", label: taxName, exact: tax, sign: 1 });
  } else {
    const itemsGross = t.original_item_total !== undefined && t.original_item_total !== null ? num(t.original_item_total) : items.reduce((a, i) => a + num(i.original_total), 0);
    const discountGross = num(t.discount_total);
    // What is left is shipping with its tax: exact by the identity even when a field was not asked for.
    const shippingGross = t.original_shipping_total !== undefined && t.original_shipping_total !== null ? num(t.original_shipping_total) : total + credit + discountGross - itemsGross;
    raw.push({ key: "items", label: "Items", exact: itemsGross, sign: 1 });
    raw.push({ key: "shipping", label: "Shipping", exact: shippingGross, sign: 1 });
    if (discountGross) raw.push({ key: "discount", label: "Discount", exact: discountGross, sign: -1 });
  }
  if (credit) raw.push({ key: "credit", label: "Credit", exact: credit, sign: -1 });

  const totalMinor = toMinor(total, digits);
  // Round signed values so that they sum to the total, then keep deductions positive.
  const signed = roundToSum(
    raw.map((l) => l.exact * l.sign),
    totalMinor,
    digits,
  );
  const lines: MoneyLine[] = raw.map((l, i) => {
    const minor = signed[i]! * l.sign;
    const text = formatMoney(minor / 10 ** digits, currency);
    return { ...l, minor, text: l.sign < 0 ? `−${text}` : text };
  });
  const totalLine: MoneyLine = { key: "total", label: "Total", exact: total, minor: totalMinor, sign: 1, text: formatMoney(totalMinor / 10 ** digits, currency) };

  const itemsLine = lines.find((l) => l.key === "items")!;
  const rows = itemRows(items, basis, currency, digits, itemsLine.minor);

  return {
    currency,
    basis,
    digits,
    taxName,
    lines,
    total: totalLine,
    taxIncluded: basis === "incl" ? value(toMinor(tax, digits), tax, currency, digits) : undefined,
    basisNote: basis === "incl" ? `Prices include ${taxName}.` : taxName === "Tax" ? "Prices exclude tax; tax is added." : `Prices exclude ${taxName}; ${taxName} is added.`,
    items: rows,
  };
}

function itemRows(items: ItemLike[], basis: TaxBasis, currency: string, digits: number, itemsMinor: number): ItemRow[] {
  const prepared = items.map((i) => {
    const quantity = billedQuantity(i);
    const returned = num(i.quantity) - quantity;
    const inclusive = i.is_tax_inclusive === true;
    // Medusa's subtotal is before tax for the quantity still billed; original_total is with tax.
    const amount = basis === "excl" ? lineSubtotal(i) : num(i.original_total);
    const priced = basis === "excl" ? !inclusive : inclusive;
    const unit = priced ? num(i.unit_price) : quantity ? amount / quantity : 0;
    const discount = basis === "excl" ? num(i.discount_subtotal) : num(i.discount_total);
    return { i, quantity, returned, unit, amount, discount };
  });
  // Rows add up to the Items line; a unit priced in whole cents makes unit × quantity exact too.
  const amounts = roundToSum(
    prepared.map((p) => p.amount),
    itemsMinor,
    digits,
  );
  return prepared.map((p, k) => {
    const discountMinor = toMinor(p.discount, digits);
    const amountMinor = amounts[k]!;
    return {
      id: p.i.id,
      title: p.i.product_title ?? p.i.title ?? "",
      variant: p.i.variant_title ?? undefined,
      sku: p.i.variant_sku ?? undefined,
      thumbnail: p.i.thumbnail,
      quantity: p.quantity,
      returned: p.returned,
      unit: value(toMinor(p.unit, digits), p.unit, currency, digits),
      amount: value(amountMinor, p.amount, currency, digits),
      discount: value(discountMinor, p.discount, currency, digits),
      net: value(amountMinor - discountMinor, p.amount - p.discount, currency, digits),
    };
  });
}

/** The breakdown as aligned text lines ("Items      €53.98"), for the CLI and the TUI. */
export function breakdownText(b: MoneyBreakdown): { label: string; amount: string; bold?: boolean }[] {
  const out: { label: string; amount: string; bold?: boolean }[] = b.lines.map((l) => ({ label: l.label, amount: l.text }));
  out.push({ label: `Total (${b.currency.toUpperCase()})`, amount: b.total.text, bold: true });
  if (b.taxIncluded) out.push({ label: `incl. ${b.taxName}`, amount: b.taxIncluded.text });
  return out;
}

/** The breakdown's item rows by line id in the shopper's basis, for lists that show lines apart from the totals (cart, review, order). */
export function itemRowsById(t: TotalsLike): Map<string, ItemRow> {
  return new Map(shopperBreakdown(t).items.map((r) => [r.id, r]));
}
