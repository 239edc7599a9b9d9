/**
 * Hostile CSV files for the bulk commands through the built CLI (issue 9): each rejected file
 * gets a clear error naming the file (and row and column where they apply), exit 2, and nothing
 * in the store; files that are legal though awkward (a BOM, mixed line endings) are accepted.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";

const sdk = adminSdk();
const dir = mkdtempSync(path.join(tmpdir(), "medusactl-bad-csv-"));
const prefix = uniq("fbcsv").toLowerCase();
const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_DATA_DIR: path.join(dir, "data"), MEDUSACTL_CONFIG_DIR: path.join(dir, "config") };
const HEAD = "Product Handle,Product Title,Variant Sku,Variant Price EUR,Variant Option 1 Name,Variant Option 1 Value";
const row = (h: string, title = `Title ${h}`, sku = `${h.toUpperCase()}-1`, price = "10", value = "One") => `${h},${title},${sku},${price},Size,${value}`;

function file(name: string, content: string | Buffer): string {
  const f = path.join(dir, name);
  writeFileSync(f, content);
  return f;
}

async function productsByPrefix(p: string) {
  const { products } = (await sdk.admin.product.list({ q: p, limit: 200, fields: "id,handle,title,variants.sku" } as never)) as unknown as { products: Record<string, any>[] };
  return products.filter((x) => String(x.handle).startsWith(p));
}

afterAll(async () => {
  const left = await productsByPrefix(prefix);
  if (left.length) await sdk.admin.product.batch({ delete: left.map((p) => p.id) });
});

interface Case {
  name: string;
  /** Builds the file; `h` is the case's handle prefix (no product with it may exist afterwards). */
  make: (h: string) => string | Buffer;
  command?: "products" | "prices" | "inventory";
  stderr: RegExp;
}

const lf = (...lines: string[]) => lines.join("\n") + "\n";

