import { Option, type Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { addBulkOptions } from "../../bulk/options.js";
import { parseChunkSize } from "../../bulk/pool.js";
import type { InventoryApplyOptions } from "../../bulk/inventory/apply.js";

/**
 * `medusactl inventory apply <stock.csv>` (CONTRACT §1, §6). A noun of its own: stock sheets work
 * across inventory items and stock locations; `inventory-items` keeps the generic verbs.
 */
export function register(noun: Command, ctx: CommandContext): void {
  noun.addHelpText(
    "after",
    "\nColumns: sku, location_id or location_name, stocked_quantity.\n\nExamples:\n  medusactl inventory apply stock.csv --dry-run\n  medusactl inventory apply stock.csv --report stock-report.csv",
  );
  const cmd = noun
    .command("apply")
    .description("Apply a CSV stock sheet through the inventory batch endpoint")
    .argument("<file>", "CSV stock sheet")
    .addOption(new Option("-o, --output <format>", "table or json (the summary, or with --dry-run the plan)").choices(["table", "json"]))
    .option("--json", "same as --output json")
    .option("--chunk-size <n>", "stock levels per batch request", parseChunkSize, 1000);
  addBulkOptions(cmd).addHelpText(
    "after",
    `
Each row sets the stocked quantity of one SKU at one location: a missing location level is created,
a different one updated, others are left alone. SKUs need an inventory item (variants that manage
inventory have one).

Examples:
  medusactl inventory apply stock.csv --dry-run
  medusactl inventory apply stock.csv --report stock-report.json`,
  );
  cmd.action(async (file: string, o: InventoryApplyOptions, c: Command) => {
    const f = ctx.factory(c);
    const { inventoryApplyRun } = await import("../../bulk/inventory/apply.js");
    await inventoryApplyRun(f, file, o);
  });
}
