#!/usr/bin/env node
// Every test, from a fresh clone: install, build, unit suites, then end-to-end suites against the
// local Medusa back-ends. Ends with the one line CI reads: "N passed, N failed".
//
// dist/ is built by oxc in a second; tsc's type check runs in the background, on idle CPU. Then
// two lanes share the machine, because their back-ends share nothing:
//   1. unit tests, then the e2e suites on two default sandboxes at once, one vitest worker each
//      (both started in the background meanwhile; see tests/e2e/helpers/sandboxes.mjs);
//   2. the e2e-production suites on the production topology's own sandbox (server + worker on
//      Redis, files on S3), whose cold start overlaps the unit tests.
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import path from "node:path";
import { ensureDeps, ensureTools, root } from "./lib.mjs";
import { transpileDist } from "./transpile.mjs";
import { e2eSandboxes, useTestSandboxDefaults } from "../tests/e2e/helpers/sandboxes.mjs";

// Two e2e files at a time, each on its own sandbox (MEDUSACTL_E2E_SANDBOXES may choose 1 to 4).
process.env.MEDUSACTL_E2E_SANDBOXES ??= "2";
useTestSandboxDefaults();

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const crashed = [];
const times = [];

/**
 * Runs a command; its output goes to the console, or to `log` (a file) when given. Resolves to its
 * exit code. `background` runs it in a session of its own at the lowest CPU priority (see below).
 */
function spawnAsync(cmd, args, { log, env, background = false } = {}) {
  return new Promise((resolve) => {
    const out = log ? createWriteStream(log) : undefined;
    const child = spawn(cmd, args, { cwd: root, env: env ?? process.env, detached: background, stdio: ["ignore", out ? "pipe" : "inherit", out ? "pipe" : "inherit"] });
    if (background) inBackground(child);
    if (out) {
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
    }
    child.on("error", (e) => {
      console.error(`› ${cmd}: ${e.message}`);
      resolve(1);
    });
    child.on("close", (code) => (out ? out.end(() => resolve(code ?? 1)) : resolve(code ?? 1)));
  });
}

const backgroundGroups = new Set();

/**
 * The type check needs no back-end and nothing waits for it: it takes only the CPU the tests leave
 * idle. Linux shares the CPU between sessions first (autogroups) and by nice value only within
 * one, and Medusa and PostgreSQL run in sessions of their own; so it gets a session of its own,
 * and that session the lowest weight (nice 19 in /proc/PID/autogroup). Without autogroups, nice
 * alone does it.
 */
function inBackground(child) {
  backgroundGroups.add(child.pid);
  child.on("exit", () => backgroundGroups.delete(child.pid));
  try {
    writeFileSync(`/proc/${child.pid}/autogroup`, "19");
  } catch {
    // No autogroups (another kernel, or another OS): nice applies across the machine.
  }
  try {
    setPriority(child.pid, 19);
  } catch {
    // Not allowed here: the run is only slower.
  }
}

// A session of its own does not get the terminal's Ctrl-C: pass it on.
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    for (const pgid of backgroundGroups) {
      try {
        process.kill(-pgid, sig);
      } catch {
        // Already gone.
      }
    }
    process.exit(sig === "SIGINT" ? 130 : 143);
  });
}

