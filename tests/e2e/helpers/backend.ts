/**
 * Brings real sandbox back-ends up through the CLI itself (idempotent: fast when they already run)
 * and hands their credentials to the tests. Shared by the global setups of the `e2e` project (one or
 * more single-process sandboxes, one per worker) and the `e2e-production` project (server + worker
 * on Redis, files on S3).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dataRoot } from "../../../src/cli/sandbox/paths.js";
import { e2eSandboxes as sandboxesOf } from "./sandboxes.mjs";

export { e2eSandboxCount } from "./sandboxes.mjs";

export interface Backend {
  url: string;
  apiKey: string;
  publishableKey: string;
  adminEmail: string;
  adminPassword: string;
  /**
   * A JWT of the sandbox admin user, made once per run. Tests use it rather than the secret key
   * unless the key is what they test: Medusa checks a secret key by hashing it with scrypt on
   * every request (about 45 ms of its CPU, against 9 ms for a cheap read with a JWT).
   */
  adminToken: string;
  /** A config folder of the tests' own, holding the `sandbox` profile. */
  configDir: string;
  /** The sandbox's data root (MEDUSACTL_DATA_DIR for the CLI runs and snapshot restores of its files). */
  dataDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One back-end per worker of the project: worker N (VITEST_POOL_ID) uses backends[N - 1]. */
    backends: Backend[];
  }
}

const root = path.resolve(import.meta.dirname, "../../..");
const BIN = path.join(root, "bin/medusactl.js");

/** A sandbox for the tests: its data root and the `sandbox up` options that choose its topology and ports. */
export interface SandboxSpec {
  dataDir: string;
  args?: string[];
}

/** The `e2e` project's sandboxes (see sandboxes.mjs), the first at the CLI's own data root. */
export function e2eSandboxes(env: NodeJS.ProcessEnv = process.env): SandboxSpec[] {
  return sandboxesOf(dataRoot({ env }), env);
}

function run(args: string[], env: NodeJS.ProcessEnv, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    // Progress (an install, a seed) goes on to the console as it comes.
    child.stderr.on("data", (d) => {
      stderr += d;
      process.stderr.write(d);
    });
    const timer = setTimeout(() => child.kill("SIGTERM"), 20 * 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`medusactl ${args.slice(0, 2).join(" ")} failed for ${what} (exit ${code}): ${stderr.slice(-2000)}`));
    });
  });
}

/**
 * `up`, then `reset`, then `up --env` again for the credentials. Each file starts from the `seeded`
 * snapshot (helpers/from-seeded.ts); `reset` restores it in a second when it fits, and a sandbox
 * without one that fits (seeded before snapshots existed, or seeded again after an update) is
 * dropped, migrated and seeded once, and the snapshot saved. The credentials are read after the
 * reset: one that had to seed again made new API keys.
 */
async function startBackend(spec: SandboxSpec): Promise<Backend> {
  const configDir = mkdtempSync(path.join(tmpdir(), "medusactl-e2e-config-"));
  const env = { ...process.env, MEDUSACTL_DATA_DIR: spec.dataDir, MEDUSACTL_CONFIG_DIR: configDir };
  const started = Date.now();
  await run(["sandbox", "up", ...(spec.args ?? [])], env, spec.dataDir);
  await run(["sandbox", "reset", "--yes"], env, spec.dataDir);
  const out = await run(["sandbox", "up", "--env", ...(spec.args ?? [])], env, spec.dataDir);
  const vars = Object.fromEntries(
    out
      .trim()
      .split("\n")
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  const adminToken = await loginAdmin(vars.MEDUSA_URL!, vars.MEDUSA_ADMIN_EMAIL!, vars.MEDUSA_ADMIN_PASSWORD!);
  process.stderr.write(`› back-end ready at ${vars.MEDUSA_URL}, seeded state restored (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return {
    adminToken,
    url: vars.MEDUSA_URL!,
    apiKey: vars.MEDUSA_API_KEY!,
    publishableKey: vars.MEDUSA_PUBLISHABLE_KEY!,
    adminEmail: vars.MEDUSA_ADMIN_EMAIL!,
    adminPassword: vars.MEDUSA_ADMIN_PASSWORD!,
    configDir,
    dataDir: spec.dataDir,
  };
}

async function loginAdmin(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/auth/user/emailpass`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  const body = (await res.json().catch(() => ({}))) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`the sandbox admin could not log in at ${url} (${res.status})`);
  return body.token;
}

/** Starts the sandboxes side by side and provides them as `backends`, one per worker. */
export async function provideBackends(project: TestProject, specs: SandboxSpec[]): Promise<Backend[]> {
  const backends = await Promise.all(specs.map(startBackend));
  project.provide("backends", backends);
  return backends;
}
