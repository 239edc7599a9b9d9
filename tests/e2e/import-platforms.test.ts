/**
 * `products import` of Shopify's and WooCommerce's product CSVs (the fixtures in
 * tests/fixtures/products, with a random prefix in every handle, SKU, category, tag and type)
 * through the built CLI against the real back-end: read back field by field, and a rerun
 * reports every row unchanged. Everything created is deleted afterwards.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../helpers/cli.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";

type Rec = Record<string, any>;
const sdk = adminSdk();
const work = mkdtempSync(path.join(tmpdir(), "medusactl-platforms-e2e-"));
const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_DATA_DIR: path.join(work, "data"), MEDUSACTL_CONFIG_DIR: path.join(work, "config") };
const prefix = uniq("plat").toLowerCase().replace(/[^a-z0-9]/g, "");
const cli = (args: string[]) => runCli(args, { env, timeoutMs: 240_000 });
const saleList = `${prefix} sale prices`;

/** A fixture with the prefix in place of PFX (lower case, so Shopify's handles stay valid). */
function fixture(name: string): string {
  const text = readFileSync(path.join(import.meta.dirname, "../fixtures/products", name), "utf8").replace(/PFX/g, prefix).replace(/IMGHOST/g, "img.example.test");
  const f = path.join(work, name);
  writeFileSync(f, text);
  return f;
}

async function product(handle: string): Promise<Rec> {
  const { products } = (await sdk.admin.product.list({ handle, fields: "title,handle,*variants,*variants.options,*variants.prices,*options,*images,*categories,*tags,*type,metadata,description,subtitle,status,is_giftcard,thumbnail" } as never)) as Rec;
  expect(products).toHaveLength(1);
  return products[0];
}

async function stock(sku: string): Promise<number | undefined> {
  const { inventory_items } = (await sdk.client.fetch("/admin/inventory-items", { query: { sku: [sku], fields: "sku,location_levels.stocked_quantity" } })) as Rec;
  return inventory_items[0]?.location_levels?.[0]?.stocked_quantity;
}

const report = (f: string) => JSON.parse(readFileSync(f, "utf8")) as { rows: Rec[]; summary: Rec };
const common = ["--location", "Sandbox Warehouse", "--sales-channel", "Default Sales Channel", "--currency", "eur", "--sale-price-list", saleList, "--images", "link"];

afterAll(async () => {
  // Pictures this file uploaded (remembered in the jobs folder): the local file provider's id is the URL's last segment.
  const jobs = path.join(env.MEDUSACTL_DATA_DIR, "jobs");
  for (const name of existsSync(jobs) ? readdirSync(jobs).filter((n) => n.startsWith("images-")) : []) {
    for (const line of readFileSync(path.join(jobs, name), "utf8").split("\n").filter(Boolean)) {
      const id = decodeURIComponent(new URL(JSON.parse(line).url).pathname.split("/").pop()!);
      await sdk.admin.upload.delete(id);
    }
  }
  const { products } = (await sdk.admin.product.list({ q: prefix, limit: 200, fields: "id,handle" } as never)) as Rec;
  const mine = (products as Rec[]).filter((p) => String(p.handle).startsWith(prefix));
  if (mine.length) await sdk.admin.product.batch({ delete: mine.map((p) => p.id) });
  const lists = ((await sdk.admin.priceList.list({ q: saleList } as never)) as Rec).price_lists as Rec[];
  for (const l of lists.filter((x) => x.title === saleList)) await sdk.admin.priceList.delete(l.id);
  const cats = ((await sdk.admin.productCategory.list({ q: prefix, limit: 200, fields: "id,handle,parent_category_id" } as never)) as Rec).product_categories as Rec[];
  // Children first.
  for (const c of cats.filter((x) => String(x.handle).startsWith(prefix)).sort((a, b) => b.handle.length - a.handle.length)) await sdk.admin.productCategory.delete(c.id);
  const tags = ((await sdk.admin.productTag.list({ q: prefix, limit: 200 } as never)) as Rec).product_tags as Rec[];
  for (const t of tags.filter((x) => String(x.value).startsWith(prefix))) await sdk.admin.productTag.delete(t.id);
  const types = ((await sdk.admin.productType.list({ q: prefix, limit: 200 } as never)) as Rec).product_types as Rec[];
  for (const t of types.filter((x) => String(x.value).startsWith(prefix))) await sdk.admin.productType.delete(t.id);
});

