#!/usr/bin/env node
// Checks that a move of documentation lost nothing: every distinctive sentence, table row and command line of the
// given files as they were at REV still stands, word for word (whitespace, link targets and emphasis aside),
// somewhere in the Markdown files of the tree now. Issue 41 moved the README into docs/ and its figures into
// bench/RESULTS.md with it:
//   node scripts/check-moved-text.mjs 769d789 README.md examples/README.md
// Prints each sentence it cannot find, with its line, and exits 1 if there is one; SUPERSEDED lists the few that
// were replaced on purpose, each with the reason.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Sentences replaced on purpose (their start), and why: a pointer that now points elsewhere, a figure taken out of a step. */
const SUPERSEDED = new Map([
  ["The seed format (every section, natural keys, variable names) and both sheet formats:", "the formats moved from examples/README.md to docs/cli/seeding.md and docs/cli/bulk-data.md, which say so"],
  ["All three apply to the store that `seed.yaml` creates", "examples/README.md names a fourth file now; the sentence says \"All three data files\""],
  ["(PostgreSQL, then Medusa: the boot of `medusa start`, about 5 s, is all that is left)", "the figure is in bench/RESULTS.md (a warm start's times); docs/sandbox.md keeps the step"],
  ["`medusactl sandbox reset --yes`: back to the seeded snapshot in about a second", "the figure is in bench/RESULTS.md (sandbox reset); docs/sandbox.md keeps the step"],
  ["Attacks (`tests/hostile/`, `tests/cli/completion.test.ts`,", "the completion test moved to tests/cli/commands/completion/index.test.ts, which docs/testing.md names"],
  ["the noun table (plain data, modules named by path)", "modules are no longer named by path: src/cli/commands/index.ts imports each, as docs/architecture.md says"],
  ["`tests/` mirrors `src/` (`e2e/` runs", "the claim is true now and says how (docs/architecture.md, docs/testing.md)"],
]);

const norm = (s) =>
  s
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // links: their text
    .replace(/\*\*|__/g, "")
    .replace(/\s+/g, " ")
    .trim();

function markdownFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".") || name === "dist") continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...markdownFiles(p));
    else if (name.endsWith(".md")) out.push(p);
  }
  return out;
}

/** The units of a Markdown text: code lines, table rows, and the sentences of paragraphs and list items. */
function units(text) {
  const out = [];
  const lines = text.split("\n");
  let block = [];
  let start = 0;
  let fence = false;
  const flush = () => {
    if (!block.length) return;
    const prose = norm(block.join(" "));
    for (const s of prose.split(/(?<=[.;:!?)])\s+(?=[A-Z`("'*])/)) if (s.length >= 25) out.push({ line: start, text: s });
    block = [];
  };
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    if (/^\s*```/.test(line)) {
      flush();
      fence = !fence;
      return;
    }
    if (fence) {
      if (norm(line).length >= 12) out.push({ line: i + 1, text: norm(line) });
      return;
    }
    if (/^\s*\|/.test(line)) {
      flush();
      if (!/^\s*\|[\s|:-]+\|\s*$/.test(line)) for (const c of line.split("|").map(norm)) if (c.length >= 25) out.push({ line: i + 1, text: c });
      return;
    }
    if (!line.trim() || /^#/.test(line) || /^\s*([-*]|\d+\.)\s/.test(line)) {
      flush();
      if (!line.trim() || /^#/.test(line)) return;
    }
    if (!block.length) start = i + 1;
    block.push(line.replace(/^\s*([-*]|\d+\.)\s/, ""));
  });
  flush();
  return out;
}

const [rev, ...files] = process.argv.slice(2);
if (!rev || !files.length) {
  console.error("usage: node scripts/check-moved-text.mjs REV FILE…");
  process.exit(2);
}
const now = norm(markdownFiles(root).map((f) => readFileSync(f, "utf8")).join("\n"));
let checked = 0;
const missing = [];
const used = new Set();
for (const file of files) {
  const then = execFileSync("git", ["show", `${rev}:${file}`], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
  for (const u of units(then)) {
    checked += 1;
    if (now.includes(u.text)) continue;
    const known = [...SUPERSEDED.keys()].find((k) => u.text.includes(norm(k)));
    if (known) {
      used.add(known);
      continue;
    }
    missing.push(`${file}:${u.line}: ${u.text.slice(0, 160)}`);
  }
}
console.log(`${checked} sentences, rows and command lines of ${files.join(", ")} at ${rev}: ${checked - missing.length} found now, ${missing.length} missing`);
for (const m of missing) console.log(`  ${m}`);
if (used.size) console.log(`superseded on purpose:\n${[...used].map((k) => `  "${k}" — ${SUPERSEDED.get(k)}`).join("\n")}`);
process.exit(missing.length ? 1 : 0);
