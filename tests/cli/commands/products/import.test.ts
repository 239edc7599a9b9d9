import { describe, expect, it } from "vitest";
import { makeImportCommand } from "../../../../src/cli/commands/products/import.js";
import type { ImportOptions } from "../../../../src/cli/bulk/products/import-options.js";

function parse(argv: string[]): ImportOptions {
  let got: ImportOptions | undefined;
  const cmd = makeImportCommand({ factory: () => ({}) as never, registerNoun: async () => {} }, async (_f, o) => {
    got = o;
  });
  cmd.exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  return cmd.parseAsync(argv, { from: "user" }).then(() => got!) as never;
}

describe("products import argv", () => {
  it.each([
    [["f.csv"], { file: "f.csv", engine: "batch" }],
    [["f.csv", "--from", "shopify", "--currency", "usd", "--sale-price-list", "Spring"], { from: "shopify", currency: "usd", salePriceList: "Spring" }],
    [["f.csv", "--images", "link"], { images: "link" }],
    [["f.csv", "--images", "copy", "--strict-images"], { images: "copy", strictImages: true }],
  ])("%j", async (argv, want) => expect(await parse(argv)).toMatchObject(want));

  it.each([
    [["f.csv", "--from", "magento"]],
    [["f.csv", "--images", "hotlink"]],
  ])("refuses %j", async (argv) => expect(parse(argv)).rejects.toThrow(/Allowed choices/));
});
