import { Command, InvalidArgumentError, Option } from "commander";
import type { GlobalFlags } from "./config/credentials.js";
import { NOUNS, findNoun } from "./commands/index.js";
import { SDK_VERSION } from "../sdk/version.js";
import type { Factory } from "./factory.js";

/** How a command reaches its Factory: built from its own flags merged with the globals. */
export interface CommandContext {
  factory(cmd: Command): Factory;
}

export const EXIT_CODES_HELP = `Exit codes:
  0    ok (also "no results")
  1    error: API error, network failure after retries, timeout, job failure
  2    usage or invalid input; nothing was done
  3    bulk job in which at least one row failed while writing (see the report)
  4    authentication needed: run \`medusactl login\`
  130  cancelled (Ctrl-C or a declined prompt)`;

export function parseSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("expected a number of seconds greater than 0");
  return n;
}

/** The root command with global flags (CONTRACT.md §2); only the invoked noun's commands are built. */
export async function buildProgram(argv: string[], ctx: CommandContext): Promise<Command> {
  const program = new Command("medusactl")
    .description("A fast, scriptable client for Medusa v2 stores")
    .version(SDK_VERSION, "-v, --version")
    .option("--profile <name>", "use this saved profile")
    .option("--url <url>", "Medusa back-end URL (overrides the profile and MEDUSA_URL)")
    .option("--debug", "log each HTTP request and response on stderr, secrets redacted")
    .option("--timeout <seconds>", "time limit of one HTTP attempt (default 30)", parseSeconds)
    .option("--insecure", "allow plain http to a non-loopback host")
    .option("--no-color", "no colours")
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", `\nEnvironment: MEDUSA_URL, MEDUSA_API_KEY, MEDUSA_TOKEN, MEDUSA_PUBLISHABLE_KEY, MEDUSACTL_PROFILE, MEDUSACTL_CONFIG_DIR, NO_COLOR\n\n${EXIT_CODES_HELP}\n`);
  program.configureHelp({ sortSubcommands: false });

  // Values of the global flags that take one (`--profile ci whoami`) are not the noun.
  const words = argv.filter((a, i) => !a.startsWith("-") && !["--profile", "--url", "--timeout"].includes(argv[i - 1] ?? ""));
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
