/** What the production-topology suites share: its data root, its ports, the CLI pointed at it, process checks. */
import { inject } from "vitest";
import { runCli } from "../helpers/cli.js";
import { backend } from "../e2e/helpers/sdk.js";
import { PRODUCTION_DB_PORT, PRODUCTION_PORT } from "./global-setup.js";

export const dataDir = inject("productionDataDir");
export const cli = (args: string[], opts: { env?: Record<string, string>; timeoutMs?: number } = {}) =>
  runCli(args, { env: { MEDUSACTL_DATA_DIR: dataDir, MEDUSACTL_CONFIG_DIR: backend.configDir, ...opts.env }, timeoutMs: opts.timeoutMs ?? 180_000 });

export const PORTS = { server: PRODUCTION_PORT, worker: PRODUCTION_PORT + 1, s3: PRODUCTION_PORT + 2, redis: PRODUCTION_PORT + 3, postgres: PRODUCTION_DB_PORT };

/** `sandbox status` lines as {name: {state, pid}}. */
export async function status(): Promise<{ code: number; stdout: string; processes: Record<string, { state: string; pid?: number; port: number }> }> {
  const r = await cli(["sandbox", "status"]);
  const processes: Record<string, { state: string; pid?: number; port: number }> = {};
  for (const m of r.stdout.matchAll(/^\s+(\w+)\s+(running|stopped)\s+(?:pid (\d+)|-)\s+port (\d+)/gm)) {
    processes[m[1]!] = { state: m[2]!, pid: m[3] ? Number(m[3]) : undefined, port: Number(m[4]) };
  }
  return { code: r.code, stdout: r.stdout, processes };
}

export async function health(port: number): Promise<number | undefined> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return undefined;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

