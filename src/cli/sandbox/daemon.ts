/**
 * A long-running process of the sandbox (Medusa, Redis, the S3 server): spawned detached in its
 * own process group with its output appended to a log, remembered by a pid file, recognised again
 * by its command line and working folder (pid files outlive reboots and pids get reused), waited
 * for until it answers, and stopped by signalling its group.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync, readlinkSync, rmSync, writeSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";

import { writeFileAtomic } from "../../sdk/atomic-write.js";
import { failWithLog, killGroup, pidAlive, throwIfAborted } from "./processes.js";
import { readPid } from "./state.js";

/** How to recognise a process as ours: an argument containing `arg` (and one equal to `exactArg`), running in `cwd`. */
export interface Identity {
  arg: string;
  exactArg?: string;
  cwd: string;
}

export interface DaemonSpec {
  /** For messages: "Medusa", "Redis", "the S3 server". */
  label: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  pidFile: string;
  logFile: string;
  /** What the log's header line says was started (never contains a secret). */
  headline: string;
}

export interface Spawned {
  pid: number;
  /** Why the process ended, once it has (exit code, signal or spawn error). */
  exited: () => string | undefined;
}

export async function spawnDaemon(spec: DaemonSpec): Promise<Spawned> {
  const fd = openSync(spec.logFile, "a", 0o644);
  writeSync(fd, `\n--- ${new Date().toISOString()} ${spec.headline}\n`);
  let child: ChildProcess;
  try {
    child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, detached: true, stdio: ["ignore", fd, fd] });
  } finally {
    closeSync(fd);
  }
  let exited: string | undefined;
  child.on("exit", (code, sig) => {
    exited = String(code ?? sig);
  });
  child.on("error", (err) => {
    exited = err.message;
  });
  const pid = child.pid;
  if (pid === undefined) {
    // spawn reports ENOENT and the like asynchronously.
    await delay(10);
    throw failWithLog(`cannot start ${spec.label}${exited ? ` (${exited})` : ""}`, spec.logFile);
  }
  child.unref();
  await writeFileAtomic(spec.pidFile, `${pid}\n`, { mode: 0o644 });
  return { pid, exited: () => exited };
}

/** Whether `pid` is alive and is the process `id` describes (guards against pid reuse). */
export function isOurs(pid: number, id: Identity): boolean {
  if (!pidAlive(pid)) return false;
  let cmdline: string[];
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return true; // no /proc (not Linux): trust the pid file
  }
  if (!cmdline.some((a) => a.includes(id.arg))) return false;
  if (id.exactArg !== undefined && !cmdline.includes(id.exactArg)) return false;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === id.cwd;
  } catch {
    return true; // cwd of another user's process is not readable: trust the command line
  }
}

/** The pid recorded in `pidFile` when that process is still ours; a stale pid file is removed. */
export function livePid(pidFile: string, id: Identity): number | undefined {
  const pid = readPid(pidFile);
  if (pid === undefined) return undefined;
  if (isOurs(pid, id)) return pid;
  rmSync(pidFile, { force: true });
  return undefined;
}

/** Polls `ready` until it says yes; fails early (quoting the log) when the process dies. */
export async function waitReady(
  spec: Pick<DaemonSpec, "label" | "pidFile" | "logFile">,
  spawned: Spawned,
  ready: () => Promise<boolean>,
  o: { timeoutMs: number; signal?: AbortSignal; what: string },
): Promise<void> {
  const deadline = Date.now() + o.timeoutMs;
  while (Date.now() < deadline) {
    if (o.signal?.aborted) {
      killGroup(spawned.pid, "SIGTERM");
      throwIfAborted(o.signal);
    }
    const exited = spawned.exited();
    if (exited !== undefined) {
      rmSync(spec.pidFile, { force: true });
      throw failWithLog(`${spec.label} exited early (${exited})`, spec.logFile);
    }
    if (await ready()) return;
    await delay(200);
  }
  killGroup(spawned.pid, "SIGTERM");
  rmSync(spec.pidFile, { force: true });
  throw failWithLog(`${spec.label} did not ${o.what} within ${o.timeoutMs / 1000} s`, spec.logFile);
}

/** SIGTERM to the group, SIGKILL after `timeoutMs`; true if a process of ours was running. */
export async function stopDaemon(pidFile: string, id: Identity, timeoutMs: number): Promise<boolean> {
  const pid = livePid(pidFile, id);
  if (pid === undefined) return false;
  killGroup(pid, "SIGTERM");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && pidAlive(pid)) await delay(100);
  if (pidAlive(pid)) {
    killGroup(pid, "SIGKILL");
    const killDeadline = Date.now() + 5000;
    while (Date.now() < killDeadline && pidAlive(pid)) await delay(100);
  }
  rmSync(pidFile, { force: true });
  return true;
}
