import { Command, Option } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { Factory } from "../../cmdutil/factory.js";
import { requireConfirmation } from "../../cmdutil/prompter.js";
import { notice } from "../../output/notice.js";
import { OUTPUT_FORMATS, writeList, type OutputFormat } from "../../output/render.js";
import { sanitize } from "../../../term/sanitize.js";
import type { SandboxOptions } from "../../sandbox/paths.js";

const HELP =
  "\nA snapshot keeps the sandbox's database (a PostgreSQL template copy in the same server), its uploaded files (the\n" +
  "local file folder, or the S3 server's storage) and, on the production topology, Redis's keys. Medusa keeps running:\n" +
  "a restore swaps the database under it, so its next answer is the restored state (requests in that moment may fail).\n" +
  "`sandbox up` saves one named \"seeded\" after the first seed, and `sandbox reset` restores it.\n" +
  "A snapshot from another Medusa version, seed, topology or database is refused (exit 2), as is an external\n" +
  "--database-url whose user lacks CREATEDB or does not own the database. Names: lower-case letters, digits, '.', '_', '-'.\n" +
  "\nExamples:\n  medusactl sandbox snapshot save before-import\n  medusactl sandbox snapshot list\n  medusactl sandbox snapshot restore before-import --yes\n  medusactl sandbox snapshot rm before-import --yes";

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

export function registerSnapshot(
  noun: Command,
  ctx: CommandContext,
  o: { options: (f: Factory) => SandboxOptions; job: <T>(p: Promise<T>) => Promise<T> },
): void {
  const group = noun.command("snapshot").description("Save, restore, list and remove snapshots of the sandbox's data").addHelpText("after", HELP);

  group
    .command("save")
    .description("Save the sandbox's data as snapshot NAME")
    .argument("<name>")
    .option("-f, --force", "replace a snapshot of that name")
    .addHelpText("after", "\nExamples:\n  medusactl sandbox snapshot save before-import\n  medusactl sandbox snapshot save seeded --force   # what `sandbox reset` restores from now on")
    .action(async (name: string, opts: { force?: boolean }, c: Command) => {
      const f = ctx.factory(c);
      const { resolveOptions } = await import("../../sandbox/paths.js");
      const { sandboxSnapshotSave } = await import("../../sandbox/snapshots.js");
      const { formatBytes } = await import("../../../shared/format.js");
      const { totalSize } = await import("../../sandbox/snapshot-meta.js");
      const started = Date.now();
      const meta = await o.job(sandboxSnapshotSave(resolveOptions(o.options(f)), name, { replace: Boolean(opts.force) }));
      f.io.out.write(`saved snapshot ${sanitize(meta.name)} (${formatBytes(totalSize(meta))}) in ${seconds(started)}\n`);
    });

  group
    .command("restore")
    .description("Put the sandbox's data back to snapshot NAME (what changed since is lost)")
    .argument("<name>")
    .option("-y, --yes", "do not ask for confirmation")
    .addHelpText("after", "\nExamples:\n  medusactl sandbox snapshot restore before-import --yes")
    .action(async (name: string, opts: { yes?: boolean }, c: Command) => {
      const f = ctx.factory(c);
      const { resolveOptions } = await import("../../sandbox/paths.js");
      const { assertSnapshotName, sandboxSnapshotRestore } = await import("../../sandbox/snapshots.js");
      assertSnapshotName(name);
      await requireConfirmation(f.io, f.prompter(), { yes: opts.yes, level: "moderate", question: `Replace the sandbox's data by snapshot ${sanitize(name)}?` });
      const started = Date.now();
      const meta = await o.job(sandboxSnapshotRestore(resolveOptions(o.options(f)), name));
      f.io.out.write(`restored snapshot ${sanitize(meta.name)} in ${seconds(started)}\n`);
    });

  group
    .command("list")
    .description("List the sandbox's snapshots")
    .addOption(new Option("-o, --output <format>", "table, json, ndjson, csv, or ids (one id per line)").choices(OUTPUT_FORMATS as string[]))
    .option("--json", "same as --output json")
    .addHelpText("after", "\nThe table shows name, created_at, medusa_version, topology and size.\n\nExamples:\n  medusactl sandbox snapshot list\n  medusactl sandbox snapshot list --json")
    .action(async (opts: { output?: string; json?: boolean }, c: Command) => {
      const f = ctx.factory(c);
      const { resolveOptions } = await import("../../sandbox/paths.js");
      const { sandboxSnapshotList } = await import("../../sandbox/snapshots.js");
      const { snapshotRecords } = await import("../../sandbox/snapshot-meta.js");
      const format: OutputFormat = opts.json ? "json" : ((opts.output as OutputFormat | undefined) ?? "table");
      const listing = sandboxSnapshotList(resolveOptions(o.options(f)));
      const records = snapshotRecords(listing);
      if (format === "table" || format === "csv") {
        if (records.length === 0 && format === "table") {
          if (f.io.isStderrTTY) notice(f.io, "no snapshots; save one with `medusactl sandbox snapshot save NAME`");
          return;
        }
        const { formatBytes } = await import("../../../shared/format.js");
        const rows = records.map((r) => ({ ...r, size: r.size_bytes === undefined ? "" : format === "csv" ? String(r.size_bytes) : formatBytes(r.size_bytes) }));
        writeList(f.io, format, rows, ["name", "created_at", "medusa_version", "topology", "size", ...(rows.some((r) => r.problem) ? ["problem"] : [])]);
        return;
      }
      writeList(f.io, format, records as unknown as Record<string, unknown>[], []);
    });

  group
    .command("rm")
    .description("Remove snapshot NAME")
    .argument("<name>")
    .option("-y, --yes", "do not ask for confirmation")
    .addHelpText("after", "\nRemoving \"seeded\" makes the next `sandbox reset` seed again (and save it anew).\n\nExamples:\n  medusactl sandbox snapshot rm before-import --yes")
    .action(async (name: string, opts: { yes?: boolean }, c: Command) => {
      const f = ctx.factory(c);
      const { resolveOptions } = await import("../../sandbox/paths.js");
      const { assertSnapshotName, sandboxSnapshotRemove, snapshotMeta } = await import("../../sandbox/snapshots.js");
      assertSnapshotName(name);
      const r = resolveOptions(o.options(f));
      // A missing name is an error before any question is asked.
      const { existsSync } = await import("node:fs");
      const { snapshotDir } = await import("../../sandbox/snapshot-meta.js");
      if (!existsSync(snapshotDir(r.paths, name))) snapshotMeta(r, name);
      await requireConfirmation(f.io, f.prompter(), { yes: opts.yes, level: "moderate", question: `Remove snapshot ${sanitize(name)}?` });
      await o.job(sandboxSnapshotRemove(r, name));
      f.io.out.write(`removed snapshot ${sanitize(name)}\n`);
    });
}
