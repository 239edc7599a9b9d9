import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { fromListPrice, fromVariantPrice, mergedVariantPrices, planPrices, priceKey, type ExistingPrice, type PriceSpec } from "../../../../src/cli/bulk/prices/plan.js";
import { checkDuplicateKeys, validatePriceRows, type PriceRow } from "../../../../src/cli/bulk/prices/apply.js";
import { planStock } from "../../../../src/cli/bulk/inventory/plan.js";
import { validateStockRows } from "../../../../src/cli/bulk/inventory/apply.js";
import { Problems, formatProblem } from "../../../../src/cli/bulk/problems.js";
import { parseDecimal, readSheet } from "../../../../src/cli/bulk/sheet.js";

const price = (over: Partial<PriceSpec> = {}): PriceSpec => ({ variant_id: "v1", currency_code: "eur", amount: 10, min_quantity: null, max_quantity: null, region_id: null, ...over });
const existing = (id: string, over: Partial<PriceSpec> = {}): ExistingPrice => ({ id, ...price(over) });

describe("price keys and plans", () => {
  it("tells prices apart by variant, currency, region and quantities, not by amount", () => {
    const keys = [price(), price({ currency_code: "usd" }), price({ region_id: "reg_1" }), price({ min_quantity: 5 }), price({ max_quantity: 9 }), price({ variant_id: "v2" })].map(priceKey);
    expect(new Set(keys).size).toBe(6);
    expect(priceKey(price({ amount: 99 }))).toBe(priceKey(price()));
    expect(priceKey(price({ currency_code: "EUR" }))).toBe(priceKey(price()));
  });

  it("classifies wanted prices as new, changed (old → new) and unchanged", () => {
    const plan = planPrices([price({ amount: 12 }), price({ currency_code: "usd", amount: 11 }), price({ min_quantity: 10, amount: 8 })], [existing("p1", { amount: 10 }), existing("p2", { currency_code: "usd", amount: 11 })]);
    expect(plan.create).toEqual([price({ min_quantity: 10, amount: 8 })]);
    expect(plan.update).toEqual([{ id: "p1", old: 10, price: price({ amount: 12 }) }]);
    expect(plan.unchanged).toEqual([price({ currency_code: "usd", amount: 11 })]);
    expect(plan.delete).toEqual([]);
  });

  it("deletes with prune only the existing keys the sheet does not list", () => {
    const have = [existing("keep"), existing("drop-usd", { currency_code: "usd" }), existing("drop-tier", { min_quantity: 5 })];
    expect(planPrices([price()], have).delete).toEqual([]);
    expect(planPrices([price()], have, { prune: true }).delete.map((e) => e.id)).toEqual(["drop-usd", "drop-tier"]);
  });

  it("sends every existing variant price back so unlisted currencies stay", () => {
    const have = [fromVariantPrice("v1", { id: "p-eur", currency_code: "eur", amount: 10, rules: {} }), fromVariantPrice("v1", { id: "p-gbp", currency_code: "gbp", amount: 9, rules: {} })];
    const plan = planPrices([price({ amount: 12 }), price({ currency_code: "usd", amount: 13, region_id: "reg_us" })], have);
    expect(mergedVariantPrices(have, plan)).toEqual([
      { id: "p-eur", currency_code: "eur", amount: 12, rules: {} },
      { id: "p-gbp", currency_code: "gbp", amount: 9, rules: {} },
      { currency_code: "usd", amount: 13, rules: { region_id: "reg_us" } },
    ]);
  });

  it("reads region rules from either shape Medusa answers with", () => {
    expect(fromVariantPrice("v", { id: "p", currency_code: "eur", amount: "10", price_rules: [{ attribute: "region_id", value: "reg_1" }] })).toMatchObject({ region_id: "reg_1", amount: 10 });
    expect(fromListPrice({ id: "p", currency_code: "eur", amount: 5, price_set: { variant: { id: "v9" } }, price_rules: [{ attribute: "region_id", value: "reg_2" }] })).toMatchObject({ variant_id: "v9", region_id: "reg_2" });
  });
});

async function sheet(text: string, spec: Parameters<typeof readSheet>[2]) {
  const problems = new Problems();
  const s = await readSheet(Readable.from([Buffer.from(text)]), "p.csv", spec, problems);
  return { ...s, problems };
}

const PRICE_SPEC = { required: ["currency_code", "amount"], optional: ["min_quantity", "max_quantity", "region_id"], oneOf: [["sku", "variant_id"]] };

