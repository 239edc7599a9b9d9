/**
 * Issue 39, against the real back-end: shops' files as they are. A Shopify products export with
 * what shop owners leave behind (a "-copy" duplicate with the same SKUs, a product without SKU but
 * with stock, a bad price, HTML, an emptied row), a WooCommerce export shaped like its sample data
 * ("any" variations, written line breaks, "Uncategorized", grouped and external products), German
 * Excel files (semicolons, Windows-1252, decimal commas), and customers from Shopify's two
 * exports, WooCommerce's report and our own export. Each is read back field by field, a rerun
 * changes nothing, and a customer import killed mid-way finishes exactly with --resume.
 * Everything is prefixed per run and deleted afterwards.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../helpers/cli.js";
import { resetTokenFor } from "./helpers/reset-tokens.js";
import { adminSdk, backend, storeSdk, uniq } from "./helpers/sdk.js";

type Rec = Record<string, any>;
const sdk = adminSdk();
const work = mkdtempSync(path.join(tmpdir(), "medusactl-real-files-e2e-"));
const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_DATA_DIR: path.join(work, "data"), MEDUSACTL_CONFIG_DIR: path.join(work, "config") };
const prefix = uniq("real").toLowerCase().replace(/[^a-z0-9]/g, "");
const cli = (args: string[]) => runCli(args, { env, timeoutMs: 300_000 });
const saleList = `${prefix} sale prices`;
const common = ["--location", "Sandbox Warehouse", "--sales-channel", "Default Sales Channel", "--currency", "eur", "--sale-price-list", saleList, "--images", "link"];

/** A fixture with the run's prefix for PFX, written as bytes (the Windows-1252 ones stay Windows-1252). */
function fixture(name: string, as = path.basename(name)): string {
  const bytes = readFileSync(path.join(import.meta.dirname, "../fixtures", name));
  const text = bytes.toString("latin1").replace(/PFX/g, prefix).replace(/IMGHOST/g, "img.example.test");
  const f = path.join(work, as);
  writeFileSync(f, Buffer.from(text, "latin1"));
  return f;
}

const report = (f: string) => JSON.parse(readFileSync(f, "utf8")) as { rows: Rec[]; summary: Rec };

async function product(handle: string): Promise<Rec | undefined> {
  const { products } = (await sdk.admin.product.list({ handle, fields: "id,title,handle,status,description,subtitle,thumbnail,metadata,*variants,*variants.options,*variants.prices,*options,*images,*categories,*tags,*type" } as never)) as Rec;
  return products[0];
}

async function stockOf(variantId: string): Promise<number | undefined> {
  const { variants } = (await sdk.client.fetch("/admin/product-variants", { query: { id: [variantId], fields: "id,inventory_items.inventory_item_id" } })) as Rec;
  const item = variants[0]?.inventory_items?.[0]?.inventory_item_id;
  if (!item) return undefined;
  const { inventory_items } = (await sdk.client.fetch("/admin/inventory-items", { query: { id: [item], fields: "id,location_levels.stocked_quantity" } })) as Rec;
  return inventory_items[0]?.location_levels?.[0]?.stocked_quantity;
}

async function customers(q: string): Promise<Rec[]> {
  const { customers } = (await sdk.admin.customer.list({ q, limit: 200, fields: "id,email,first_name,last_name,phone,company_name,metadata,has_account,*addresses,*groups" } as never)) as Rec;
  return customers as Rec[];
}

afterAll(async () => {
  const { products } = (await sdk.admin.product.list({ q: prefix, limit: 200, fields: "id,handle" } as never)) as Rec;
  const mine = (products as Rec[]).filter((p) => String(p.handle).startsWith(prefix));
  if (mine.length) await sdk.admin.product.batch({ delete: mine.map((p) => p.id) });
  for (const l of (((await sdk.admin.priceList.list({ q: saleList } as never)) as Rec).price_lists as Rec[]).filter((x) => x.title === saleList)) await sdk.admin.priceList.delete(l.id);
  const cats = ((await sdk.admin.productCategory.list({ q: prefix, limit: 200, fields: "id,handle" } as never)) as Rec).product_categories as Rec[];
  for (const c of cats.filter((x) => String(x.handle).startsWith(prefix)).sort((a, b) => b.handle.length - a.handle.length)) await sdk.admin.productCategory.delete(c.id);
  for (const kind of ["productTag", "productType"] as const) {
    const list = (((await (sdk.admin[kind] as any).list({ q: prefix, limit: 200 })) as Rec)[kind === "productTag" ? "product_tags" : "product_types"] as Rec[]).filter((x) => String(x.value).startsWith(prefix));
    for (const t of list) await (sdk.admin[kind] as any).delete(t.id);
  }
  for (const c of await customers(prefix)) if (String(c.email).toLowerCase().includes(prefix)) await sdk.admin.customer.delete(c.id);
  const groups = ((await sdk.admin.customerGroup.list({ q: prefix, limit: 200 } as never)) as Rec).customer_groups as Rec[];
  for (const g of groups.filter((x) => String(x.name).startsWith(prefix))) await sdk.admin.customerGroup.delete(g.id);
});

