/**
 * `apply -f`, `prices apply` and `inventory apply` through the built CLI against the real
 * back-end. The example seed is copied with every natural key made unique for this run (all of
 * them contain "acme"), and without region countries, which Medusa lets only one region have.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "medusactl-apply-"));
const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: backend.configDir };
const sdk = adminSdk();

function uniqueSeed(id: string, edit: (text: string) => string = (t) => t): string {
  const text = readFileSync(path.join(root, "examples/seed.yaml"), "utf8")
    .replace(/acme/g, `acme-${id}`)
    .replace(/Acme/g, `Acme ${id}`)
    .replace(/ACME/g, `ACME-${id.toUpperCase()}`)
    .replace(/\bCI10\b/g, `CI10-${id.toUpperCase()}`)
    .replace(/^ {4}countries: \[.*\]\n/gm, "");
  const file = path.join(dir, `seed-${id}.yaml`);
  writeFileSync(file, edit(text));
  return file;
}

function csv(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

const envLines = (stdout: string) =>
  Object.fromEntries(
    stdout
      .trim()
      .split("\n")
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

async function listPrices(listId: string) {
  const { prices } = await sdk.client.fetch<{ prices: { id: string; amount: number; currency_code: string; min_quantity: number | null; price_set: { variant: { id: string } } }[] }>(
    `/admin/price-lists/${listId}/prices`,
    { query: { limit: 200 } },
  );
  return prices;
}

async function priceListByTitle(title: string) {
  const { price_lists } = await sdk.admin.priceList.list({ q: title, limit: 20 });
  return price_lists.filter((p: { title: string }) => p.title === title);
}

describe("apply -f (declarative seeding)", () => {
  const id = uniq("e2e").replace(/^e2e-/, "").replace(/-/g, "");
  const ID = id.toUpperCase();
  let file: string;
  let firstIds: Record<string, string | null>;

  beforeAll(() => {
    file = uniqueSeed(id);
  });

  it("prints the plan with --dry-run and writes nothing", async () => {
    const r = await runCli(["apply", "-f", file, "--dry-run"], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^create\\tsales-channel\\tAcme ${id} Webshop\\tname, description\\t$`, "m"));
    expect(r.stdout).toMatch(new RegExp(`^create\\tvariant\\tACME-${ID}-RJ-S-NAVY\\t`, "m"));
    expect(r.stderr).toContain("nothing was written");
    const { sales_channels } = await sdk.admin.salesChannel.list({ name: `Acme ${id} Webshop` });
    expect(sales_channels).toEqual([]);
    const { products } = await sdk.admin.product.list({ handle: `acme-${id}-rain-jacket`, fields: "id" });
    expect(products).toEqual([]);
  });

  it("creates every object of the example, then a second run changes nothing and prints the same values", async () => {
    const first = await runCli(["apply", "-f", file, "--output", "json"], { env });
    expect(first.code, first.stderr).toBe(0);
    const doc = JSON.parse(first.stdout);
    expect(doc.changed).toBe(true);
    expect(doc.summary.create).toBeGreaterThanOrEqual(35);
    firstIds = doc.env;
    const pk = firstIds[`MEDUSA_PUBLISHABLE_KEY_ACME_${ID}_STOREFRONT`];
    expect(pk).toMatch(/^pk_/);

    // What a storefront and an operator rely on actually exists.
    const { products } = await sdk.admin.product.list({ handle: `acme-${id}-rain-jacket`, fields: "id,status,*variants,*categories,*sales_channels,*variants.prices" });
    expect(products).toHaveLength(1);
    expect(products[0].id).toBe(firstIds[`MEDUSA_PRODUCT_ACME_${ID}_RAIN_JACKET_ID`]);
    expect(products[0].status).toBe("published");
    expect(products[0].variants.map((v: { sku: string }) => v.sku).sort()).toEqual([`ACME-${ID}-RJ-L-OCHRE`, `ACME-${ID}-RJ-M-NAVY`, `ACME-${ID}-RJ-S-NAVY`]);
    expect(products[0].categories.map((c: { handle: string }) => c.handle)).toEqual([`acme-${id}-jackets`]);
    const { inventory_items } = await sdk.admin.inventoryItem.list({ sku: [`ACME-${ID}-RJ-M-NAVY`], fields: "id,location_levels.stocked_quantity,location_levels.location_id" });
    expect(inventory_items[0].location_levels).toEqual([
      expect.objectContaining({ stocked_quantity: 55, location_id: firstIds[`MEDUSA_STOCK_LOCATION_ACME_${ID}_WAREHOUSE_BERLIN_ID`] }),
    ]);
    const vip = await priceListByTitle(`Acme ${id} VIP prices`);
    expect(vip).toHaveLength(1);
    expect((await listPrices(vip[0].id)).map((p) => p.amount).sort()).toEqual([12, 99, 99]);
    const { api_key } = await sdk.admin.apiKey.retrieve(firstIds[`MEDUSA_PUBLISHABLE_KEY_ACME_${ID}_STOREFRONT_ID`]!);
    expect(api_key.token).toBe(pk);
    // A secret key was created, but JSON output never carries its token (only --output env|shell does).
    expect(firstIds[`MEDUSA_SECRET_KEY_ACME_${ID}_CI_ID`]).toMatch(/^apk_/);
    expect(firstIds[`MEDUSA_SECRET_KEY_ACME_${ID}_CI`]).toBeNull();
    expect(first.stdout).not.toMatch(/sk_[A-Za-z0-9]{6,}/);
    expect(first.stderr).toContain(`Warning: MEDUSA_SECRET_KEY_ACME_${ID}_CI was created but is printed only by --output env or shell`);
    const { customers } = await sdk.admin.customer.list({ email: `alice@acme-${id}.example`, fields: "id,*addresses" } as never);
    expect((customers[0] as { addresses: { address_name: string }[] }).addresses.map((a) => a.address_name).sort()).toEqual(["Home", "Work"]);
    const { promotions } = await sdk.admin.promotion.list({ code: `CI10-${ID}`, fields: "id,code,campaign_id,*rules" } as never);
    expect(promotions[0]!.campaign_id).toBe(firstIds[`MEDUSA_CAMPAIGN_ACME_${ID}_CI_ID`]);

    const second = await runCli(["apply", "-f", file, "--output", "env"], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/^No changes: \d+ objects unchanged\.$/m);
    // The same values, minus the secret key's token, which no run after the first can print.
    const { [`MEDUSA_SECRET_KEY_ACME_${ID}_CI`]: _secret, ...printable } = firstIds;
    expect(envLines(second.stdout)).toEqual(printable);
    expect(second.stderr).toContain(`Warning: MEDUSA_SECRET_KEY_ACME_${ID}_CI not printed`);

    const third = await runCli(["apply", "-f", file, "--output", "shell"], { env });
    expect(third.code).toBe(0);
    expect(third.stdout).toContain(`export MEDUSA_PUBLISHABLE_KEY_ACME_${ID}_STOREFRONT='${pk}'`);
    expect(third.stderr).toContain("No changes");
  });

  it("updates only what the file changed and says which fields", async () => {
    const edited = uniqueSeed(id, (t) => t.replace("subtitle: Packable, 2.5 layers", "subtitle: Packable, 3 layers").replace("stock: { Acme " + id + " Warehouse Berlin: 55 }", `stock: { Acme ${id} Warehouse Berlin: 56 }`));
    const r = await runCli(["apply", "-f", edited], { env });
    expect(r.code, r.stderr).toBe(0);
    const changed = r.stdout.split("\n").filter((l) => l && !l.startsWith("unchanged"));
    expect(changed).toEqual([
      expect.stringMatching(new RegExp(`^update\\tproduct\\tacme-${id}-rain-jacket\\tsubtitle\\tprod_`)),
      expect.stringMatching(new RegExp(`^update\\tvariant\\tACME-${ID}-RJ-M-NAVY\\tstock\\tvariant_`)),
    ]);
    expect(r.stderr).toContain("0 created, 2 updated");
  });

  it("rejects a bad file with the path of each problem, exit 2, and writes nothing", async () => {
    const bad = uniqueSeed(`${id}x`, (t) => t.replace("{ currency_code: usd, amount: 139 }", "{ currency_code: usd, amount: lots }").replace("shipping_profile: Acme " + id + "x Bulky Goods", "shipping_profile: Nope"));
    const r = await runCli(["apply", "-f", bad], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("products[0].variants[0].prices[1].amount: expected a number, got string \"lots\"");
    expect(r.stderr).toContain("nothing was written");
    // A reference to nothing is also refused before any write.
    const dangling = uniqueSeed(`${id}y`, (t) => t.replace(/shipping_profile: Acme \S+ Standard Goods\n(\s+)provider_id/, "shipping_profile: No Such Profile\n$1provider_id"));
    const r2 = await runCli(["apply", "-f", dangling], { env });
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain('stock_locations[0].fulfillment_sets[0].service_zones[0].shipping_options[0].shipping_profile: no shipping profile "No Such Profile" in the file or in the store');
    for (const name of [`Acme ${id}x Webshop`, `Acme ${id}y Webshop`]) {
      expect((await sdk.admin.salesChannel.list({ name })).sales_channels).toEqual([]);
    }
  });

  it("a dry run reports the changes the real run then makes, from an empty store and from one it must update; a rerun changes nothing", async () => {
    // The whole example: every kind, nested ones, ids that flow from objects created earlier in the run.
    const sid = `${id}d`;
    type Doc = { dry_run: boolean; summary: Record<string, number>; changes: { kind: string; key: string; action: string; fields: string[]; id?: string }[] };
    const run = async (f: string, ...more: string[]) => {
      const r = await runCli(["apply", "-f", f, "--json", ...more], { env });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as Doc;
    };
    // A create's id exists only once it is written: a dry run leaves it out.
    const plain = (d: Doc) => d.changes.map((c) => ({ ...c, id: c.action === "create" ? undefined : c.id }));
    const edits = (t: string) =>
      t
        .replace("subtitle: Packable, 2.5 layers", "subtitle: Packable, 3 layers")
        .replace(`stock: { Acme ${sid} Warehouse Berlin: 55 }`, `stock: { Acme ${sid} Warehouse Berlin: 57 }`)
        .replace(/^customer_groups:\n/m, `customer_groups:\n  - name: Acme ${sid} Staff\n`);
    for (const edit of [(t: string) => t, edits]) {
      const f = uniqueSeed(sid, edit);
      const dry = await run(f, "--dry-run");
      expect(dry.dry_run).toBe(true);
      expect(dry.summary.create + dry.summary.update).toBeGreaterThan(0);
      const real = await run(f);
      expect(plain(real)).toEqual(plain(dry));
      expect(real.summary).toEqual(dry.summary);
      const again = await run(f);
      expect(again.changes.filter((c) => c.action !== "unchanged")).toEqual([]);
      expect(again.changes.map((c) => [c.kind, c.key])).toEqual(real.changes.map((c) => [c.kind, c.key]));
    }
  });

  describe("prices apply", () => {
    const title = `Acme ${id} sheet ${uniq("pl")}`;
    const other = `Acme ${id} other ${uniq("pl")}`;
    const rows = () => [
      "sku,currency_code,amount,min_quantity,max_quantity,region_id",
      `ACME-${ID}-RJ-S-NAVY,eur,90,,,`,
      `ACME-${ID}-RJ-S-NAVY,eur,85,10,,`,
      `ACME-${ID}-RJ-M-NAVY,usd,95.5,,,`,
      `ACME-${ID}-TB-500,gbp,10,,,${firstIds[`MEDUSA_REGION_ACME_${ID}_UNITED_KINGDOM_ID`]}`,
    ];

    it("into a price list: dry run, apply (creating the list), re-apply without changes", async () => {
      const sheet = csv(`prices-${id}.csv`, rows());
      const dry = await runCli(["prices", "apply", sheet, "--price-list-title", title, "--dry-run"], { env });
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout.trim().split("\n").map((l) => l.split("\t")[0])).toEqual(["new", "new", "new", "new"]);
      expect(dry.stderr).toContain("does not exist; a real run creates it");
      expect(await priceListByTitle(title)).toEqual([]);

      const apply = await runCli(["prices", "apply", sheet, "--price-list-title", title, "--report", path.join(dir, "r1.json")], { env });
      expect(apply.code, apply.stderr).toBe(0);
      expect(apply.stderr).toContain(`Created price list "${title}"`);
      expect(apply.stdout).toContain("4 created, 0 updated, 0 unchanged");
      const [list] = await priceListByTitle(title);
      expect(list).toMatchObject({ type: "sale", status: "active", description: title });
      const prices = await listPrices(list.id);
      expect(prices.map((p) => [p.currency_code, p.amount, p.min_quantity]).sort()).toEqual([
        ["eur", 85, 10],
        ["eur", 90, null],
        ["gbp", 10, null],
        ["usd", 95.5, null],
      ]);
      const report = JSON.parse(readFileSync(path.join(dir, "r1.json"), "utf8"));
      expect(report.summary).toMatchObject({ rows: 4, create: 4, failed: 0 });
      expect(report.rows.map((r: { row: number }) => r.row).sort()).toEqual([2, 3, 4, 5]);

      const again = await runCli(["prices", "apply", sheet, "--price-list", list.id], { env });
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("No changes: 4 prices unchanged");

      const changed = csv(`prices-${id}-b.csv`, rows().map((l) => l.replace(",usd,95.5,", ",usd,97,")));
      const diff = await runCli(["prices", "apply", changed, "--price-list", list.id, "--dry-run"], { env });
      expect(diff.stdout.trim().split("\n")).toEqual([expect.stringMatching(/^changed\tACME-\S+-RJ-M-NAVY\tusd\t\t\t\$95\.50\t\$97\.00$/)]);
      expect(diff.stderr).toContain("0 new, 1 changed, 3 unchanged");
    });

    it("--prune deletes only the list's prices that the sheet does not list", async () => {
      const [list] = await priceListByTitle(title);
      // Another list with the same variant must not be touched.
      const seedOther = csv(`prices-${id}-other.csv`, ["sku,currency_code,amount", `ACME-${ID}-RJ-S-NAVY,eur,70`]);
      expect((await runCli(["prices", "apply", seedOther, "--price-list-title", other], { env })).code).toBe(0);
      const keep = csv(`prices-${id}-keep.csv`, rows().filter((l) => !l.includes(",85,10,")));
      const refused = await runCli(["prices", "apply", keep, "--price-list", list.id, "--prune"], { env });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("--yes required");
      expect(await listPrices(list.id)).toHaveLength(4);

      const pruned = await runCli(["prices", "apply", keep, "--price-list", list.id, "--prune", "--yes"], { env });
      expect(pruned.code, pruned.stderr).toBe(0);
      expect(pruned.stdout).toContain("0 created, 0 updated, 3 unchanged, 1 deleted");
      expect((await listPrices(list.id)).map((p) => p.min_quantity)).not.toContain(10);
      expect(await listPrices(list.id)).toHaveLength(3);
      const [otherList] = await priceListByTitle(other);
      expect((await listPrices(otherList.id)).map((p) => p.amount)).toEqual([70]);
      const { variants } = await sdk.client.fetch<{ variants: { prices: unknown[] }[] }>("/admin/product-variants", { query: { sku: [`ACME-${ID}-RJ-S-NAVY`], fields: "id,*prices" } });
      expect(variants[0]!.prices).toHaveLength(5);
    });

    it("without a price list, merges into the variants' own prices and keeps unlisted currencies", async () => {
      const sheet = csv(`base-${id}.csv`, ["sku,currency_code,amount", `ACME-${ID}-TB-500,eur,21`, `ACME-${ID}-TB-500,usd,23`]);
      const r = await runCli(["prices", "apply", sheet], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("Prices on variants: 1 created, 1 updated, 0 unchanged.");
      const { variants } = await sdk.client.fetch<{ variants: { prices: { currency_code: string; amount: number }[] }[] }>("/admin/product-variants", {
        query: { sku: [`ACME-${ID}-TB-500`], fields: "id,*prices" },
      });
      expect(variants[0]!.prices.map((p) => [p.currency_code, p.amount]).sort()).toEqual([
        ["eur", 21],
        ["gbp", 17],
        ["usd", 23],
      ]);
      const again = await runCli(["prices", "apply", sheet], { env });
      expect(again.stdout).toContain("No changes: 2 prices unchanged on variants.");
    });

    it("rejects a bad sheet with rows and columns, exit 2, and creates no list", async () => {
      const t = `Acme ${id} never ${uniq("pl")}`;
      const sheet = csv(`bad-${id}.csv`, ["sku,currency_code,amount", `ACME-${ID}-TB-500,eur,0x1F`, `NO-SUCH-SKU-${ID},eur,3`, `ACME-${ID}-TB-750,eur,4`]);
      const r = await runCli(["prices", "apply", sheet, "--price-list-title", t], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`row 2, column "amount": "0x1F" is not a number`);
      expect(r.stderr).toContain(`row 3, column "sku": no variant with SKU "NO-SUCH-SKU-${ID}"`);
      expect(r.stderr).toContain("nothing was written");
      expect(await priceListByTitle(t)).toEqual([]);
    });
  });

  describe("inventory apply", () => {
    it("creates and updates stock levels, then a re-apply changes nothing", async () => {
      const location = `Acme ${id} Warehouse Berlin`;
      const { stock_locations } = await sdk.admin.stockLocation.list({ name: "Sandbox Warehouse", fields: "id" });
      const sheet = csv(`stock-${id}.csv`, [
        "sku,location_name,location_id,stocked_quantity",
        `ACME-${ID}-RJ-S-NAVY,${location},,41`,
        `ACME-${ID}-RJ-S-NAVY,,${stock_locations[0].id},3`,
        `ACME-${ID}-TB-500,"${location}",,300`,
      ]);
      const dry = await runCli(["inventory", "apply", sheet, "--dry-run"], { env });
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout.trim().split("\n").map((l) => l.split("\t").slice(0, 2).concat(l.split("\t").slice(3)))).toEqual([
        ["new", `ACME-${ID}-RJ-S-NAVY`, "", "3"],
        ["changed", `ACME-${ID}-RJ-S-NAVY`, "40", "41"],
      ]);
      expect(dry.stderr).toContain("1 new, 1 changed, 1 unchanged");
      const r = await runCli(["inventory", "apply", sheet, "--report", path.join(dir, "stock.csv")], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("Stock levels: 1 created, 1 updated, 1 unchanged.");
      const { inventory_items } = await sdk.admin.inventoryItem.list({ sku: [`ACME-${ID}-RJ-S-NAVY`], fields: "id,location_levels.stocked_quantity,location_levels.location_id" });
      expect(inventory_items[0].location_levels.map((l: { stocked_quantity: number }) => l.stocked_quantity).sort((a: number, b: number) => a - b)).toEqual([3, 41]);
      expect(readFileSync(path.join(dir, "stock.csv"), "utf8")).toContain("update");
      const again = await runCli(["inventory", "apply", sheet], { env });
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("No changes: 3 stock levels unchanged.");
    });

    it("rejects a bad sheet with rows and columns, exit 2, and writes nothing", async () => {
      const sheet = csv(`stock-bad-${id}.csv`, ["sku,location_name,stocked_quantity", `ACME-${ID}-RJ-S-NAVY,Acme ${id} Warehouse Berlin,7`, `ACME-${ID}-TB-750,Acme ${id} Warehouse Berlin,5`, `ACME-${ID}-TB-500,Nowhere ${id},1`, `ACME-${ID}-TB-500,Acme ${id} Warehouse Berlin,many`]);
      const r = await runCli(["inventory", "apply", sheet], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`row 3, column "sku": no inventory item with SKU "ACME-${ID}-TB-750"`);
      expect(r.stderr).toContain(`row 4, column "location_name": no stock location named "Nowhere ${id}"`);
      expect(r.stderr).toContain(`row 5, column "stocked_quantity": "many" is not a whole number`);
      const { inventory_items } = await sdk.admin.inventoryItem.list({ sku: [`ACME-${ID}-RJ-S-NAVY`], fields: "id,location_levels.stocked_quantity" });
      expect(inventory_items[0].location_levels.map((l: { stocked_quantity: number }) => l.stocked_quantity)).not.toContain(7);
    });
  });

  describe("a dry run is the real run's plan (one runner, one plan step)", () => {
    // Last in the file: it moves stock that the tests above count on. Whatever the store holds when
    // it runs, the real run must report row for row what the dry run just promised: the same action
    // per row and the same counts. Chunks of one row make every row its own plan and write.
    const warehouse = async () => (await sdk.admin.stockLocation.list({ name: "Sandbox Warehouse", fields: "id" })).stock_locations[0].id as string;
    const cases: [string, () => Promise<{ sheet: string; args: string[] }>][] = [
      [
        "inventory apply",
        async () => ({
          sheet: csv(`stock-same-${id}.csv`, ["sku,location_name,location_id,stocked_quantity", `ACME-${ID}-RJ-M-NAVY,Acme ${id} Warehouse Berlin,,61`, `ACME-${ID}-RJ-M-NAVY,,${await warehouse()},4`, `ACME-${ID}-RJ-S-NAVY,,${await warehouse()},3`, `ACME-${ID}-TB-500,Acme ${id} Warehouse Berlin,,301`]),
          args: ["inventory", "apply"],
        }),
      ],
      [
        "prices apply into a price list",
        async () => {
          const title = `Acme ${id} same ${uniq("pl")}`;
          const first = ["sku,currency_code,amount,min_quantity", `ACME-${ID}-RJ-S-NAVY,eur,90,`, `ACME-${ID}-RJ-M-NAVY,usd,95.5,`];
          expect((await runCli(["prices", "apply", csv(`same-${id}-0.csv`, first), "--price-list-title", title], { env })).code).toBe(0);
          const sheet = csv(`same-${id}-1.csv`, [...first.map((l) => l.replace(",usd,95.5,", ",usd,96,")), `ACME-${ID}-TB-500,gbp,11,`, `ACME-${ID}-RJ-S-NAVY,eur,80,5`]);
          return { sheet, args: ["prices", "apply", "--price-list-title", title] };
        },
      ],
    ];
    it.each(cases)("%s: the real run reports row for row what the dry run planned", async (_name, make) => {
      const { sheet, args } = await make();
      const [noun, verb, ...rest] = args;
      const dry = await runCli([noun!, verb!, sheet, ...rest, "--dry-run", "--json", "--chunk-size", "1"], { env });
      expect(dry.code, dry.stderr).toBe(0);
      const planned = JSON.parse(dry.stdout) as { summary: Record<string, number>; plan: Record<string, { row: number }[]> };
      const promised = new Map(Object.entries(planned.plan).flatMap(([action, list]) => (action === "delete" ? [] : list.map((x) => [x.row, action] as const))));
      expect(planned.summary.create + planned.summary.update).toBeGreaterThan(0);

      const report = path.join(dir, `same-${noun}-${id}.json`);
      const real = await runCli([noun!, verb!, sheet, ...rest, "--json", "--chunk-size", "1", "--report", report], { env });
      expect(real.code, real.stderr).toBe(0);
      const done = JSON.parse(readFileSync(report, "utf8")) as { rows: { row: number; action: string }[] };
      expect(new Map(done.rows.map((r) => [r.row, r.action]))).toEqual(promised);
      const { summary } = JSON.parse(real.stdout) as { summary: Record<string, number> };
      for (const k of ["rows", "create", "update", "unchanged", "failed"]) expect(summary[k], k).toBe(planned.summary[k]);
    });
  });
});
