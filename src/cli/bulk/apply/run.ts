import { setMaxListeners } from "node:events";
import { createHash } from "node:crypto";
import type { Factory } from "../../cmdutil/factory.js";
import { readStdinText, readTextFile } from "../../cmdutil/input-file.js";
import { CancelError, clipLine, UsageError } from "../../../term/errors.js";
import type { IOStreams } from "../../../term/io.js";
import type { Medusa } from "../../../sdk/index.js";
import { renderTable } from "../../output/render.js";
import { SeedError, applyEngine, lookUp, walk, type ApplyResult, type Item } from "./engine.js";
import { refusedMidJob, resumeCommand } from "../job.js";
import { runEngine } from "../runner.js";
import { KINDS, parseSeed, readSeedText } from "./seed.js";
import { leanHeap } from "../lean-heap.js";

/** The flags of `apply -f`. */
export interface ApplyOptions {
  file?: string;
  dryRun?: boolean;
  output?: "table" | "json" | "env" | "shell";
  json?: boolean;
  quiet?: boolean;
}

async function readInput(f: Factory, file: string): Promise<string> {
  // A seed file is read whole: a regular file (or stdin) of bounded size, never /dev/zero.
  return file === "-" ? readStdinText(f.io, { label: "stdin" }) : readTextFile(file);
}

/** Issues shown of a refused seed file: enough to act on, never a message that grows with the file. */
const SHOWN_ISSUES = 200;

/** A refused file: exit 2 with every problem. `written`: objects before the refused one were written (a problem only the store shows). */
function asUsage(e: unknown, file: string, written = false): never {
  if (e instanceof SeedError) {
    const shown = e.issues.slice(0, SHOWN_ISSUES).map((i) => `  ${clipLine(i)}`);
    if (e.issues.length > SHOWN_ISSUES) shown.push(`  … and ${e.issues.length - SHOWN_ISSUES} more`);
    const lines = shown.join("\n");
    throw new UsageError(`${file === "-" ? "stdin" : file}: ${e.message}; ${written ? "the objects before it were written, nothing after" : "nothing was written"}:\n${lines}`);
  }
  throw e;
}

export async function applyRun(f: Factory, o: ApplyOptions): Promise<ApplyResult> {
  leanHeap();
  const file = o.file!;
  const format = o.json ? "json" : (o.output ?? "table");
  let items;
  try {
    items = parseSeed(await readSeedText(await readInput(f, file), file));
  } catch (e) {
    asUsage(e, file);
  }
  const sdk = await f.sdk({ pool: true });
  const result = await applyItems(f, sdk, file, items, { dryRun: Boolean(o.dryRun), quiet: o.quiet });
  writeResult(f.io, result, format, Boolean(o.quiet || f.io.quiet));
  return result;
}

/**
 * Applies parsed items through the runner: the references are checked first (nothing is written
 * when one is wrong), then each object is one chunk, planned and (unless a dry run) written, one
 * at a time in dependency order. The job converges: it keeps the lock of this content (a file or
 * stdin) in this store, and no journal, since a rerun finds by key what this one wrote.
 */
