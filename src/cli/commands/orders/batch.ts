/**
 * `--file` and `-` on the order verbs: the same verb on many orders, through the bulk runner
 * (src/cli/bulk/orders/batch.ts). Declared once, so every verb spells the flags the same way.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { Command } from "commander";
import type { Factory } from "../../cmdutil/factory.js";
import { readStdinText } from "../../cmdutil/input-file.js";
import { UsageError } from "../../../term/errors.js";
import { addBulkOptions } from "../../bulk/options.js";
import type { OrderBatchOptions } from "../../bulk/orders/batch.js";
import type { BatchVerb } from "../../../shared/orders/walk.js";

/** Orders in flight at once in a batch (each takes a few requests in a row). */
const BATCH_CONCURRENCY = 4;

export function addBatchFlags(cmd: Command, verb: BatchVerb): Command {
  cmd.option(
    "--file <csv>",
    verb === "ship"
      ? "ship the orders of a carrier's or 3PL's file: order, tracking number, carrier, tracking URL (SKU and quantity for a partial shipment); give - as the order to read references from stdin"
      : "the orders a CSV file names (an Order column); or give - as the order to read references one per line from stdin",
  );
  if (verb === "ship") {
    cmd.option("--columns <map>", "which headers hold what, when the file's are not recognised: order=HEADER,tracking=HEADER,carrier=…,url=…,sku=…,quantity=…");
    cmd.option("--location <id>", "with --file: the stock location to fulfil from when an order is not fulfilled yet (default: the shipping option's)");
  }
  // With --file or -: the flags every bulk job has.
  return addBulkOptions(cmd, { concurrency: BATCH_CONCURRENCY, inFlight: "orders" });
}

/** Runs the batch when the command was given `--file` or `-`; false for a single order. */
export async function runBatchIfAsked(f: Factory, verb: BatchVerb, order: string | undefined, o: OrderBatchOptions & { file?: string }): Promise<boolean> {
  if (o.file && order) throw new UsageError("give an order or --file, not both");
  if (!o.file && order !== "-") {
    if (!order) throw new UsageError(`give an order (123, #123 or order_…), - to read references from stdin, or --file FILE`);
    if (o.dryRun || o.report || o.resume) throw new UsageError("--dry-run, --report and --resume work on batches: give --file FILE or -");
    return false;
  }
  const { orderBatchRun } = await import("../../bulk/orders/batch.js");
  o = { ...o, concurrency: o.concurrency ?? BATCH_CONCURRENCY };
  if (o.file) {
    await orderBatchRun(f, verb, { file: o.file }, o);
    return true;
  }
  // stdin is read whole (bounded): its hash keys the job's checkpoint as a file's would.
  const text = await readStdinText(f.io, { label: "stdin" });
  await orderBatchRun(f, verb, { file: "-", stdin: Readable.from([Buffer.from(text)]), fingerprint: createHash("sha256").update(text).digest("hex") }, o);
  return true;
}
