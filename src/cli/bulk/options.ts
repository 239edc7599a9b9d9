/**
 * The flags every bulk command shares (CONTRACT.md §2, §6), declared once so `products import`,
 * `prices apply`, `inventory apply`, `customers import`, the order batches and `apply -f` spell
 * and parse them the same way.
 */
import type { Command } from "commander";
import { DEFAULT_CONCURRENCY, parseConcurrency } from "./pool.js";
import { parseDelimiter, parseEncoding, type CsvDialect, type CsvEncoding } from "./csv-dialect.js";

export interface BulkFlags {
  dryRun?: boolean;
  concurrency: number;
  report?: string;
  resume?: boolean;
  quiet?: boolean;
  /** Confirmation given in advance (CONTRACT.md §7); every writer accepts it. */
  yes?: boolean;
  /** The input file's separator, when detection from its header is not wanted. */
  delimiter?: string;
  /** The input file's encoding, when detection from its bytes is not wanted. */
  encoding?: CsvEncoding;
}

/** `--delimiter` / `--encoding` of a bulk command, as readCsv takes them. */
export function dialectOf(flags: Pick<BulkFlags, "delimiter" | "encoding">): CsvDialect {
  return { delimiter: flags.delimiter, encoding: flags.encoding };
}

/** `concurrency` is the default in the help; the caller applies it (flags then hold only what was typed). */
export function addBulkOptions(cmd: Command, o: { concurrency?: number; inFlight?: string; csv?: boolean } = {}): Command {
  const inFlight = `${o.inFlight ?? "requests"} in flight at once`;
  cmd
    .option("-n, --dry-run", "show what would change (create, update, unchanged) and write nothing")
    .option("--concurrency <n>", o.concurrency ? `${inFlight} (default: ${o.concurrency})` : inFlight, parseConcurrency, o.concurrency ? undefined : DEFAULT_CONCURRENCY)
    .option("--report <file>", "write a per-row results file (.json or .csv)")
    .option("--resume", "continue an interrupted run of the same file from its checkpoint")
    .option("--quiet", "no progress on stderr");
  if (!cmd.options.some((x) => x.long === "--yes")) cmd.option("-y, --yes", "do not ask for confirmation (what needs one asks on a terminal, and off one needs --yes)");
  if (o.csv !== false) {
    cmd
      .option("--delimiter <char>", "the CSV separator: comma, semicolon, tab or pipe (default: detected from the header)", parseDelimiter)
      .option("--encoding <name>", "the CSV encoding: utf-8 or windows-1252 (default: UTF-8, or Windows-1252 when the file is not valid UTF-8)", parseEncoding);
  }
  return cmd;
}
