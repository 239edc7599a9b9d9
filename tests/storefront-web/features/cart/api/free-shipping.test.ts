import { describe, expect, it } from "vitest";
import { freeShippingProgress, freeShippingThreshold } from "../../../../../src/storefront-web/src/features/cart/api/free-shipping.js";

const price = (amount: number, currency_code: string, rules: { attribute: string; operator: string; value: string | number }[] = []) => ({ amount, currency_code, price_rules: rules });

describe("free-shipping threshold", () => {
  it.each([
    ["a zero price with an item_total gte rule", [{ prices: [price(5, "eur"), price(0, "eur", [{ attribute: "item_total", operator: "gte", value: "100" }])] }], "eur", { value: 100, inclusive: true }],
    ["the lowest of several options", [{ prices: [price(0, "eur", [{ attribute: "item_total", operator: "gt", value: 150 }])] }, { prices: [price(0, "eur", [{ attribute: "item_total", operator: "gte", value: "80" }])] }], "eur", { value: 80, inclusive: true }],
    ["only the cart's currency", [{ prices: [price(0, "usd", [{ attribute: "item_total", operator: "gte", value: "110" }])] }], "eur", null],
    ["not a zero price", [{ prices: [price(2, "eur", [{ attribute: "item_total", operator: "gte", value: "100" }])] }], "eur", null],
    ["not an upper bound (lt)", [{ prices: [price(0, "eur", [{ attribute: "item_total", operator: "lt", value: "10" }])] }], "eur", null],
    ["a zero price with no rule (always free: no nudge needed)", [{ prices: [price(0, "eur")] }], "eur", null],
    ["no prices at all", [{}], "eur", null],
    ["a value that is not a number", [{ prices: [price(0, "eur", [{ attribute: "item_total", operator: "gte", value: "lots" }])] }], "eur", null],
  ])("reads %s", (_what, options, currency, expected) => {
    expect(freeShippingThreshold(options, currency)).toEqual(expected);
  });
});

describe("free-shipping progress", () => {
  it.each([
    ["€107.10 with VAT against gte 100 (the pre-tax €90.00 would miss it)", 107.1, { value: 100, inclusive: true }, true, 0],
    ["exactly the threshold with gte", 100, { value: 100, inclusive: true }, true, 0],
    ["exactly the threshold with gt is not yet free", 100, { value: 100, inclusive: false }, false, 0.01],
    ["€62.00 against gte 100", 62, { value: 100, inclusive: true }, false, 38],
    ["an empty cart", 0, { value: 100, inclusive: true }, false, 100],
  ])("%s", (_what, itemTotal, threshold, reached, missing) => {
    const p = freeShippingProgress({ item_total: itemTotal }, threshold);
    expect(p.reached).toBe(reached);
    expect(p.missing).toBeCloseTo(missing, 6);
  });
});
