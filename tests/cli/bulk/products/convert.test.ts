import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Problems } from "../../../../src/cli/bulk/problems.js";
import { categoryPath, repairDuplicateSkus, slugify, toCentimetres, toGrams, writeConverted, type CategoryNode } from "../../../../src/cli/bulk/products/convert.js";
import { detectFromHeader, detectFormat } from "../../../../src/cli/bulk/products/detect.js";
import { fromShopify } from "../../../../src/cli/bulk/products/from-shopify.js";
import { fromWooCommerce } from "../../../../src/cli/bulk/products/from-woocommerce.js";
import { indexFile } from "../../../../src/cli/bulk/products/import-batch.js";

const fixture = (name: string) => path.join(__dirname, "../../../fixtures/products", name);

describe("format detection", () => {
  it.each([
    ["shopify.csv", "shopify"],
    ["shopify-legacy.csv", "shopify"],
    ["woocommerce.csv", "woocommerce"],
  ])("%s is %s", async (file, format) => expect(await detectFormat(fixture(file))).toBe(format));

  it("Medusa's own header stays Medusa's", () => {
    expect(detectFromHeader(["Product Handle", "Product Title", "Variant Sku"])).toBe("medusa");
    expect(detectFromHeader(["Anything"])).toBe("medusa");
  });
});

describe("helpers", () => {
  it("slugs and category paths", () => {
    expect(slugify("Apparel & Accessories")).toBe("apparel-and-accessories");
    expect(slugify("Crème Brûlée!")).toBe("creme-brulee");
    const tree = new Map<string, CategoryNode>();
    expect(categoryPath("A > B > C", tree)).toBe("a-b-c");
    expect(categoryPath("A > D", tree)).toBe("a-d");
    expect([...tree.values()]).toEqual([
      { handle: "a", name: "A" },
      { handle: "a-b", name: "B", parent: "a" },
      { handle: "a-b-c", name: "C", parent: "a-b" },
      { handle: "a-d", name: "D", parent: "a" },
    ]);
  });
  it.each([
    [1.5, "kg", 1500],
    [2, "lbs", 907.185],
    [3, "oz", 85.049],
    [0.1, "kg", 100],
  ])("%s %s is %s g", (v, u, g) => expect(toGrams(v, u)).toBe(g));
  it("lengths in centimetres", () => {
    expect(toCentimetres(10, "in")).toBe(25.4);
    expect(toCentimetres(15, "mm")).toBe(1.5);
  });
});