describe("a Shopify products export as shop owners leave it", () => {
  it("the dry run finds what the real run meets, --location or not; the real run imports the good products and names the bad one (exit 3)", async () => {
    const f = fixture("products/shopify-dirty.csv");
    const dry = await cli(["products", "import", f, "--dry-run", ...common.filter((x, i, a) => x !== "--location" && a[i - 1] !== "--location")]);
    const dryWithStock = await cli(["products", "import", f, "--dry-run", ...common]);
    for (const r of [dry, dryWithStock]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(new RegExp(`row 5: SKU "${prefix}-LIN-S" is also on row 2 \\(product "${prefix}-linen-shirt"\\): this variant of "${prefix}-linen-shirt-copy" is imported without a SKU`));
      expect(r.stderr).toMatch(new RegExp(`would skip product "${prefix}-broken-mug" \\(all its rows\\):\\n\\s+.*shopify-dirty\\.csv, row 8 \\(line \\d+\\), column "Variant Price": "abc" is not an amount`));
      expect(r.stderr).toMatch(/would create 4, update 0, leave 0 unchanged, skip 1 \(8 rows\)/);
    }
    expect(dry.stderr).toMatch(/stock: not imported \(give --location to set it\)/);
    expect((await product(`${prefix}-linen-shirt`))).toBeUndefined();

    const rep = path.join(work, "dirty.json");
    const r = await cli(["products", "import", f, ...common, "--report", rep, "--yes"]);
    expect(r.code, r.stderr + r.stdout).toBe(3);
    expect(r.stdout).toMatch(/4 created, 0 updated, 0 unchanged, 0 failed, 1 skipped \(8 rows\); 1 row skipped/);
    expect(r.stderr).toMatch(/1 row of .*shopify-dirty\.csv was not imported: their reasons are above/);
    expect(r.stderr).not.toMatch(/--resume/);
    const rows = report(rep).rows.sort((a, b) => a.row - b.row);
    expect(rows.map((x) => [x.row, x.action])).toEqual([[2, "create"], [3, "create"], [4, "create"], [5, "create"], [6, "create"], [7, "create"], [8, "skipped"], [10, "create"]]);
    expect(rows.find((x) => x.row === 8).error).toMatchObject({ message: expect.stringMatching(/"abc" is not an amount/), retryable: false });

    const shirt = (await product(`${prefix}-linen-shirt`))!;
    // HTML kept as it is (the storefront renders it safely, not the importer).
    expect(shirt.description).toBe("<h2>Linen, washed</h2>\n<ul><li>100% <strong>linen</strong></li><li>Machine wash &amp; dry</li></ul><script>alert(1)</script>");
    expect(shirt.categories).toEqual([]);
    expect(shirt.variants.map((v: Rec) => v.sku).sort()).toEqual([`${prefix}-LIN-L`, `${prefix}-LIN-M`, `${prefix}-LIN-S`]);
    const s = shirt.variants.find((v: Rec) => v.sku === `${prefix}-LIN-S`);
    expect(s.prices.map((p: Rec) => [p.currency_code, p.amount])).toEqual([["eur", 59]]);
    expect(await stockOf(s.id)).toBe(4);
    const copy = (await product(`${prefix}-linen-shirt-copy`))!;
    expect(copy).toMatchObject({ title: `Copy of ${prefix} Linen Shirt`, status: "draft" });
    expect(copy.variants.map((v: Rec) => [v.sku, v.options.map((o: Rec) => o.value)]).sort()).toEqual([[null, ["M"]], [null, ["S"]]]);
    // Stock set through the variants created, not refused for want of a SKU.
    const copyM = copy.variants.find((v: Rec) => v.options[0].value === "M");
    expect(await stockOf(copyM.id)).toBe(3);
    const tote = (await product(`${prefix}-tote`))!;
    expect(tote.description).toBe("<p>Sturdy &lt;canvas&gt; tote</p>");
    expect(tote.variants).toHaveLength(1);
    expect(tote.variants[0].sku).toBeNull();
    expect(await stockOf(tote.variants[0].id)).toBe(12);
    expect(await product(`${prefix}-broken-mug`)).toBeUndefined();
    // No catalogue noise: nothing was filed under a made-up category.
    const { product_categories } = (await sdk.admin.productCategory.list({ q: "uncategorized", fields: "id,handle" } as never)) as Rec;
    expect((product_categories as Rec[]).filter((c) => /uncategori[sz]ed/i.test(c.handle))).toEqual([]);

    const again = await cli(["products", "import", f, ...common, "--report", rep]);
    expect(again.code, again.stderr).toBe(3);
    expect(again.stdout).toMatch(/0 created, 0 updated, 4 unchanged, 0 failed, 1 skipped \(8 rows\)/);
    expect(report(rep).rows.filter((x) => x.row !== 8).every((x) => x.action === "unchanged")).toBe(true);
    expect((await product(`${prefix}-tote`))!.variants).toHaveLength(1);

    // --on-error stop keeps the whole refusal.
    const stop = await cli(["products", "import", f, ...common, "--on-error", "stop"]);
    expect(stop.code).toBe(2);
    expect(stop.stderr).toMatch(/row 5 \(line 7\), column "Variant SKU": SKU ".*-LIN-S" is also on row 2/);
  });

  it("a dry run shows old → new per field, and flags a change that would undo a newer one", async () => {
    const f = fixture("products/shopify-dirty.csv", "shopify-dirty-old.csv");
    // The file was saved a day ago; this morning a price sheet changed the L price.
    const old = new Date(Date.now() - 86_400_000);
    utimesSync(f, old, old);
    const sheet = path.join(work, "price-sheet.csv");
    writeFileSync(sheet, `sku,currency_code,amount\n${prefix}-LIN-L,eur,54.5\n`);
    const pr = await cli(["prices", "apply", sheet, "--yes"]);
    expect(pr.code, pr.stderr).toBe(0);
    const dry = await cli(["products", "import", f, "--dry-run", ...common, "--output", "json"]);
    expect(dry.code, dry.stderr).toBe(0);
    const plan = JSON.parse(dry.stdout);
    const shirt = plan.plan.find((p: Rec) => p.handle === `${prefix}-linen-shirt`);
    expect(shirt.action).toBe("update");
    expect(shirt.diff).toEqual([{ field: `${prefix}-LIN-L.price.eur`, old: 54.5, new: 52, newer: expect.any(String) }]);
    expect(plan.undoes_newer_changes).toBe(1);
    const text = await cli(["products", "import", f, "--dry-run", ...common]);
    expect(text.stdout).toMatch(new RegExp(`update\\t${prefix}-linen-shirt\\t${prefix}-LIN-L\\.price\\.eur: 54\\.5 → 52 \\(undoes a change made in the store at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, after the file was saved\\)`));
    expect(text.stderr).toMatch(/1 change would undo a change the store got after .* was saved/);
    // prices apply's own dry run shows the values too, and flags a sheet older than the price.
    writeFileSync(sheet, `sku,currency_code,amount\n${prefix}-LIN-L,eur,52\n`);
    const prDry = await cli(["prices", "apply", sheet, "--dry-run"]);
    expect(prDry.stdout).toMatch(/changed\s+.*LIN-L\s+eur\s+€54\.50\s+€52\.00\n/);
    utimesSync(sheet, old, old);
    const prOld = await cli(["prices", "apply", sheet, "--dry-run", "--json"]);
    expect(JSON.parse(prOld.stdout).plan.update).toEqual([expect.objectContaining({ sku: `${prefix}-LIN-L`, old_amount: 54.5, amount: 52, newer: expect.any(String) })]);
  });
});