describe("price sheet validation", () => {
  it("reports header problems by column", async () => {
    const { problems } = await sheet("sku,currency,amount,amount\n", PRICE_SPEC);
    expect(problems.list.map(formatProblem)).toEqual([
      'p.csv, row 1, column "currency": unknown column (expected currency_code, amount, min_quantity, max_quantity, region_id, sku, variant_id)',
      'p.csv, row 1, column "amount": appears twice',
      'p.csv, row 1, column "currency_code": missing column',
    ]);
  });

  it("reports every bad cell with its row and column", async () => {
    const text = ["sku,variant_id,currency_code,amount,min_quantity,max_quantity", "A,,eur,0x1F,,", ",,eur,1,,", "B,variant_1,eur,1,,", "C,,euro,-2,,", "D,,usd,3,5,2", "E,,usd,1.5,,"].join("\n");
    const { rows, problems } = await sheet(text, PRICE_SPEC);
    const valid = validatePriceRows(rows, "p.csv", problems);
    expect(problems.list.map(formatProblem)).toEqual([
      'p.csv, row 2, column "amount": "0x1F" is not a number (write decimals like 19.99)',
      'p.csv, row 3, column "sku": empty: each row needs a sku or a variant_id',
      'p.csv, row 4, column "variant_id": give a sku or a variant_id, not both',
      'p.csv, row 5, column "currency_code": "euro" is not a 3-letter currency code',
      'p.csv, row 5, column "amount": must not be negative',
      'p.csv, row 6, column "max_quantity": is less than min_quantity',
    ]);
    expect(valid).toEqual([{ row: 7, line: 7, sku: "E", variant_id: undefined, currency_code: "usd", amount: 1.5, min_quantity: null, max_quantity: null, region_id: null }]);
  });

  it("refuses two rows for one price key", () => {
    const problems = new Problems();
    const row = (n: number, over: Partial<PriceRow> = {}): PriceRow => ({ row: n, line: n, sku: "A", ...price(over) });
    checkDuplicateKeys([row(2), row(3, { currency_code: "usd" }), row(4, { amount: 99 })], "p.csv", problems);
    expect(problems.list.map(formatProblem)).toEqual(['p.csv, row 4, column "sku": the same price as row 2 (variant, currency, region and quantities)']);
  });

  it("parses decimals the way people write them in sheets only", () => {
    expect(["19.99", "0", ".5", "-1", "1e3", "0x1F", "1,5", " 2", ""].map(parseDecimal)).toEqual([19.99, 0, 0.5, -1, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe("stock plans", () => {
  const items = [
    { id: "iitem_a", sku: "A", location_levels: [{ location_id: "sloc_1", stocked_quantity: 5 }] },
    { id: "iitem_b", sku: "B", location_levels: [] },
  ];

  it("creates missing levels, updates different ones, leaves equal ones, and lists SKUs without an item", () => {
    const plan = planStock(
      [
        { sku: "A", location_id: "sloc_1", stocked_quantity: 5 },
        { sku: "A", location_id: "sloc_2", stocked_quantity: 1 },
        { sku: "B", location_id: "sloc_1", stocked_quantity: 0 },
        { sku: "Z", location_id: "sloc_1", stocked_quantity: 3 },
      ],
      items,
    );
    expect(plan.unchanged.map((s) => [s.sku, s.location_id, s.old])).toEqual([["A", "sloc_1", 5]]);
    expect(plan.create.map((s) => [s.sku, s.location_id, s.inventory_item_id])).toEqual([
      ["A", "sloc_2", "iitem_a"],
      ["B", "sloc_1", "iitem_b"],
    ]);
    expect(plan.missing.map((m) => m.sku)).toEqual(["Z"]);
    const changed = planStock([{ sku: "A", location_id: "sloc_1", stocked_quantity: 7 }], items);
    expect(changed.update.map((s) => [s.old, s.stocked_quantity])).toEqual([[5, 7]]);
  });

  it("validates stock rows by row and column", async () => {
    const { rows, problems } = await sheet(["sku,location_id,location_name,stocked_quantity", "A,sloc_1,,4", ",sloc_1,,1", "B,,,2", "C,sloc_1,Main,2", "D,,Main,-1", "E,,Main,2.5"].join("\n"), {
      required: ["sku", "stocked_quantity"],
      optional: [],
      oneOf: [["location_id", "location_name"]],
    });
    const valid = validateStockRows(rows, "p.csv", problems);
    expect(valid.map((r) => [r.row, r.sku, r.location_id, r.stocked_quantity])).toEqual([[2, "A", "sloc_1", 4]]);
    expect(problems.list.map(formatProblem)).toEqual([
      'p.csv, row 3, column "sku": empty',
      'p.csv, row 4, column "location_id": empty: each row needs a location_id or a location_name',
      'p.csv, row 5, column "location_name": give a location_id or a location_name, not both',
      'p.csv, row 6, column "stocked_quantity": "-1" is not a whole number of at least 0',
      'p.csv, row 7, column "stocked_quantity": "2.5" is not a whole number of at least 0',
    ]);
  });
});
