/**
 * `products import` / `products export` through the built CLI against the real back-end.
 * Every run uses its own handle prefix and removes its products afterwards.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../helpers/cli.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";
import { once } from "./helpers/topology.js";
import { readCsv } from "../../src/cli/bulk/csv.js";
import { Problems } from "../../src/cli/bulk/problems.js";
import { csvField } from "../../src/cli/output/csv-field.js";

const sdk = adminSdk();
const work = mkdtempSync(path.join(tmpdir(), "medusactl-bulk-e2e-"));
const dataDir = path.join(work, "data");
const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_DATA_DIR: dataDir, MEDUSACTL_CONFIG_DIR: path.join(work, "config") };
const prefix = uniq("bulk").toLowerCase();
const cli = (args: string[], timeoutMs = 240_000) => runCli(args, { env, timeoutMs });
const file = (name: string, text: string) => {
  const f = path.join(work, name);
  writeFileSync(f, text);
  return f;
};
const csv = (rows: string[][]) => rows.map((r) => r.map((v) => csvField(v, { raw: true })).join(",")).join("\r\n") + "\r\n";

async function parse(f: string): Promise<Record<string, string>[]> {
  const problems = new Problems();
  const records: string[][] = [];
  for await (const r of readCsv(Readable.from([readFileSync(f)]), { file: f, problems })) records.push(r.cells);
  expect(problems.list).toEqual([]);
  const [head, ...rows] = records;
  return rows.map((cells) => Object.fromEntries(head!.map((h, i) => [h, cells[i]!])));
}

async function productsByPrefix(p: string) {
  const { products } = await sdk.admin.product.list({ q: p, limit: 200, fields: "id,handle,title,description,metadata,*variants,*variants.options,*variants.prices,*options" } as never);
  return (products as unknown as Record<string, any>[]).filter((x) => String(x.handle).startsWith(p));
}

afterAll(async () => {
  const leftovers = await productsByPrefix(prefix);
  for (let i = 0; i < leftovers.length; i += 50) {
    await sdk.admin.product.batch({ delete: leftovers.slice(i, i + 50).map((p) => p.id) });
  }
});

describe("products import → export with awkward data", () => {
  const h = `${prefix}-awk`;
  const options = ["Size", "Color", "Material"];
  const values = [["S", "M"], ["Red", "Blüe"], ["Cotton", "Linen"]];
  const header = [
    "Product Handle", "Product Title", "Product Subtitle", "Product Description", "Product Status", "Product Metadata", "Product Weight",
    "Variant Title", "Variant SKU", "Variant Price EUR", "Variant Price USD", "Variant Price [Europe] EUR", "Variant Metadata", "Variant Inventory Quantity",
    ...options.flatMap((_, i) => [`Variant Option ${i + 1} Name`, `Variant Option ${i + 1} Value`]),
  ];
  const titles = ['Shirt, "the best" 😀', "Ｔシャツ – 日本語 and العربية", "Cafe\u0301 décomposé 𝄞"];
  const descriptions = ["Line one\nline two, with a comma", 'CRLF\r\ninside, and "quotes"', "x".repeat(8000)];
  const rows: string[][] = [];
  titles.forEach((title, p) => {
    let n = 0;
    for (const a of values[0]!) for (const b of values[1]!) for (const c of values[2]!) {
      n++;
      rows.push([
        `${h}-${p}`, title, p === 0 ? "  padded subtitle  " : "", descriptions[p]!, "published", JSON.stringify({ source: "e2e", note: `ünïcödé ${p}` }), String(100 + p),
        `${a} / ${b} / ${c}`, `${h}-${p}-${n}`, `${n}.5`, `${n + 1}`, `${n}.25`, n === 1 ? JSON.stringify({ lot: "A,1" }) : "", String(n * 3),
        options[0]!, a, options[1]!, b, options[2]!, c,
      ]);
    }
  });
  let input: string;
  let export1: string;

  beforeAll(() => {
    input = file("awkward.csv", csv([header, ...rows]));
  });

  it("imports every row with channel, profile and stock, and reports per row", async () => {
    const report = path.join(work, "awkward-report.json");
    const r = await cli(["products", "import", input, "--sales-channel", "Default Sales Channel", "--shipping-profile", "Default Shipping Profile", "--location", "Sandbox Warehouse", "--report", report]);
    expect(r.stderr).not.toContain("Error");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("3 created, 0 updated, 0 unchanged, 0 failed (24 rows)");
    const rep = JSON.parse(readFileSync(report, "utf8"));
    expect(rep.summary).toMatchObject({ rows: 24, create: 24, failed: 0 });
    expect(rep.rows.every((x: any) => x.ids.product_id?.startsWith("prod_") && x.ids.variant_id?.startsWith("variant_"))).toBe(true);
    expect(rep.rows.find((x: any) => x.row === 3)).toMatchObject({ line: 4 });

    const stored = await productsByPrefix(h);
    expect(stored.map((p) => p.title).sort()).toEqual([...titles].sort());
    for (const p of stored) expect(p.variants).toHaveLength(8);
    const { inventory_items } = (await sdk.client.fetch("/admin/inventory-items", { query: { sku: [`${h}-0-4`], fields: "sku,location_levels.stocked_quantity" } })) as any;
    expect(inventory_items[0].location_levels[0].stocked_quantity).toBe(12);
  });

  it("exports the same values byte for byte", async () => {
    const out = path.join(work, "export1.csv");
    const r = await cli(["products", "export", "--query", `q=${h}`, "--out", out]);
    expect(r.code).toBe(0);
    export1 = readFileSync(out, "utf8");
    const exported = await parse(out);
    expect(exported).toHaveLength(24);
    const bySku = new Map(exported.map((e) => [e["Variant Sku"], e]));
    for (const row of rows) {
      const src = Object.fromEntries(header.map((k, i) => [k, row[i]!]));
      const e = bySku.get(src["Variant SKU"]!)!;
      expect(e["Product Title"]).toBe(src["Product Title"]);
      expect(e["Product Subtitle"]).toBe(src["Product Subtitle"]);
      expect(e["Product Description"]).toBe(src["Product Description"]);
      expect(JSON.parse(e["Product Metadata"]!)).toEqual(JSON.parse(src["Product Metadata"]!));
      expect(e["Variant Title"]).toBe(src["Variant Title"]);
      expect(e["Variant Price EUR"]).toBe(String(Number(src["Variant Price EUR"])));
      expect(e["Variant Price USD"]).toBe(src["Variant Price USD"]);
      expect(e["Variant Price [Europe] EUR"]).toBe(src["Variant Price [Europe] EUR"]);
      const opts = (x: Record<string, string>) => Object.fromEntries([1, 2, 3].map((i) => [x[`Variant Option ${i} Name`], x[`Variant Option ${i} Value`]]));
      expect(opts(e)).toEqual(opts(src));
      expect(e["Product Sales Channel 1"]).toMatch(/^sc_/);
      expect(e["Shipping Profile Id"]).toMatch(/^sp_/);
    }
  });

  it("re-imports the same file, and its own export, as a no-op; a second export is identical", async () => {
    const again = await cli(["products", "import", input, "--sales-channel", "Default Sales Channel", "--location", "Sandbox Warehouse", "--json"]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ products: { create: 0, update: 0, unchanged: 3, failed: 0 }, rows: { unchanged: 24 } });
    const own = await cli(["products", "import", path.join(work, "export1.csv"), "--json"]);
    expect(JSON.parse(own.stdout)).toMatchObject({ products: { create: 0, update: 0, unchanged: 3 } });
    const out = path.join(work, "export2.csv");
    expect((await cli(["products", "export", "--query", `q=${h}`, "--out", out])).code).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(export1);
    const nd = await cli(["products", "export", "--query", `q=${h}`, "--output", "ndjson"]);
    const docs = nd.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(docs.map((d) => d.handle).sort()).toEqual([`${h}-0`, `${h}-1`, `${h}-2`]);
    expect(docs.every((d) => d.variants.length === 8)).toBe(true);
  });

  it("dry-runs an edited export as updates with the changed fields and writes nothing", async () => {
    const exported = await parse(path.join(work, "export1.csv"));
    const cols = Object.keys(exported[0]!);
    const lines = [cols, ...exported.map((x) => cols.map((c) => (x["Variant Sku"] === `${h}-1-3` && c === "Variant Price USD" ? "99.99" : x[c]!)))];
    const f = file("edited.csv", csv(lines));
    const r = await cli(["products", "import", f, "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`update\t${h}-1\t${h}-1-3.price.usd`);
    expect(r.stdout.split("\n").filter((l) => l.startsWith("unchanged")).length).toBe(2);
    const [variant] = ((await sdk.client.fetch("/admin/product-variants", { query: { sku: [`${h}-1-3`], fields: "id,*prices" } })) as any).variants;
    expect(variant.prices.find((p: any) => p.currency_code === "usd" && !Object.keys(p.rules ?? {}).length).amount).toBe(4);
  });
});

describe("products import: a file with errors", () => {
  once("lists every problem with row and column, exits 2 and writes nothing", async () => {
    const h = `${prefix}-bad`;
    const f = file(
      "bad.csv",
      csv([
        ["Product Handle", "Product Title", "Variant Sku", "Variant Price EUR", "Variant Option 1 Name", "Variant Option 1 Value", "Product Weight", "Colour"],
        [`${h}-1`, "One", `${h}-1`, "0x1F", "Size", "S", "12", ""],
        [`${h}-1`, "One, renamed", `${h}-2`, "10", "Size", "M", "heavy", ""],
        [`${h}-2`, "", `${h}-1`, "5", "Size", "S", "", ""],
        [`${h}-3`, "Fine", `${h}-3`, "5", "Size", "S", "", ""],
      ]),
    );
    const r = await cli(["products", "import", f]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    for (const line of [
      `row 1, column "Colour": unknown column`,
      `row 2, column "Variant Price EUR": "0x1F" is not an amount`,
      `row 3, column "Product Weight": "heavy" is not a number`,
      `row 3, column "Product Title": disagrees with row 2`,
      `row 4, column "Variant Sku": SKU "${h}-1" is also on row 2`,
      `row 4, column "Product Title": product "${h}-2" is new and needs a title`,
    ]) expect(r.stderr).toContain(line);
    expect(r.stderr).toContain("nothing was written");
    expect(await productsByPrefix(h)).toEqual([]);
  });

  once("refuses a damaged UTF-8 cell (a Windows file is read as one) and a Product Id that does not exist", async () => {
    // A UTF-8 file ("Crème") with one damaged cell: named, not guessed at.
    const bytes = Buffer.concat([Buffer.from(`Product Handle,Product Title,Variant Sku\n${prefix}-utf0,Crème,${prefix}-utf0\n${prefix}-utf,Caf`), Buffer.from([0xe9]), Buffer.from(`,${prefix}-utf\n`)]);
    const f = path.join(work, "latin1.csv");
    writeFileSync(f, bytes);
    const r = await cli(["products", "import", f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('row 3, column "Product Title": not valid UTF-8');
    const g = file("ghost.csv", csv([["Product Id", "Product Title"], ["prod_01NOTHERE", "Ghost"]]));
    const r2 = await cli(["products", "import", g]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain("product prod_01NOTHERE does not exist in this store");
  });
});

describe("products import --resume", () => {
  once("finishes an import killed mid-way with exactly the expected products", async () => {
    const h = `${prefix}-res`;
    const rows: string[][] = [["Product Handle", "Product Title", "Variant Sku", "Variant Price EUR", "Variant Option 1 Name", "Variant Option 1 Value"]];
    for (let i = 0; i < 30; i++) for (const s of ["S", "M"]) rows.push([`${h}-${i}`, `Resume ${i}`, `${h}-${i}-${s}`, `${i}.5`, "Size", s]);
    const f = file("resume.csv", csv(rows));
    const jobs = path.join(dataDir, "jobs");

    const child = spawn(process.execPath, [BIN, "products", "import", f, "--chunk-size", "5", "--concurrency", "1"], { env: { ...process.env, ...env }, stdio: "ignore" });
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    // Kill it (no clean-up possible) once the first chunk is in the checkpoint.
    for (let i = 0; i < 600; i++) {
      const journal = existsSync(jobs) ? readdirSync(jobs).find((n) => n.endsWith(".jsonl")) : undefined;
      if (journal && statSync(path.join(jobs, journal)).size > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill("SIGKILL");
    await exited;
    const before = (await productsByPrefix(h)).length;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(30);

    const report = path.join(work, "resume-report.csv");
    const r = await cli(["products", "import", f, "--resume", "--report", report]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Resuming: \d+ rows? done by the interrupted run/);
    const after = await productsByPrefix(h);
    expect(after.map((p) => p.handle).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `${h}-${i}`).sort());
    for (const p of after) expect(p.variants.map((v: any) => v.sku).sort()).toEqual([`${p.handle}-M`, `${p.handle}-S`]);
    const reported = (await parse(report)).map((x) => Number(x.row)).sort((a, b) => a - b);
    expect(reported).toEqual(Array.from({ length: 60 }, (_, i) => i + 2));
    expect(readdirSync(jobs)).toEqual([]);
  });
});

describe("products import --engine server", () => {
  it("runs Medusa's import for what changed, applies stock and reports the outcome", async () => {
    const h = `${prefix}-srv`;
    const f = file(
      "server.csv",
      csv([
        ["Product Handle", "Product Title", "Product Status", "Variant Title", "Variant Sku", "Variant Price EUR", "Variant Option 1 Name", "Variant Option 1 Value", "Variant Inventory Quantity"],
        [`${h}-a`, 'Server "A", with comma', "published", "S", `${h}-a-s`, "10", "Size", "S small", "5"],
        [`${h}-a`, 'Server "A", with comma', "published", "M", `${h}-a-m`, "11", "Size", "M medium", "6"],
        [`${h}-b`, "Server B ✓", "draft", "One", `${h}-b`, "3.5", "Pack", "single", "2"],
      ]),
    );
    const report = path.join(work, "server-report.json");
    const r = await cli(["products", "import", f, "--engine", "server", "--location", "Sandbox Warehouse", "--sales-channel", "Default Sales Channel", "--report", report]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/2 created, 0 updated, 0 unchanged by Medusa's import auto-/);
    const rep = JSON.parse(readFileSync(report, "utf8"));
    expect(rep.summary).toMatchObject({ rows: 3, create: 3, outcome: "done" });
    expect(rep.rows.every((x: any) => x.ids.product_id?.startsWith("prod_"))).toBe(true);
    const stored = await productsByPrefix(h);
    expect(stored.map((p) => p.title).sort()).toEqual(['Server "A", with comma', "Server B ✓"]);
    const { inventory_items } = (await sdk.client.fetch("/admin/inventory-items", { query: { sku: [`${h}-a-m`], fields: "sku,location_levels.stocked_quantity" } })) as any;
    expect(inventory_items[0].location_levels[0].stocked_quantity).toBe(6);

    // Unchanged products are not sent again: nothing to upload.
    const again = await cli(["products", "import", f, "--engine", "server", "--location", "Sandbox Warehouse", "--sales-channel", "Default Sales Channel"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("0 created, 0 updated, 2 unchanged");
    expect(again.stdout).toContain("nothing to send");
  });

  once("refuses the --portable reference columns", async () => {
    const f = file("portable-server.csv", csv([["Product Handle", "Product Title", "Product Collection Handle"], [`${prefix}-x`, "X", "summer-edition"]]));
    const r = await cli(["products", "import", f, "--engine", "server"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--portable reference columns work only with --engine batch");
  });
});

describe("products export --portable → import --match handle", () => {
  it("recreates a deleted product from names and handles instead of ids", async () => {
    const h = `${prefix}-port`;
    const f = file(
      "port.csv",
      csv([
        ["Product Handle", "Product Title", "Product Collection Handle", "Variant Sku", "Variant Price EUR", "Variant Option 1 Name", "Variant Option 1 Value"],
        [h, "Portable", "summer-edition", `${h}-1`, "7", "Size", "One"],
      ]),
    );
    expect((await cli(["products", "import", f, "--sales-channel", "Default Sales Channel"])).code).toBe(0);
    const out = path.join(work, "port-export.csv");
    expect((await cli(["products", "export", "--portable", "--query", `q=${h}`, "--out", out])).code).toBe(0);
    const [row] = await parse(out);
    expect(row).toMatchObject({ "Product Collection Handle": "summer-edition", "Product Sales Channel Name 1": "Default Sales Channel" });
    const [p] = await productsByPrefix(h);
    await sdk.admin.product.delete(p.id);
    const r = await cli(["products", "import", out, "--match", "handle", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ products: { create: 1 } });
    const { products } = (await sdk.client.fetch("/admin/products", { query: { handle: h, fields: "id,collection.handle,sales_channels.name" } })) as any;
    expect(products[0].id).not.toBe(p.id);
    expect(products[0].collection.handle).toBe("summer-edition");
    expect(products[0].sales_channels.map((s: any) => s.name)).toEqual(["Default Sales Channel"]);
  });
});
