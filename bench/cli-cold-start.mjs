#!/usr/bin/env node
// Cold start of the CLI against the Node floor (issue 4: `--version` and `--help` at most 1.3x
// `node -e ''`). Paired, interleaved runs: every round runs the three commands once, in a fresh
// random order, and the ratios are taken within the round, so machine noise hits all of them alike.
// Usage: node bench/cli-cold-start.mjs [--rounds N]   (default 40; MEDUSACTL_BENCH_ROUNDS)
import { existsSync } from "node:fs";
import { BIN, fmt, median, range, roundsOption, shuffle, timeSync, writeFragment } from "./lib/measure.mjs";

const rounds = roundsOption("MEDUSACTL_BENCH_ROUNDS", 40);
if (!existsSync(new URL("../dist/cli/main.js", import.meta.url))) {
  console.error("dist/ is missing: run `npm run build` first");
  process.exit(1);
}

const node = process.execPath;
const cases = [
  { name: "node -e ''", args: ["-e", ""] },
  { name: "medusactl --version", args: [BIN, "--version"] },
  { name: "medusactl --help", args: [BIN, "--help"] },
];
const times = Object.fromEntries(cases.map((c) => [c.name, []]));
const ratios = { "medusactl --version": [], "medusactl --help": [] };

// One warm-up round fills the page cache; it is not counted.
for (const c of cases) timeSync(node, c.args);
for (let r = 0; r < rounds; r++) {
  const round = {};
  for (const c of shuffle([...cases])) round[c.name] = timeSync(node, c.args).ms;
  for (const c of cases) times[c.name].push(round[c.name]);
  for (const k of Object.keys(ratios)) ratios[k].push(round[k] / round["node -e ''"]);
}

const floor = median(times["node -e ''"]);
const rows = cases.map((c) => {
  const t = times[c.name];
  const [lo, hi] = range(t);
  const ratio = c.name in ratios ? median(ratios[c.name]) : 1;
  const [rlo, rhi] = c.name in ratios ? range(ratios[c.name]) : [1, 1];
  return `| \`${c.name}\` | ${fmt(median(t))} | ${fmt(lo)}–${fmt(hi)} | ${(median(t) / floor).toFixed(2)}× | ${ratio.toFixed(2)}× (${rlo.toFixed(2)}–${rhi.toFixed(2)}) |`;
});
const verdict = Object.keys(ratios)
  .map((k) => `\`${k}\` ${median(ratios[k]) <= 1.3 ? "meets" : "misses"} the 1.3× budget (median paired ratio ${median(ratios[k]).toFixed(2)}×)`)
  .join("; ");

const md = `## CLI cold start

Wall time of a child process with piped stdio, ${rounds} rounds after one warm-up round; each round runs the three
commands in a random order. "Ratio of medians" divides the median times; "paired ratio" is the median (and range) of
the per-round ratios to \`node -e ''\`, which is what the budget (at most 1.3×, issue 4) is checked against.

| command | median ms | range ms | ratio of medians | paired ratio (range) |
| --- | --- | --- | --- | --- |
${rows.join("\n")}

Result: ${verdict}.

Produced by \`node bench/cli-cold-start.mjs --rounds ${rounds}\` (after \`npm run build\`).
`;
const file = writeFragment("cli-cold-start", md);
process.stdout.write(md);
console.error(`wrote ${file}`);