describe("Shopify product CSV", () => {
  it("dry run states the mapping, the currency and the categories to create, and writes nothing", async () => {
    const f = fixture("shopify.csv");
    const r = await cli(["products", "import", f, "--dry-run", ...common]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/format: Shopify product CSV/);
    expect(r.stderr).toMatch(/Variant Grams → variant weight \(grams\)/);
    expect(r.stderr).toMatch(/Option1 Linked To: Shopify metafield links/);
    expect(r.stderr).toMatch(/prices: in EUR \(--currency\)/);
    expect(r.stderr).toMatch(new RegExp(`categories to create: ${prefix}-apparel-and-accessories, `));
    expect(r.stderr).toMatch(/would create 2, update 0, leave 0 unchanged \(5 rows\)/);
    const { products } = (await sdk.admin.product.list({ handle: `${prefix}-tee` } as never)) as Rec;
    expect(products).toHaveLength(0);
  });

  it("imports, reads back field by field, and a rerun changes nothing", async () => {
    const f = fixture("shopify.csv");
    const rep = path.join(work, "shopify-report.json");
    const r = await cli(["products", "import", f, ...common, "--report", rep]);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toMatch(/2 created, 0 updated, 0 unchanged, 0 failed \(5 rows\)/);
    expect(r.stdout).toMatch(new RegExp(`sale prices in "${saleList}" \\(created\\): added 1`));
    const rows = report(rep).rows;
    expect(rows.map((x) => [x.row, x.action]).sort((a, b) => a[0] - b[0])).toEqual([[2, "create"], [3, "create"], [4, "create"], [5, "create"], [6, "create"]]);
    expect(rows.find((x) => x.row === 3).line).toBe(4);

    const tee = await product(`${prefix}-tee`);
    expect(tee.title).toBe(`${prefix} Tee`);
    expect(tee.description).toBe("<p>Soft <b>cotton</b>, 2 lines\nhere</p>");
    expect(tee.status).toBe("published");
    expect(tee.metadata).toMatchObject({ vendor: "Acme", seo_title: `${prefix} Tee | Acme`, seo_description: `The ${prefix} tee` });
    expect(tee.type.value).toBe(`${prefix} Shirts`);
    expect(tee.tags.map((t: Rec) => t.value).sort()).toEqual([`${prefix}-cotton`, `${prefix}-summer`]);
    expect(tee.categories.map((c: Rec) => c.handle)).toEqual([`${prefix}-apparel-and-accessories-clothing-shirts-and-tops`]);
    expect([...tee.images].sort((a: Rec, b: Rec) => a.rank - b.rank).map((i: Rec) => i.url)).toEqual(["https://img.example.test/tee-front.jpg", "https://img.example.test/tee-back.jpg", "https://img.example.test/tee-side.jpg"]);
    expect(tee.thumbnail).toBe("https://img.example.test/tee-front.jpg");
    expect(tee.options.map((o: Rec) => o.title).sort()).toEqual(["Color", "Size"]);
    const v = (sku: string) => tee.variants.find((x: Rec) => x.sku === sku);
    const red = v(`${prefix}-TEE-S-RED`);
    expect(red).toMatchObject({ barcode: "4006381333931", weight: 200, manage_inventory: true, allow_backorder: false });
    expect(red.prices.map((p: Rec) => [p.currency_code, p.amount])).toEqual([["eur", 24.99]]);
    expect(v(`${prefix}-TEE-S-BLUE`)).toMatchObject({ weight: 210.5, allow_backorder: true });
    expect(v(`${prefix}-TEE-M-RED`)).toMatchObject({ manage_inventory: false });
    expect(await stock(`${prefix}-TEE-S-RED`)).toBe(5);
    const card = await product(`${prefix}-card`);
    expect(card).toMatchObject({ status: "draft", is_giftcard: true });
    expect(card.categories.map((c: Rec) => c.handle)).toEqual([`${prefix}-apparel-and-accessories-clothing`]);
    const { product_categories } = (await sdk.admin.productCategory.list({ handle: `${prefix}-apparel-and-accessories-clothing`, fields: "id,name,parent_category.handle" } as never)) as Rec;
    expect(product_categories[0]).toMatchObject({ name: "Clothing", parent_category: { handle: `${prefix}-apparel-and-accessories` } });
    // The compare-at/price pair: the lower price is in the sale list.
    const list = (((await sdk.admin.priceList.list({ q: saleList } as never)) as Rec).price_lists as Rec[]).find((l) => l.title === saleList)!;
    const { prices } = (await sdk.admin.priceList.prices(list.id, {} as never)) as Rec;
    expect(prices.map((p: Rec) => [p.currency_code, p.amount])).toEqual([["eur", 19.99]]);

    const again = await cli(["products", "import", f, ...common, "--report", rep]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/0 created, 0 updated, 2 unchanged, 0 failed \(5 rows\)/);
    expect(again.stdout).toMatch(/added 0, updated 0, 1 unchanged/);
    expect(report(rep).rows.every((x) => x.action === "unchanged")).toBe(true);
  });

  it("reads the older export with Google Shopping columns", async () => {
    const f = fixture("shopify-legacy.csv");
    const r = await cli(["products", "import", f, ...common]);
    expect(r.code, r.stderr).toBe(0);
    const mug = await product(`${prefix}-mug`);
    expect(mug).toMatchObject({ status: "published", type: { value: `${prefix} Mugs` } });
    expect(mug.variants[0]).toMatchObject({ sku: `${prefix}-MUG`, weight: 350 });
    expect(await stock(`${prefix}-MUG`)).toBe(7);
  });

  it("names the source file's rows in problems", async () => {
    const text = readFileSync(fixture("shopify.csv"), "utf8").replace("21.00", '"21,00"').replace(`${prefix}-card,`, `${prefix}-Card,`);
    const f = path.join(work, "bad-shopify.csv");
    writeFileSync(f, text);
    const r = await cli(["products", "import", f, "--dry-run", ...common, "--on-error", "stop"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad-shopify\.csv, row 4 \(line 5\), column "Variant Price": "21,00" is not an amount/);
    expect(r.stderr).toMatch(/bad-shopify\.csv, row 6 \(line 7\), column "Handle": ".*-Card" is not a valid handle/);
    // By default the dry run names the same problems as the products it would skip.
    const skip = await cli(["products", "import", f, "--dry-run", ...common]);
    expect(skip.code, skip.stderr).toBe(0);
    expect(skip.stderr).toMatch(/would skip product ".*-tee" \(all its rows\):\n\s+.*bad-shopify\.csv, row 4 \(line 5\), column "Variant Price": "21,00" is not an amount/);
    expect(skip.stderr).toMatch(/would skip: .*bad-shopify\.csv, row 6 \(line 7\), column "Handle": ".*-Card" is not a valid handle/);
    expect(skip.stderr).not.toMatch(/"Handle": missing/);
    expect(skip.stderr).toMatch(/would create 0, update 0, leave 0 unchanged, skip 1 \(5 rows\)/);
  });
});

describe("WooCommerce product CSV", () => {
  it("imports simple and variable products, skips grouped and external rows with reasons; a rerun changes nothing", async () => {
    const f = fixture("woocommerce.csv");
    const rep = path.join(work, "woo-report.json");
    const r = await cli(["products", "import", f, ...common, "--report", rep]);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toMatch(/3 created, 0 updated, 0 unchanged, 0 failed \(7 rows\); 2 rows skipped/);
    expect(r.stderr).toMatch(/row 8: downloadable file "Ebook PDF" skipped/);
    const rows = report(rep).rows.sort((a, b) => a.row - b.row);
    expect(rows.map((x) => [x.row, x.action])).toEqual([[2, "create"], [3, "create"], [4, "create"], [5, "create"], [6, "skipped"], [7, "skipped"], [8, "create"]]);
    expect(rows[4].error.message).toMatch(/grouped/);
    expect(rows[5].error.message).toMatch(/external/);

    const beanie = await product(`${prefix}-beanie`);
    expect(beanie).toMatchObject({ title: `${prefix} Beanie`, subtitle: "<p>Warm</p>", description: "<p>A warm beanie</p>", status: "published", metadata: { woocommerce_id: "101" } });
    expect(beanie.categories.map((c: Rec) => c.handle).sort()).toEqual([`${prefix}-clothing-accessories`, `${prefix}-winter`]);
    expect(beanie.images.map((i: Rec) => i.url)).toEqual(["https://img.example.test/beanie.jpg", "https://img.example.test/beanie-2.jpg"]);
    expect(beanie.variants[0]).toMatchObject({ sku: `${prefix}-BEANIE`, weight: 250, length: 20, width: 18, height: 5, manage_inventory: true, allow_backorder: false });
    expect(beanie.variants[0].prices.map((p: Rec) => p.amount)).toEqual([18]);
    expect(await stock(`${prefix}-BEANIE`)).toBe(12);
    const hoodie = await product(`${prefix}-hoodie`);
    expect(hoodie.options.map((o: Rec) => o.title).sort()).toEqual(["Color", "Size"]);
    const blue = hoodie.variants.find((x: Rec) => x.sku === `${prefix}-HOODIE-BLUE-S`);
    expect(blue).toMatchObject({ title: "Blue S", weight: 500, allow_backorder: true });
    expect(hoodie.variants).toHaveLength(2);
    const ebook = await product(`${prefix}-ebook`);
    expect(ebook.status).toBe("draft");
    for (const sku of [`${prefix}-SET`, `${prefix}-EXT`]) {
      const { variants } = (await sdk.admin.productVariant.list({ sku } as never)) as Rec;
      expect(variants).toHaveLength(0);
    }

    const again = await cli(["products", "import", f, ...common, "--report", rep]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/0 created, 0 updated, 3 unchanged, 0 failed \(7 rows\); 2 rows skipped/);
    expect(report(rep).rows.filter((x) => x.action !== "skipped").every((x) => x.action === "unchanged")).toBe(true);
  });
});

describe("pictures copied into Medusa's file module", () => {
  // A 1×1 PNG.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  let server: Server;
  let base = "";
  const hits = new Map<string, number>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
      if (req.url === "/ok.png") return res.writeHead(200, { "content-type": "image/png" }).end(png);
      if (req.url === "/page.png") return res.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
      // A page that claims to be a PNG: stored as …-t.html it would run on Medusa's own origin.
      if (req.url === "/t.html") return res.writeHead(200, { "content-type": "image/png" }).end("<!doctype html><script>document.title = document.cookie</script>");
      if (req.url === "/reset.png") return req.socket.destroy();
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const sheet = () => {
    const f = path.join(work, "pictures.csv");
    writeFileSync(
      f,
      [
        "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Image Position",
        `${prefix}-pic,${prefix} Pic,Title,Default Title,${prefix}-PIC,5.00,${base}/ok.png,1`,
        `${prefix}-pic,,,,,,${base}/missing.png,2`,
        `${prefix}-pic,,,,,,${base}/page.png,3`,
        `${prefix}-pic,,,,,,${base}/reset.png,4`,
        `${prefix}-pic,,,,,,${base}/t.html,5`,
      ].join("\n"),
    );
    return f;
  };
  // The picture server is on 127.0.0.1: fetched only with the operator's opt-in.
  const args = ["--currency", "eur", "--sales-channel", "Default Sales Channel", "--images-allow-private"];

  it("refuses pictures on this machine's addresses without --images-allow-private, and writes nothing", async () => {
    const r = await cli(["products", "import", sheet(), ...args.filter((a) => a !== "--images-allow-private"), "--strict-images"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/ok\.png cannot be copied: 127\.0\.0\.1 is a loopback address: .*--images-allow-private/);
    expect(hits.get("/ok.png") ?? 0).toBe(0);
    const { products } = (await sdk.admin.product.list({ handle: `${prefix}-pic` } as never)) as Rec;
    expect(products).toHaveLength(0);
  });

  it("--strict-images stops before writing when a picture cannot be copied", async () => {
    const r = await cli(["products", "import", sheet(), ...args, "--strict-images"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing\.png cannot be copied: the server answered 404 \(--strict-images\)/);
    const { products } = (await sdk.admin.product.list({ handle: `${prefix}-pic` } as never)) as Rec;
    expect(products).toHaveLength(0);
    // The picture that could be copied was, and is remembered: no later run uploads it again.
    expect(hits.get("/ok.png")).toBe(1);
  });

  it("uploads what it can, keeps the rest linked with the reason, and a rerun uploads nothing", async () => {
    const f = sheet();
    const r = await cli(["products", "import", f, ...args]);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    // Fetched again (the picture behind a URL may have changed), but the same bytes are not uploaded again.
    expect(r.stderr).toMatch(/pictures: copied 0, 1 copied before, 4 kept linked to their source/);
    expect(r.stderr).toMatch(/missing\.png kept linked: the server answered 404/);
    expect(r.stderr).toMatch(/page\.png kept linked: not a picture: its bytes are HTML, not PNG, JPEG, GIF, WebP or AVIF/);
    expect(r.stderr).toMatch(/t\.html kept linked: not a picture: its bytes are HTML/);
    expect(r.stderr).toMatch(/reset\.png kept linked: cannot fetch/);
    const pic = await product(`${prefix}-pic`);
    const urls = [...pic.images].sort((a: Rec, b: Rec) => a.rank - b.rank).map((i: Rec) => i.url);
    expect(urls[0]).not.toContain(base);
    expect(urls[0]).toMatch(/^https?:\/\/.+\/static\//);
    expect(pic.thumbnail).toBe(urls[0]);
    expect(urls.slice(1)).toEqual([`${base}/missing.png`, `${base}/page.png`, `${base}/reset.png`, `${base}/t.html`]);
    const got = await fetch(urls[0]);
    expect(got.headers.get("content-type")).toMatch(/^image\/png/);
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);

    const again = await cli(["products", "import", f, ...args]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/pictures: copied 0, 1 copied before, 4 kept linked/);
    expect(again.stdout).toMatch(/0 created, 0 updated, 1 unchanged, 0 failed \(5 rows\)/);
  });
});

describe("Medusa's own format with pictures beside the sheet", () => {
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==", "base64");
  const folder = path.join(work, "catalogue");
  const sheet = (image: string) => {
    mkdirSync(path.join(folder, "photos"), { recursive: true });
    writeFileSync(path.join(folder, "photos", "lamp.png"), png);
    const f = path.join(folder, "sheet.csv");
    writeFileSync(f, ["Product Handle,Product Title,Product Thumbnail,Product Image 1,Variant Sku,Variant Price EUR", `${prefix}-lamp,${prefix} Lamp,${image},${image},${prefix}-LAMP,12`].join("\n"));
    return f;
  };

  it("a path that is not there is a problem naming the row, and nothing is written", async () => {
    const r = await cli(["products", "import", sheet("photos/nope.png"), "--dry-run"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sheet\.csv, row 2: picture photos\/nope\.png: no such file next to the CSV/);
  });

  it("uploads a relative path once; a rerun is unchanged and uploads nothing", async () => {
    const f = sheet("photos/lamp.png");
    const r = await cli(["products", "import", f, "--sales-channel", "Default Sales Channel"]);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).toMatch(/pictures: copied 1, 0 copied before/);
    const lamp = await product(`${prefix}-lamp`);
    expect(lamp.thumbnail).toMatch(/^https?:\/\/.+\/static\/.*lamp\.png$/);
    expect(lamp.images.map((i: Rec) => i.url)).toEqual([lamp.thumbnail]);
    const again = await cli(["products", "import", f, "--sales-channel", "Default Sales Channel"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/pictures: copied 0, 1 copied before/);
    expect(again.stdout).toMatch(/0 created, 0 updated, 1 unchanged, 0 failed \(1 rows\)/);
  });
});

describe("a Shopify sheet's relative picture path", () => {
  it("is read from the sheet's folder, never the folder medusactl runs in", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const folder = path.join(work, "shop-sheet");
    mkdirSync(path.join(folder, "photos"), { recursive: true });
    writeFileSync(path.join(folder, "photos", "mug.png"), png);
    // The same relative path from the current folder must not be what is read.
    expect(existsSync(path.resolve("photos/mug.png"))).toBe(false);
    const f = path.join(folder, "shop.csv");
    writeFileSync(f, ["Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src", `${prefix}-mug,${prefix} Mug,Title,Default Title,${prefix}-MUG,7.00,photos/mug.png`].join("\n"));
    const r = await cli(["products", "import", f, "--currency", "eur", "--sales-channel", "Default Sales Channel"]);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).toMatch(/pictures: copied 1, 0 copied before/);
    const mug = await product(`${prefix}-mug`);
    expect(mug.thumbnail).toMatch(/^https?:\/\/.+\/static\/.*mug\.png$/);
    const got = await fetch(mug.thumbnail);
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
  });
});

describe("a Shopify import killed mid-way, then --resume", () => {
  it("finishes with exactly the file's products and a report of every source row", async () => {
    const h = `${prefix}-res`;
    const lines = ["Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src"];
    for (let i = 0; i < 30; i++) {
      lines.push(`${h}-${i},Resume ${i},Size,S,${h}-${i}-S,${i}.5,https://img.example.test/${i}.jpg`);
      lines.push(`${h}-${i},,,M,${h}-${i}-M,${i}.5,`);
      lines.push(`${h}-${i},,,,,,https://img.example.test/${i}-b.jpg`);
    }
    const f = path.join(work, "resume-shopify.csv");
    writeFileSync(f, lines.join("\n"));
    const jobs = path.join(env.MEDUSACTL_DATA_DIR, "jobs");
    const args = ["products", "import", f, "--currency", "eur", "--images", "link"];

    const json = await cli([...args, "--dry-run", "--json"]);
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout);
    expect(plan).toMatchObject({ format: "shopify", currency: "eur", products: { create: 30 }, rows: { rows: 90 } });
    expect(plan.mapping).toContainEqual({ source: "Variant SKU", target: "variant sku" });

    const child = spawn(process.execPath, [BIN, ...args, "--chunk-size", "3", "--concurrency", "1"], { env: { ...process.env, ...env }, stdio: "ignore" });
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    for (let i = 0; i < 600; i++) {
      const journal = existsSync(jobs) ? readdirSync(jobs).find((n) => n.endsWith(".jsonl") && !n.startsWith("images-")) : undefined;
      if (journal && statSync(path.join(jobs, journal)).size > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill("SIGKILL");
    await exited;

    const rep = path.join(work, "resume-shopify.json");
    const r = await cli([...args, "--resume", "--report", rep]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Resuming: \d+ rows done by the interrupted run/);
    const { products } = (await sdk.admin.product.list({ q: h, limit: 100, fields: "handle,*variants" } as never)) as Rec;
    const mine = (products as Rec[]).filter((p) => p.handle.startsWith(`${h}-`));
    expect(mine.map((p) => p.handle).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `${h}-${i}`).sort());
    for (const p of mine) expect(p.variants.map((v: Rec) => v.sku).sort()).toEqual([`${p.handle}-M`, `${p.handle}-S`]);
    expect(report(rep).rows.map((x) => x.row).sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 2));
  });
});
