import { Command, Option } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { statuses } from "./list.js";
import type { PickListOptions } from "../../bulk/orders/pick-list.js";
import { CSV_RAW_HELP } from "../../output/csv-field.js";

export function makePickListCommand(ctx: CommandContext, run: (f: Factory, o: PickListOptions) => Promise<void> = pickListRun): Command {
  const cmd = new Command("pick-list")
    .description("What to pick and pack: one row per order line still to ship (CSV or NDJSON, streamed)")
    .option("--payment-status <s>", "only orders with this payment status, e.g. captured or authorized (comma list or repeat)", statuses("payment"))
    .option("--fulfillment-status <s>", "only these fulfilment statuses (default: not_fulfilled, partially_fulfilled, fulfilled, partially_shipped)", statuses("fulfillment"))
    .option("--since <date|duration|last>", "created at or after: 2026-11-01, 24h, 7d; `last` continues from this profile's previous pick list")
    .option("--sales-channel <id|name>", "only orders of this sales channel")
    .option("--region <id|name>", "only orders of this region")
    .addOption(new Option("-o, --output <format>", "csv or ndjson").choices(["csv", "ndjson"]).default("csv"))
    .option("--out <file>", "write to a file (replaced whole when complete) instead of stdout")
    .option("--csv-raw", CSV_RAW_HELP)
    .option("--quiet", "no progress on stderr")
    .addHelpText("after", "\nExamples:\n  medusactl orders pick-list --payment-status captured --out picks.csv\n  medusactl orders pick-list --since last -o ndjson   # a daily run: the orders since the previous one");
  return cmd.action(async (o: PickListOptions, c: Command) => run(ctx.factory(c), o));
}

async function pickListRun(f: Factory, o: PickListOptions): Promise<void> {
  const { pickListRun: run } = await import("../../bulk/orders/pick-list.js");
  await run(f, o);
}
