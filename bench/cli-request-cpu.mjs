#!/usr/bin/env node
// The CPU time (user + system, of the process alone) of a one-shot CLI request, `medusactl regions
// list` against the default sandbox with a JWT, next to Node's floor (`node -e ''`); with
// `--against DIR`, paired with the same command from another checkout's build (a before/after).
// Every round runs each command once in a fresh random order. The test suites start the CLI about
// a thousand times a run, so its start is part of what they cost.
// Usage: node bench/cli-request-cpu.mjs [--rounds N] [--against /path/to/other/checkout]
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BIN, median, roundsOption, sandboxAdminToken, sandboxEnv, shuffle, writeFragment } from "./lib/measure.mjs";

const rounds = roundsOption("MEDUSACTL_BENCH_ROUNDS", 20);
const i = process.argv.indexOf("--against");
const against = i >= 0 ? path.resolve(process.argv[i + 1]) : undefined;
if (against && !existsSync(path.join(against, "dist/cli/main.js"))) {
  console.error(`${against} has no build (dist/cli/main.js)`);
  process.exit(2);
}

function commitOf(dir) {
  const r = spawnSync("git", ["-C", dir, "log", "-1", "--format=%h"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : path.basename(dir);
}

const sandbox = sandboxEnv();
const token = await sandboxAdminToken(sandbox);
const env = { ...process.env, MEDUSA_URL: sandbox.MEDUSA_URL, MEDUSA_TOKEN: token, MEDUSACTL_CONFIG_DIR: path.join(os.tmpdir(), "medusactl-bench-cpu") };

/** CPU seconds of one run, from the kernel's account of the finished child (getrusage through /usr/bin/time). */
function cpu(args) {
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S", process.execPath, ...args], { env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${args.join(" ")} failed: ${r.stderr}`);
  const [user, sys] = r.stderr.trim().split("\n").pop().split(" ").map(Number);
  return user + sys;
}

const cases = [
  { name: "node -e ''", args: ["-e", ""] },
  { name: "medusactl regions list", args: [BIN, "regions", "list"] },
  ...(against ? [{ name: `the same, built at ${commitOf(against)}`, args: [path.join(against, "bin/medusactl.js"), "regions", "list"] }] : []),
];
const times = Object.fromEntries(cases.map((c) => [c.name, []]));
for (const c of cases) cpu(c.args);
for (let r = 0; r < rounds; r++) for (const c of shuffle([...cases])) times[c.name].push(cpu(c.args));

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const rows = cases.map((c) => `| \`${c.name}\` | ${median(times[c.name]).toFixed(3)} | ${mean(times[c.name]).toFixed(3)} |`);
writeFragment(
  "cli-request-cpu",
  `## CPU of a one-shot CLI request

User + system CPU seconds of the process, ${rounds} rounds after one warm-up, each round in a random order, against the
sandbox at ${sandbox.MEDUSA_URL} with a JWT. The server's CPU is not counted.

| command | median CPU-s | mean CPU-s |
| --- | ---: | ---: |
${rows.join("\n")}

Produced by \`node bench/cli-request-cpu.mjs --rounds ${rounds}${against ? " --against <a checkout of that commit, built>" : ""}\` at ${commitOf(path.join(import.meta.dirname, ".."))}.`,
);
for (const c of cases) console.error(`${c.name}: median ${median(times[c.name]).toFixed(3)} CPU-s`);
