#!/usr/bin/env node
// `medusactl sandbox up` from nothing and from a cached data folder (issue 29, "Cold start"):
//   (a) cold: the data folder is destroyed first, so npm installs Medusa (from the warm ~/.npm
//       cache), PostgreSQL is initialised, migrated and seeded, and Medusa boots (goal 45 s);
//   (b) cached: `sandbox down`, the `<data>/sandbox` folder copied with `cp -a` to another path
//       (as a CI cache restore would put it back), and `up` run on the copy (goal 10 s);
//   (c) reset: `sandbox reset --yes` on the copy (restores the "seeded" snapshot).
// Every phase's time comes from the sandbox's own progress lines on stderr, timestamped as they
// arrive. Runs on a sandbox of its own, never the shared one: the data folder and ports are required.
// The install comes from the machine's install store when it holds the same Medusa; run with
// MEDUSACTL_SANDBOX_INSTALL_STORE=off (and another --label) for a cold start with npm install.
// Usage: node bench/sandbox-cold.mjs --data-dir DIR --port P --db-port D [--rounds N] [--bin PATH --label NAME] [--keep] [--render]
//   --bin/--label measure another medusactl build (e.g. the code before this change) as its own row.
// Rows of earlier runs (one per label) are kept in bench/results/sandbox-cold.json.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BIN, median, root, roundsOption, writeFragment } from "./lib/measure.mjs";

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const store = path.join(root, "bench", "results", "sandbox-cold.json");
const rows = existsSync(store) ? JSON.parse(readFileSync(store, "utf8")) : {};
if (process.argv.includes("--render")) {
  render(rows);
  process.exit(0);
}
const dataDir = arg("--data-dir") && path.resolve(arg("--data-dir"));
const port = arg("--port");
const dbPort = arg("--db-port");
const bin = path.resolve(arg("--bin") ?? BIN);
const label = arg("--label") ?? "after";
const rounds = roundsOption("MEDUSACTL_BENCH_ROUNDS", 3);
if (!dataDir || !port || !dbPort) {
  console.error("sandbox-cold: skipped (give --data-dir, --port and --db-port of a sandbox of its own; its data folder is destroyed)");
  process.exit(0);
}
const copyDir = `${dataDir}-cached`;
const configDir = path.join(os.tmpdir(), `medusactl-bench-cold-config-${process.pid}`);
const envFor = (dir) => ({ ...process.env, MEDUSACTL_DATA_DIR: dir, MEDUSACTL_CONFIG_DIR: configDir });
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(", ");

/** Runs `medusactl sandbox …`, timestamping every stderr line (ms since the start). */
function sandbox(dir, ...args) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const at = () => Number(process.hrtime.bigint() - start) / 1e6;
    const child = spawn(process.execPath, [bin, "sandbox", ...args], { env: envFor(dir), stdio: ["ignore", "pipe", "pipe"] });
    const lines = [];
    let pending = "";
    child.stderr.on("data", (d) => {
      pending += d;
      const parts = pending.split("\n");
      pending = parts.pop();
      for (const text of parts) {
        lines.push({ ms: at(), text });
        console.error(`  ${(at() / 1000).toFixed(1).padStart(6)} ${text}`);
      }
    });
    child.stdout.resume();
    child.on("error", reject);
    child.on("close", (code) => {
      if (pending) lines.push({ ms: at(), text: pending });
      if (code !== 0) reject(new Error(`sandbox ${args.join(" ")} exited ${code}: ${lines.slice(-5).map((l) => l.text).join(" | ")}`));
      else resolve({ ms: at(), lines });
    });
  });
}

// A phase starts at the first line matching its marker and ends where the next phase (or the run) starts.
const MARKERS = [
  // npm install, or hard links from the machine's install store (and a wait for another sandbox's install).
  ["install", /^(installing the sandbox's Medusa packages|linking the sandbox's Medusa packages|waiting for another sandbox)/],
  ["postgres", /^(initialising the embedded PostgreSQL|starting PostgreSQL)/],
  ["migrate", /^running database migrations/],
  ["seed", /^seeding the store/],
  ["boot", /^starting Medusa/],
  ["snapshot", /^(copying database|saved the "seeded" snapshot)/],
  ["restore", /^restoring the "seeded" snapshot/],
];

function phases({ ms, lines }) {
  const found = [];
  for (const [name, re] of MARKERS) {
    const line = lines.find((l) => re.test(l.text));
    if (line) found.push({ name, at: line.ms });
  }
  found.sort((a, b) => a.at - b.at);
  const out = { total: ms };
  if (found.length) out.before = found[0].at;
  found.forEach((p, i) => (out[p.name] = (found[i + 1]?.at ?? ms) - p.at));
  // Inside the seed: placing the orders.
  const placing = lines.find((l) => /^seed: placing \d+ orders/.test(l.text));
  const placed = lines.find((l) => /^seed: orders: (\d+)\/\1$/.test(l.text));
  if (placing && placed) out.orders = placed.ms - placing.ms;
  return out;
}

const destroy = async (dir) => {
  if (existsSync(path.join(dir, "sandbox"))) await sandbox(dir, "destroy", "--yes");
  rmSync(dir, { recursive: true, force: true });
};

