import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/cli/bulk/problems.js";

describe("ValidationError", () => {
  it("lists every problem with file, row, line and column, sorted by row", () => {
    const e = new ValidationError([
      { file: "p.csv", row: 7, line: 9, column: "Variant Price EUR", message: "not a number: 0x1F" },
      { file: "p.csv", row: 3, column: "Product Title", message: "missing" },
    ]);
    expect(e.message).toBe(
      '2 problems found, nothing was written:\n  p.csv, row 3, column "Product Title": missing\n  p.csv, row 7 (line 9), column "Variant Price EUR": not a number: 0x1F',
    );
    expect(e.exitCode).toBe(2);
  });
});
