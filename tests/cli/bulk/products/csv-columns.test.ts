import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffText } from "../../../../src/cli/bulk/diff.js";
import { Problems } from "../../../../src/cli/bulk/problems.js";
import { classifyColumn, exportHeader, mapHeader, parseRow, productRows } from "../../../../src/cli/bulk/products/csv-columns.js";
import { indexFile } from "../../../../src/cli/bulk/products/import-batch.js";
import { streamProducts } from "../../../../src/cli/bulk/products/import-stream.js";
import { planProduct, type ExistingProduct, type Resolved } from "../../../../src/cli/bulk/products/plan.js";

const dir = mkdtempSync(path.join(tmpdir(), "medusactl-import-unit-"));
let n = 0;
function csvFile(text: string): string {
  const f = path.join(dir, `f${n++}.csv`);
  writeFileSync(f, text);
  return f;
}

async function validate(text: string, matchHandle = false) {
  const file = csvFile(text);
  const problems = new Problems();
  const index = await indexFile({ file, problems, matchHandle });
  return { file, index, problems: problems.list.map((p) => `${p.row ?? "-"}|${p.column ?? ""}|${p.message}`) };
}

const resolved = (): Resolved => ({
  regions: new Map([["Europe", "reg_eu"]]),
  refs: { category: new Map(), tag: new Map(), salesChannel: new Map(), collection: new Map([["summer", "pcol_1"]]), type: new Map(), shippingProfile: new Map() },
});

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

describe("indexFile (validation before any write)", () => {
  it("reports every problem of a file with its row and column", async () => {
    const { problems } = await validate(
      [
        "Product Handle,Product Title,Variant Sku,Variant Price EUR,Variant Option 1 Name,Variant Option 1 Value",
        "a,A,SKU-1,1,Size,S",
        "a,A other,SKU-2,2,Size,M",
        ",No handle,SKU-3,1,Size,S",
        "b,B,SKU-1,1,Size,S",
        "c,C,SKU-4,1,Size,S",
        "c,C,SKU-5,1,Size,S",
        "d,D,SKU-6,1,Color,Red",
        "d,D,SKU-7,1,Size,L",
      ].join("\n"),
    );
    expect(problems).toEqual([
      "3|Product Title|disagrees with row 2 of the same product (Product Title)",
      "4|Product Handle|missing (a row needs a Product Handle or a Product Id)",
      '5|Variant Sku|SKU "SKU-1" is also on row 2',
      "7||another row of this product has the same option values (Size: S)",
      "9||has other option names than row 8 of the same product (every variant needs a value for each option)",
    ]);
  });

  it("finds rows of one product that are not adjacent and streams each product after its last row", async () => {
    const { file, index, problems } = await validate(
      ["Product Handle,Product Title,Variant Sku,Variant Option 1 Name,Variant Option 1 Value", "a,A,A1,Size,S", "b,B,B1,Size,S", "a,A,A2,Size,M", "c,C,C1,Size,S"].join("\n"),
    );
    expect(problems).toEqual([]);
    expect(index.products.get("handle:a")).toMatchObject({ firstRow: 2, lastRow: 4, rows: 2 });
    const order: string[] = [];
    for await (const p of streamProducts(file, index, { matchHandle: false, skip: new Set(["handle:c"]) })) order.push(`${p.key}:${p.rows.map((r) => r.row).join("+")}`);
    expect(order).toEqual(["handle:b:3", "handle:a:2+4"]);
  });

  it("takes an empty file, a BOM alone and a header without rows as a job with no rows", async () => {
    for (const text of ["", "\ufeff", "Product Handle,Product Title\n"]) {
      const { problems, index } = await validate(text);
      expect(problems).toEqual([]);
      expect(index.dataRows).toBe(0);
    }
  });

  it("stocks a row without SKU through its variant, and needs options to tell variants apart", async () => {
    const { problems, index } = await validate(["Product Handle,Product Title,Variant Inventory Quantity", "a,A,3", "a,A,4"].join("\n"));
    expect(problems).toEqual(["3||product has several variants (rows 2 and 3…) but no options to tell them apart"]);
    expect(index.stockWithoutSku.map((x) => x.row)).toEqual([2, 3]);
  });

  it("ignores ids with --match handle", async () => {
    const { index } = await validate(["Product Id,Product Handle,Product Title,Variant Id,Variant Sku", "prod_x,a,A,variant_x,A1"].join("\n"), true);
    expect([...index.products.keys()]).toEqual(["handle:a"]);
    expect(index.variantIds.size).toBe(0);
  });
});

