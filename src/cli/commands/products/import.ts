/**
 * `medusactl products import <file.csv>` (CONTRACT.md §6): its flags; the job itself is
 * src/cli/bulk/products/import.ts (batch engine, or Medusa's own workflow with `--engine server`).
 */
import { Command, InvalidArgumentError, Option } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { addBulkOptions } from "../../bulk/options.js";
import { parseChunkSize } from "../../bulk/pool.js";
import type { ImportOptions } from "../../bulk/products/import-options.js";

export function parseDuration(value: string): number {
  const m = value.trim().match(/^(\d+(?:\.\d+)?)(ms|s|m|h)?$/);
  if (!m) throw new InvalidArgumentError("expected a duration such as 90s, 10m or 1h");
  const n = Number(m[1]);
  const unit = m[2] ?? "s";
  return n * (unit === "ms" ? 1 : unit === "s" ? 1000 : unit === "m" ? 60_000 : 3_600_000);
}

const importRun = async (f: Factory, o: ImportOptions) => (await import("../../bulk/products/import.js")).importRun(f, o);

export function makeImportCommand(ctx: CommandContext, run: (f: Factory, o: ImportOptions) => Promise<void> = importRun): Command {
  const cmd = new Command("import")
    .description("Import a product CSV (Medusa's columns, or a Shopify or WooCommerce export): validate all, then create or update by id, handle and SKU")
    .argument("<file>", "the CSV file (one row per variant; comma, semicolon or tab; UTF-8 or Windows-1252)")
    .addOption(new Option("--engine <engine>", "batch: our chunked batch requests; server: Medusa's own import workflow").choices(["batch", "server"]).default("batch"))
    .addOption(new Option("--match <key>", "handle: ignore ids, match products by handle and variants by SKU (a file from another store)").choices(["handle"]))
    .option("--sales-channel <id|name>", "add every product to this sales channel")
    .option("--shipping-profile <id|name>", "shipping profile for products that have none")
    .option("--location <id|name>", "stock location for the Variant Inventory Quantity column")
    .option("--chunk-size <n>", "products per batch request", parseChunkSize, 250)
    .addOption(new Option("--from <format>", "the file's format (default: detected from the header)").choices(["medusa", "shopify", "woocommerce"]))
    .option("--currency <code>", "Shopify/WooCommerce files: the currency of their prices (default: the store's default currency)")
    .option("--sale-price-list <title>", `Shopify/WooCommerce files: price list for sale prices (compare-at or sale price pairs; default "Imported sale prices")`)
    .addOption(new Option("--images <how>", "Shopify/WooCommerce files: copy pictures into Medusa's file module (default), or link their source URLs").choices(["copy", "link"]))
    .option("--strict-images", "a picture that cannot be copied stops the import (default: it stays linked to its source URL and is reported)")
    .option("--images-allow-private", "fetch pictures from loopback, private, link-local or metadata addresses too (refused by default: a sheet must not reach your own network)")
    .addOption(new Option("--on-error <how>", "skip: import the good products and skip each bad one with its reasons (exit 3); stop: refuse the whole file (exit 2). Default: skip for Shopify and WooCommerce files, stop for Medusa's own").choices(["skip", "stop"]))
    .option("--no-wait", "--engine server: print the transaction id and exit once the import is confirmed")
    .option("--wait-timeout <duration>", "--engine server: how long to wait for Medusa (default 30m)", parseDuration)
    .option("--stall-timeout <duration>", "--engine server: no progress for this long means Medusa's import is stuck (default 2m)", parseDuration)
    .addOption(new Option("-o, --output <format>", "table or json").choices(["table", "json"]))
    .option("--json", "same as --output json");
  addBulkOptions(cmd);
  cmd.addHelpText(
    "after",
    `
Columns: Medusa's product CSV (Product Id, Product Handle, Product Title, … Variant Sku, Variant Price EUR,
Variant Price [Region] EUR, Variant Option 1 Name/Value, Product Sales Channel 1, …), header names in any case.
Ours: Variant Inventory Quantity (with --location), and the --portable columns of \`products export\`
(Product Collection Handle, Product Type Value, Product Category Handle N, Product Tag Value N,
Product Sales Channel Name N, Shipping Profile Name) with the batch engine.
An empty cell leaves the stored value alone. Prices are decimal major units (19.99).

Shopify's and WooCommerce's product CSVs are read too (detected from the header, or --from): they are
mapped onto the columns above (weights in grams, lengths in centimetres; categories by path, created
when missing; a lower sale price goes into the --sale-price-list price list). --dry-run shows which
source columns were used and which were ignored, and why. Rows in messages are the source file's.

Real exports are imported as they are (--on-error skip, the default for them): what a rule can repair
is repaired, with a note naming the rows; a product that cannot be imported is skipped with its reasons
(every row of it), the rest is imported, and the run ends with exit 3. The rules:
  - a SKU already on an earlier row (Shopify's "Duplicate" keeps them on its "-copy" product): the later
    variant is imported without a SKU; its stock and sale price still find it through its product;
  - stock on a row without SKU: set through the variant the row creates or matches;
  - a weight or size that is not a number, or in a unit Medusa cannot convert: left out;
  - HTML descriptions are kept as HTML (WooCommerce's written "\n" line breaks become line breaks);
  - WooCommerce: a variation with an "any" attribute becomes one variant per value its product lists
    (SKU + "-" + the value), unless a more specific variation names that value; its stock goes to each;
  - WooCommerce's default category "Uncategorized" is left out: no product gets a category it did not have.
A file with a problem of its own (its header, a flag, a region) is refused whole. --dry-run reports all of
this without writing, stock included whether or not --location is given. A dry run shows each changed
field as old → new, and flags a change that would undo one the store got after the file was saved.

Examples:
  medusactl products import catalogue.csv --dry-run
  medusactl products import catalogue.csv --sales-channel "Default Sales Channel" --location Warehouse --report out.json
  medusactl products import other-store.csv --match handle
  medusactl products import catalogue.csv --resume
  medusactl products import shopify-products.csv --dry-run
  medusactl products import woocommerce.csv --currency usd --location Warehouse`,
  );
  cmd.action(async (file: string, o: Omit<ImportOptions, "file">, c: Command) => {
    await run(ctx.factory(c), { ...o, file });
  });
  return cmd;
}

