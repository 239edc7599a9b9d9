import { NOUNS } from "./nouns.js";

/**
 * The root help, written without commander: `medusactl`, `medusactl --help` and `medusactl help`
 * are the commands people run first, and loading commander alone costs more than the whole
 * cold-start budget leaves (bench/cli-cold-start.mjs). The program uses this same text for its
 * root help, so there is one version of it.
 */

export const EXIT_CODES_HELP = `Exit codes:
  0    ok (also "no results")
  1    error: API error, network failure after retries, timeout, job failure
  2    usage or invalid input; nothing was done
  3    bulk job in which at least one row failed while writing, or rows were
       skipped for what they hold (--on-error skip; see the report)
  4    authentication needed: run \`medusactl login\`
  130  cancelled (Ctrl-C or a declined prompt)`;

export interface GlobalOption {
  flags: string;
  description: string;
  /** Takes a value (`--profile <name>`): completion skips the next word. */
  value?: boolean;
}

/** Flags every command accepts (CONTRACT.md §2); program.ts declares them from this table. */
export const GLOBAL_OPTIONS: readonly GlobalOption[] = [
  { flags: "--profile <name>", description: "use this saved profile (else MEDUSACTL_PROFILE, else the default)", value: true },
  { flags: "--url <url>", description: "Medusa back-end URL (overrides the profile and MEDUSA_URL)", value: true },
  { flags: "--debug", description: "log each HTTP request and response on stderr, secrets redacted" },
  { flags: "--timeout <seconds>", description: "time limit of one HTTP attempt (default 30)", value: true },
  { flags: "--insecure", description: "allow plain http to a non-loopback host" },
  { flags: "--no-color", description: "no colours (also NO_COLOR, TERM=dumb, or a pipe)" },
  { flags: "--quiet", description: "no progress or notices on stderr (data, warnings and errors still print)" },
];

export const DESCRIPTION = "A fast, scriptable client for Medusa v2 stores";

const EXAMPLES = `Examples:
  medusactl login --url https://shop.example.com --email me@example.com
  echo "$SECRET_KEY" | medusactl login --url https://shop.example.com --api-key-stdin
  medusactl whoami
  medusactl products list --limit 10
  medusactl products get prod_01… --json
  medusactl products update prod_01… --set status=draft
  medusactl orders list --all --output csv --out orders.csv
  medusactl api GET /admin/regions --paginate
  medusactl <command> --help          verbs and flags of one command`;

export const ENVIRONMENT_HELP =
  "Environment: MEDUSA_URL, MEDUSA_API_KEY, MEDUSA_TOKEN, MEDUSA_PUBLISHABLE_KEY, MEDUSACTL_PROFILE, MEDUSACTL_CONFIG_DIR, NO_COLOR";

function rows(pairs: [string, string][], width: number): string {
  return pairs.map(([a, b]) => `  ${a.padEnd(width)}${b}`).join("\n");
}

/** `medusactl --help`. */
export function rootHelp(version: string): string {
  const options: [string, string][] = [
    ["-v, --version", `print the version (${version})`],
    ...GLOBAL_OPTIONS.map((o): [string, string] => [o.flags, o.description]),
    ["-h, --help", "help for medusactl or for a command"],
  ];
  const commands: [string, string][] = [
    ...NOUNS.map((n): [string, string] => [n.name, n.summary]),
    ["help [command]", "help for a command; `help exit-codes` lists the exit codes"],
  ];
  const width = Math.max(...[...options, ...commands].map(([a]) => a.length)) + 2;
  return `Usage: medusactl <command> [verb] [arguments] [options]

${DESCRIPTION}

Options:
${rows(options, width)}

Commands:
${rows(commands, width)}

${EXAMPLES}

${ENVIRONMENT_HELP}

${EXIT_CODES_HELP}
`;
}