describe("Shopify", () => {
  it("maps the current export", async () => {
    const problems = new Problems();
    const c = await fromShopify({ file: fixture("shopify.csv"), problems });
    expect(problems.list).toEqual([]);
    expect(c.dataRows).toBe(5);
    const [tee, card] = c.products;
    expect(tee).toMatchObject({
      handle: "PFX-tee",
      title: "PFX Tee",
      description: "<p>Soft <b>cotton</b>, 2 lines\nhere</p>",
      status: "published",
      metadata: { vendor: "Acme", seo_title: "PFX Tee | Acme", seo_description: "The PFX tee" },
      type: "PFX Shirts",
      tags: ["PFX-summer", "PFX-cotton"],
      categories: ["pfx-apparel-and-accessories-clothing-shirts-and-tops"],
      images: ["https://IMGHOST/tee-front.jpg", "https://IMGHOST/tee-back.jpg", "https://IMGHOST/tee-side.jpg"],
      extraRows: [{ row: 5, line: 6 }],
    });
    expect(tee!.variants).toEqual([
      { at: { row: 2, line: 2 }, options: [["Size", "S"], ["Color", "Red"]], sku: "PFX-TEE-S-RED", barcode: "4006381333931", weight: 200, manageInventory: true, allowBackorder: false, stock: 5, price: "24.99", salePrice: "19.99" },
      { at: { row: 3, line: 4 }, options: [["Size", "S"], ["Color", "Blue"]], sku: "PFX-TEE-S-BLUE", weight: 210.5, manageInventory: true, allowBackorder: true, stock: 0, price: "19.99" },
      { at: { row: 4, line: 5 }, options: [["Size", "M"], ["Color", "Red"]], sku: "PFX-TEE-M-RED", weight: 220, manageInventory: false, allowBackorder: false, price: "21.00" },
    ]);
    expect(card).toMatchObject({ handle: "PFX-card", status: "draft", isGiftcard: true, categories: ["pfx-apparel-and-accessories-clothing"] });
    expect(card!.variants[0]!.options).toEqual([]);
    expect(c.categories.map((x) => x.handle)).toEqual(["pfx-apparel-and-accessories", "pfx-apparel-and-accessories-clothing", "pfx-apparel-and-accessories-clothing-shirts-and-tops"]);
    const used = c.columns.filter((x) => x.target).map((x) => x.source);
    expect(used).toContain("Variant Compare At Price");
    expect(c.columns.find((x) => x.source === "Option1 Linked To")?.reason).toMatch(/metafield/);
    expect(c.columns.find((x) => x.source === "Variant Weight Unit")?.reason).toMatch(/grams/);
  });

  it("maps the older export with Google Shopping columns and no Status", async () => {
    const problems = new Problems();
    const c = await fromShopify({ file: fixture("shopify-legacy.csv"), problems });
    expect(problems.list).toEqual([]);
    expect(c.products[0]).toMatchObject({ handle: "PFX-mug", status: "published", variants: [{ sku: "PFX-MUG", weight: 350, stock: 7, price: "9.50", options: [] }] });
    expect(c.columns.find((x) => x.source === "Google Shopping / Gender")?.reason).toMatch(/Google Shopping/);
  });
});

