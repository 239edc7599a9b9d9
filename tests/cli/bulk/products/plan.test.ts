import { describe, expect, it } from "vitest";
import { diffText } from "../../../../src/cli/bulk/diff.js";
import { Problems } from "../../../../src/cli/bulk/problems.js";
import { mapHeader, parseRow } from "../../../../src/cli/bulk/products/csv-columns.js";
import { planProduct, type ExistingProduct, type Resolved } from "../../../../src/cli/bulk/products/plan.js";

const resolved = (): Resolved => ({
  regions: new Map([["Europe", "reg_eu"]]),
  refs: { category: new Map(), tag: new Map(), salesChannel: new Map(), collection: new Map([["summer", "pcol_1"]]), type: new Map(), shippingProfile: new Map() },
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
