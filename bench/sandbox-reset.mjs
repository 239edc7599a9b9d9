#!/usr/bin/env node
// `medusactl sandbox reset` (issue 29: at most 3 s on the default topology, 5 s on production): the
// reset that restores the "seeded" snapshot, timed --rounds times, and once (with --full) the old
// reset that drops the database, migrates and seeds again (the "seeded" snapshot is removed first,
// so the reset takes that path; it saves the snapshot again at its end).
// Runs on a sandbox of its own, never the shared one: the data folder and ports are required.
// Usage: node bench/sandbox-reset.mjs --data-dir DIR --port P --db-port D [--topology single|production] [--rounds N] [--full]
// Rows of earlier runs (one per topology) are kept in bench/results/sandbox-reset.json.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BIN, fmt, median, range, root, roundsOption, timeAsync, writeFragment } from "./lib/measure.mjs";

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const renderOnly = process.argv.includes("--render");
const dataDir = arg("--data-dir");
const port = arg("--port");
const dbPort = arg("--db-port");
const topology = arg("--topology") ?? "single";
const full = process.argv.includes("--full");
const rounds = roundsOption("MEDUSACTL_BENCH_ROUNDS", 5);
const store = path.join(root, "bench", "results", "sandbox-reset.json");
const rows = existsSync(store) ? JSON.parse(readFileSync(store, "utf8")) : {};
if (renderOnly) {
  render(rows);
  process.exit(0);
}
if (!dataDir || !port || !dbPort) {
  console.error("sandbox-reset: skipped (give --data-dir, --port and --db-port of a sandbox of its own; it is reset many times)");
  process.exit(0);
}
if (!existsSync(new URL("../dist/cli/main.js", import.meta.url))) {
  console.error("dist/ is missing: run `npm run build` first");
  process.exit(1);
}

const env = { ...process.env, MEDUSACTL_DATA_DIR: path.resolve(dataDir), MEDUSACTL_CONFIG_DIR: path.join(path.resolve(dataDir), "bench-config") };
const cli = (...args) => timeAsync(process.execPath, [BIN, "sandbox", ...args], { env });
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(", ");

console.error(`sandbox-reset: bringing up the ${topology} sandbox in ${dataDir}…`);
await cli("up", "--topology", topology, "--port", port, "--db-port", dbPort);
const loadBefore = load();
let fullMs;
if (full) {
  console.error("sandbox-reset: the full reset (drop, migrate, seed, save the snapshot)…");
  await cli("snapshot", "rm", "seeded", "--yes").catch(() => {});
  fullMs = (await cli("reset", "--yes")).ms;
}
const times = [];
for (let i = 0; i < rounds; i++) times.push((await cli("reset", "--yes")).ms);
const [lo, hi] = range(times);
const goal = topology === "production" ? 5000 : 3000;

const command = `node bench/sandbox-reset.mjs --data-dir ${dataDir} --port ${port} --db-port ${dbPort} --topology ${topology} --rounds ${rounds}`;
rows[topology] = {
  at: new Date().toISOString(),
  rounds,
  medianMs: median(times),
  lo,
  hi,
  fullMs: fullMs ?? rows[topology]?.fullMs,
  fullAt: full ? new Date().toISOString() : rows[topology]?.fullAt,
  fullLoad: full ? loadBefore : rows[topology]?.fullLoad,
  load: loadBefore,
  command,
  goalMs: goal,
};
writeFileSync(store, JSON.stringify(rows, null, 2) + "\n");
render(rows);

function render(rows) {

const secs = (ms) => (ms === undefined ? "–" : `${(ms / 1000).toFixed(1)} s`);
const lines = Object.entries(rows).map(
  ([t, r]) =>
    `| ${t} | ${secs(r.fullMs)}${r.fullLoad ? ` (load ${r.fullLoad})` : ""} | ${fmt(r.medianMs)} ms (${fmt(r.lo)}–${fmt(r.hi)}, ${r.rounds} runs; load ${r.load}) | ${r.goalMs / 1000} s | ${r.medianMs <= r.goalMs ? "met" : "missed"} | \`${r.command}\` (before: the same with \`--full\`) |`,
);
const md = `## Sandbox reset from a snapshot (issue 29)

\`medusactl sandbox reset --yes\` as a child process, on a sandbox of its own (never the shared one). "Before" is the
reset that drops the database, migrates and seeds again (what every reset did until snapshots; measured by removing
the "seeded" snapshot first, so it also includes saving the snapshot again, about 1 s). "After" restores the "seeded"
snapshot: a PostgreSQL template copy swapped in under the running Medusa, the uploads folder (or the S3 storage)
copied back, and on the production topology Redis's keys restored. Load is the 1/5/15-minute load average before
the runs: the 2-core machine was shared with other work.

| topology | before (drop + reseed) | after (restore "seeded"), median (range) | goal | | command |
| --- | ---: | ---: | ---: | --- | --- |
${lines.join("\n")}

For comparison, the issue's figures for the old reset on an idle machine: 30 s (single) and 49 s (production). The
before column was measured on a machine busy with another suite, which makes the seed slow; the first measurement,
with the code before snapshots (\`/usr/bin/time medusactl sandbox reset --yes\`), took 103.3 s (single, load about 5) and
290.0 s (production, while the single sandbox was being seeded beside it).
\`--render\` rebuilds this fragment from \`bench/results/sandbox-reset.json\` without measuring.
`;
writeFragment("sandbox-reset", md);
process.stdout.write(md);
}
