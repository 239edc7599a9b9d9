import { Command } from "commander";
import type { CommandContext } from "../../cmdutil/context.js";
import { UsageError } from "../../../term/errors.js";
import { NOUNS, findNoun, type NounEntry } from "../../nouns.js";
import { GLOBAL_OPTIONS } from "../../help.js";

const GLOBAL_FLAGS = [...GLOBAL_OPTIONS.map((o) => o.flags.split(" ")[0]!), "--help", "--version"];
/** Global flags followed by a value, which is not a noun or verb. */
const VALUED = GLOBAL_OPTIONS.filter((o) => o.value).map((o) => o.flags.split(" ")[0]!);
/** Global flags the scripts pass on to `completion ids`, so ids come from the profile or URL being typed against. */
const TARGET_FLAGS = ["--profile", "--url"];
/** How long an id lookup may take before the shell gets nothing: a TAB must never hang. */
export const ID_TIMEOUT_MS = 2000;
const ID_LIMIT = 20;
/**
 * What a completion may insert into a command line: a shell evaluates what it inserts once the
 * user presses Enter, and bash's `compgen -W` even expands it at TAB time, so a word from a server
 * ("prod_$(touch /tmp/x)") must never reach either. Medusa's ids and display ids fit this set;
 * anything else is dropped, not escaped.
 */
