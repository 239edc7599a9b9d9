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

/** `concurrency` is the default in the help; the caller applies it (flags then hold only what was typed). */
export function addBulkOptions(cmd: Command, o: { concurrency?: number; inFlight?: string } = {}): Command {
  const inFlight = `${o.inFlight ?? "requests"} in flight at once`;
  return cmd
    .option("-n, --dry-run", "show what would change (create, update, unchanged) and write nothing")
    .option("--concurrency <n>", o.concurrency ? `${inFlight} (default: ${o.concurrency})` : inFlight, parseConcurrency, o.concurrency ? undefined : DEFAULT_CONCURRENCY)
    .option("--report <file>", "write a per-row results file (.json or .csv)")
    .option("--resume", "continue an interrupted run of the same file from its checkpoint")
    .option("--quiet", "no progress on stderr");
}
