/**
 * Redis of the production topology: the `redis-server` on PATH (installed with apt-get when missing
 * and we are root), run detached by us on 127.0.0.1 with nothing persisted, and probed with PING.
 */
import { accessSync, constants as fsConstants } from "node:fs";
import { connect } from "node:net";
import { delimiter, join } from "node:path";

import { livePid, spawnDaemon, stopDaemon, waitReady, type Identity } from "./daemon.js";
import { DEFAULT_HOST, type ResolvedOptions, type SandboxPaths } from "./paths.js";
import { baseChildEnv, failWithLog, runLogged } from "./processes.js";
import { ensureDir } from "./state.js";

const READY_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
export const REDIS_INSTALL_HINT = "sudo apt-get install -y redis-server";

/** `redis-server` on PATH (plus the sbin folders, which a non-login root shell may lack). */
export function findRedisServer(env: NodeJS.ProcessEnv): string | undefined {
  const dirs = [...(env.PATH ?? "").split(delimiter), "/usr/local/bin", "/usr/bin", "/usr/sbin", "/bin"].filter(Boolean);
  for (const dir of dirs) {
    const candidate = join(dir, "redis-server");
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return undefined;
}

function missing(): Error {
  return new Error(`the production topology needs Redis, and redis-server is not installed; install it with \`${REDIS_INSTALL_HINT}\` and run \`medusactl sandbox up --topology production\` again`);
}

/** Fails before anything is stopped or installed when Redis is missing and cannot be installed by us. */
export function assertRedisAvailable(r: ResolvedOptions, find = findRedisServer): void {
  if (!r.isRoot && !find(r.env)) throw missing();
}

/** The redis-server binary; installs Debian's package when we are root, else says the one command to run. */
export async function ensureRedisServer(r: ResolvedOptions, logFile: string, find = findRedisServer): Promise<string> {
  const found = find(r.env);
  if (found) return found;
  if (!r.isRoot) throw missing();
  r.log("installing Redis (apt-get install -y redis-server)…");
  const env = { ...baseChildEnv(r.env), DEBIAN_FRONTEND: "noninteractive" };
  const install = () => runLogged("apt-get", ["install", "-y", "-q", "redis-server"], { env, logFile, signal: r.signal });
  let res = await install();
  if (res.code !== 0) {
    // A fresh image has no package lists yet ("Unable to locate package").
    r.log("apt-get install failed; updating the package lists and trying again…");
    await runLogged("apt-get", ["update", "-q"], { env, logFile, signal: r.signal });
    res = await install();
  }
  const installed = find(r.env);
  if (res.code !== 0 || !installed) throw failWithLog(`installing redis-server with apt-get failed (exit ${res.code ?? res.signal})`, logFile);
  return installed;
}

function identity(paths: SandboxPaths): Identity {
  // Redis rewrites its process title to "redis-server 127.0.0.1:<port>" and runs in its --dir.
  return { arg: "redis-server", cwd: paths.redisDir };
}

/** Sends PING and expects +PONG. */
export function redisPing(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect({ port, host: DEFAULT_HOST });
    let reply = "";
    const done = (ok: boolean): void => {
      socket.removeAllListeners();
      socket.destroy();
      resolvePromise(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString("latin1");
      if (reply.includes("\r\n")) done(reply.startsWith("+PONG"));
    });
    socket.once("error", () => done(false));
  });
}

export function redisPid(paths: SandboxPaths): number | undefined {
  return livePid(paths.redisPidFile, identity(paths));
}

/** Starts Redis unless ours already answers on `port`. */
export async function startRedis(r: ResolvedOptions, binary: string, port: number): Promise<number> {
  const p = r.paths;
  const running = redisPid(p);
  if (running !== undefined && (await redisPing(port))) return running;
  if (running !== undefined) await stopRedis(p);
  ensureDir(p.redisDir, 0o700);
  // --logfile "" logs to stdout, which is our log file; --daemonize no keeps the pid ours to record.
  const args = ["--bind", DEFAULT_HOST, "--port", String(port), "--save", "", "--appendonly", "no", "--dir", p.redisDir, "--daemonize", "no", "--logfile", ""];
  const spec = { label: "Redis", command: binary, args, env: baseChildEnv(r.env), cwd: p.redisDir, pidFile: p.redisPidFile, logFile: p.redisLog, headline: `redis-server --port ${port}` };
  r.log(`starting Redis on ${DEFAULT_HOST}:${port}…`);
  const spawned = await spawnDaemon(spec);
  await waitReady(spec, spawned, () => redisPing(port), { timeoutMs: READY_TIMEOUT_MS, signal: r.signal, what: "answer PING" });
  return spawned.pid;
}

export function stopRedis(paths: SandboxPaths): Promise<boolean> {
  return stopDaemon(paths.redisPidFile, identity(paths), STOP_TIMEOUT_MS);
}
