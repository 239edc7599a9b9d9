#!/usr/bin/env node
// Every test, from a fresh clone: install, build, unit suites, then end-to-end suites against the
// local Medusa back-end (started by the e2e global setup if it is not running). Ends with the one
// line CI reads: "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureBuild, ensureChromium, ensureCommand, ensureDeps, ensureTmux, root, run } from "./lib.mjs";

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let crashed = [];

function suite(name) {
  const report = path.join(root, ".tmp", `vitest-${name}.json`);
  rmSync(report, { force: true });
  console.error(`\n› ${name} tests`);
  const code = run(process.execPath, [
    "node_modules/vitest/vitest.mjs",
    "run",
    "--project",
    name,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...only,
  ]);
  if (!existsSync(report)) {
    crashed.push(`${name} (exit ${code}, no report)`);
    failed += 1;
    return;
  }
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A file that fails to load counts as a failure even when no test inside it ran.
  const broken = (r.testResults ?? []).filter((t) => t.status === "failed" && (t.assertionResults ?? []).every((a) => a.status !== "failed"));
  failed += broken.length;
  for (const b of broken) crashed.push(`${path.relative(root, b.name)}: ${String(b.message).split("\n")[0]}`);
  if (code !== 0 && r.numFailedTests === 0 && broken.length === 0) {
    crashed.push(`${name} (exit ${code})`);
    failed += 1;
  }
}

try {
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  ensureDeps();
  ensureBuild({ force: true });
  ensureCommand("fish", "--version", "tests/cli/completion.test.ts");
  ensureCommand("zsh", "--version", "tests/cli/completion.test.ts");
  suite("unit");
  // Method calls recorded by tests/e2e/helpers/sdk.ts feed COVERAGE.md; a partial run must not overwrite it.
  rmSync(path.join(root, ".tmp", "e2e-calls"), { recursive: true, force: true });
  ensureTmux();
  try {
    ensureChromium();
  } catch (e) {
    // The browser suite then fails on its own and says why; the other e2e suites still run.
    console.error(`› ${e.message}`);
  }
  suite("e2e");
  // The same back-end in Medusa's production topology (server + worker on Redis, files on S3), beside the default one.
  suite("e2e-production");
  if (only.length === 0) {
    console.error("\n› SDK coverage against the back-end");
    const code = run(process.execPath, ["scripts/coverage.mjs"]);
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
if (crashed.length) console.error(`\nProblems:\n  ${crashed.join("\n  ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
