/**
 * Child processes of the sandbox manager: run one to completion with its output in a log, signal a
 * process group, probe a port; and the error text that quotes the tail of a failed run's log.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import { connect } from "node:net";

import { DEFAULT_HOST } from "./paths.js";

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Named AbortError so the command reports a cancel, not a failed job. */
function cancelled(): Error {
  const err = new Error("sandbox operation cancelled");
  err.name = "AbortError";
  return err;
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw cancelled();
  }
}

function tailFile(path: string, lines = 30): string {
  try {
    const text = readFileSync(path, "utf8");
    const all = text.split(/\r?\n/);
    if (all.length && all[all.length - 1] === "") all.pop();
    return all.slice(-lines).join("\n");
  } catch {
    return "(log file not readable)";
  }
}

export function failWithLog(message: string, logFile: string, lines = 30): Error {
  return new Error(`${message}\nLast ${lines} lines of ${logFile}:\n${tailFile(logFile, lines)}\n(full log: ${logFile})`);
}

/** Environment for child processes: ours, without a stray DATABASE_URL or npm lifecycle variables. */
export function baseChildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) continue;
    if (k === "DATABASE_URL" || k.startsWith("npm_lifecycle_") || k.startsWith("npm_package_")) continue;
    out[k] = v;
  }
  return out;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Run a command to completion, appending its output to `logFile`. `onLine` sees
 * stdout lines (for progress); `input` is written to stdin (for secrets).
 */
export function runLogged(
  command: string,
  args: string[],
  o: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    logFile: string;
    signal?: AbortSignal;
    input?: string;
    onLine?: (line: string) => void;
  },
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const fd = openSync(o.logFile, "a", 0o644);
    writeSync(fd, `\n--- ${new Date().toISOString()} ${command} ${args.join(" ")}\n`);
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        cwd: o.cwd,
        env: o.env,
        stdio: [o.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      });
    } catch (err) {
      closeSync(fd);
      reject(err);
      return;
    }
    let pending = "";
    const onAbort = (): void => {
      child.kill("SIGTERM");
    };
    o.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout?.on("data", (chunk: Buffer) => {
      writeSync(fd, chunk);
      if (o.onLine) {
        pending += chunk.toString("utf8");
        const parts = pending.split(/\r?\n/);
        pending = parts.pop() ?? "";
        for (const line of parts) o.onLine(line);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      writeSync(fd, chunk);
    });
    if (o.input !== undefined && child.stdin) {
      child.stdin.on("error", () => {});
      child.stdin.end(o.input);
    }
    child.on("error", (err) => {
      o.signal?.removeEventListener("abort", onAbort);
      closeSync(fd);
      reject(new Error(`cannot run ${command}: ${err.message}`));
    });
    child.on("close", (code, sig) => {
      o.signal?.removeEventListener("abort", onAbort);
      if (pending && o.onLine) o.onLine(pending);
      writeSync(fd, `--- exit ${code ?? sig}\n`);
      closeSync(fd);
      if (o.signal?.aborted) {
        reject(cancelled());
        return;
      }
      resolvePromise({ code, signal: sig });
    });
  });
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function portInUse(port: number, host = DEFAULT_HOST): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect({ port, host });
    const done = (used: boolean): void => {
      socket.removeAllListeners();
      socket.destroy();
      resolvePromise(used);
    };
    socket.setTimeout(1000, () => done(true));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

export function killGroup(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    try {
      process.kill(pid, sig);
    } catch {
      // gone
    }
  }
}
