import { describe, expect, it } from "vitest";
import { parseOrderRef } from "../../../../../src/storefront-web/src/features/orders/api/request-transfer.js";

describe("what a shopper may type to name an order", () => {
  it.each([
    ["#92", 92],
    ["92", 92],
    [" # 92 ", 92],
    ["Order #92", 92],
  ])("reads %j as the display id %d", (typed, n) => {
    expect(parseOrderRef(typed)).toEqual({ kind: "display", displayId: n });
  });

  it.each([
    ["order_01JABCDEF", "order_01JABCDEF"],
    ["  order_01JABCDEF ", "order_01JABCDEF"],
    ["https://shop.example/order/confirmed/order_01JABCDEF", "order_01JABCDEF"],
    ["https://shop.example/account/orders?order=order_01JABCDEF", "order_01JABCDEF"],
  ])("reads %j as the order id %s", (typed, id) => {
    expect(parseOrderRef(typed)).toEqual({ kind: "id", id });
  });

  it.each([[""], ["#"], ["0"], ["#-3"], ["ninety-two"], ["cart_01JABCDEF"], ["92abc"]])("refuses %j", (typed) => {
    expect(parseOrderRef(typed)).toBeNull();
  });
});
