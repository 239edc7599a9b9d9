#!/usr/bin/env node
// Writes what docs/ can take from the code instead of from a person, so it cannot drift:
//   docs/commands/*.md       one page per command, from the command tree (usage, arguments, flags,
//                            examples, exit codes), as gh's manual is generated from its help; and
//                            one page per help topic (src/cli/help.ts)
//   docs/architecture.md     the import-graph pictures between its "import-graph" markers
// tests/scripts/gen-docs.test.ts renders the same pages from src/ and fails when a file is stale.
// Usage: node scripts/gen-docs.mjs   (builds dist/ with oxc first, then reads the CLI from it)
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
export const COMMANDS_DIR = "docs/commands";
export const ARCHITECTURE = "docs/architecture.md";
const GRAPH_START = "<!-- import-graph:start (scripts/gen-docs.mjs writes this part) -->";
const GRAPH_END = "<!-- import-graph:end -->";

/** What a page says about exit codes, chosen from what the command's flags show it does. */
const EXIT_LINES = {
  0: "ok (also \"no results\")",
  1: "error: API error, network failure after retries, timeout, a job that failed",
  2: "usage or invalid input (bad flags, a file rejected by validation, a confirmation needed off a terminal without `--yes`); nothing was done",
  3: "at least one row failed while writing, or was skipped for what it holds (`--on-error skip`); the report says which",
  4: "authentication needed (401, no credentials for the URL, expired login): run `medusactl login`",
  130: "cancelled (Ctrl-C, or a declined prompt)",
};
/** Commands that never send a credential to a back-end, so never exit 4. */
const LOCAL = /^medusactl (completion|sandbox|profile|logout|tui)\b/;

const fileOf = (words) => `${words.join("_")}.md`;
const cell = (s) => String(s).replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The text commander prints after a command's own help (addHelpText "after"): examples and notes. */
function afterText(cmd) {
  let all = "";
  cmd.configureOutput({ writeOut: (s) => (all += s), writeErr: (s) => (all += s) });
  cmd.outputHelp();
  const info = cmd.helpInformation();
  return all.slice(all.indexOf(info) + info.length).trim();
}

/** Splits an after-text into its example command lines and the prose around them. */
function splitAfter(text) {
  const examples = [];
  const notes = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split("\n");
    if (/^Examples?:\s*$/.test(lines[0].trim())) examples.push(...lines.slice(1).map((l) => l.replace(/^ {2}/, "")));
    else if (block.trim()) notes.push(block.trim());
  }
  return { examples, notes };
}

function exitCodes(cmd, usage) {
  const flags = new Set(cmd.options.map((o) => o.long));
  const codes = [0, 1, 2];
  if (flags.has("--report") || flags.has("--resume")) codes.push(3);
  if (!LOCAL.test(usage)) codes.push(4);
  codes.push(130);
  const rows = codes.map((c) => `| ${c} | ${EXIT_LINES[c]} |`);
  if (usage.startsWith("medusactl tui")) rows.unshift("| 0 | also `q` or Ctrl-C, the TUI's normal way out; off a terminal it exits 2 and names the CLI command to use |");
  return ["| code | meaning |", "| --- | --- |", ...rows].join("\n");
}

