/** `--on-error skip`: problems settled per product (src/cli/bulk/products/import-skip.ts). */
import { describe, expect, it } from "vitest";
import { Problems, ValidationError } from "../../../../src/cli/bulk/problems.js";
import type { FileIndex } from "../../../../src/cli/bulk/products/import-batch.js";
import { emptySkips, settleProblems, skipReason, skipText } from "../../../../src/cli/bulk/products/import-skip.js";

const index = (rowKeys: [number, string][]) => ({ rowKeys: new Map(rowKeys) }) as unknown as FileIndex;

describe("settling problems per product", () => {
  it("a problem on any row of a product skips that product; a row of no product is skipped alone; duplicates are said once", () => {
    const problems = new Problems();
    problems.add({ file: "f.csv", row: 3, line: 4, column: "Variant Price", message: '"abc" is not an amount' });
    problems.add({ file: "f.csv", row: 3, line: 4, column: "Variant Price", message: '"abc" is not an amount' });
    problems.add({ file: "f.csv", row: 9, column: "Handle", message: "missing" });
    const skips = emptySkips();
    settleProblems(problems, index([[2, "handle:mug"], [3, "handle:mug"]]), skips);
    expect(problems.size).toBe(0);
    expect([...skips.products.keys()]).toEqual(["handle:mug"]);
    expect(skips.products.get("handle:mug")).toHaveLength(1);
    expect([...skips.rows.keys()]).toEqual([9]);
    expect(skipReason(skips.products.get("handle:mug")!)).toBe('not imported: row 3 (line 4), column "Variant Price": "abc" is not an amount');
    expect(skipText(skips, new Map([["handle:mug", "mug"]]), true)).toEqual([
      'would skip product "mug" (all its rows):',
      '  f.csv, row 3 (line 4), column "Variant Price": "abc" is not an amount',
      'would skip: f.csv, row 9, column "Handle": missing',
    ]);
  });

  it("a problem of the file itself refuses the whole file, with every problem", () => {
    const problems = new Problems();
    problems.add({ file: "f.csv", row: 1, column: "Colour", message: "unknown column" });
    problems.add({ file: "f.csv", row: 3, message: "bad" });
    expect(() => settleProblems(problems, index([[3, "handle:mug"]]), emptySkips())).toThrow(ValidationError);
    const flag = new Problems();
    flag.add({ file: "f.csv", message: '--location "Nowhere": not found' });
    expect(() => settleProblems(flag, index([]), emptySkips())).toThrow(/--location "Nowhere"/);
  });
});