describe("Medusa's own format, asked to skip", () => {
  it("--on-error skip repairs a duplicated SKU and skips a bad product there too", async () => {
    const h = `${prefix}-own`;
    const f = path.join(work, "own.csv");
    writeFileSync(f, ["Product Handle,Product Title,Variant Sku,Variant Price EUR", `${h}-a,A,${h}-SKU,5`, `${h}-b,B,${h}-SKU,6`, `${h}-c,C,${h}-C,0x1F`].join("\n"));
    expect((await cli(["products", "import", f, "--dry-run"])).code).toBe(2);
    const r = await cli(["products", "import", f, "--on-error", "skip"]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/row 3: SKU ".*-own-SKU" is also on row 2: this variant is imported without a SKU/);
    expect(r.stdout).toMatch(/2 created, 0 updated, 0 unchanged, 0 failed, 1 skipped \(3 rows\)/);
    expect((await product(`${h}-b`))!.variants[0].sku).toBeNull();
    expect(await product(`${h}-c`)).toBeUndefined();
  });
});

describe("a WooCommerce export shaped like its sample data", () => {
  it("comes over whole: 'any' variations become the variants a shopper can buy; a rerun changes nothing", async () => {
    const f = fixture("products/woocommerce-sample.csv");
    const rep = path.join(work, "woo-sample.json");
    const r = await cli(["products", "import", f, ...common, "--report", rep]);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toMatch(/5 created, 0 updated, 0 unchanged, 0 failed \(13 rows\); 2 rows skipped/);
    expect(r.stderr).toMatch(/applies to any Size: imported as 3 variants \(Large, Medium, Small\) with SKUs .*-vneck-tee-red-…; each has the stock of 5 that WooCommerce shared between them/);
    const vneck = (await product(`${prefix}-v-neck-t-shirt`))!;
    expect(vneck.options.map((o: Rec) => o.title).sort()).toEqual(["Color", "Size"]);
    const combos = vneck.variants.map((v: Rec) => [v.sku, Object.fromEntries(v.options.map((o: Rec) => [vneck.options.find((x: Rec) => x.id === o.option_id).title, o.value])), v.prices[0].amount]).sort();
    expect(combos).toHaveLength(9);
    expect(combos).toContainEqual([`${prefix}-vneck-tee-blue-small`, { Color: "Blue", Size: "Small" }, 15]);
    expect(combos).toContainEqual([`${prefix}-vneck-tee-red-large`, { Color: "Red", Size: "Large" }, 20]);
    expect(vneck.description).toBe("<p>Soft <em>cotton</em> tee.</p>\n<p>Cut for summer.</p>");
    expect(vneck.variants[0]).toMatchObject({ weight: 226.796, length: 60.96 });
    const red = vneck.variants.find((v: Rec) => v.sku === `${prefix}-vneck-tee-red-medium`);
    expect(await stockOf(red.id)).toBe(5);
    expect(vneck.categories.map((c: Rec) => c.handle)).toEqual([`${prefix}-clothing-${prefix}-tshirts`]);
    const hoodie = (await product(`${prefix}-hoodie`))!;
    expect(hoodie.variants).toHaveLength(3);
    const poster = (await product(`${prefix}-poster`))!;
    expect(poster.categories).toEqual([]);
    const { product_categories } = (await sdk.admin.productCategory.list({ handle: "uncategorized" } as never)) as Rec;
    expect(product_categories).toEqual([]);
    const rows = report(rep).rows;
    expect(rows.filter((x) => x.action === "skipped").map((x) => x.row).sort()).toEqual([13, 14]);

    const again = await cli(["products", "import", f, ...common, "--report", rep]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/0 created, 0 updated, 5 unchanged, 0 failed \(13 rows\)/);
  });
});

