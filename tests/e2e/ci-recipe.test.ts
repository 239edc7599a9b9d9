/**
 * The CI recipe users copy (examples/github-actions.yml) runs here step by step, so it cannot rot:
 * every `run:` step of its job, in bash, in order, with GITHUB_ENV carried from step to step as
 * GitHub does. The cache is simulated by a kept data folder: the sandbox this project's own e2e
 * suites run on, as a restored cache would leave it (installed, seeded, PostgreSQL's files in place).
 *
 * Two steps are stood in for: "Install medusactl" (the workspace links this checkout as
 * node_modules/medusactl instead of installing the published package) and "Test" (the user's own
 * tests; here: the variables the earlier steps exported reach the seeded store). The last step
 * stops the sandbox, as the recipe does; the test then brings it back up from the kept folder for
 * the suites after it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { Medusa } from "../../src/sdk/index.js";
import { dataRoot, sandboxPaths } from "../../src/cli/sandbox/paths.js";
import { runCli } from "../helpers/cli.js";
import { backend } from "./helpers/sdk.js";

const root = path.resolve(import.meta.dirname, "../..");
const RECIPE = path.join(root, "examples/github-actions.yml");

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
}

/** KEY=VALUE lines and KEY<<DELIM … DELIM blocks, as GitHub reads $GITHUB_ENV. */
function readGithubEnv(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n") : [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([A-Za-z_][A-Za-z0-9_]*)<<(.+)$/.exec(line);
    if (heredoc) {
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) body.push(lines[i]!);
      out[heredoc[1]!] = body.join("\n");
    } else if (line.includes("=")) out[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
  }
  return out;
}

describe("examples/github-actions.yml, step by step on a kept data folder", () => {
  it("starts, resets, seeds and stops the sandbox as the recipe says, and every exported variable works", async () => {
    const recipe = parse(readFileSync(RECIPE, "utf8")) as { jobs: Record<string, { env?: Record<string, string>; steps: Step[] }> };
    const job = Object.values(recipe.jobs)[0]!;
    // The recipe keeps the sandbox in the workspace so it can be cached; ours is the kept folder.
    expect(job.env?.MEDUSACTL_DATA_DIR).toContain("${{ github.workspace }}");
    const dataDir = dataRoot({ env: process.env });

    // A workspace as the job sees it after checkout and "Install medusactl": the user's seed file, and medusactl in node_modules.
    const workspace = mkdtempSync(path.join(tmpdir(), "medusactl-ci-recipe-"));
    mkdirSync(path.join(workspace, "examples"));
    writeFileSync(path.join(workspace, "examples/seed.yaml"), readFileSync(path.join(root, "examples/seed.yaml")));
    mkdirSync(path.join(workspace, "node_modules/.bin"), { recursive: true });
    symlinkSync(root, path.join(workspace, "node_modules/medusactl"));
    symlinkSync(path.join(root, "bin/medusactl.js"), path.join(workspace, "node_modules/.bin/medusactl"));
    // The cache step's key names the Medusa lockfile inside the installed package: it must exist there.
    const cache = job.steps.find((s) => s.uses?.startsWith("actions/cache@"));
    const keyFile = /hashFiles\('([^']+)'\)/.exec(cache?.with?.key ?? "")?.[1];
    expect(keyFile, "the cache step keys on a file").toBeTruthy();
    expect(existsSync(path.join(workspace, keyFile!)), `${keyFile} in the installed package`).toBe(true);
    expect(cache!.with!.path).toBe("${{ env.MEDUSACTL_DATA_DIR }}/sandbox");

    const githubEnv = path.join(workspace, ".github-env");
    writeFileSync(githubEnv, "");
    const ran: string[] = [];
    const baseEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("MEDUSA_") && k !== "MEDUSACTL_PROFILE") baseEnv[k] = v;
    Object.assign(baseEnv, { MEDUSACTL_DATA_DIR: dataDir, MEDUSACTL_CONFIG_DIR: path.join(workspace, ".config"), GITHUB_ENV: githubEnv, GITHUB_WORKSPACE: workspace, CI: "true" });

    for (const step of job.steps) {
      if (!step.run) continue;
      const name = step.name ?? step.run;
      if (/npm install .*medusactl/.test(step.run) || step.name === "Test") {
        ran.push(`${name} (stood in for)`);
        continue;
      }
      expect(step.run, `${name}: no \${{ }} expression this runner cannot expand`).not.toContain("${{");
      const started = Date.now();
      const r = spawnSync("bash", ["-eo", "pipefail", "-c", step.run], { cwd: workspace, env: { ...baseEnv, ...readGithubEnv(githubEnv) }, encoding: "utf8", timeout: 10 * 60_000 });
      expect(r.status, `step "${name}" failed:\n${r.stderr}`).toBe(0);
      ran.push(`${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

      if (step.name === "Seed") {
        // What the user's "Test" step gets: the sandbox's variables and the seed's ids, and they work.
        const vars = readGithubEnv(githubEnv);
        expect(vars.MEDUSA_URL).toBe(backend.url);
        expect(vars.MEDUSA_API_KEY).toMatch(/^sk_/);
        expect(vars.MEDUSA_PUBLISHABLE_KEY).toMatch(/^pk_/);
        const ids = Object.entries(vars).filter(([k]) => /^MEDUSA_REGION_.+_ID$/.test(k));
        expect(ids.length).toBeGreaterThan(0);
        const sdk = new Medusa({ baseUrl: vars.MEDUSA_URL!, apiKey: vars.MEDUSA_API_KEY });
        for (const [, id] of ids) expect((await sdk.admin.region.retrieve(id!, { fields: "id" })).region.id).toBe(id);
        const store = new Medusa({ baseUrl: vars.MEDUSA_URL!, publishableKey: vars.MEDUSA_PUBLISHABLE_KEY });
        expect((await store.store.product.list({ limit: 1, fields: "id" })).products.length).toBe(1);
      }
    }
    process.stderr.write(`› the recipe's steps: ${ran.join("; ")}\n`);
    expect(ran.some((s) => s.startsWith("Seed"))).toBe(true);
    // "Stop Medusa" stopped it cleanly: what a cache would then keep.
    expect(existsSync(path.join(sandboxPaths({ env: process.env }).pgData, "postmaster.pid"))).toBe(false);

    // The suites after this one need it running again: up from the kept folder (installs nothing, seeds nothing).
    const up = await runCli(["sandbox", "up"], { timeoutMs: 300_000 });
    expect(up.code, up.stderr).toBe(0);
    expect(up.stderr).not.toMatch(/installing the sandbox|migrated in|seeding the store/);
  }, 600_000);
});