describe("WooCommerce", () => {
  it("maps simple, variable and variations; skips grouped and external with reasons", async () => {
    const problems = new Problems();
    const c = await fromWooCommerce({ file: fixture("woocommerce.csv"), problems });
    expect(problems.list).toEqual([]);
    expect(c.dataRows).toBe(7);
    const [beanie, hoodie, ebook] = c.products;
    expect(beanie).toMatchObject({
      handle: "pfx-beanie",
      title: "PFX Beanie",
      subtitle: "<p>Warm</p>",
      description: "<p>A warm beanie</p>",
      status: "published",
      metadata: { woocommerce_id: "101" },
      tags: ["PFX-wool"],
      categories: ["pfx-clothing-accessories", "pfx-winter"],
      images: ["https://IMGHOST/beanie.jpg", "https://IMGHOST/beanie-2.jpg"],
    });
    expect(beanie!.variants).toEqual([
      { at: { row: 2, line: 2 }, options: [], sku: "PFX-BEANIE", stock: 12, manageInventory: true, allowBackorder: false, weight: 250, length: 20, width: 18, height: 5, price: "18", salePrice: "15" },
    ]);
    expect(hoodie).toMatchObject({ handle: "pfx-hoodie", categories: ["pfx-clothing-hoodies"], extraRows: [{ row: 3, line: 3 }] });
    expect(hoodie!.variants.map((v) => [v.at.row, v.sku, v.options, v.title, v.price, v.salePrice, v.allowBackorder, v.weight])).toEqual([
      [4, "PFX-HOODIE-BLUE-S", [["Color", "Blue"], ["Size", "S"]], "Blue S", "45", undefined, true, 500],
      [5, "PFX-HOODIE-GREEN-M", [["Color", "Green"], ["Size", "M"]], "Green M", "45", "39", false, 500],
    ]);
    expect(ebook).toMatchObject({ handle: "pfx-ebook", status: "draft", categories: ["pfx-books"] });
    expect(c.skipped.map((s) => [s.row, s.reason])).toEqual([
      [6, expect.stringMatching(/grouped/)],
      [7, expect.stringMatching(/external/)],
    ]);
    expect(c.notes).toEqual([{ row: 8, line: 8, message: expect.stringMatching(/downloadable file "Ebook PDF" skipped/) }]);
    expect(c.columns.find((x) => x.source === "Weight (kg)")?.target).toMatch(/grams, from kg/);
  });

  it("a variation with an \"any\" attribute becomes a variant per value its product lists, after the specific ones", async () => {
    const { writeFileSync, mkdtempSync } = await import("node:fs");
    const dir = mkdtempSync(path.join((await import("node:os")).tmpdir(), "woo-"));
    const file = path.join(dir, "w.csv");
    writeFileSync(
      file,
      [
        "ID,Type,SKU,Name,Parent,Regular price,Sale price,Stock,Attribute 1 name,Attribute 1 value(s),Attribute 2 name,Attribute 2 value(s)",
        '1,variable,V,Vee,,,,,Color,"Red, Blue",Size,"S, M"',
        "2,variation,V-RED-S,Vee - Red S,V,6,,,Color,Red,Size,S",
        "3,variation,V-RED,Vee - Red,id:1,5,,4,Color,Red,Size,",
        "4,variation,V-BLUE,Vee - Blue,V,5,,,Color,Blue,Size,",
        "5,variation,V-ANY,Vee,V,9,,,Color,,Size,",
        "6,variation,X-S,X,NOPE,5,,,Color,Red,Size,S",
        '7,variable,W,Wee,,,,,Size,""',
        "8,variation,W-ANY,Wee - any,W,5,,,Size,",
      ].join("\n"),
    );
    const c = await fromWooCommerce({ file, problems: new Problems() });
    const vee = c.products.find((p) => p.handle === "vee")!;
    // The specific variation keeps Red/S; "any size" of Red fills Red/M; "any" of both finds nothing left.
    expect(vee.variants.map((v) => [v.sku, v.options, v.price, v.stock])).toEqual([
      ["V-RED-S", [["Color", "Red"], ["Size", "S"]], "6", undefined],
      ["V-RED-m", [["Color", "Red"], ["Size", "M"]], "5", 4],
      ["V-BLUE-s", [["Color", "Blue"], ["Size", "S"]], "5", undefined],
      ["V-BLUE-m", [["Color", "Blue"], ["Size", "M"]], "5", undefined],
    ]);
    expect(vee.variants.every((v) => v.sku === "V-RED-S" || v.title === undefined)).toBe(true);
    expect(c.notes.map((n) => [n.row, n.message])).toEqual([
      [4, expect.stringMatching(/applies to any Size: imported as 1 variant \(M\) with SKUs V-RED-…/)],
      [5, expect.stringMatching(/applies to any Size: imported as 2 variants \(S, M\)/)],
    ]);
    expect(c.skipped.map((s) => [s.row, s.reason]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [6, expect.stringMatching(/every value is taken by a sibling variation/)],
      [7, expect.stringMatching(/"NOPE" is not in the file/)],
      [8, expect.stringMatching(/none of its variations can be imported/)],
      [9, expect.stringMatching(/product lists no values of it/)],
    ]);
  });

  it("turns WordPress's written line breaks back into line breaks and leaves out the default category", async () => {
    const { writeFileSync, mkdtempSync } = await import("node:fs");
    const dir = mkdtempSync(path.join((await import("node:os")).tmpdir(), "woo-"));
    const file = path.join(dir, "w.csv");
    writeFileSync(file, ["ID,Type,SKU,Name,Parent,Regular price,Description,Categories", '1,simple,S,Soap,,3,"<p>One</p>\\n<p>Two \\\\n kept</p>",Uncategorized'].join("\n"));
    const c = await fromWooCommerce({ file, problems: new Problems() });
    expect(c.products[0]!.description).toBe("<p>One</p>\n<p>Two \\n kept</p>");
    expect(c.products[0]!.categories).toEqual([]);
    expect(c.categories).toEqual([]);
  });

  it("with repairs, a measure that is not a number or in an unknown unit is left out with a note", async () => {
    const { writeFileSync, mkdtempSync } = await import("node:fs");
    const dir = mkdtempSync(path.join((await import("node:os")).tmpdir(), "woo-"));
    const file = path.join(dir, "w.csv");
    writeFileSync(file, ["ID,Type,SKU,Name,Parent,Regular price,Weight (kg),Length (st)", "1,simple,S,Soap,,3,heavy,4"].join("\n"));
    const problems = new Problems();
    const c = await fromWooCommerce({ file, problems, repair: true });
    expect(problems.list).toEqual([]);
    expect(c.products[0]!.variants[0]!.weight).toBeUndefined();
    expect(c.notes.map((n) => n.message)).toEqual(['Weight "heavy" is not a number: left out']);
    expect(c.columns.find((x) => x.source === "Length (st)")?.reason).toMatch(/unknown unit "st"/);
    const strict = new Problems();
    await fromWooCommerce({ file, problems: strict });
    expect(strict.list.map((p) => p.message)).toEqual(['"heavy" is not a number']);
  });

  it("repairs a SKU a later product repeats (Shopify's Duplicate), naming both rows", async () => {
    const { writeFileSync, mkdtempSync } = await import("node:fs");
    const dir = mkdtempSync(path.join((await import("node:os")).tmpdir(), "shop-"));
    const file = path.join(dir, "s.csv");
    writeFileSync(file, ["Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price", "mug,Mug,Title,Default Title,MUG-1,5", "mug-copy,Copy of Mug,Title,Default Title,MUG-1,5"].join("\n"));
    const c = await fromShopify({ file, problems: new Problems() });
    repairDuplicateSkus(c);
    expect(c.products.map((p) => p.variants[0]!.sku)).toEqual(["MUG-1", undefined]);
    expect(c.notes).toEqual([{ row: 3, line: 3, message: 'SKU "MUG-1" is also on row 2 (product "mug"): this variant of "mug-copy" is imported without a SKU' }]);
  });
});