const rejected: Case[] = [
  { name: "unbalanced quotes", make: (h) => lf(HEAD, row(`${h}-1`), `${h}-2,"Broken title,${h.toUpperCase()}-2,10,Size,One`, row(`${h}-3`)), stderr: /unreadable CSV: .*quote/i },
  // A UTF-8 file (its "Crème" says so) with a damaged cell: the cell is named, not guessed at.
  { name: "invalid UTF-8 in a cell of a UTF-8 file", make: (h) => Buffer.concat([Buffer.from(lf(HEAD, row(`${h}-0`, "Crème")) + `${h}-1,Caf`), Buffer.from([0xe9, 0xff]), Buffer.from(`,${h.toUpperCase()}-1,10,Size,One\n`)]), stderr: /row 3, column "Product Title": not valid UTF-8 text \(save the file as UTF-8, or give --encoding windows-1252/ },
  { name: "a comma-separated file forced to semicolons", make: (h) => lf(HEAD, row(`${h}-1`)), stderr: /row 1: the header is one column holding commas: the file seems to be separated by commas, not by semicolons \(drop --delimiter to detect it\)/ },
  { name: "a 10 MB field", make: (h) => lf(HEAD + ",Product Description", row(`${h}-1`) + "," + "x".repeat(10 * 1024 * 1024)), stderr: /row 2, column "Product Description": holds 10\.0 MB; a value may hold at most 1 MB/ },
  { name: "1,000 columns", make: (h) => lf(HEAD + Array.from({ length: 994 }, (_, i) => `,Extra ${i}`).join(""), row(`${h}-1`) + ",".repeat(994)), stderr: /row 1, column "Extra 0": unknown column[\s\S]*and \d+ more/ },
  { name: "duplicate SKUs", make: (h) => lf(HEAD, row(`${h}-1`, "A", `${h.toUpperCase()}-DUP`), row(`${h}-2`, "B", `${h.toUpperCase()}-DUP`)), stderr: /row 3, column "Variant Sku": SKU ".*-DUP" is also on row 2/ },
  { name: "a price like 0x1F", make: (h) => lf(HEAD, row(`${h}-1`, "A", undefined, "0x1F")), stderr: /row 2, column "Variant Price EUR": "0x1F" is not an amount/ },
  { name: "a price like 1e3", make: (h) => lf(HEAD, row(`${h}-1`, "A", undefined, "1e3")), stderr: /row 2, column "Variant Price EUR": "1e3" is not an amount/ },
  { name: "rows of one product that disagree", make: (h) => lf(HEAD, row(`${h}-1`, "First", `${h.toUpperCase()}-a`, "10", "S"), row(`${h}-1`, "Second", `${h.toUpperCase()}-b`, "10", "M")), stderr: /row 3, column "Product Title": disagrees with row 2/ },
  { name: "a row wider than the header", make: (h) => lf(HEAD, row(`${h}-1`), row(`${h}-2`) + ",extra"), stderr: /row 3: has 7 values but the header has 6/ },
  { name: "UTF-16", make: (h) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lf(HEAD, row(`${h}-1`)), "utf16le")]), stderr: /UTF-16; save it as UTF-8/ },
  { name: "a NUL byte in a cell", make: (h) => lf(HEAD, row(`${h}-1`, "Nul\u0000title")), stderr: /row 2, column "Product Title": holds a NUL byte/ },
  { name: "prices: an amount like 0x1F", command: "prices", make: (h) => lf("sku,currency_code,amount", `${h.toUpperCase()}-1,eur,0x1F`), stderr: /row 2, column "amount"/ },
  { name: "prices: unbalanced quotes", command: "prices", make: (h) => lf("sku,currency_code,amount", `"${h.toUpperCase()}-1,eur,10`), stderr: /unreadable CSV/ },
  // Read as it is (issue 39): the sheet's SKU is what is wrong, not its separator.
  { name: "prices: a semicolon sheet naming an unknown SKU", command: "prices", make: (h) => lf("sku;currency_code;amount", `${h.toUpperCase()}-1;eur;10,50`), stderr: /row 2, column "sku": no variant with SKU/ },
  { name: "inventory: a quantity like 0x1F", command: "inventory", make: (h) => lf("sku,location_name,stocked_quantity", `${h.toUpperCase()}-1,Main,0x1F`), stderr: /row 2, column "stocked_quantity"/ },
  { name: "inventory: invalid UTF-8 in a UTF-8 file", command: "inventory", make: (h) => Buffer.concat([Buffer.from(lf("sku,location_name,stocked_quantity", `${h.toUpperCase()}-0,Lager Süd,1`) + `${h.toUpperCase()}-1,M`), Buffer.from([0xff]), Buffer.from(",3\n")]), stderr: /row 3, column "location_name": not valid UTF-8/ },
];

function args(c: Case, f: string, h: string): string[] {
  if (c.command === "prices") return ["prices", "apply", f, "--price-list-title", `${h} list`];
  if (c.command === "inventory") return ["inventory", "apply", f];
  return ["products", "import", f, ...(c.name.includes("forced to semicolons") ? ["--delimiter", "semicolon"] : [])];
}

describe("hostile CSV files are rejected with a clear error, exit 2, nothing written", () => {
  rejected.forEach((c, i) => {
    it(c.name, async () => {
      const h = `${prefix}-r${i}`;
      const f = file(`case-${i}.csv`, c.make(h));
      const r = await runCli(args(c, f, h), { env, timeoutMs: 120_000 });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(f);
      expect(r.stderr).toMatch(/nothing was written|Error/);
      expect(r.stderr, r.stderr.slice(0, 2000)).toMatch(c.stderr);
      // One clear message, not a stack trace.
      expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
      expect(r.stdout).toBe("");
      expect(await productsByPrefix(h)).toEqual([]);
      if (c.command === "prices") {
        const { price_lists } = await sdk.admin.priceList.list({ q: `${h} list` });
        expect(price_lists).toEqual([]);
      }
    }, 120_000);
  });
});

