import { Option, type Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { addBulkOptions } from "../../bulk/options.js";
import { parseChunkSize } from "../../bulk/pool.js";
import type { PricesApplyOptions } from "../../bulk/prices/apply.js";

/** `medusactl prices apply <prices.csv>` (CONTRACT §1, §6): a price sheet into a price list or onto variants. */
export function register(noun: Command, ctx: CommandContext): void {
  noun.addHelpText(
    "after",
    "\nColumns: sku or variant_id, currency_code, amount, and optionally min_quantity, max_quantity, region_id.\n\nExamples:\n  medusactl prices apply prices.csv --dry-run\n  medusactl prices apply prices.csv --price-list-title \"Summer Sale\"",
  );
  const cmd = noun
    .command("apply")
    .description("Apply a CSV price sheet to a price list or to the variants' own prices")
    .argument("<file>", "CSV price sheet")
    .option("--price-list <id>", "apply to this price list (plist_…)")
    .option("--price-list-title <title>", "apply to the price list with this title, created (sale, active) if missing")
    .option("--prune", "also delete the list's prices whose key is not in the sheet (asks for the list's title; --yes off a TTY)")
    .option("-y, --yes", "do not ask for confirmation")
    .addOption(new Option("-o, --output <format>", "table or json (the summary, or with --dry-run the plan)").choices(["table", "json"]))
    .option("--json", "same as --output json")
    .option("--chunk-size <n>", "prices per price-list batch request", parseChunkSize, 1000);
  addBulkOptions(cmd).addHelpText(
    "after",
    `
A price is identified by (variant, currency_code, region_id, min_quantity, max_quantity): rows with a
known key update that price, new keys create one. Without a price list, each variant's prices are read,
merged and written back, so currencies the sheet does not mention stay. Prices are never deleted except
with --prune, and only those of the named list.

Examples:
  medusactl prices apply prices.csv --price-list-title "Summer Sale" --dry-run
  medusactl prices apply prices.csv --price-list plist_01… --prune --yes --report prices-report.csv
  medusactl prices apply base-prices.csv`,
  );
  cmd.action(async (file: string, o: PricesApplyOptions, c: Command) => {
    const f = ctx.factory(c);
    const { pricesApplyRun } = await import("../../bulk/prices/apply.js");
    await pricesApplyRun(f, file, o);
  });
}