describe("a German colleague's spreadsheets: semicolons, Windows-1252, decimal commas", () => {
  it("products, prices and stock are read as they are, and the summary says how", async () => {
    const f = fixture("products/shopify-de.csv");
    const r = await cli(["products", "import", f, ...common]);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).toMatch(/shopify-de\.csv: read as Windows-1252 \(it is not valid UTF-8; --encoding utf-8 reads it otherwise\), separated by semicolons/);
    const muesli = (await product(`${prefix}-muesli`))!;
    expect(muesli.title).toBe(`${prefix} Müsli Größe L`);
    expect(muesli.description).toBe("<p>Knuspriges Müsli – nur 4,50 € je 500 g</p>");
    expect(muesli.options[0].title).toBe("Größe");
    const v500 = muesli.variants.find((v: Rec) => v.sku === `${prefix}-MUESLI-500`);
    expect(v500.prices.map((p: Rec) => p.amount)).toEqual([5.95]);
    expect(muesli.variants.find((v: Rec) => v.sku === `${prefix}-MUESLI-1000`).prices.map((p: Rec) => p.amount)).toEqual([8.25]);

    const prices = fixture("prices-de.csv");
    const dry = await cli(["prices", "apply", prices, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(/prices-de\.csv: separated by semicolons/);
    expect(dry.stdout).toMatch(/changed\s+.*MUESLI-500\s+eur\s+€5\.95\s+€4\.75/);
    const applied = await cli(["prices", "apply", prices, "--yes"]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(((await product(`${prefix}-muesli`))!.variants.find((v: Rec) => v.sku === `${prefix}-MUESLI-1000`)).prices.map((p: Rec) => p.amount)).toEqual([8.99]);

    const stock = fixture("stock-de.csv");
    // Saved yesterday: the level the import set just now is newer, and the dry run says so.
    const yesterday = new Date(Date.now() - 86_400_000);
    utimesSync(stock, yesterday, yesterday);
    const st = await cli(["inventory", "apply", stock, "--dry-run"]);
    expect(st.stdout).toMatch(/changed\s+.*MUESLI-500\s+Sandbox Warehouse\s+7\s+11\s+undoes a change made at .* UTC, after the sheet was saved/);
    expect(st.stderr).toMatch(/1 change would undo a change the store got after .*stock-de\.csv was saved/);
    expect((await cli(["inventory", "apply", stock, "--yes"])).code).toBe(0);
    expect(await stockOf(v500.id)).toBe(11);
  });
});

describe("customers come along", () => {
  it("Shopify's current export: read back field by field, bad rows named, a rerun changes nothing", async () => {
    const f = fixture("customers/shopify-customers.csv");
    const dry = await cli(["customers", "import", f, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(/Dry run: 4 to create, 0 to update, 0 unchanged, 3 skipped; groups to create: .* VIP, .* Newsletter, .* Wholesale/);
    const rep = path.join(work, "customers.json");
    const r = await cli(["customers", "import", f, "--report", rep, "--yes"]);
    expect(r.code, r.stderr + r.stdout).toBe(3);
    expect(r.stdout).toMatch(/4 created, 0 updated, 0 unchanged, 0 failed, 3 skipped \(7 rows\)/);
    expect(r.stderr).toMatch(/row 5 \(line 6\), column "Email": "not-an-email" is not an e-mail address/);
    expect(r.stderr).toMatch(/the e-mail dupe\..*@example\.com is on rows 6, 7/);
    expect(r.stderr).toMatch(/Customers get no password: .*"Forgot password\?" \(\/reset-password\)/);
    const mine = await customers(prefix);
    const anna = mine.find((c) => c.email === `anna.mueller.${prefix}@example.com`)!;
    expect(anna).toMatchObject({ first_name: "Anna", last_name: "Müller", phone: "+49 30 1234567", company_name: "Müller GmbH", has_account: true });
    expect(anna.metadata).toEqual({ shopify_customer_id: "7351234567001", accepts_marketing_email: true, accepts_marketing_sms: false, tax_exempt: false, note: 'Prefers DHL; "fragile" items\ncall before delivery' });
    expect(anna.groups.map((g: Rec) => g.name).sort()).toEqual([`${prefix} Newsletter`, `${prefix} VIP`]);
    expect(anna.addresses).toHaveLength(1);
    expect(anna.addresses[0]).toMatchObject({ company: "Müller GmbH", address_1: "Hauptstraße 5", address_2: "2. OG", city: "Berlin", province: "BE", country_code: "de", postal_code: "10115", phone: "+49 30 1234567", is_default_shipping: true, is_default_billing: true });
    const jose = mine.find((c) => c.email === `Jose.Garcia.${prefix}@Example.COM`)!;
    expect(jose.metadata).toMatchObject({ tax_exempt: true, accepts_marketing_sms: true });
    expect(jose.groups.map((g: Rec) => g.name)).toEqual([`${prefix} Wholesale`]);
    expect(mine.find((c) => c.email === `formula.${prefix}@example.com`)!.first_name).toBe('=HYPERLINK("http://evil.example","x")');
    expect(mine.some((c) => /dupe\./i.test(c.email))).toBe(false);

    const again = await cli(["customers", "import", f, "--report", rep]);
    expect(again.code).toBe(3);
    expect(again.stdout).toMatch(/0 created, 0 updated, 4 unchanged, 0 failed, 3 skipped \(7 rows\)/);
    expect((await customers(prefix)).filter((c) => /anna\.mueller/i.test(c.email))).toHaveLength(1);
  });

  it("an imported customer sets a password with the storefront's forgotten-password flow and logs in", async () => {
    const email = `anna.mueller.${prefix}@example.com`;
    const store = storeSdk();
    const since = Date.now();
    await store.auth.resetPassword("customer", "emailpass", { identifier: email });
    const token = await resetTokenFor(email, { since });
    const password = uniq("pw");
    await store.auth.updateProvider("customer", "emailpass", { password }, token);
    const fresh = storeSdk();
    await fresh.auth.login("customer", "emailpass", { email, password });
    const me = (await fresh.store.customer.retrieve({ fields: "email,first_name,*addresses" } as never)).customer as Rec;
    expect(me).toMatchObject({ email, first_name: "Anna" });
    expect(me.addresses[0].address_1).toBe("Hauptstraße 5");
  });

  it("Shopify's older export, WooCommerce's report and a German Windows-1252 file; matched by e-mail whatever its case", async () => {
    const legacy = await cli(["customers", "import", fixture("customers/shopify-customers-legacy.csv")]);
    expect(legacy.code, legacy.stderr).toBe(0);
    const woo = await cli(["customers", "import", fixture("customers/woocommerce-customers.csv")]);
    expect(woo.code, woo.stderr).toBe(3);
    expect(woo.stderr).toMatch(/row 4, column "Country \/ Region": "Narnia" is not a country/);
    const de = await cli(["customers", "import", fixture("customers/shopify-customers-de.csv")]);
    expect(de.code, de.stderr).toBe(0);
    expect(de.stderr).toMatch(/read as Windows-1252 .* separated by semicolons/);
    const mine = await customers(prefix);
    const tom = mine.find((c) => c.email === `Tom.Baker.${prefix}@example.co.uk`)!;
    expect(tom).toMatchObject({ company_name: "Baker & Co", phone: "+44 20 7946 0958", metadata: { accepts_marketing_email: false, tax_exempt: true, note: "Met at the fair, 2019" } });
    expect(tom.addresses[0]).toMatchObject({ address_1: "1 High Street", address_2: "Flat 2", city: "London", province: "ENG", country_code: "gb", postal_code: "SW1A 1AA" });
    const lena = mine.find((c) => c.email === `lena.schmidt.${prefix}@example.de`)!;
    expect(lena).toMatchObject({ first_name: "Lena", last_name: "Schmidt", metadata: { woocommerce_username: `lena_${prefix}` } });
    expect(lena.addresses[0]).toMatchObject({ city: "Hamburg", province: "HH", postal_code: "20095", country_code: "de" });
    expect(mine.find((c) => c.email === `OLA.NORDMANN.${prefix}@EXAMPLE.NO`)!.addresses[0]).toMatchObject({ city: "Oslo", country_code: "no", postal_code: "0150" });
    const juergen = mine.find((c) => c.email === `juergen.gross.${prefix}@example.de`)!;
    expect(juergen).toMatchObject({ first_name: "Jürgen", last_name: "Groß", company_name: "Groß & Söhne", metadata: { note: "Stammkunde – zahlt per Überweisung" } });
    expect(juergen.groups.map((g: Rec) => g.name)).toEqual([`${prefix} Großhandel`]);

    // The same customer in another case, with a changed phone: matched, updated, not duplicated.
    const f = path.join(work, "case.csv");
    writeFileSync(f, `First Name,Last Name,Email,Company,Address1,Address2,City,Province,Province Code,Country,Country Code,Zip,Phone,Accepts Marketing,Total Spent,Total Orders,Tags,Note,Tax Exempt\nTom,Baker,TOM.BAKER.${prefix.toUpperCase()}@EXAMPLE.CO.UK,,,,,,,,,,+44 20 0000 0000,,,,,,\n`);
    const dry = await cli(["customers", "import", f, "--dry-run"]);
    expect(dry.stdout).toMatch(/update\s+phone: "\+44 20 7946 0958" → "\+44 20 0000 0000"/);
    expect((await cli(["customers", "import", f])).code).toBe(0);
    const toms = (await customers(prefix)).filter((c) => c.email.toLowerCase() === `tom.baker.${prefix}@example.co.uk`);
    expect(toms.map((c) => c.phone)).toEqual(["+44 20 0000 0000"]);
  });

  it("customers export → import is a round trip that changes nothing, and writes phone numbers as they are", async () => {
    const out = path.join(work, "customers-export.csv");
    const e = await cli(["customers", "export", "--out", out, "--query", `q=${prefix}`]);
    expect(e.code, e.stderr).toBe(0);
    const text = readFileSync(out, "utf8");
    expect(text.split("\r\n")[0]).toMatch(/^Email,First Name,Last Name,Phone,Company,Groups,Accepts Email Marketing,Accepts SMS Marketing,Tax Exempt,Note,Metadata,Has Account,Address 1 Name,/);
    // The phone goes to a machine as it is; the shopper's formula name is guarded for spreadsheets.
    expect(text).toContain(",+49 30 1234567,");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    const back = await cli(["customers", "import", out, "--report", path.join(work, "roundtrip.json")]);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toMatch(/0 created, 0 updated, \d+ unchanged, 0 failed \(\d+ rows\)/);
  });

  it("a customer import killed mid-way, then --resume: every customer once, with its address and groups once", async () => {
    const lines = ["Customer ID,First Name,Last Name,Email,Accepts Email Marketing,Default Address Company,Default Address Address1,Default Address Address2,Default Address City,Default Address Province Code,Default Address Country Code,Default Address Zip,Default Address Phone,Phone,Accepts SMS Marketing,Total Spent,Total Orders,Note,Tax Exempt,Tags"];
    for (let i = 0; i < 40; i++) lines.push(`${i},Kill${i},Test,kill${i}.${prefix}@example.com,yes,,Street ${i},,Town,,DE,${10000 + i},,,no,0,0,,no,"${prefix} K1, ${prefix} K2"`);
    const f = path.join(work, "kill-customers.csv");
    writeFileSync(f, lines.join("\n"));
    const jobs = path.join(env.MEDUSACTL_DATA_DIR, "jobs");
    const args = ["customers", "import", f, "--concurrency", "1"];
    // Earlier jobs of this file (an import that ended with exit 3 keeps its checkpoint) are not this one.
    const before = new Set(existsSync(jobs) ? readdirSync(jobs) : []);
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: "ignore" });
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    for (let i = 0; i < 1200; i++) {
      const journal = existsSync(jobs) ? readdirSync(jobs).find((n) => n.endsWith(".jsonl") && !before.has(n)) : undefined;
      if (journal && statSync(path.join(jobs, journal)).size > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    child.kill("SIGKILL");
    await exited;
    const rep = path.join(work, "kill.json");
    const r = await cli([...args, "--resume", "--report", rep]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Resuming: \d+ customers done by the interrupted run/);
    const all = (await customers(`.${prefix}@example.com`)).filter((c) => /^kill\d+\./.test(c.email));
    expect(all.map((c) => c.email).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `kill${i}.${prefix}@example.com`).sort());
    for (const c of all) {
      expect(c.has_account).toBe(true);
      expect(c.addresses).toHaveLength(1);
      expect(c.groups.map((g: Rec) => g.name).sort()).toEqual([`${prefix} K1`, `${prefix} K2`]);
    }
    expect(report(rep).rows.map((x) => x.row).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 2));
    const groups = ((await sdk.admin.customerGroup.list({ q: `${prefix} K`, limit: 50 } as never)) as Rec).customer_groups as Rec[];
    expect(groups.filter((g) => g.name === `${prefix} K1`)).toHaveLength(1);
  });
});

describe("one confirmation rule and honest retry advice", () => {
  it("a courier file naming an order that does not exist says what to change, not to retry", async () => {
    const f = path.join(work, "courier.csv");
    writeFileSync(f, "Order;Tracking Number\n99999991;1Z999\n");
    const r = await cli(["orders", "capture", "--file", f, "--yes"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/Trying again would fail the same way: correct what the reasons name/);
    expect(r.stderr).not.toMatch(/--resume to retry/);
  });

  it("every writer accepts --yes", async () => {
    for (const args of [["customers", "import", "--help"], ["products", "import", "--help"], ["inventory", "apply", "--help"], ["apply", "--help"], ["api", "--help"], ["product-tags", "create", "--help"]]) {
      expect((await cli(args)).stdout, args.join(" ")).toMatch(/-y, --yes/);
    }
    const t = await cli(["product-tags", "create", "--set", `value="${prefix}-yes"`, "--yes", "--json"]);
    expect(t.code, t.stderr).toBe(0);
  });
});
