import { NOUNS } from "./nouns.js";

/**
 * The root help and the help topics, written without commander: `medusactl`, `medusactl --help`,
 * `medusactl help` and `medusactl help <topic>` are the commands people run first, and loading
 * commander alone costs more than the whole cold-start budget leaves (bench/cli-cold-start.mjs).
 * The program uses this same text for its root help, and scripts/gen-docs.mjs writes the topics
 * into docs/commands/, so there is one version of each.
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
    ["help [command|topic]", `help for a command, or a topic: ${HELP_TOPICS.map((t) => t.name).join(", ")}`],
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

/** `medusactl help <topic>`: what people look for that is no one command's. */
export interface HelpTopic {
  name: string;
  summary: string;
  text: string;
}

const FORMATS_HELP = `Output of lists and records: -o, --output <format>
  table    aligned on a terminal, fitted to its width (ids are never cut), then
           "Showing N of M" on stderr; in a pipe, the same columns as
           tab-separated lines: no header, no colour, nothing cut
  json     one document: an array for a list, an object for a record (--json)
  ndjson   one JSON record per line
  csv      a header, then one row per record; nested values as compact JSON;
           a cell a spreadsheet would run as a formula (=, +, -, @…) gets a
           leading ' (--csv-raw writes cells exactly)
  ids      one id per line, for a command that reads ids from - (stdin)
  --out FILE   write to FILE, replaced only once the output is complete
  --fields F   Medusa's fields selection (id,title  +metadata  *variants)
  --wide       a table with every other plain field too
Money: tables and CSV round to the currency's minor unit; json and ndjson keep
Medusa's exact values. Bulk commands: --output table|json (a summary, or with
--dry-run the plan); apply -f also env|shell (ids and keys as variables).

Input:
  --data <json|@file|->   the request body: JSON text, a file, or stdin
  --set key=value         one body field, over --data; dotted keys nest;
                          values are JSON-typed (250, true, null): quote to
                          keep a string: --set 'sku="250"'
  --query 'a=1&b[]=2'     more query parameters, qs syntax (repeatable; at most
                          20 items a list and 5 levels, else exit 2)

Files (CSV: comma, semicolon or tab, detected from the header, --delimiter
forces; UTF-8 with or without a byte-order mark, or Windows-1252 when a file is
not UTF-8, --encoding forces):
  products import      Medusa's product CSV (what products export writes),
                       Shopify's or WooCommerce's product export (--from)
  prices apply         sku or variant_id, currency_code, amount, and optionally
                       min_quantity, max_quantity, region_id
  inventory apply      sku, location_id or location_name, stocked_quantity
  orders VERB --file   an order column (Order, Order Number, Reference…), and
                       for ship: tracking, carrier, tracking URL, optionally
                       SKU and Quantity (--columns order=…,tracking=… maps others)
  customers import     Shopify's customer export, WooCommerce's customer report,
                       or what customers export writes
  apply -f             a YAML or JSON seed file (natural keys, never ids)
  --report FILE        .json or .csv: one entry per input row
Every column of every file: docs/cli/bulk-data.md`;

const ENVIRONMENT_TOPIC = `Environment (flags win over it; it wins over the active profile):
  MEDUSA_URL                 the back-end (--url wins; else the profile's URL)
  MEDUSA_API_KEY             a secret API key (sk_…), the CI credential; wins
                             over MEDUSA_TOKEN
  MEDUSA_TOKEN               a JWT
  MEDUSA_PUBLISHABLE_KEY     sent with /store routes
  MEDUSACTL_PROFILE          the profile to use (--profile wins; else the
                             default profile)
  MEDUSACTL_CONFIG_DIR       profiles and secrets; else
                             $XDG_CONFIG_HOME/medusactl, else ~/.config/medusactl
  MEDUSACTL_DATA_DIR         the sandbox and bulk-job checkpoints (jobs/); else
                             /var/lib/medusactl for root, else
                             $XDG_DATA_HOME/medusactl, else ~/.local/share/medusactl
  MEDUSACTL_SANDBOX_DATABASE_URL   an existing PostgreSQL for the sandbox (a bare
                             DATABASE_URL is ignored)
  MEDUSACTL_SANDBOX_INSTALL_STORE  where finished sandbox installs are kept for
                             other sandboxes to link; off turns it off
  MEDUSACTL_SEED_ORDERS      orders the sandbox seeds on top of the fixed ones
                             (default 12)
  MEDUSACTL_MAX_LIST_ROWS    the most rows one walk of a list reads (default
                             1000000)
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS   proxies and CAs
  NO_COLOR, TERM=dumb        no colour (also --no-color, or a pipe)
An environment credential is used with the URL in force, and while one is set
nothing is written to the profile store. A profile's secret is only ever sent
to that profile's own URL: MEDUSA_URL elsewhere without an environment
credential is exit 4 ("no credentials for <url>").`;

const PROFILES_HELP = `Profiles: each login is saved as a profile (--profile NAME, default
"default"; the first one becomes the default): its URL and settings in
profiles.json, its secret in tokens.json (mode 0600, replaced atomically), in
$MEDUSACTL_CONFIG_DIR, else $XDG_CONFIG_HOME/medusactl, else ~/.config/medusactl.
  medusactl login --url https://shop.example.com --email me@example.com
  echo "$KEY" | medusactl login --url https://shop.example.com --api-key-stdin --profile ci
  medusactl whoami                        who, which profile and URL; tests it
  medusactl profile list                  * marks the active one; no secrets
  medusactl profile use shop              make shop the default
  medusactl profile set shop --production stricter confirmations
  medusactl profile set shop --read-only  the TUI on shop only looks
  medusactl profile remove old-shop
  medusactl --profile ci orders list      one command on another profile
  medusactl logout [--all]                forget the secret (of every profile)
Which back-end and credential, highest first: the flags --profile and --url;
the environment (medusactl help environment); the active profile
(MEDUSACTL_PROFILE, else the default). \`sandbox up\` saves a "sandbox" profile
that uses a secret key made for it.`;

export const HELP_TOPICS: readonly HelpTopic[] = [
  { name: "formats", summary: "output formats, --data/--set/--query, and the files bulk commands read", text: FORMATS_HELP },
  { name: "exit-codes", summary: "what each exit code means", text: EXIT_CODES_HELP },
  { name: "environment", summary: "the environment variables medusactl reads", text: ENVIRONMENT_TOPIC },
  { name: "profiles", summary: "saved back-ends and credentials, and which one a command uses", text: PROFILES_HELP },
];

export function findTopic(name: string | undefined): HelpTopic | undefined {
  return HELP_TOPICS.find((t) => t.name === name);
}
