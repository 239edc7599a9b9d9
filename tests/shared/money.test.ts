import { describe, expect, it } from "vitest";
import { formatMoney, minorDigits, roundMoney, toMinor } from "../../src/shared/format.js";
import { moneyBreakdown, roundToSum, type TotalsLike } from "../../src/shared/money.js";
import { taxNameFor } from "../../src/shared/shopper-price.js";

/** Signed sum of the shown lines, in minor units. */
const shownSum = (b: ReturnType<typeof moneyBreakdown>) => b.lines.reduce((a, l) => a + l.sign * l.minor, 0);

// Totals as Medusa 2.21 computed them for real carts (2 × €19.99, WELCOME10, DE 19 %; and the same
// shop with tax-inclusive region prices, LU 17 %): the shapes the breakdown reads, exact decimals.
const exclusive: TotalsLike = {
  currency_code: "eur",
  total: 48.76858,
  item_subtotal: 39.98,
  shipping_subtotal: 5,
  shipping_total: 5.95,
  tax_total: 7.78658,
  discount_total: 4.75762,
  discount_subtotal: 3.998,
  credit_line_total: 0,
  original_item_total: 47.5762,
  original_shipping_total: 5.95,
  items: [{ id: "a", title: "Classic T-Shirt", quantity: 2, unit_price: 19.99, subtotal: 39.98, original_total: 47.5762, discount_subtotal: 3.998, discount_total: 4.75762, is_tax_inclusive: false }],
  shipping_methods: [{ is_tax_inclusive: false }],
};
const inclusive: TotalsLike = {
  currency_code: "eur",
  total: 49.882,
  item_subtotal: 42.717948717948715,
  shipping_subtotal: 4.188034188034188,
  tax_total: 7.247811965811966,
  discount_total: 4.998,
  discount_subtotal: 4.271794871794872,
  credit_line_total: 0,
  original_item_total: 49.98,
  original_shipping_total: 4.9,
  items: [{ id: "a", title: "Tee", quantity: 2, unit_price: 24.99, subtotal: 42.717948717948715, original_total: 49.98, discount_subtotal: 4.271794871794872, discount_total: 4.998, is_tax_inclusive: true }],
  shipping_methods: [{ is_tax_inclusive: true }],
};

describe("format: minor units", () => {
  it("knows each currency's decimals", () => {
    expect(minorDigits("eur")).toBe(2);
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("kwd")).toBe(3);
    expect(minorDigits("not-a-currency")).toBe(2);
  });
  it("rounds half away from zero on the decimal a person reads, not the binary double", () => {
    expect(toMinor(1.005, 2)).toBe(101);
    expect(toMinor(-1.005, 2)).toBe(-101);
    expect(toMinor(46.38977, 2)).toBe(4639);
    expect(toMinor(-0.001, 2)).toBe(0);
    expect(Object.is(toMinor(-0.001, 2), -0)).toBe(false);
    expect(roundMoney(46.38977, "eur")).toBe(46.39);
    expect(roundMoney(1234.5, "jpy")).toBe(1235);
    expect(formatMoney(1.005, "eur")).toBe("€1.01");
    expect(formatMoney(46.38977, "usd")).toBe("$46.39");
  });
});

describe("roundToSum", () => {
  it("gives the cents that rounding lost to the values rounded furthest the other way", () => {
    // 3 × 0.333… rounds to 0.33 each (99 cents); the total is 1.00.
    expect(roundToSum([1 / 3, 1 / 3, 1 / 3], 100, 2)).toEqual([34, 33, 33]);
    expect(roundToSum([0.335, 0.335, -0.67], 0, 2)).toEqual([33, 34, -67]);
    expect(roundToSum([10.004, 5.004, 0.004], 1501, 2)).toEqual([1000, 500, 1]);
  });
  it("always meets the target for random amounts", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 500; n++) {
      const xs = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => (rand() - 0.3) * 1000);
      const target = toMinor(xs.reduce((a, b) => a + b, 0), 2);
      const r = roundToSum(xs, target, 2);
      expect(r.reduce((a, b) => a + b, 0)).toBe(target);
      // No value moves more than one cent from its own rounding.
      r.forEach((v, i) => expect(Math.abs(v - toMinor(xs[i]!, 2))).toBeLessThanOrEqual(1));
    }
  });
});

