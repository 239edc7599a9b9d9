import { Command, Help } from "commander";
import { NOUNS, findNoun, type NounEntry } from "./nouns.js";
import { SDK_VERSION } from "../sdk/version.js";
import type { CommandContext } from "./cmdutil/context.js";
import { commandModule } from "./commands/index.js";
import { parseSeconds } from "./cmdutil/context.js";
import { DESCRIPTION, EXIT_CODES_HELP, GLOBAL_OPTIONS, rootHelp } from "./help.js";

export { EXIT_CODES_HELP };

/** Builds one noun's commands: hand-written verbs first, so a generated verb of the same name steps aside for them. */
async function registerNoun(cmd: Command, noun: NounEntry, ctx: CommandContext): Promise<void> {
  const load = commandModule(noun.name);
  if (load) await (await load()).register(cmd, ctx);
  if (noun.admin) await (await import("./commands/crud/index.js")).registerCrud(cmd, noun, ctx);
}

/** The root command with global flags (CONTRACT.md §2); only the invoked noun's commands are built. */
export async function buildProgram(argv: string[], base: Pick<CommandContext, "factory">): Promise<Command> {
  const ctx: CommandContext = { factory: base.factory, registerNoun: (cmd, noun) => registerNoun(cmd, noun, ctx) };
  const program = new Command("medusactl").description(DESCRIPTION).version(SDK_VERSION, "-v, --version");
  for (const o of GLOBAL_OPTIONS) {
    if (o.flags.startsWith("--timeout")) program.option(o.flags, o.description, parseSeconds);
    else program.option(o.flags, o.description);
  }
  program.showHelpAfterError("(run with --help for usage)");
  // Subcommands inherit this configuration; the root keeps the one text main() also prints without commander.
  program.configureHelp({
    sortSubcommands: false,
    formatHelp: (cmd, helper) => (cmd.parent ? Help.prototype.formatHelp.call(helper, cmd, helper) : rootHelp(SDK_VERSION)),
  });

  const valued = GLOBAL_OPTIONS.filter((o) => o.value).map((o) => o.flags.split(" ")[0]!);
  // Values of the global flags that take one (`--profile ci whoami`) are not the noun.
  const words = argv.filter((a, i) => !a.startsWith("-") && !valued.includes(argv[i - 1] ?? ""));
  const invoked = findNoun(words[0] === "help" ? words[1] : words[0]);
  for (const noun of NOUNS) {
    const cmd = program.command(noun.name).description(noun.summary);
    if (noun.aliases) cmd.aliases(noun.aliases);
    if (noun === invoked) await registerNoun(cmd, noun, ctx);
  }
  return program;
}