export async function applyItems(f: Factory, sdk: Medusa, file: string, items: Map<string, Item[]>, o: { dryRun: boolean; quiet?: boolean }): Promise<ApplyResult> {
  // Writes listen only to a second Ctrl-C: the first stops between objects.
  const signal = o.dryRun ? f.signal : (f.stopNow ?? new AbortController().signal);
  // The first phase looks up every kind at once, each request listening to the same signals.
  setMaxListeners(100, f.signal);
  setMaxListeners(100, signal);
  let writing = false;
  let written = () => 0;
  try {
    const found = await lookUp({ sdk, signal }, KINDS, items);
    // The lookups went through with this credential: from here on a 401 is the server failing.
    writing = true;
    const objs = walk(KINDS, items);
    const { engine, result, written: sent } = applyEngine(sdk, found, objs, {
      command: "apply",
      file,
      fingerprint: createHash("sha256").update(JSON.stringify([...items])).digest("hex"),
      idColumns: [],
      progress: { label: o.dryRun ? "planning" : "applying", unit: "objects", total: objs.length },
      lastRow: objs.length,
      firstRow: 1,
      converges: true,
      refusal: (e) => e instanceof SeedError,
    });
    written = sent;
    await runEngine(f, { dryRun: o.dryRun, concurrency: 1, quiet: o.quiet }, engine, () => {});
    return result(o.dryRun);
  } catch (e) {
    // The runner said how a real run stopped; a dry run stopped by Ctrl-C is said here.
    if (o.dryRun && (e instanceof CancelError || f.signal.aborted)) {
      f.io.err.write(`Interrupted. apply converges: run the same command again to finish:\n  ${resumeCommand(f.argv, false)}\n`);
      throw new CancelError("interrupted");
    }
    // Past the lookups the runner has said how the job stopped.
    if (!o.dryRun && !writing && !(e instanceof SeedError)) f.io.err.write(`apply stopped; what it wrote is kept. It converges: run the same command again to finish:\n  ${resumeCommand(f.argv, false)}\n`);
    asUsage(writing && !o.dryRun ? refusedMidJob(e, "then run the same command again") : e, file, written() > 0);
  }
}

export function summarize(r: ApplyResult): { create: number; update: number; unchanged: number } {
  const s = { create: 0, update: 0, unchanged: 0 };
  for (const c of r.changes) s[c.action]++;
  return s;
}

export function summaryLine(r: ApplyResult): string {
  const s = summarize(r);
  const total = r.changes.length;
  if (s.create === 0 && s.update === 0) return `No changes: ${total} object${total === 1 ? "" : "s"} unchanged.`;
  const verb = r.dryRun ? ["would create", "would update"] : ["created", "updated"];
  return `${r.dryRun ? "Dry run: " : ""}${s.create} ${verb[0]}, ${s.update} ${verb[1]}, ${s.unchanged} unchanged${r.dryRun ? "; nothing was written" : ""}.`;
}

const shellQuote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;

export function writeResult(io: IOStreams, r: ApplyResult, format: string, quiet: boolean): void {
  const s = summarize(r);
  const pending = r.env.filter((e) => e.value === undefined && !e.secret?.unavailable);
  const unavailable = r.env.filter((e) => e.secret?.unavailable);
  if (format !== "env" && format !== "shell") {
    // Medusa shows a secret key's token once, in the create answer: without env|shell output it is gone.
    for (const e of r.env.filter((x) => x.secret && x.value !== undefined)) {
      io.err.write(`Warning: ${e.name} was created but is printed only by --output env or shell; to get a usable key, revoke it (medusactl api-keys revoke) and apply again with --output env\n`);
    }
  }
  switch (format) {
    case "json": {
      // Secrets only ever leave through --output env|shell (CONTRACT.md §4): here they are named, not shown.
      const env: Record<string, string | null> = {};
      for (const e of r.env) env[e.name] = e.secret ? null : (e.value ?? null);
      io.out.write(JSON.stringify({ dry_run: r.dryRun, changed: s.create + s.update > 0, summary: s, changes: r.changes, env }, null, 2) + "\n");
      return;
    }
    case "env":
    case "shell":
      for (const e of r.env) {
        if (e.value === undefined) continue;
        io.out.write(format === "env" ? `${e.name}=${e.value}\n` : `export ${e.name}=${shellQuote(e.value)}\n`);
      }
      if (!quiet) {
        io.err.write(`${summaryLine(r)}\n`);
        if (pending.length) io.err.write(`Not printed (created only by a real run): ${pending.map((e) => e.name).join(", ")}\n`);
      }
      // Not a progress notice: a CI step that expects the variable must learn why it is missing.
      for (const e of unavailable) io.err.write(`Warning: ${e.name} not printed: ${e.secret!.unavailable}\n`);
      return;
    default: {
      const rows = r.changes.map((c) => ({ action: c.action, kind: c.kind.replace(/_/g, "-"), key: c.key, changes: c.action === "unchanged" ? "" : c.fields.join(", "), id: c.id ?? "" }));
      io.out.write(renderTable(io, rows, ["action", "kind", "key", "changes", "id"]));
      if (!quiet) io.err.write(`${summaryLine(r)}\n`);
    }
  }
}