/** Busy and total CPU ticks of the whole machine (Linux), to tell a run short of cores from one that waits. */
function cpuTicks() {
  try {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + f[4];
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

function busyShare(from) {
  const to = cpuTicks();
  return from && to && to.total > from.total ? ` at ${Math.round((100 * (to.busy - from.busy)) / (to.total - from.total))} % of the machine's CPU` : "";
}

async function suite(name, { log, projects = [name] } = {}) {
  const report = path.join(root, ".tmp", `vitest-${name}.json`);
  rmSync(report, { force: true });
  console.error(`\n› ${name} tests${log ? ` (output: ${path.relative(root, log)}, printed when they end)` : ""}`);
  const started = Date.now();
  const cpu = cpuTicks();
  const code = await spawnAsync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...only], { log });
  times.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)} s${busyShare(cpu)}`);
  if (log) console.error(`\n› ${name} tests ended (exit ${code}):\n${readFileSync(log, "utf8")}`);
  if (!existsSync(report)) {
    crashed.push(`${name} (exit ${code}, no report)`);
    failed += 1;
    return;
  }
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // CI shows only the tail of the output: name each failed test again beside the final line.
  for (const t of r.testResults ?? []) {
    for (const a of t.assertionResults ?? []) {
      if (a.status === "failed") crashed.push(`${name}: ${path.relative(root, t.name)} › ${a.fullName ?? a.title}: ${String(a.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
  // A file that fails to load counts as a failure even when no test inside it ran.
  const broken = (r.testResults ?? []).filter((t) => t.status === "failed" && (t.assertionResults ?? []).every((a) => a.status !== "failed"));
  failed += broken.length;
  for (const b of broken) crashed.push(`${path.relative(root, b.name)}: ${String(b.message).split("\n")[0]}`);
  if (code !== 0 && r.numFailedTests === 0 && broken.length === 0) {
    crashed.push(`${name} (exit ${code})`);
    failed += 1;
  }
}

/** A command that passes or fails as one check (the type check), run in the background. */
async function check(name, args, problem) {
  const log = path.join(root, ".tmp", `${name}.log`);
  const began = Date.now();
  const code = await spawnAsync(process.execPath, args, { log, background: true });
  times.push(`${name} ${((Date.now() - began) / 1000).toFixed(0)} s`);
  if (code === 0) passed += 1;
  else {
    console.error(`\n› ${name} failed (exit ${code}):\n${readFileSync(log, "utf8")}`);
    failed += 1;
    crashed.push(problem);
  }
}

const started = Date.now();
const runCpu = cpuTicks();
try {
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  ensureDeps();
  // dist/ from oxc in a second; tsc's type check runs beside the tests instead of before them.
  console.error("› building dist/ (types stripped by oxc; tsc type-checks beside the tests)");
  const built = Date.now();
  await transpileDist();
  times.push(`build ${((Date.now() - built) / 1000).toFixed(1)} s`);
  const typecheck = check("typecheck", [path.join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json", "--noEmit"], "tsc found type errors (see the output above)");
  // The e2e sandboxes come up (on a clean machine one installs Medusa and the others link its
  // install) while the tools install and the unit tests run; the e2e global setup then finds them
  // running. Their own errors are the setup's to report.
  const { dataRoot } = await import("../dist/cli/sandbox/paths.js");
  const sandboxes = e2eSandboxes(dataRoot({ env: process.env }));
  const sandboxUps = sandboxes.map((s, i) => {
    const log = path.join(root, ".tmp", `sandbox-up${i ? `-${i + 1}` : ""}.log`);
    const up = spawnAsync(process.execPath, ["bin/medusactl.js", "sandbox", "up", ...(s.args ?? [])], { log, env: { ...process.env, MEDUSACTL_DATA_DIR: s.dataDir } });
    return up.then((code) => ({ code, log }));
  });
  ensureTools();
  // Method calls recorded by tests/e2e/helpers/sdk.ts feed COVERAGE.md; a partial run must not overwrite it.
  rmSync(path.join(root, ".tmp", "e2e-calls"), { recursive: true, force: true });
  const production = suite("e2e-production", { log: path.join(root, ".tmp", "e2e-production.log") });
  await suite("unit", { projects: ["unit", "unit-isolated"] });
  for (const { code, log } of await Promise.all(sandboxUps)) {
    if (code !== 0) console.error(`› sandbox up in the background failed; the e2e setup tries again:\n${readFileSync(log, "utf8")}`);
  }
  await suite("e2e");
  await production;
  await typecheck;
  if (only.length === 0) {
    console.error("\n› SDK coverage against the back-end");
    const code = await spawnAsync(process.execPath, ["scripts/coverage.mjs"]);
    if (code === 0) passed += 1;
    else {
      failed += 1;
      crashed.push("SDK end-to-end coverage under the goal or a method without a reason (see tests/e2e/COVERAGE.md)");
    }
  }
} catch (e) {
  console.error(`test run failed: ${e.message}`);
  failed += 1;
}
console.error(`\n› times: ${times.join(", ")}; whole run ${((Date.now() - started) / 1000).toFixed(0)} s${busyShare(runCpu)}`);
if (crashed.length) console.error(`\nProblems:\n  ${crashed.join("\n  ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