function commandPage(cmd, words, parentWords) {
  const helper = cmd.createHelp();
  const usage = helper.commandUsage(cmd).replace(/\|[a-z-]+/g, "");
  const lines = [`# ${words.join(" ")}`, "", cmd.description() || cmd.summary() || "", ""];
  if (cmd.aliases().length) lines.push(`Also: ${cmd.aliases().map((a) => `\`${a}\``).join(", ")}`, "");
  lines.push("## Usage", "", "```", usage, "```", "");
  const args = helper.visibleArguments(cmd);
  if (args.length) {
    lines.push("## Arguments", "", "| argument | description |", "| --- | --- |");
    for (const a of args) lines.push(`| \`${helper.argumentTerm(a)}\` | ${cell(helper.argumentDescription(a))} |`);
    lines.push("");
  }
  const options = helper.visibleOptions(cmd).filter((o) => o.long !== "--help");
  if (options.length) {
    lines.push("## Flags", "", "| flag | description |", "| --- | --- |");
    for (const o of options) lines.push(`| \`${o.flags}\` | ${cell(helper.optionDescription(o))} |`);
    lines.push("");
  }
  lines.push(`Global flags (\`--profile\`, \`--url\`, \`--debug\`, \`--timeout\`, \`--insecure\`, \`--no-color\`, \`--quiet\`): [medusactl](medusactl.md#global-flags).`, "");
  const subs = cmd.commands.filter((c) => !c._hidden);
  if (subs.length) {
    lines.push("## Commands", "", "| command | what it does |", "| --- | --- |");
    for (const s of subs) lines.push(`| [${words.join(" ")} ${s.name()}](${fileOf([...words, s.name()])}) | ${cell(s.description())} |`);
    lines.push("");
  }
  const { examples, notes } = splitAfter(afterText(cmd));
  if (examples.length) lines.push("## Examples", "", "```sh", ...examples, "```", "");
  if (notes.length) lines.push("## Notes", "", "```text", ...notes.flatMap((n, i) => (i ? ["", n] : [n])), "```", "");
  if (!subs.length) lines.push("## Exit codes", "", exitCodes(cmd, words.join(" ")), "", "All codes: [`medusactl help exit-codes`](medusactl_help_exit-codes.md).", "");
  lines.push("## See also", "", `- [${parentWords.join(" ")}](${fileOf(parentWords)})`, "");
  return lines.join("\n");
}

function rootPage({ GLOBAL_OPTIONS, NOUNS, HELP_TOPICS, DESCRIPTION }) {
  const lines = ["# medusactl", "", DESCRIPTION + ".", "", "## Usage", "", "```", "medusactl <command> [verb] [arguments] [flags]", "```", ""];
  lines.push("## Global flags", "", "Every command takes them.", "", "| flag | description |", "| --- | --- |");
  lines.push("| `-v, --version` | print the version |");
  for (const o of GLOBAL_OPTIONS) lines.push(`| \`${o.flags}\` | ${cell(o.description)} |`);
  lines.push("| `-h, --help` | help for medusactl or for a command |", "");
  lines.push("## Commands", "", "| command | what it does |", "| --- | --- |");
  for (const n of NOUNS) lines.push(`| [medusactl ${n.name}](${fileOf(["medusactl", n.name])}) | ${cell(n.summary)} |`);
  lines.push("", "## Help topics", "", "| topic | what it covers |", "| --- | --- |");
  for (const t of HELP_TOPICS) lines.push(`| [medusactl help ${t.name}](${fileOf(["medusactl", "help", t.name])}) | ${cell(t.summary)} |`);
  lines.push("", "These pages are generated from the command tree by `node scripts/gen-docs.mjs`; `medusactl <command> --help` prints the same.", "");
  return lines.join("\n");
}

function topicPage(topic) {
  return [`# medusactl help ${topic.name}`, "", `${topic.summary.charAt(0).toUpperCase()}${topic.summary.slice(1)}.`, "", "```text", topic.text, "```", "", "See also: [medusactl](medusactl.md).", ""].join("\n");
}

/**
 * Every page of docs/commands, keyed by file name. `cli` holds the CLI's modules (from src/ in the
 * test, from dist/ here): buildProgram, NOUNS, GLOBAL_OPTIONS, HELP_TOPICS, DESCRIPTION.
 */
export async function renderCommandPages(cli) {
  const pages = new Map([["medusactl.md", rootPage(cli)]]);
  for (const topic of cli.HELP_TOPICS) pages.set(fileOf(["medusactl", "help", topic.name]), topicPage(topic));
  for (const noun of cli.NOUNS) {
    // Only the invoked noun is built, as on a real command line.
    const program = await cli.buildProgram([noun.name], { factory: () => { throw new Error("gen-docs runs no command"); } });
    const walk = (cmd, words, parent) => {
      pages.set(fileOf(words), commandPage(cmd, words, parent));
      for (const sub of cmd.commands.filter((c) => !c._hidden)) walk(sub, [...words, sub.name()], words);
    };
    walk(program.commands.find((c) => c.name() === noun.name), ["medusactl", noun.name], ["medusactl"]);
  }
  return pages;
}

