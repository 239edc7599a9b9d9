/**
 * The Medusa processes of the sandbox: `medusa start` run detached in its own process group (one
 * process in the single topology; a `server` and a `worker` in the production one), their pid
 * files, health checks on GET /health, and stopping them; plus the CLI path and environment every
 * Medusa command of the sandbox runs with.
 */
import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";

import { isOurs, livePid, spawnDaemon, stopDaemon, waitReady, type Identity } from "./daemon.js";
import { DEFAULT_HOST, sandboxUrl, type ResolvedOptions, type SandboxPaths } from "./paths.js";
import { medusaDatabaseUrl, type DbTarget } from "./postgres.js";
import { baseChildEnv, pidAlive } from "./processes.js";
import type { SandboxState } from "./state.js";
import { applyEnv, DEFAULT_TOPOLOGY, medusaRoles, topologyEnv, topologyPorts, type S3Credentials } from "./topology.js";

const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

/** `server` is the only Medusa process of the single topology, and the HTTP one of the production topology. */
export type MedusaRole = "server" | "worker";

export function medusaCli(paths: SandboxPaths): string {
  const cli = join(paths.app, "node_modules", "@medusajs", "cli", "cli.js");
  if (!existsSync(cli)) throw new Error(`the Medusa CLI is missing (${cli}); run \`medusactl sandbox up\` again to reinstall`);
  return cli;
}

function s3Of(state: SandboxState): S3Credentials | undefined {
  return state.s3AccessKeyId && state.s3SecretAccessKey ? { accessKeyId: state.s3AccessKeyId, secretAccessKey: state.s3SecretAccessKey } : undefined;
}

/**
 * Medusa allocates a great deal per request and keeps little: with V8's default young generation
 * (16 MiB semi-spaces) it spends a large share of its CPU in scavenges. 32 MiB cut its CPU by 13 %
 * over four order-handling test files (74.7–78.5 CPU-s to 65.5; 64 MiB did no better), for 45 MiB
 * more peak memory (733 against 688 MiB). A size the user's NODE_OPTIONS already gives wins.
 */
export function withYoungGeneration(nodeOptions: string | undefined): string {
  const own = nodeOptions?.trim() ?? "";
  return /--max-semi-space-size\b/.test(own) ? own : `${own} --max-semi-space-size=32`.trim();
}

/** Environment of every Medusa command (migrate, seed, start); the topology comes from the state file. */
export function medusaEnv(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number): NodeJS.ProcessEnv {
  const inherited = baseChildEnv(r.env);
  const base: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_OPTIONS: withYoungGeneration(inherited.NODE_OPTIONS),
    NODE_ENV: "development",
    DATABASE_URL: medusaDatabaseUrl(db, r.paths),
    JWT_SECRET: state.jwtSecret,
    COOKIE_SECRET: state.cookieSecret,
    MEDUSA_BACKEND_URL: sandboxUrl(port),
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_TELEMETRY_HOST: "http://127.0.0.1:9",
    MEDUSACTL_RESET_TOKENS_FILE: r.paths.resetTokens,
    MEDUSACTL_TRANSFER_TOKENS_FILE: r.paths.transferTokens,
  };
  return applyEnv(base, topologyEnv(state.topology ?? DEFAULT_TOPOLOGY, topologyPorts(port), s3Of(state)));
}

function medusaIdentity(paths: SandboxPaths): Identity {
  return { arg: "@medusajs", exactArg: "start", cwd: paths.app };
}

function roleFiles(paths: SandboxPaths, role: MedusaRole): { pidFile: string; logFile: string } {
  return role === "worker" ? { pidFile: paths.workerPidFile, logFile: paths.workerLog } : { pidFile: paths.pidFile, logFile: paths.medusaLog };
}

/** Whether `pid` is a `medusa start` of this sandbox (guards against pid reuse). */
export function isOurMedusa(pid: number, paths: SandboxPaths): boolean {
  return isOurs(pid, medusaIdentity(paths));
}

function httpGetStatus(url: string, timeoutMs = 2000): Promise<number | undefined> {
  return new Promise((resolvePromise) => {
    const req = httpRequest(url, { method: "GET", timeout: timeoutMs }, (res) => {
      res.resume();
      resolvePromise(res.statusCode);
    });
    req.on("timeout", () => {
      req.destroy();
      resolvePromise(undefined);
    });
    req.on("error", () => resolvePromise(undefined));
    req.end();
  });
}

async function healthy(port: number, timeoutMs = 2000): Promise<boolean> {
  return (await httpGetStatus(`${sandboxUrl(port)}/health`, timeoutMs)) === 200;
}

/**
 * Health of a Medusa process that is alive: a sandbox shared by several test runs can be too busy
 * (an import workflow, a burst of requests) to answer within seconds, and restarting it then kills
 * every request in flight. So a live process gets up to `patienceMs` to answer before it counts as
 * unhealthy.
 */
export async function healthyWhileAlive(pid: number, port: number, patienceMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    if (await healthy(port, 5000)) return true;
    if (!pidAlive(pid) || Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Starts one Medusa process of the sandbox whose server listens on `serverPort`; resolves once it answers /health. */
export async function startMedusa(r: ResolvedOptions, state: SandboxState, db: DbTarget, serverPort: number, role: MedusaRole = "server", extraEnv: NodeJS.ProcessEnv = {}): Promise<number> {
  const p = r.paths;
  const topology = state.topology ?? DEFAULT_TOPOLOGY;
  const spec = medusaRoles(topology, topologyPorts(serverPort)).find((m) => m.role === role);
  if (!spec) throw new Error(`the ${topology} topology has no Medusa ${role} process`);
  const { pidFile, logFile } = roleFiles(p, role);
  const args = [medusaCli(p), "start", "--host", DEFAULT_HOST, "--port", String(spec.port)];
  const env: NodeJS.ProcessEnv = { ...medusaEnv(r, state, db, serverPort), PORT: String(spec.port), ...extraEnv };
  if (spec.mode) env.MEDUSA_WORKER_MODE = spec.mode;
  const label = spec.mode ? `Medusa ${role}` : "Medusa";
  const daemon = { label, command: process.execPath, args, env, cwd: p.app, pidFile, logFile, headline: `medusa start --host ${DEFAULT_HOST} --port ${spec.port}${spec.mode ? ` (MEDUSA_WORKER_MODE=${spec.mode})` : ""}` };
  const spawned = await spawnDaemon(daemon);
  r.log(`starting ${label} on ${sandboxUrl(spec.port)} (log: ${logFile})…`);
  await waitReady(daemon, spawned, () => healthy(spec.port, 1500), { timeoutMs: HEALTH_TIMEOUT_MS, signal: r.signal, what: "answer GET /health" });
  return spawned.pid;
}

export async function stopMedusa(paths: SandboxPaths, role: MedusaRole = "server"): Promise<boolean> {
  return stopDaemon(roleFiles(paths, role).pidFile, medusaIdentity(paths), STOP_TIMEOUT_MS);
}

/** The pid of a Medusa process of this sandbox that is alive, whether or not it answers. */
export function medusaPid(paths: SandboxPaths, role: MedusaRole = "server"): number | undefined {
  return livePid(roleFiles(paths, role).pidFile, medusaIdentity(paths));
}

/** The pid of a Medusa process of this sandbox when it is alive and answers /health on `port`. */
export async function runningPid(paths: SandboxPaths, port: number, role: MedusaRole = "server"): Promise<number | undefined> {
  const pid = medusaPid(paths, role);
  if (pid === undefined) return undefined;
  return (await healthyWhileAlive(pid, port)) ? pid : undefined;
}