describe("moneyBreakdown", () => {
  it("tax-exclusive: items + shipping − discount + VAT = total, each before tax", () => {
    const b = moneyBreakdown(exclusive);
    expect(b.basis).toBe("excl");
    expect(b.lines.map((l) => [l.label, l.text])).toEqual([
      ["Items", "€39.98"],
      ["Shipping", "€5.00"],
      ["Discount", "−€4.00"],
      ["VAT", "€7.79"],
    ]);
    expect(b.total.text).toBe("€48.77");
    expect(shownSum(b)).toBe(b.total.minor);
    expect(b.taxIncluded).toBeUndefined();
    expect(b.basisNote).toBe("Prices exclude VAT; VAT is added.");
    const row = b.items[0]!;
    expect([row.quantity, row.unit.text, row.amount.text, row.discount.text]).toEqual([2, "€19.99", "€39.98", "€4.00"]);
    expect(row.unit.minor * row.quantity).toBe(row.amount.minor);
  });

  it("tax-inclusive: the prices the shopper saw, less the discount, with the VAT they contain stated", () => {
    const b = moneyBreakdown(inclusive);
    expect(b.basis).toBe("incl");
    expect(b.lines.map((l) => [l.label, l.text])).toEqual([
      ["Items", "€49.98"],
      ["Shipping", "€4.90"],
      ["Discount", "−€5.00"],
    ]);
    expect(b.total.text).toBe("€49.88");
    expect(shownSum(b)).toBe(b.total.minor);
    expect(b.taxIncluded?.text).toBe("€7.25");
    expect(b.basisNote).toBe("Prices include VAT.");
    expect(b.items[0]!.unit.text).toBe("€24.99");
    expect(b.items[0]!.unit.minor * 2).toBe(b.items[0]!.amount.minor);
  });

  it("a mix of inclusive and exclusive lines is told in one basis (before tax), never both", () => {
    const mixed = { ...inclusive, shipping_methods: [{ is_tax_inclusive: false }] };
    const b = moneyBreakdown(mixed);
    expect(b.basis).toBe("excl");
    expect(shownSum(b)).toBe(b.total.minor);
    // The inclusive item's unit is told before tax too, so unit × quantity still gives the amount.
    expect(b.items[0]!.unit.exact).toBeCloseTo(42.717948717948715 / 2, 9);
  });

  it("item rows add up to the Items line even when each rounds the other way", () => {
    const items = [1, 2, 3].map((k) => ({ id: `i${k}`, quantity: 1, unit_price: 10.004, subtotal: 10.004, is_tax_inclusive: false }));
    const b = moneyBreakdown({ currency_code: "usd", total: 30.012, item_subtotal: 30.012, shipping_subtotal: 0, tax_total: 0, discount_subtotal: 0, items });
    expect(b.items.reduce((a, r) => a + r.amount.minor, 0)).toBe(b.lines[0]!.minor);
    expect(b.lines[0]!.text).toBe("$30.01");
    expect(taxNameFor("usd")).toBe("Tax");
    expect(b.lines.find((l) => l.key === "tax")!.label).toBe("Tax");
  });

  it("a returned item is billed for the quantity kept", () => {
    const b = moneyBreakdown({
      currency_code: "eur",
      total: 23.7881,
      item_subtotal: 19.99,
      shipping_subtotal: 0,
      tax_total: 3.7981,
      items: [{ id: "a", quantity: 2, unit_price: 19.99, subtotal: 19.99, is_tax_inclusive: false, detail: { return_received_quantity: 1 } }],
    });
    expect([b.items[0]!.quantity, b.items[0]!.returned, b.items[0]!.amount.text]).toEqual([1, 1, "€19.99"]);
    expect(shownSum(b)).toBe(b.total.minor);
  });

  it("store credit is its own line, and a total in yen has no cents", () => {
    const b = moneyBreakdown({ currency_code: "jpy", total: 2750.4, item_subtotal: 2500, shipping_subtotal: 500, tax_total: 250.4, credit_line_total: 500, discount_subtotal: 0, items: [] });
    expect(b.lines.map((l) => l.text)).toEqual(["¥2,500", "¥500", "¥250", "−¥500"]);
    expect(b.total.text).toBe("¥2,750");
    expect(shownSum(b)).toBe(b.total.minor);
  });

  it("reconciles for many random carts in both bases", () => {
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 300; n++) {
      const rate = [0, 0.07, 0.19, 0.2, 0.25][Math.floor(rand() * 5)]!;
      const incl = rand() < 0.5;
      const items = Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, k) => {
        const unit = Math.round(rand() * 10000) / 100;
        const quantity = 1 + Math.floor(rand() * 4);
        const gross = unit * quantity;
        const subtotal = incl ? gross / (1 + rate) : gross;
        const discountSub = subtotal * (rand() < 0.5 ? 0.1 : 0);
        const tax = (subtotal - discountSub) * rate;
        return { id: `i${k}`, quantity, unit_price: unit, subtotal, discount_subtotal: discountSub, discount_total: discountSub * (1 + rate), original_total: subtotal * (1 + rate), tax, is_tax_inclusive: incl };
      });
      const ship = incl ? 4.9 / (1 + rate) : 4.9;
      const t: TotalsLike = {
        currency_code: "eur",
        item_subtotal: items.reduce((a, i) => a + i.subtotal, 0),
        shipping_subtotal: ship,
        discount_subtotal: items.reduce((a, i) => a + i.discount_subtotal, 0),
        discount_total: items.reduce((a, i) => a + i.discount_total, 0),
        tax_total: items.reduce((a, i) => a + i.tax, 0) + ship * rate,
        original_item_total: items.reduce((a, i) => a + i.original_total, 0),
        original_shipping_total: ship * (1 + rate),
        items,
        shipping_methods: [{ is_tax_inclusive: incl }],
      };
      t.total = (t.item_subtotal as number) + ship - (t.discount_subtotal as number) + (t.tax_total as number);
      const b = moneyBreakdown(t);
      expect(b.basis).toBe(incl ? "incl" : "excl");
      expect(shownSum(b)).toBe(b.total.minor);
      expect(b.items.reduce((a, r) => a + r.amount.minor, 0)).toBe(b.lines[0]!.minor);
    }
  });
});

