import { describe, expect, it } from "vitest";
import { Problems } from "../../../../src/cli/bulk/problems.js";
import { classifyColumn, exportHeader, mapHeader, parseRow, productRows } from "../../../../src/cli/bulk/products/csv-columns.js";

describe("product CSV columns", () => {
  it.each([
    ["Variant SKU", "variant"],
    ["variant sku", "variant"],
    ["Product Sales Channel 2", "list"],
    ["Product Tag Value 1", "ref"],
    ["Variant Price EUR", "price"],
    ["Variant Price [Europe] EUR", "price"],
    ["Variant Option 3 Value", "optionValue"],
    ["Product Created At", "ignored"],
    ["Variant Inventory Quantity", "stock"],
  ])("reads %s as %s", (header, role) => expect(classifyColumn(header)?.role).toBe(role));

  it("rejects unknown and repeated columns, and option names without values", () => {
    const problems = new Problems();
    mapHeader(["Product Handle", "Variant Thumbnail", "Product Title", "product title", "Variant Option 1 Name"], "f.csv", problems);
    expect(problems.list.map((p) => p.message)).toEqual([
      expect.stringMatching(/unknown column/),
      expect.stringMatching(/appears twice/),
      expect.stringMatching(/has no "Variant Option 1 Value"/),
    ]);
    expect(problems.list[0]!.column).toBe("Variant Thumbnail");
  });

  it.each([
    ["Variant Price EUR", "0x1F", /not an amount/],
    ["Variant Price EUR", "1e3", /not an amount/],
    ["Variant Price EUR", "12,50", /not an amount/],
    ["Variant Price EUR", "-1", /cannot be negative/],
    ["Product Weight", "Infinity", /not a number/],
    ["Product Discountable", "yes", /not true or false/],
    ["Product Status", "live", /not a status/],
    ["Product Handle", "Has Space", /not a valid handle/],
    ["Product Metadata", "[1]", /JSON object/],
    ["Product Metadata", "{oops", /not valid JSON/],
    ["Variant Variant Rank", "1.5", /whole number/],
    ["Variant Inventory Quantity", "-3", /stock quantity/],
  ])("refuses %s = %s", (column, value, message) => {
    const problems = new Problems();
    const map = mapHeader(["Product Handle", column === "Product Handle" ? "Product Title" : column], "f.csv", problems);
    const cells = column === "Product Handle" ? [value, "T"] : ["h", value];
    parseRow(map, { row: 2, line: 2, cells }, "f.csv", problems);
    expect(problems.list).toEqual([expect.objectContaining({ row: 2, column, message: expect.stringMatching(message) })]);
  });

  it("types cells and leaves empty cells out", () => {
    const problems = new Problems();
    const map = mapHeader(["Product Handle", "Product Weight", "Product Discountable", "Product Subtitle", "Variant Price [Europe] EUR", "Variant Price USD", "Variant Option 1 Name", "Variant Option 1 Value", "Product Tag 2", "Product Tag 1"], "f.csv", problems);
    const row = parseRow(map, { row: 2, line: 2, cells: ["h", "12.5", "FALSE", "", "9.99", "10", "Size", "10 pack", "ptag_b", "ptag_a"] }, "f.csv", problems);
    expect(problems.list).toEqual([]);
    expect(row.product).toEqual({ handle: "h", weight: 12.5, discountable: false });
    expect(row.prices).toEqual({ "eur@Europe": 9.99, usd: 10 });
    expect(row.options).toEqual([["Size", "10 pack"]]);
    expect(row.lists.tag).toEqual(["ptag_a", "ptag_b"]);
  });
});

describe("export rows", () => {
  it("writes one row per variant with prices, region prices and options in the import's columns", () => {
    const rows = productRows(
      {
        id: "prod_1",
        handle: "shirt",
        title: 'A "quoted", title',
        discountable: true,
        metadata: { a: 1 },
        weight: 400,
        shipping_profile: { id: "sp_1" },
        tags: [{ id: "ptag_b" }, { id: "ptag_a" }],
        options: [{ id: "opt_1", title: "Size", created_at: "2024-01-01" }],
        variants: [
          { id: "variant_2", sku: "M", variant_rank: 1, options: [{ value: "M", option_id: "opt_1" }], prices: [{ amount: 11, currency_code: "eur" }] },
          { id: "variant_1", sku: "S", variant_rank: 0, options: [{ value: "S", option_id: "opt_1" }], prices: [{ amount: 9.5, currency_code: "eur", rules: { region_id: "reg_eu" } }, { amount: 8, currency_code: "eur", min_quantity: 10 }] },
        ],
      },
      new Map([["reg_eu", { name: "Europe", currency_code: "eur" }]]),
      false,
    );
    expect(rows.map((r) => r["Variant Sku"])).toEqual(["S", "M"]);
    expect(rows[0]).toMatchObject({ "Product Title": 'A "quoted", title', "Product Weight": "400", "Product Metadata": '{"a":1}', "Shipping Profile Id": "sp_1", "Product Tag 1": "ptag_a", "Product Tag 2": "ptag_b", "Variant Price [Europe] EUR": "9.5", "Variant Option 1 Name": "Size", "Variant Option 1 Value": "S" });
    expect(rows[0]!["Variant Price EUR"]).toBeUndefined();
    expect(rows[1]!["Variant Price EUR"]).toBe("11");
    const header = exportHeader(new Set(rows.flatMap((r) => Object.keys(r))), false);
    expect(header.slice(header.indexOf("Variant Variant Rank") + 1)).toEqual(["Variant Price EUR", "Variant Price [Europe] EUR", "Variant Option 1 Name", "Variant Option 1 Value"]);
    expect(header).toContain("Product Tag 2");
    expect(header).not.toContain("Product Tag 3");
    const problems = new Problems();
    mapHeader(header, "export.csv", problems);
    expect(problems.list).toEqual([]);
  });
});