const ports = ["--port", port, "--db-port", dbPort];
const result = { at: new Date().toISOString(), label, bin: path.relative(root, bin) || bin, rounds, cold: [], cached: [], reset: [], loads: [] };
try {
  for (let i = 0; i < rounds; i++) {
    await destroy(copyDir);
    await destroy(dataDir);
    result.loads.push(load());
    console.error(`sandbox-cold [${label}] round ${i + 1}/${rounds}: cold up in ${dataDir} (load ${load()})…`);
    result.cold.push(phases(await sandbox(dataDir, "up", ...ports)));
    await sandbox(dataDir, "down");
    const cp = spawnSync("cp", ["-a", path.join(dataDir, "sandbox"), path.join(copyDir, "sandbox")], { stdio: "inherit", ...mkdir(copyDir) });
    if (cp.status !== 0) throw new Error("cp -a failed");
    console.error(`sandbox-cold [${label}] round ${i + 1}/${rounds}: up from the copy ${copyDir} (load ${load()})…`);
    result.cached.push(phases(await sandbox(copyDir, "up", ...ports)));
    console.error(`sandbox-cold [${label}] round ${i + 1}/${rounds}: reset (load ${load()})…`);
    result.reset.push(phases(await sandbox(copyDir, "reset", "--yes")));
  }
} finally {
  await destroy(copyDir).catch((err) => console.error(String(err)));
  // --keep leaves the cold-installed data folder (stopped) for a look at what was seeded.
  if (!process.argv.includes("--keep")) await destroy(dataDir).catch((err) => console.error(String(err)));
  rmSync(configDir, { recursive: true, force: true });
}
const storeEnv = process.env.MEDUSACTL_SANDBOX_INSTALL_STORE;
result.command = `${storeEnv ? `MEDUSACTL_SANDBOX_INSTALL_STORE=${storeEnv} ` : ""}node bench/sandbox-cold.mjs --data-dir ${dataDir} --port ${port} --db-port ${dbPort} --rounds ${rounds}${arg("--bin") ? ` --bin ${arg("--bin")}` : ""}${label !== "after" ? ` --label "${label}"` : ""}`;
rows[label] = result;
writeFileSync(store, JSON.stringify(rows, null, 2) + "\n");
render(rows);

function mkdir(dir) {
  spawnSync("mkdir", ["-p", dir]);
  return {};
}

function render(rows) {
  const s = (ms) => (ms === undefined ? "–" : (ms / 1000).toFixed(1));
  const med = (runs, key) => {
    const xs = runs.map((r) => r[key]).filter((x) => x !== undefined);
    return xs.length ? median(xs) : undefined;
  };
  const span = (runs, key) => {
    const xs = runs.map((r) => r[key]).filter((x) => x !== undefined);
    if (!xs.length) return "–";
    const lo = Math.min(...xs);
    const hi = Math.max(...xs);
    return xs.length > 1 ? `${s(med(runs, key))} (${s(lo)}–${s(hi)})` : s(xs[0]);
  };
  const table = [];
  for (const [name, r] of Object.entries(rows)) {
    for (const [kind, runs, goal] of [["cold up", r.cold, 45], ["up from a copied data folder", r.cached, 10], ["reset", r.reset, 3]]) {
      if (!runs.length) continue;
      const total = med(runs, "total");
      table.push(
        `| ${name} | ${kind} | ${span(runs, "total")} | ${goal} s | ${total <= goal * 1000 ? "met" : "missed"} | ${span(runs, "install")} | ${span(runs, "postgres")} | ${span(runs, "migrate")} | ${span(runs, "seed")} (orders ${span(runs, "orders")}) | ${span(runs, "boot")} | ${span(runs, "snapshot")} |`,
      );
    }
  }
  const runs = Object.entries(rows).map(([name, r]) => `- ${name}: ${r.rounds} round(s) from ${r.at}, load (1/5/15 min) before each cold up: ${r.loads.join("; ")}; \`${r.command}\``);
  const md = `## Sandbox cold start and a cached data folder (issue 29)

\`medusactl sandbox up\` as a child process on a sandbox of its own (never the shared one), in seconds, median (range) of
the rounds. "Cold up": the data folder destroyed first, npm's cache (~/.npm) warm. "Up from a copied data folder": after
\`sandbox down\`, \`<data>/sandbox\` copied with \`cp -a\` to another path, as a CI cache restore puts it back, and \`up\`
pointed at the copy. "Reset": \`sandbox reset --yes\` on that copy. Phases come from the sandbox's own progress lines
(each phase lasts until the next one's first line): install = npm install, postgres = initdb and start, migrate =
\`medusa db:migrate\`, seed = \`medusa exec\` of the seed (orders = placing the 20 orders inside it), boot = \`medusa
start\` until /health answers, snapshot = saving the "seeded" snapshot. The 2-core machine was shared with other
test suites: compare rows of the same run, and mind the load.

| build | what | total | goal | | install | postgres | migrate | seed | boot | snapshot |
| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |
${table.join("\n")}

${runs.join("\n")}

\`--render\` rebuilds this fragment from \`bench/results/sandbox-cold.json\` without measuring.
`;
  writeFragment("sandbox-cold", md);
  process.stdout.write(md);
}
