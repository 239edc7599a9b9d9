import { Command, Help, InvalidArgumentError, Option } from "commander";
import type { GlobalFlags } from "./config/credentials.js";
import { NOUNS, findNoun } from "./commands/index.js";
import { SDK_VERSION } from "../sdk/version.js";
import type { Factory } from "./factory.js";
import { DESCRIPTION, EXIT_CODES_HELP, GLOBAL_OPTIONS, rootHelp } from "./help.js";

export { EXIT_CODES_HELP };

/** How a command reaches its Factory: built from its own flags merged with the globals. */
export interface CommandContext {
  factory(cmd: Command): Factory;
}

export function parseSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("expected a number of seconds greater than 0");
  return n;
}

/** The root command with global flags (CONTRACT.md §2); only the invoked noun's commands are built. */
export async function buildProgram(argv: string[], ctx: CommandContext): Promise<Command> {
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
    if (noun !== invoked) continue;
    // Hand-written verbs first, so a generated verb of the same name steps aside for them.
    if (noun.load) await (await noun.load()).register(cmd, ctx);
    if (noun.admin) await (await import("./commands/crud.js")).registerCrud(cmd, noun, ctx);
  }
  return program;
}

export function globalFlags(cmd: Command): GlobalFlags {
  const o = cmd.optsWithGlobals() as GlobalFlags & { color?: boolean };
  return { profile: o.profile, url: o.url, debug: o.debug, timeout: o.timeout, insecure: o.insecure, color: o.color };
}

export { Option };