function fileProduct(lines: string[]) {
  const problems = new Problems();
  const [head, ...rest] = lines;
  const map = mapHeader(head!.split(","), "f.csv", problems);
  const rows = rest.map((l, i) => parseRow(map, { row: i + 2, line: i + 2, cells: l.split(",") }, "f.csv", problems));
  expect(problems.list).toEqual([]);
  return { key: "k", rows };
}

const existing = (): ExistingProduct => ({
  id: "prod_1",
  handle: "shirt",
  title: "Shirt",
  status: "published",
  metadata: { a: 1, keep: true },
  options: [{ id: "opt_size", title: "Size", values: [{ value: "S" }, { value: "M" }] }],
  sales_channels: [{ id: "sc_old" }],
  variants: [
    { id: "variant_s", sku: "S1", title: "S", options: [{ value: "S", option_id: "opt_size" }], prices: [{ id: "price_1", amount: 10, currency_code: "eur", rules: {} }, { id: "price_2", amount: 12, currency_code: "gbp", rules: {} }] },
    { id: "variant_m", sku: "M1", title: "M", options: [{ value: "M", option_id: "opt_size" }], prices: [{ id: "price_3", amount: 11, currency_code: "eur", rules: {} }] },
  ],
});

describe("planProduct", () => {
  const head = "Product Handle,Product Title,Product Metadata,Variant Sku,Variant Price EUR,Variant Option 1 Name,Variant Option 1 Value";

  it("creates a new product with options, variants and prices, adding the --sales-channel", () => {
    const plan = planProduct(fileProduct([head, "shirt,Shirt,,S1,10,Size,S", "shirt,Shirt,,M1,11,Size,M"]), undefined, { ...resolved(), salesChannelId: "sc_1" }, { matchHandle: false });
    expect(plan.action).toBe("create");
    expect(plan.create).toMatchObject({
      title: "Shirt",
      handle: "shirt",
      sales_channels: [{ id: "sc_1" }],
      options: [{ title: "Size", values: ["S", "M"] }],
      variants: [
        { sku: "S1", title: "S", options: { Size: "S" }, prices: [{ currency_code: "eur", amount: 10 }] },
        { sku: "M1", title: "M", options: { Size: "M" }, prices: [{ currency_code: "eur", amount: 11 }] },
      ],
    });
  });

  it("gives a product without options Medusa's default option", () => {
    const plan = planProduct(fileProduct(["Product Handle,Product Title,Variant Sku", "mug,Mug,MUG"]), undefined, resolved(), { matchHandle: false });
    expect(plan.create).toMatchObject({ options: [{ title: "Default option", values: ["Default option value"] }], variants: [{ title: "MUG", options: { "Default option": "Default option value" } }] });
  });

  it("is unchanged when the file matches the store (metadata merged, empty cells ignored)", () => {
    const plan = planProduct(fileProduct([head, 'shirt,Shirt,{"a":1},S1,10,Size,S', "shirt,,,M1,,Size,M"]), existing(), resolved(), { matchHandle: false });
    expect(plan).toMatchObject({ action: "unchanged", changes: [] });
    expect(plan.update).toBeUndefined();
  });

  it("merges a changed price into the variant's prices and keeps every other variant with its options", () => {
    const plan = planProduct(fileProduct([head, "shirt,Shirt,,S1,10.5,Size,S"]), existing(), resolved(), { matchHandle: false });
    expect(plan.changes).toEqual(["S1.price.eur"]);
    expect(plan.update).toEqual({
      id: "prod_1",
      variants: [
        { id: "variant_s", options: { Size: "S" }, prices: [{ id: "price_1", currency_code: "eur", amount: 10.5 }, { id: "price_2", currency_code: "gbp", amount: 12 }] },
        { id: "variant_m", options: { Size: "M" } },
      ],
    });
  });

  it("adds new option values first and creates the new variant", () => {
    const plan = planProduct(fileProduct([head, "shirt,Shirt,,XL1,20,Size,XL"]), existing(), resolved(), { matchHandle: false });
    expect(plan.optionOps).toEqual({ update: [{ product_option_id: "opt_size", add: [{ value: "XL" }] }] });
    expect(plan.changes).toEqual(["options.Size", "+variant XL1"]);
    expect((plan.update!.variants as unknown[]).at(-1)).toEqual({ sku: "XL1", title: "XL", options: { Size: "XL" }, prices: [{ currency_code: "eur", amount: 20 }] });
  });

  it("updates scalars and metadata, and adds (never replaces) the --sales-channel", () => {
    const plan = planProduct(fileProduct([head, 'shirt,Shirt 2,{"b":2},S1,,Size,S']), existing(), { ...resolved(), salesChannelId: "sc_new" }, { matchHandle: false });
    expect(plan.changes).toEqual(["title", "metadata", "sales_channels"]);
    expect(plan.update).toMatchObject({ title: "Shirt 2", metadata: { b: 2 }, sales_channels: [{ id: "sc_old" }, { id: "sc_new" }] });
  });

  it("says old → new per changed field, and flags a change the store got after the file was saved", () => {
    const e = existing();
    e.updated_at = "2024-01-01T00:00:00Z";
    e.variants![0]!.prices![0]!.updated_at = "2024-06-01T08:00:00Z";
    const plan = planProduct(fileProduct([head, 'shirt,Shirt 2,{"a":2},S1,9.5,Size,S']), e, resolved(), { matchHandle: false, since: Date.parse("2024-05-31T17:00:00Z") });
    expect(plan.diff).toEqual([
      { field: "title", old: "Shirt", new: "Shirt 2" },
      { field: "metadata", old: { a: 1 }, new: { a: 2 } },
      { field: "S1.price.eur", old: 10, new: 9.5, newer: "2024-06-01T08:00:00.000Z" },
    ]);
    expect(plan.diff.map(diffText)).toEqual(['title: "Shirt" → "Shirt 2"', 'metadata: {"a":1} → {"a":2}', "S1.price.eur: 10 → 9.5 (undoes a change made in the store at 2024-06-01 08:00 UTC, after the file was saved)"]);
  });

  it("matches the only variant of a product whose row has neither SKU nor options (a repaired duplicate), so a rerun changes nothing", () => {
    const e = existing();
    e.options = [{ id: "opt_d", title: "Default option", values: [{ value: "Default option value" }] }];
    e.variants = [{ id: "variant_d", sku: null, title: "Tote", options: [{ value: "Default option value", option_id: "opt_d" }], prices: [{ id: "price_d", amount: 15, currency_code: "eur", rules: {} }] }];
    const plan = planProduct(fileProduct(["Product Handle,Product Title,Variant Price EUR", "shirt,Shirt,15"]), e, resolved(), { matchHandle: false });
    expect(plan).toMatchObject({ action: "unchanged", rows: [{ variantId: "variant_d" }] });
  });

  it("matches region prices by their region rule and portable references by name", () => {
    const fp = fileProduct(["Product Handle,Product Title,Product Collection Handle,Variant Sku,Variant Price [Europe] EUR,Variant Option 1 Name,Variant Option 1 Value", "shirt,Shirt,summer,S1,9,Size,S"]);
    const e = existing();
    e.collection_id = "pcol_1";
    e.variants![0]!.prices!.push({ id: "price_r", amount: 9, currency_code: "eur", rules: { region_id: "reg_eu" } });
    expect(planProduct(fp, e, resolved(), { matchHandle: true }).action).toBe("unchanged");
    e.variants![0]!.prices!.pop();
    const plan = planProduct(fp, e, resolved(), { matchHandle: true });
    expect(plan.changes).toEqual(["S1.price.eur@Europe"]);
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
