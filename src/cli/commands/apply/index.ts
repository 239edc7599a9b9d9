import { Option, type Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import type { ApplyOptions } from "../../bulk/apply/run.js";

/**
 * `medusactl apply -f seed.yaml` (CONTRACT §1, §6): declarative, idempotent seeding. The engine
 * and the kinds load only when the command runs.
 */
export function register(cmd: Command, ctx: CommandContext): void {
  cmd
    .requiredOption("-f, --file <file>", "seed file: .yaml, .yml or .json (- for YAML on stdin)")
    .option("-n, --dry-run", "print the plan (create, update, unchanged with the changed fields); write nothing")
    .addOption(new Option("-o, --output <format>", "table, json, env (KEY=VALUE lines) or shell (export KEY='VALUE')").choices(["table", "json", "env", "shell"]))
    .option("--json", "same as --output json")
    .option("--quiet", "no progress or summary on stderr")
    .option("-y, --yes", "accepted for scripts; apply creates and updates, and asks for no confirmation")
    .addHelpText(
      "after",
      `
Objects refer to each other by natural key (names, handles, SKUs, e-mails, codes), never by id.
Objects missing from the file are left alone; a second run changes nothing and says so.
--output env|shell prints MEDUSA_<KIND>_<KEY>_ID for every object in the file (and
MEDUSA_PUBLISHABLE_KEY_<TITLE> with the token), created now or found, so reruns print the same.
The format, with a complete example: examples/seed.yaml in the medusactl repository.

Examples:
  medusactl apply -f seed.yaml --dry-run
  medusactl apply -f seed.yaml --output env >> "$GITHUB_ENV"
  eval "$(medusactl apply -f seed.yaml --output shell)"`,
    )
    .action(async (o: ApplyOptions, c: Command) => {
      const f = ctx.factory(c);
      const { applyRun } = await import("../../bulk/apply/run.js");
      await applyRun(f, o);
    });
}
