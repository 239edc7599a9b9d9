import { describe, expect, it } from "vitest";
import { shopperOrder } from "../../../../../src/storefront-web/src/features/products/components/variant-picker.js";

const v = (...values: string[]) => values.map((value) => ({ value }));
const order = (...values: string[]) => shopperOrder(v(...values)).map((x) => x.value);

describe("option values in a shopper's order", () => {
  it.each([
    [["L", "M", "S", "XL"], ["S", "M", "L", "XL"]],
    [["XXL", "xs", "M", "2XL"], ["xs", "M", "XXL", "2XL"]],
    [["Large", "Small", "Medium"], ["Small", "Medium", "Large"]],
    [["44", "38", "40.5"], ["38", "40.5", "44"]],
    [["250 g", "1000 g", "500 g"], ["250 g", "500 g", "1000 g"]],
    [["Red", "Blue", "Green"], ["Red", "Blue", "Green"]],
    [["S", "Red", "M"], ["S", "Red", "M"]],
  ])("%j → %j", (input, expected) => {
    expect(order(...input)).toEqual(expected);
  });
});
