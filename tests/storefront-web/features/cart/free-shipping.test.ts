import { describe, expect, it } from "vitest";
import { freeShippingThreshold } from "../../../../src/storefront-web/src/features/cart/api/free-shipping.js";

const price = (amount: number, currency_code: string, rules: { attribute: string; operator: string; value: string | number }[] = []) => ({ amount, currency_code, price_rules: rules });

describe("free-shipping threshold", () => {
  it.each([
    ["a zero price with an item_total gte rule", [{ prices: [price(5, "eur"), price(0, "eur", [{ attribute: "item_total", operator: "gte", value: "100" }])] }], "eur", 100],
    ["the lowest of several options", [{ prices: [price(0, "eur", [{ attribute: "item_total", operator: "gt", value: 150 }])] }, { prices: [price(0, "eur", [{ attribute: "item_total", operator: "gte", value: "80" }])] }], "eur", 80],
    ["only the cart's currency", [{ prices: [price(0, "usd", [{ attribute: "item_total", operator: "gte", value: "110" }])] }], "eur", null],
    ["not a zero price", [{ prices: [price(2, "eur", [{ attribute: "item_total", operator: "gte", value: "100" }])] }], "eur", null],
    ["not an upper bound (lt)", [{ prices: [price(0, "eur", [{ attribute: "item_total", operator: "lt", value: "10" }])] }], "eur", null],
    ["a zero price with no rule (always free: no nudge needed)", [{ prices: [price(0, "eur")] }], "eur", null],
    ["no prices at all", [{}], "eur", null],
    ["a value that is not a number", [{ prices: [price(0, "eur", [{ attribute: "item_total", operator: "gte", value: "lots" }])] }], "eur", null],
  ])("reads %s", (_what, options, currency, expected) => {
    expect(freeShippingThreshold(options, currency)).toBe(expected);
  });
});