describe("tables and CSV", () => {
  it("a money cell is rounded even without a currency on the record, and CSV keeps amounts as plain numbers with their currency", async () => {
    const { formatCell, moneyNumberText } = await import("../../src/shared/format.js");
    const { renderCsv } = await import("../../src/cli/output/render.js");
    expect(formatCell("total", 46.38977, {})).toBe("46.39");
    expect(formatCell("total", 46.38977, { currency_code: "eur" })).toBe("€46.39");
    expect(moneyNumberText(1234.5, "jpy")).toBe("1235");
    expect(moneyNumberText("abc", "eur")).toBeUndefined();
    const csv = renderCsv([{ id: "o1", total: 46.38977, currency_code: "eur" }, { id: "o2", total: 1234.5, currency_code: "jpy" }], ["id", "total"]);
    expect(csv).toBe("id,total,currency_code\r\no1,46.39,eur\r\no2,1235,jpy\r\n");
  });
});

describe("shopperPrice", () => {
  it("is the amount with tax where the store API computed it, and says so", async () => {
    const { shopperPrice } = await import("../../src/shared/shopper-price.js");
    // As Medusa 2.21 answered /store/products?country_code=de for a €19.99 price and 19 % VAT.
    const p = shopperPrice({ calculated_amount: 19.99, original_amount: 19.99, calculated_amount_with_tax: 23.7881, calculated_amount_without_tax: 19.99, original_amount_with_tax: 23.7881, is_calculated_price_tax_inclusive: false, currency_code: "eur" });
    expect(p).toEqual({ amount: 23.7881, original: 23.7881, currency: "eur", taxNote: "incl. VAT" });
    // No country, no tax computed: the stored amount, with no claim about tax.
    expect(shopperPrice({ calculated_amount: 19.99, original_amount: 25, currency_code: "eur" })).toEqual({ amount: 19.99, original: 25, currency: "eur", taxNote: undefined });
    // A region without tax: nothing to say.
    expect(shopperPrice({ calculated_amount: 10, calculated_amount_with_tax: 10, calculated_amount_without_tax: 10, currency_code: "usd" })?.taxNote).toBeUndefined();
    // Prices entered with tax included.
    expect(shopperPrice({ calculated_amount: 24.99, is_calculated_price_tax_inclusive: true, currency_code: "aud" })?.taxNote).toBe("incl. GST");
    expect(shopperPrice(undefined)).toBeUndefined();
  });
});

