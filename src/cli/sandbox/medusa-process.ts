/**
 * The Medusa server of the sandbox: `medusa start` run detached in its own process group, its pid
 * file, health checks on GET /health, and stopping it; plus the CLI path and environment every
 * Medusa command of the sandbox runs with.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, readlinkSync, rmSync, writeSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

import { writeFileAtomic } from "../../sdk/atomic-write.js";
import { DEFAULT_HOST, sandboxUrl, type ResolvedOptions, type SandboxPaths } from "./paths.js";
import type { DbTarget } from "./postgres.js";
import { baseChildEnv, failWithLog, killGroup, pidAlive, throwIfAborted } from "./processes.js";
import { readPid, type SandboxState } from "./state.js";

const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

export function medusaCli(paths: SandboxPaths): string {
  const cli = join(paths.app, "node_modules", "@medusajs", "cli", "cli.js");
  if (!existsSync(cli)) throw new Error(`the Medusa CLI is missing (${cli}); run \`medusactl sandbox up\` again to reinstall`);
  return cli;
}

export function medusaEnv(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number): NodeJS.ProcessEnv {
  return {
    ...baseChildEnv(r.env),
    NODE_ENV: "development",
    DATABASE_URL: db.url,
    JWT_SECRET: state.jwtSecret,
    COOKIE_SECRET: state.cookieSecret,
    MEDUSA_BACKEND_URL: sandboxUrl(port),
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_TELEMETRY_HOST: "http://127.0.0.1:9",
  };
}

/** Whether `pid` is a `medusa start` of this sandbox (guards against pid reuse). */
export function isOurMedusa(pid: number, paths: SandboxPaths): boolean {
  if (!pidAlive(pid)) return false;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (!cmdline.some((a) => a.includes("@medusajs") || a.endsWith("medusa"))) return false;
    if (!cmdline.includes("start")) return false;
    // The process must run in this sandbox's app folder.
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === paths.app;
    } catch {
      return true; // cwd of another user's process is not readable: trust the command line
    }
  } catch {
    // No /proc (not Linux): trust the pid file.
    return true;
  }
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

export async function startMedusa(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number): Promise<number> {
  const p = r.paths;
  const cli = medusaCli(p);
  const fd = openSync(p.medusaLog, "a", 0o644);
  writeSync(fd, `\n--- ${new Date().toISOString()} medusa start --host ${DEFAULT_HOST} --port ${port}\n`);
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [cli, "start", "--host", DEFAULT_HOST, "--port", String(port)], {
      cwd: p.app,
      env: medusaEnv(r, state, db, port),
      detached: true,
      stdio: ["ignore", fd, fd],
    });
  } finally {
    closeSync(fd);
  }
  const pid = child.pid;
  if (pid === undefined) throw failWithLog("cannot start medusa", p.medusaLog);
  let exited: string | undefined;
  child.on("exit", (code, sig) => {
    exited = String(code ?? sig);
  });
  child.on("error", (err) => {
    exited = err.message;
  });
  child.unref();
  await writeFileAtomic(p.pidFile, `${pid}\n`, { mode: 0o644 });

  r.log(`starting Medusa on ${sandboxUrl(port)} (log: ${p.medusaLog})…`);
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (r.signal?.aborted) {
      killGroup(pid, "SIGTERM");
      throwIfAborted(r.signal);
    }
    if (exited !== undefined) {
      rmSync(p.pidFile, { force: true });
      throw failWithLog(`medusa start exited early (${exited})`, p.medusaLog);
    }
    if (await healthy(port, 1500)) return pid;
    await delay(400);
  }
  killGroup(pid, "SIGTERM");
  rmSync(p.pidFile, { force: true });
  throw failWithLog(`Medusa did not answer GET /health within ${HEALTH_TIMEOUT_MS / 1000} s`, p.medusaLog);
}

export async function stopMedusa(paths: SandboxPaths): Promise<boolean> {
  const pid = readPid(paths.pidFile);
  if (pid === undefined) return false;
  if (!isOurMedusa(pid, paths)) {
    rmSync(paths.pidFile, { force: true });
    return false;
  }
  killGroup(pid, "SIGTERM");
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline && pidAlive(pid)) await delay(200);
  if (pidAlive(pid)) {
    killGroup(pid, "SIGKILL");
    const killDeadline = Date.now() + 5000;
    while (Date.now() < killDeadline && pidAlive(pid)) await delay(100);
  }
  rmSync(paths.pidFile, { force: true });
  return true;
}

/** The running sandbox's pid when its process is alive and answers /health. */
export async function runningPid(paths: SandboxPaths, port: number): Promise<number | undefined> {
  const pid = readPid(paths.pidFile);
  if (pid === undefined || !isOurMedusa(pid, paths)) return undefined;
  return (await healthyWhileAlive(pid, port)) ? pid : undefined;
}
