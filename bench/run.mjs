#!/usr/bin/env node
// Runs the benchmarks and assembles bench/RESULTS.md from every bench/results/*.md fragment plus a
// description of the machine. Each measurement is its own script (bench/<name>.mjs) writing its own
// fragment; helpers live in bench/lib/ and are never run.
// Usage: node bench/run.mjs [name…]   (names with or without .mjs; default: every script)
//        node bench/run.mjs --assemble (only rebuild RESULTS.md from the fragments)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const benchDir = import.meta.dirname;
const self = path.basename(import.meta.filename);
const args = process.argv.slice(2);
const assembleOnly = args.includes("--assemble");
const named = args.filter((a) => !a.startsWith("--")).map((a) => (a.endsWith(".mjs") ? a : `${a}.mjs`));

const available = readdirSync(benchDir).filter((f) => f.endsWith(".mjs") && f !== self).sort();
for (const n of named) {
  if (!available.includes(n)) {
    console.error(`no benchmark bench/${n}; available: ${available.join(", ")}`);
    process.exit(2);
  }
}
const scripts = assembleOnly ? [] : named.length ? named : available;

const failed = [];
for (const script of scripts) {
  console.error(`\n› bench/${script}`);
  const started = Date.now();
  // One at a time, never in parallel: the machine is shared and timings are only meaningful alone.
  const r = spawnSync(process.execPath, [path.join(benchDir, script)], { stdio: ["ignore", "inherit", "inherit"], cwd: path.dirname(benchDir) });
  console.error(`  ${r.status === 0 ? "done" : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failed.push(script);
}

const resultsDir = path.join(benchDir, "results");
const fragments = existsSync(resultsDir) ? readdirSync(resultsDir).filter((f) => f.endsWith(".md")).sort() : [];
const cpus = os.cpus();
const pkg = JSON.parse(readFileSync(path.join(benchDir, "..", "package.json"), "utf8"));
const machine = [
  `- CPU: ${cpus[0]?.model?.trim() ?? "unknown"}, ${cpus.length} logical cores`,
  `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; OS: ${os.type()} ${os.release()} (${os.arch()})`,
  `- Node ${process.versions.node}; medusactl ${pkg.version}`,
  `- Assembled: ${new Date().toISOString()}${scripts.length ? ` after running ${scripts.map((s) => `\`bench/${s}\``).join(", ")}` : ""}`,
];
const body = fragments.map((f) => readFileSync(path.join(resultsDir, f), "utf8").trim()).join("\n\n");
const md = `# Benchmark results

Written by \`npm run bench\` (\`node bench/run.mjs\`), which runs every \`bench/*.mjs\` measurement one after the other and
collects the fragments they write to \`bench/results/\`. Timings are compared as ratios measured in the same run:
the machine is shared and noisy, so absolute figures vary from run to run. Each section says how it was produced.

## Machine

${machine.join("\n")}

${body}
`;
writeFileSync(path.join(benchDir, "RESULTS.md"), md);
console.error(`\nwrote bench/RESULTS.md from ${fragments.length} fragment(s)`);
if (failed.length) {
  console.error(`failed: ${failed.join(", ")}`);
  process.exit(1);
}
