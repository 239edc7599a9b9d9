/**
 * Brings a real sandbox back-end up through the CLI itself (idempotent: fast when it already runs)
 * and hands its credentials to the tests. Shared by the global setups of the `e2e` project (the
 * single-process sandbox) and the `e2e-production` project (server + worker on Redis, files on S3).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

export interface Backend {
  url: string;
  apiKey: string;
  publishableKey: string;
  adminEmail: string;
  adminPassword: string;
  /** A config folder of the tests' own, holding the `sandbox` profile. */
  configDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    backend: Backend;
  }
}

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * Each file starts from the `seeded` snapshot (helpers/from-seeded.ts). `reset` restores it in a
 * second when it fits; a sandbox without one that fits (seeded before snapshots existed, or seeded
 * again after an update) is dropped, migrated and seeded once, and the snapshot saved.
 */
function ensureSeededSnapshot(env: NodeJS.ProcessEnv): void {
  const started = Date.now();
  const reset = spawnSync(process.execPath, [path.join(root, "bin/medusactl.js"), "sandbox", "reset", "--yes"], { env, encoding: "utf8", timeout: 20 * 60_000 });
  if (reset.status !== 0) throw new Error(`medusactl sandbox reset failed (exit ${reset.status}): ${reset.stderr}`);
  process.stderr.write(`› back to the seeded state (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

/** Runs `medusactl sandbox up --env <args>` with `env` added, resets it, and provides the `backend` it prints. */
export function provideBackend(project: TestProject, o: { args?: string[]; env?: Record<string, string> } = {}): Backend {
  const configDir = mkdtempSync(path.join(tmpdir(), "medusactl-e2e-config-"));
  const childEnv = { ...process.env, ...o.env, MEDUSACTL_CONFIG_DIR: configDir };
  const up = (): Record<string, string> => {
    const r = spawnSync(process.execPath, [path.join(root, "bin/medusactl.js"), "sandbox", "up", "--env", ...(o.args ?? [])], {
      env: childEnv,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      timeout: 20 * 60_000,
    });
    if (r.status !== 0) throw new Error(`medusactl sandbox up failed (exit ${r.status})`);
    return Object.fromEntries(
      r.stdout
        .trim()
        .split("\n")
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
  };
  const started = Date.now();
  up();
  ensureSeededSnapshot(childEnv);
  // Read after the reset: one that had to seed again made new API keys.
  const env = up();
  process.stderr.write(`› back-end ready at ${env.MEDUSA_URL} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  const backend: Backend = {
    url: env.MEDUSA_URL!,
    apiKey: env.MEDUSA_API_KEY!,
    publishableKey: env.MEDUSA_PUBLISHABLE_KEY!,
    adminEmail: env.MEDUSA_ADMIN_EMAIL!,
    adminPassword: env.MEDUSA_ADMIN_PASSWORD!,
    configDir,
  };
  project.provide("backend", backend);
  return backend;
}