// --- the import graph ------------------------------------------------------------------------

function sources(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/** Relative imports of every source under src/, resolved to files (static, re-exports, literal import()), as tests/layout.test.ts reads them. */
function importGraph(base) {
  const files = sources(path.join(base, "src"));
  const known = new Set(files);
  const edges = [];
  for (const f of files) {
    const re = /(?:from\s+|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g;
    for (const m of readFileSync(f, "utf8").matchAll(re)) {
      const b = path.resolve(path.dirname(f), m[1]).replace(/\.js$/, "");
      const hit = [`${b}.ts`, `${b}.tsx`, path.join(b, "index.ts")].find((c) => known.has(c));
      if (hit) edges.push([path.relative(base, f), path.relative(base, hit)]);
    }
  }
  return { files: files.map((f) => path.relative(base, f)), edges };
}

/** A Mermaid picture of the rooms under `dir` (first-level folders and top files) and the arrows between them. */
function mermaid(graph, dir) {
  const room = (f) => f.slice(dir.length).split("/")[0];
  const id = (r) => r.replace(/[^A-Za-z0-9]/g, "_");
  const rooms = new Set(graph.files.filter((f) => f.startsWith(dir)).map(room));
  const arrows = new Set();
  for (const [a, b] of graph.edges) {
    if (a.startsWith(dir) && b.startsWith(dir) && room(a) !== room(b)) arrows.add(`  ${id(room(a))} --> ${id(room(b))}`);
  }
  const boxes = [...rooms].sort().map((r) => `  ${id(r)}["${r}${/\.tsx?$/.test(r) ? "" : "/"}"]`);
  return ["```mermaid", "flowchart TD", ...boxes, ...[...arrows].sort(), "```"].join("\n");
}

export function renderImportGraph(base = root) {
  const graph = importGraph(base);
  return [
    GRAPH_START,
    "",
    "The house: the top-level folders of `src/` (an arrow A → B: a file in A imports one in B).",
    "",
    mermaid(graph, "src/"),
    "",
    "Inside `src/cli/` (its arrows to `sdk/`, `shared/`, `term/` and `tui/` are in the picture above):",
    "",
    mermaid(graph, "src/cli/"),
    "",
    "Inside `src/sdk/`:",
    "",
    mermaid(graph, "src/sdk/"),
    "",
    GRAPH_END,
  ].join("\n");
}

/** docs/architecture.md with its generated part replaced by `graph`. */
export function withImportGraph(doc, graph) {
  const a = doc.indexOf(GRAPH_START);
  const b = doc.indexOf(GRAPH_END);
  if (a < 0 || b < a) throw new Error(`${ARCHITECTURE} has no import-graph markers`);
  return doc.slice(0, a) + graph + doc.slice(b + GRAPH_END.length);
}

async function main() {
  const { transpileDist } = await import("./transpile.mjs");
  await transpileDist();
  const dist = (f) => import(pathToFileURL(path.join(root, "dist", f)).href);
  const [{ buildProgram }, { NOUNS }, { GLOBAL_OPTIONS, HELP_TOPICS, DESCRIPTION }] = await Promise.all([dist("cli/program.js"), dist("cli/nouns.js"), dist("cli/help.js")]);
  const pages = await renderCommandPages({ buildProgram, NOUNS, GLOBAL_OPTIONS, HELP_TOPICS, DESCRIPTION });
  const dir = path.join(root, COMMANDS_DIR);
  if (existsSync(dir)) for (const f of readdirSync(dir)) if (f.endsWith(".md") && !pages.has(f)) rmSync(path.join(dir, f));
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of pages) writeFileSync(path.join(dir, name), text);
  const arch = path.join(root, ARCHITECTURE);
  writeFileSync(arch, withImportGraph(readFileSync(arch, "utf8"), renderImportGraph()));
  console.error(`wrote ${pages.size} pages to ${COMMANDS_DIR}/ and the import graph of ${ARCHITECTURE}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