describe("a new value of an option an existing product has", () => {
  it("is refused before anything is written (Medusa 2.21 would answer 500 mid-import), naming the product and option", async () => {
    const h = `${prefix}-optval`;
    const first = await runCli(["products", "import", file("optval-1.csv", lf(HEAD, row(`${h}-1`, "Mug", `${h.toUpperCase()}-S`, "10", "S")))], { env, timeoutMs: 120_000 });
    expect(first.code, first.stderr).toBe(0);
    const second = file("optval-2.csv", lf(HEAD, row(`${h}-1`, "Mug", `${h.toUpperCase()}-S`, "12", "S"), row(`${h}-1`, "Mug", `${h.toUpperCase()}-XL`, "12", "XL"), row(`${h}-2`, "Other", `${h.toUpperCase()}-O`, "5", "One")));
    const r = await runCli(["products", "import", second], { env, timeoutMs: 120_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`row 2: product "${h}-1" already has the option "Size" without "XL"`);
    const got = await productsByPrefix(h);
    expect(got.map((p) => p.handle)).toEqual([`${h}-1`]);
    expect(got[0]!.variants.map((v: { sku: string }) => v.sku)).toEqual([`${h.toUpperCase()}-S`]);
  }, 120_000);
});

describe("a file with no rows is a job with nothing to do: exit 0, 0 rows, nothing written", () => {
  const empties: [string, "products" | "prices" | "inventory", string | Buffer][] = [
    ["an empty file", "products", ""],
    ["a byte-order mark alone", "products", Buffer.from([0xef, 0xbb, 0xbf])],
    ["a header alone", "products", lf(HEAD)],
    ["an empty file", "prices", ""],
    ["a header alone", "prices", lf("sku,currency_code,amount")],
    ["a header alone", "inventory", lf("sku,location_name,stocked_quantity")],
  ];
  it.each(empties)("%s (%s)", async (_what, command, content) => {
    const h = `${prefix}-empty-${command}`;
    const f = file(`empty-${command}-${Math.random().toString(36).slice(2)}.csv`, content);
    const r = await runCli(args({ name: "", make: () => "", command, stderr: /x/ }, f, h), { env, timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${f}: 0 rows; nothing to do\n`);
    if (command === "prices") expect((await sdk.admin.priceList.list({ q: `${h} list` })).price_lists).toEqual([]);
  }, 120_000);
});

describe("legal but awkward CSV files are accepted", () => {
  it("a German Excel file: semicolons, Windows-1252, a decimal comma; the summary says how it was read", async () => {
    const h = `${prefix}-de`;
    const text = lf(HEAD.replaceAll(",", ";"), `${h}-1;Größe Müsli €;${h.toUpperCase()}-1;4,50;Größe;Groß`);
    const f = file("de.csv", Buffer.from(text, "latin1").map((b, i) => (text.charCodeAt(i) === 0x20ac ? 0x80 : b)));
    const r = await runCli(["products", "import", f], { env, timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/de\.csv: read as Windows-1252 \(it is not valid UTF-8; --encoding utf-8 reads it otherwise\), separated by semicolons/);
    const { products } = (await sdk.admin.product.list({ handle: `${h}-1`, fields: "title,*options,*variants.prices" } as never)) as unknown as { products: Record<string, any>[] };
    expect(products[0]!.title).toBe("Größe Müsli €");
    expect(products[0]!.options[0].title).toBe("Größe");
    expect(products[0]!.variants[0].prices[0].amount).toBe(4.5);
  }, 120_000);

  it("a UTF-8 byte-order mark", async () => {
    const h = `${prefix}-bom`;
    const f = file("bom.csv", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lf(HEAD, row(`${h}-1`, "Bom title")))]));
    const r = await runCli(["products", "import", f], { env, timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    const got = await productsByPrefix(h);
    expect(got.map((p) => [p.handle, p.title])).toEqual([[`${h}-1`, "Bom title"]]);
  }, 120_000);

  it("mixed CRLF and LF line endings", async () => {
    const h = `${prefix}-eol`;
    const f = file("eol.csv", `${HEAD}\r\n${row(`${h}-1`)}\n${row(`${h}-2`)}\r\n${row(`${h}-3`)}\n`);
    const r = await runCli(["products", "import", f], { env, timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    const got = await productsByPrefix(h);
    expect(got.map((p) => p.handle).sort()).toEqual([`${h}-1`, `${h}-2`, `${h}-3`]);
    expect(got.map((p) => p.title).sort()).toEqual([`Title ${h}-1`, `Title ${h}-2`, `Title ${h}-3`]);
  }, 120_000);
});
