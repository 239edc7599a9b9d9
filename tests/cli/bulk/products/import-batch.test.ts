import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Problems } from "../../../../src/cli/bulk/problems.js";
import { indexFile } from "../../../../src/cli/bulk/products/import-batch.js";
import { streamProducts } from "../../../../src/cli/bulk/products/import-stream.js";

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