export const SAFE_WORD = /^[A-Za-z0-9][A-Za-z0-9_.#:-]{0,127}$/;

/** `medusactl completion bash|zsh|fish`: a script built from the noun table and each noun's verbs. */
export function register(cmd: Command, ctx: CommandContext): void {
  cmd
    .argument("<shell>", "bash, zsh or fish")
    .argument("[noun]", "(used by the scripts: `completion ids <noun> [display]` lists recent ids of the active profile)")
    .argument("[mode]")
    .addHelpText(
      "after",
      "\nCompletes nouns, verbs, each verb's flags, and for verbs that take a record (`orders show <TAB>`, `returns receive <TAB>`)\nrecent ids from the active profile (a lookup of at most 2 s that prints nothing on failure).\n\nExamples:\n  bash: medusactl completion bash > ~/.local/share/bash-completion/completions/medusactl\n  zsh:  medusactl completion zsh > \"${fpath[1]}/_medusactl\"   (or: source <(medusactl completion zsh))\n  fish: medusactl completion fish > ~/.config/fish/completions/medusactl.fish",
    )
    .action(async (shell: string, noun: string | undefined, mode: string | undefined, _o, c: Command) => {
      const f = ctx.factory(c);
      if (shell === "ids") {
        // Called by the scripts at TAB time: never an error, never a wait longer than ID_TIMEOUT_MS.
        const lines = await idLines(f, noun ?? "", mode === "display").catch(() => []);
        if (lines.length) f.io.out.write(lines.join("\n") + "\n");
        return;
      }
      if (shell === "profiles") {
        // The names after --profile; profile names are ours and already safe (PROFILE_NAME_RE), checked again all the same.
        const data = await f.profiles().read().catch(() => ({ profiles: {} }));
        const names = Object.keys(data.profiles).filter((n) => SAFE_WORD.test(n));
        if (names.length) f.io.out.write(names.join("\n") + "\n");
        return;
      }
      const table = await verbTable(ctx);
      if (shell === "bash") f.io.out.write(bashScript(table));
      else if (shell === "zsh") f.io.out.write(zshScript(table));
      else if (shell === "fish") f.io.out.write(fishScript(table));
      else throw new UsageError(`unsupported shell "${shell}"`, "use bash, zsh or fish");
    });
}

export interface FlagEntry {
  long: string;
  short?: string;
  /** Takes a value (`--item <line:qty>`). */
  value: boolean;
  description: string;
}

export interface VerbEntry {
  name: string;
  flags: FlagEntry[];
  /** Whose ids complete the first argument (`orders show <ref>` → orders' display ids). */
  ids?: { noun: string; display: boolean };
}

export interface CompletionEntry {
  noun: NounEntry;
  verbs: VerbEntry[];
  /** A noun-less command's own flags (`apply -f`, `api --data`). */
  flags: FlagEntry[];
}

function flagsOf(cmd: Command): FlagEntry[] {
  return cmd.options
    .filter((o) => o.long && !o.hidden)
    .map((o) => ({ long: o.long!, short: o.short, value: Boolean(o.required || o.optional), description: o.description ?? "" }));
}

/** The noun whose records a verb's first argument names, from the argument's name. */
function idsFor(noun: NounEntry, verb: Command): VerbEntry["ids"] {
  const arg = (verb as Command & { registeredArguments?: readonly { name(): string }[] }).registeredArguments?.[0]?.name();
  if (!arg) return undefined;
  if (arg === "id") return noun.admin ? { noun: noun.name, display: false } : undefined;
  if (arg === "order" || arg === "ref") return { noun: "orders", display: true };
  if (arg === "draft") return { noun: "draft-orders", display: false };
  if (arg === "return") return { noun: "returns", display: false };
  return undefined;
}

/** Builds each noun's commands on a throw-away command (no factory is ever called) to read verbs, flags and arguments. */
export async function verbTable(ctx: CommandContext): Promise<CompletionEntry[]> {
  const out: CompletionEntry[] = [];
  for (const noun of NOUNS) {
    const scratch = new Command(noun.name);
    // `tui` and `completion` itself: their registration is cheap, but nothing there needs completing beyond flags.
    await ctx.registerNoun(scratch, noun);
    out.push({
      noun,
      verbs: noun.kind === "command" ? [] : scratch.commands.map((c) => ({ name: c.name(), flags: flagsOf(c), ids: idsFor(noun, c) })),
      flags: noun.kind === "command" ? flagsOf(scratch) : [],
    });
  }
  return out;
}

/** One line per record: the value to insert, a tab, and a short description (sanitised: shop text is hostile). */
async function idLines(f: import("../../cmdutil/factory.js").Factory, nounName: string, display: boolean): Promise<string[]> {
  const noun = findNoun(nounName);
  if (!noun?.admin) return [];
  const [{ callAdmin }, { adminResources }, { sanitize }] = await Promise.all([import("../../../sdk/admin/call.js"), import("../../../sdk/admin/index.js"), import("../../../term/sanitize.js")]);
  const resource = noun.admin as keyof typeof adminResources;
  const many = (adminResources[resource] as { many?: string }).many;
  if (!many) return [];
  const signal = AbortSignal.any([f.signal, AbortSignal.timeout(ID_TIMEOUT_MS)]);
  const work = (async () => {
    const sdk = await f.sdk();
    const isOrder = noun.name === "orders" || noun.name === "draft-orders";
    const query: Record<string, unknown> = { limit: ID_LIMIT, fields: isOrder ? "id,display_id,status,email" : "id", order: "-created_at" };
    const res = await callAdmin<Record<string, unknown>>(sdk, resource, "list", { query, queryParams: query }, { signal, retry: false, timeout: ID_TIMEOUT_MS } as never);
    return (res[many] as Record<string, unknown>[] | undefined) ?? [];
  })();
  // The signal ends the request; the race also ends a slow credential read or DNS lookup.
  const timer = new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
  const records = await Promise.race([work, timer]);
  const clean = (s: unknown) => sanitize(String(s ?? "")).replace(/[\t\r\n]+/g, " ").slice(0, 60);
  // The word inserted must be safe; the description after the tab is only shown (zsh and fish), sanitised.
  const word = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");
  return records
    .filter((r) => SAFE_WORD.test(word(r.id)))
    .flatMap((r) => {
      if (display && r.display_id !== undefined) return SAFE_WORD.test(word(r.display_id)) ? [`${word(r.display_id)}\t${word(r.id)} ${clean(r.status)} ${clean(r.email)}`.trimEnd()] : [];
      if (r.display_id !== undefined) return [`${word(r.id)}\t#${clean(r.display_id)} ${clean(r.status)} ${clean(r.email)}`.trimEnd()];
      return [word(r.id)];
    });
}

const names = (t: CompletionEntry) => [t.noun.name, ...(t.noun.aliases ?? [])];
const flagWords = (flags: FlagEntry[]) => [...new Set(flags.flatMap((f) => [f.long, ...(f.short ? [f.short] : [])]))].join(" ");

export function bashScript(table: CompletionEntry[]): string {
  const nouns = table.map((t) => t.noun.name).join(" ");
  const cases = table
    .filter((t) => t.verbs.length)
    .map((t) => `    ${names(t).join("|")}) words="${t.verbs.map((v) => v.name).join(" ")}" ;;`)
    .join("\n");
  const flagCases = table
    .flatMap((t) => [
      ...t.verbs.filter((v) => v.flags.length).map((v) => `    ${names(t).map((n) => `${n}/${v.name}`).join("|")}) words="${flagWords(v.flags)}" ;;`),
      ...(t.flags.length ? [`    ${names(t).map((n) => `${n}/*`).join("|")}) words="${flagWords(t.flags)}" ;;`] : []),
    ])
    .join("\n");
  const idCases = table
    .flatMap((t) => t.verbs.filter((v) => v.ids).map((v) => `    ${names(t).map((n) => `${n}/${v.name}`).join("|")}) ids="${v.ids!.noun}${v.ids!.display ? " display" : ""}" ;;`))
    .join("\n");
  return `# bash completion for medusactl (generated by \`medusactl completion bash\`)
_medusactl() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" noun="" verb="" n=0 i words="" ids="" target=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      ${TARGET_FLAGS.join("|")}) target+=("\${COMP_WORDS[i]}" "\${COMP_WORDS[i+1]}"); ((i++)) ;;
      ${VALUED.join("|")}) ((i++)) ;;
      -*) ;;
      *) ((n++)); if ((n == 1)); then noun="\${COMP_WORDS[i]}"; elif ((n == 2)); then verb="\${COMP_WORDS[i]}"; fi ;;
    esac
  done
  # Words from medusactl's answers are matched with [[ == "$cur"* ]], never given to compgen -W,
  # which would expand $(…) in them; they are also limited to a safe character set at the source.
  local line
  if [[ "\${COMP_WORDS[COMP_CWORD-1]}" == --profile ]]; then
    COMPREPLY=()
    while IFS= read -r line; do [[ "$line" == "$cur"* ]] && COMPREPLY+=("$line"); done < <(command medusactl completion profiles 2>/dev/null)
    return
  fi
  if [[ "$cur" == -* ]]; then
    case "$noun/$verb" in
${flagCases}
    esac
    COMPREPLY=($(compgen -W "$words ${GLOBAL_FLAGS.join(" ")}" -- "$cur"))
    return
  fi
  if ((n == 0)); then
    COMPREPLY=($(compgen -W "${nouns} help" -- "$cur"))
    return
  fi
  if ((n == 2)); then
    case "$noun/$verb" in
${idCases}
    esac
    [[ -n "$ids" ]] || return
    # Recent records of the active profile; the lookup gives up after ${ID_TIMEOUT_MS / 1000} s and never prints errors.
    local -a idargs=($ids)
    COMPREPLY=()
    while IFS=$'\\t' read -r line _; do [[ "$line" == "$cur"* ]] && COMPREPLY+=("$line"); done < <(command medusactl "\${target[@]}" completion ids "\${idargs[@]}" 2>/dev/null)
    return
  fi
  ((n == 1)) || return
  case "$noun" in
${cases}
    completion) words="bash zsh fish" ;;
    api) words="GET POST DELETE" ;;
    help) words="${nouns} exit-codes" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _medusactl medusactl
`;
}

const zq = (s: string) => s.replace(/'/g, "'\\''").replace(/:/g, "\\:");

export function zshScript(table: CompletionEntry[]): string {
  const nouns = table.map((t) => `    '${zq(t.noun.name)}:${zq(t.noun.summary)}'`).join("\n");
  const cases = table
    .filter((t) => t.verbs.length)
    .map((t) => `    ${names(t).join("|")}) verbs=(${t.verbs.map((v) => v.name).join(" ")}) ;;`)
    .join("\n");
  const flagCases = table
    .flatMap((t) => [
      ...t.verbs.filter((v) => v.flags.length).map((v) => `    ${names(t).map((n) => `${n}/${v.name}`).join("|")}) flags=(${flagWords(v.flags)}) ;;`),
      ...(t.flags.length ? [`    ${names(t).map((n) => `${n}/*`).join("|")}) flags=(${flagWords(t.flags)}) ;;`] : []),
    ])
    .join("\n");
  const idCases = table
    .flatMap((t) => t.verbs.filter((v) => v.ids).map((v) => `    ${names(t).map((n) => `${n}/${v.name}`).join("|")}) ids=(${v.ids!.noun}${v.ids!.display ? " display" : ""}) ;;`))
    .join("\n");
  return `#compdef medusactl
# zsh completion for medusactl (generated by \`medusactl completion zsh\`)
_medusactl() {
  local -a nouns verbs args flags ids target
  nouns=(
${nouns}
  )
  local w i
  for ((i = 2; i < CURRENT; i++)); do
    w=\${words[i]}
    case $w in
      ${TARGET_FLAGS.join("|")}) target+=($w \${words[i+1]}); ((i++)) ;;
      ${VALUED.join("|")}) ((i++)) ;;
      -*) ;;
      *) args+=($w) ;;
    esac
  done
  if [[ \${words[CURRENT-1]} == --profile ]]; then
    compadd -- \${(f)"$(command medusactl completion profiles 2>/dev/null)"}
    return
  fi
  if [[ \${words[CURRENT]} == -* ]]; then
    case "\${args[1]}/\${args[2]}" in
${flagCases}
    esac
    compadd -- $flags ${GLOBAL_FLAGS.join(" ")}
    return
  fi
  if (( \${#args} == 0 )); then
    _describe 'command' nouns
    return
  fi
  if (( \${#args} == 2 )); then
    case "\${args[1]}/\${args[2]}" in
${idCases}
      *) _files; return ;;
    esac
    # Recent records of the active profile; the lookup gives up after ${ID_TIMEOUT_MS / 1000} s and never prints errors.
    local -a found
    found=(\${(f)"$(command medusactl $target completion ids $ids 2>/dev/null)"})
    found=(\${found//$'\\t'*/})
    compadd -- $found
    return
  fi
  (( \${#args} == 1 )) || { _files; return }
  case \${args[1]} in
${cases}
    completion) verbs=(bash zsh fish) ;;
    api) verbs=(GET POST DELETE) ;;
    *) return ;;
  esac
  compadd -- $verbs
}
if [[ \${funcstack[1]} == _medusactl ]]; then
  _medusactl "$@"
else
  compdef _medusactl medusactl
fi
`;
}

const fq = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/**
 * fish: a `complete` line per noun and per noun's verbs and the global flags; each verb's flags
 * and the id lookups come from two functions that switch on the noun and verb typed, so a TAB
 * evaluates two conditions rather than one per flag of every verb.
 */
export function fishScript(table: CompletionEntry[]): string {
  const clean = (s: string) => s.replace(/[\t\r\n]+/g, " ");
  const flagCases: string[] = [];
  const idCases: string[] = [];
  for (const t of table) {
    for (const v of t.verbs) {
      if (v.flags.length) {
        flagCases.push(`        case ${names(t).map((n) => fq(`${n}/${v.name}`)).join(" ")}`);
        for (const fl of v.flags) flagCases.push(`            printf '%s\\t%s\\n' ${fl.long} ${fq(clean(fl.description))}`);
      }
      if (v.ids) {
        idCases.push(`        case ${names(t).map((n) => fq(`${n}/${v.name}`)).join(" ")}`);
        idCases.push(`            set ids ${v.ids.noun}${v.ids.display ? " display" : ""}`);
      }
    }
    if (t.flags.length) {
      flagCases.push(`        case ${names(t).map((n) => fq(`${n}/*`)).join(" ")}`);
      for (const fl of t.flags) flagCases.push(`            printf '%s\\t%s\\n' ${fl.long} ${fq(clean(fl.description))}`);
    }
  }
  const lines = [
    "# fish completion for medusactl (generated by `medusactl completion fish`)",
    "complete -c medusactl -f",
    // The words typed so far that are not flags (nor the values of global flags): noun, verb, arguments.
    "function __medusactl_args",
    "    set -l words (commandline -opc)",
    "    set -e words[1]",
    "    set -l skip 0",
    "    for w in $words",
    "        if test $skip -eq 1",
    "            set skip 0",
    "            continue",
    "        end",
    `        if contains -- $w ${VALUED.join(" ")}`,
    "            set skip 1",
    "            continue",
    "        end",
    "        string match -q -- '-*' $w; and continue",
    "        echo $w",
    "    end",
    "end",
    "function __medusactl_no_noun",
    "    test (count (__medusactl_args)) -eq 0",
    "end",
    // The flags of the noun and verb typed (or of a noun-less command), with descriptions.
    "function __medusactl_flags",
    "    set -l a (__medusactl_args) ''",
    "    set -a a ''",
    "    switch \"$a[1]/$a[2]\"",
    ...flagCases,
    "    end",
    "end",
    // Recent records of the active profile (the --profile/--url being typed) for a verb's first
    // argument; the lookup gives up after its timeout and never prints errors.
    "function __medusactl_ids",
    "    set -l a (__medusactl_args)",
    "    test (count $a) -eq 2; or return",
    "    set -l ids",
    "    switch \"$a[1]/$a[2]\"",
    ...idCases,
    "    end",
    "    test -n \"$ids\"; or return",
    "    set -l words (commandline -opc)",
    "    set -l target",
    "    for i in (seq (count $words))",
    `        if contains -- $words[$i] ${TARGET_FLAGS.join(" ")}`,
    "            set -a target $words[$i] $words[(math $i + 1)]",
    "        end",
    "    end",
    "    command medusactl $target completion ids $ids 2>/dev/null",
    "end",
    "complete -c medusactl -n 'string match -q -- \"-*\" (commandline -ct)' -a '(__medusactl_flags)'",
    "complete -c medusactl -n 'not string match -q -- \"-*\" (commandline -ct)' -a '(__medusactl_ids)'",
  ];
  for (const o of GLOBAL_OPTIONS) {
    const long = o.flags.split(" ")[0]!.replace(/^--/, "");
    const values = long === "profile" ? " -x -a '(command medusactl completion profiles 2>/dev/null)'" : o.value ? " -r" : "";
    lines.push(`complete -c medusactl -l ${long}${values} -d ${fq(o.description)}`);
  }
  for (const t of table) lines.push(`complete -c medusactl -n __medusactl_no_noun -a ${fq(t.noun.name)} -d ${fq(t.noun.summary)}`);
  for (const t of table.filter((x) => x.verbs.length)) {
    lines.push(`complete -c medusactl -n "__fish_seen_subcommand_from ${names(t).join(" ")}; and not __fish_seen_subcommand_from ${t.verbs.map((v) => v.name).join(" ")}" -a ${fq(t.verbs.map((v) => v.name).join(" "))}`);
  }
  lines.push(`complete -c medusactl -n "__fish_seen_subcommand_from completion" -a 'bash zsh fish'`);
  lines.push(`complete -c medusactl -n "__fish_seen_subcommand_from api" -a 'GET POST DELETE'`);
  return lines.join("\n") + "\n";
}
