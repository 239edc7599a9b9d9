/**
 * The flags every bulk command shares (CONTRACT.md §2, §6), declared once so `products import`,
 * `prices apply`, `inventory apply` and `apply -f` spell and parse them the same way.
 */
import type { Command } from "commander";
import { DEFAULT_CONCURRENCY, parseConcurrency } from "./pool.js";

export interface BulkFlags {
  dryRun?: boolean;
  concurrency: number;
  report?: string;
  resume?: boolean;
  quiet?: boolean;
}

export function addBulkOptions(cmd: Command, o: { concurrency?: number; inFlight?: string } = {}): Command {
  return cmd
    .option("-n, --dry-run", "show what would change (create, update, unchanged) and write nothing")
    .option("--concurrency <n>", `${o.inFlight ?? "requests"} in flight at once`, parseConcurrency, o.concurrency ?? DEFAULT_CONCURRENCY)
    .option("--report <file>", "write a per-row results file (.json or .csv)")
    .option("--resume", "continue an interrupted run of the same file from its checkpoint")
    .option("--quiet", "no progress on stderr");
}
