import type { Factory } from "../cmdutil/factory.js";
import { emptySummary } from "./report.js";

/**
 * A file with no rows (empty, a byte-order mark alone, or a header alone): a valid job with
 * nothing to do. It says so, writes nothing and exits 0, the way an export of an empty catalogue
 * imports back.
 */
export function emptyJob(f: Factory, file: string, json: boolean | undefined, extra: Record<string, unknown> = {}): void {
  if (json) f.io.out.write(JSON.stringify({ file, ...extra, rows: emptySummary() }, null, 2) + "\n");
  else f.io.out.write(`${file}: 0 rows; nothing to do\n`);
}