describe("the converted file", () => {
  it("is private, in Medusa's columns, and validates with the source's row numbers", async () => {
    const problems = new Problems();
    const c = await fromShopify({ file: fixture("shopify.csv"), problems });
    for (const p of c.products) p.handle = p.handle.toLowerCase();
    const out = await writeConverted(c, { currency: "eur", withStock: true });
    try {
      expect(statSync(out.path).mode & 0o777).toBe(0o600);
      const text = readFileSync(out.path, "utf8");
      expect(text.split("\r\n")[0]).toContain("Variant Price EUR");
      expect(out.rows.slice(2)).toEqual([{ row: 2, line: 2 }, { row: 3, line: 4 }, { row: 4, line: 5 }, { row: 6, line: 7 }]);
      const index = await indexFile({ file: "shopify.csv", source: { read: out.path, rows: out.rows }, problems, matchHandle: true });
      expect(problems.list).toEqual([]);
      expect(index.products.get("handle:pfx-tee")).toMatchObject({ firstRow: 2, lastRow: 4, rows: 3 });
      expect(index.skus.get("PFX-TEE-M-RED")).toMatchObject({ row: 4, line: 5 });
    } finally {
      await out.dispose();
    }
    expect(() => statSync(out.path)).toThrow();
  });
});

describe("WooCommerce term names", () => {
  it("decodes WordPress's HTML escapes", async () => {
    const { entities } = await import("../../../../src/cli/bulk/products/from-woocommerce.js");
    expect(entities("Home &amp; Garden &gt; Kids&#039; &quot;Toys&quot;")).toBe(`Home & Garden > Kids' "Toys"`);
  });
});

describe("problem columns", () => {
  it("name the source file's columns", async () => {
    const { toSourceColumns } = await import("../../../../src/cli/bulk/products/convert.js");
    const c = await fromShopify({ file: fixture("shopify.csv"), problems: new Problems() });
    const problems = [{ column: "Product Handle" }, { column: "Variant Price EUR" }, { column: "Product Image 2" }, { column: "Handle" }, {}];
    toSourceColumns(c, problems);
    expect(problems).toEqual([{ column: "Handle" }, { column: "Variant Price" }, { column: "Image Src" }, { column: "Handle" }, {}]);
  });
});
