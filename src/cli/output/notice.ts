import type { Target } from "../config/credentials.js";
import type { Factory } from "../cmdutil/factory.js";
import type { IOStreams } from "../../term/io.js";

/** Where a command writes, for prompts and notices: `profile "shop" (https://…)`, or the URL and the environment credential. */
export function describeTarget(t: Target): string {
  const where = t.source === "profile" ? `profile "${t.profileName}" (${t.url})` : `${t.url} (${t.source === "none" ? "no credential" : `credential from ${t.source.replace(/^env:/, "")}`})`;
  return t.production ? `${where} [PRODUCTION]` : where;
}

/**
 * A progress line or notice on stderr: silent under the global `--quiet` (or a command's own,
 * passed as `quiet`). Warnings, errors and data never go through here.
 */
export function notice(io: IOStreams, text: string, quiet?: boolean): void {
  if (io.quiet || quiet) return;
  io.err.write(text.endsWith("\n") ? text : `${text}\n`);
}

/**
 * After a write, names where it went (the active profile and its URL) on stderr. Only on a
 * terminal: scripts read stdout and exit codes, and CI logs show the target with --debug.
 */
export async function announceWrite(f: Factory, what: string): Promise<void> {
  if (!f.io.isStderrTTY || f.io.quiet) return;
  f.io.err.write(`${what} — ${describeTarget(await f.target())}\n`);
}
