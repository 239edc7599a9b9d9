import { describe, expect, it } from "vitest";
import { findView, listQuery } from "../../src/tui/views.js";
import { fieldColumn } from "../../src/tui/columns.js";
import { fitColumns } from "../../src/tui/layout.js";
import { formatDate } from "../../src/shared/format.js";
import { tableFields } from "../../src/shared/list-fields.js";
import { claim } from "../../src/sdk/admin/claim.js";
import { customer } from "../../src/sdk/admin/customer.js";
import { exchange } from "../../src/sdk/admin/exchange.js";
import { inventoryItem } from "../../src/sdk/admin/inventory-item.js";
import { order } from "../../src/sdk/admin/order.js";
import { product } from "../../src/sdk/admin/product.js";
import { returnResource } from "../../src/sdk/admin/return.js";

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

describe("list views from the SDK's resource declarations", () => {
  it.each([
    ["returns", returnResource],
    ["claims", claim],
    ["exchanges", exchange],
    ["products", product],
  ] as const)("%s: the declared columns (the id last) and the fields the CLI's table asks for", (name, decl) => {
    const view = findView(name)!;
    const declared = decl.columns!;
    expect(view.list.resource).toBe(decl.name);
    expect(view.list.listKey).toBe(decl.many);
    expect(view.list.columns.map((c) => c.header)).toEqual([...declared.filter((f) => f !== "id"), ...declared.filter((f) => f === "id")].map((f) => fieldColumn(f).header));
    expect(view.list.fields).toBe(tableFields(declared));
  });

  it("inventory names the product and the variant (an item's own title is often just \"L\") and shares the width", async () => {
    const view = findView("inventory")!;
    expect(view.list.resource).toBe(inventoryItem.name);
    expect(view.list.columns.map((c) => c.header)).toEqual(["Product", "Variant", "SKU", "Stocked", "Reserved", "Id"]);
    expect(view.list.fields).toContain("variants.product.title");
    const row = { id: "iitem_1", sku: "G1-12-XL-BLACK", title: "XL / Black", stocked_quantity: 40, reserved_quantity: 2, variants: [{ title: "XL / Black", product: { title: "Nordic Ember Hoodie" } }] };
    expect(view.list.columns.slice(0, 3).map((c) => c.value(row))).toEqual(["Nordic Ember Hoodie", "XL / Black", "G1-12-XL-BLACK"]);
    // At 80 columns the id goes and the product gets the largest share; at 120 the SKU is whole.
    expect(fitColumns(view.list.columns, 80).map((c) => c.header)).not.toContain("Id");
    const { layoutColumns } = await import("../../src/tui/layout.js");
    const at120 = layoutColumns(fitColumns(view.list.columns, 120), 120);
    expect(at120[2]!).toBeGreaterThanOrEqual("G1-12-XL-BLACK".length);
    expect(at120[0]!).toBeGreaterThan(at120[1]!);
  });

  it("customers say which record is an account and which a guest record (the two may share an e-mail)", () => {
    const view = findView("customers")!;
    expect(view.list.resource).toBe(customer.name);
    expect(view.list.fields).toBe(tableFields(customer.columns!));
    const kind = view.list.columns.find((c) => c.header === "Kind")!;
    expect(kind.value({ email: "a@b.c", has_account: true })).toBe("account");
    expect(kind.value({ email: "a@b.c", has_account: false })).toBe("guest");
  });

  it("a tracking number is whole at 120 columns in the fulfilment list", async () => {
    const view = findView("fulfillments")!;
    const cols = fitColumns(view.list.columns, 120);
    const { layoutColumns } = await import("../../src/tui/layout.js");
    const widths = layoutColumns(cols, 120);
    expect(widths[cols.findIndex((c) => c.header === "Tracking")]!).toBeGreaterThanOrEqual("1Z999AA10123456784 JD014600006281230".length);
  });

  it("orders and fulfilments keep their own columns on the order declaration's route", () => {
    for (const name of ["orders", "fulfillments"]) {
      const view = findView(name)!;
      expect(view.list.resource).toBe(order.name);
      expect(view.list.listKey).toBe(order.many);
    }
    expect(findView("orders")!.list.columns.map((c) => c.header)).toEqual(["#", "Date", "Customer", "Total", "Status", "Payment", "Fulfilment"]);
  });

  it("formats cells as the CLI does: money, dates, numbers, and a joined order's number", () => {
    const row = { id: "ret_1", display_id: 7, order_id: "order_1", order: { display_id: 40 }, refund_amount: 12.345, created_at: "2026-11-01T10:20:00Z" };
    const cells = Object.fromEntries(findView("returns")!.list.columns.map((c) => [c.header, c.value(row)]));
    expect(cells).toEqual({ "#": "#7", Order: "#40", Status: "", Refund: "12.35", Created: formatDate(row.created_at), Id: "ret_1" });
    expect(fieldColumn("has_account").value({ has_account: false })).toBe("no");
  });

  it("a narrow terminal drops the id before the other columns get cramped", () => {
    const columns = findView("products")!.list.columns;
    expect(fitColumns(columns, 80).map((c) => c.header)).not.toContain("Id");
    expect(fitColumns(columns, 160).map((c) => c.header)).toContain("Id");
  });
});
