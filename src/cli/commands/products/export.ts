/** `medusactl products export`: its flags; the job itself is src/cli/bulk/products/export.ts. */
import { Command, Option } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { UsageError } from "../../../term/errors.js";
import { collect } from "../../cmdutil/input.js";
import type { ExportOptions } from "../../bulk/products/export.js";
import { DEFAULT_CONCURRENCY, parseConcurrency } from "../../bulk/pool.js";
import { CSV_RAW_HELP } from "../../output/csv-field.js";

const exportRun = async (f: Factory, o: ExportOptions) => (await import("../../bulk/products/export.js")).exportRun(f, o);


export function makeExportCommand(ctx: CommandContext, run: (f: Factory, o: ExportOptions) => Promise<void> = exportRun): Command {
  const cmd = new Command("export")
    .description("Export products as CSV (the columns import reads) or NDJSON, streamed page by page")
    .option("--out <file>", "write to a file instead of stdout")
    .option("--query <querystring>", "filters, qs syntax, e.g. 'q=shirt' or 'tag_id[]=ptag_1' (repeatable)", collect)
    .option("--collection <id|handle>", "only products of this collection (repeatable)", collect)
    .option("--status <status>", "only products with this status: draft, proposed, published, rejected (repeatable)", collect)
    .addOption(new Option("-o, --output <format>", "csv or ndjson").choices(["csv", "ndjson"]).default("csv"))
    .option("--portable", "add handle/name reference columns for importing into another store with --match handle")
    .option("--page-size <n>", "products per request", (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new UsageError("--page-size: expected 1 to 1000");
      return n;
    }, 100)
    .option("--csv-raw", CSV_RAW_HELP)
    .option("--concurrency <n>", "pages in flight at once", parseConcurrency, DEFAULT_CONCURRENCY)
    .option("--report <file>", "write one line per exported product (.json or .csv)")
    .option("--resume", "continue an interrupted export into the same --out after its last complete page")
    .option("--quiet", "no progress on stderr")
    .addHelpText(
      "after",
      `
Examples:
  medusactl products export --out catalogue.csv
  medusactl products export --status published --collection summer-edition --out summer.csv
  medusactl products export --portable --out portable.csv     # then: products import portable.csv --match handle
  medusactl products export --output ndjson | jq .handle
  medusactl products export --out catalogue.csv --concurrency 4 --report exported.csv
  medusactl products export --out catalogue.csv --resume        # after Ctrl-C or a lost network`,
    );
  cmd.action(async (o: ExportOptions, c: Command) => run(ctx.factory(c), o));
  return cmd;
}

