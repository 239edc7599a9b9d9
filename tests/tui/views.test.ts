import { describe, expect, it } from "vitest";
import { findView, listQuery } from "../../src/tui/views.js";

describe("the orders view's server query", () => {
  const orders = findView("orders")!;

  it("asks Medusa's q for an order number written as people write it (#21 → 21)", () => {
    expect(listQuery(orders, { offset: 0, filter: "#21" }).q).toBe("21");
    expect(listQuery(orders, { offset: 0, filter: " #1042 " }).q).toBe("1042");
  });

  it("passes other text as typed, and keeps status words and /! filters local", () => {
    expect(listQuery(orders, { offset: 0, filter: "jane@example.com" }).q).toBe("jane@example.com");
    expect(listQuery(orders, { offset: 0, filter: "#vip" }).q).toBe("#vip");
    expect(listQuery(orders, { offset: 0, filter: "not_fulfilled" }).q).toBeUndefined();
    expect(listQuery(orders, { offset: 0, filter: "!jane" }).q).toBeUndefined();
  });
});