describe("the shopper's basis (one VAT rule for the storefront)", () => {
  it.each([
    ["eur", "incl", "Prices include VAT."],
    ["aud", "incl", "Prices include GST."],
    ["usd", "excl", "Prices exclude sales tax; it is added at checkout."],
    ["cad", "excl", "Prices exclude sales tax; it is added at checkout."],
  ] as const)("%s: %s", async (currency, basis, note) => {
    const { shopperBasis, shopperBasisNote } = await import("../../src/shared/shopper-price.js");
    expect([shopperBasis(currency), shopperBasisNote(currency)]).toEqual([basis, note]);
  });

  it("shows a US price before its sales tax, and says it is added", async () => {
    const { shopperPrice } = await import("../../src/shared/shopper-price.js");
    expect(shopperPrice({ calculated_amount: 50, calculated_amount_with_tax: 54.38, calculated_amount_without_tax: 50, currency_code: "usd" })).toEqual({ amount: 50, original: undefined, currency: "usd", taxNote: "before tax" });
  });

  it("tells a cart in euros with tax included, the same as the product page: €45 + 19 % → Items €53.55", async () => {
    const { shopperBreakdown } = await import("../../src/shared/money.js");
    const cart = { currency_code: "eur", total: 53.55, tax_total: 8.55, item_subtotal: 45, original_item_total: 53.55, shipping_subtotal: 0, original_shipping_total: 0, discount_total: 0, items: [{ id: "l1", quantity: 1, unit_price: 45, subtotal: 45, original_total: 53.55, is_tax_inclusive: false }], shipping_methods: [] };
    const b = shopperBreakdown(cart as never);
    expect(b.basis).toBe("incl");
    expect(b.lines.map((l) => [l.key, l.text])).toEqual([
      ["items", "€53.55"],
      ["shipping", "€0.00"],
    ]);
    expect([b.total.text, b.taxIncluded?.text, b.items[0]!.unit.text]).toEqual(["€53.55", "€8.55", "€53.55"]);
  });
});

describe("refundableAmountText", () => {
  const order = (captured: number, refunded = 0) =>
    ({ currency_code: "eur", payment_collections: [{ payments: [{ id: "pay_1", amount: captured, captures: [{ id: "c", amount: captured }], refunds: refunded ? [{ id: "r", amount: refunded }] : [] }] }] }) as never;

  it("is Medusa's amount rounded to the cent, as --amount takes it", async () => {
    const { refundableAmountText } = await import("../../src/shared/orders/payments.js");
    expect(refundableAmountText(order(48.76858), 23.7881)).toBe("23.79");
    expect(refundableAmountText(order(100), 10)).toBe("10.00");
  });

  it("never more than the captured payments still hold: rounding down the last cent then", async () => {
    const { refundableAmountText } = await import("../../src/shared/orders/payments.js");
    expect(refundableAmountText(order(48.76858), 48.76858)).toBe("48.76");
    expect(refundableAmountText(order(48.76858, 20), 28.76858)).toBe("28.76");
  });
});
