import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { testIO } from "./test-io.js";

const root = path.resolve(import.meta.dirname, "../..");
export const BIN = path.join(root, "bin/medusactl.js");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
  /** Run the binary as a child process: for what only a process has (its pid, signals, `ps`, exit on EPIPE). */
  spawn?: boolean;
}

/** The environment of a run: this process's, without credentials or a profile choice, plus the test's own. */
function cliEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Credentials and profile choice come only from the test; the data folder is kept so the CLI finds the sandbox.
    if (v !== undefined && !k.startsWith("MEDUSA_") && k !== "MEDUSACTL_PROFILE" && k !== "MEDUSACTL_CONFIG_DIR") env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/**
 * Commands that must run as a process of their own: `sandbox` starts daemons that outlive it and
 * sets the umask; `tui` wants a terminal.
 */
const OWN_PROCESS = new Set(["sandbox", "tui"]);

/**
 * Runs one medusactl command line with stdin closed unless given, and a clean environment.
 *
 * By default it calls the built binary's main() (dist/cli/main.js, what bin/medusactl.js runs)
 * in this process, with pipes for streams, as the binary does with a pipe on each side: a child
 * process costs 0.3 CPU-s of Node start-up and module loading per run, and the end-to-end suites
 * run well over a thousand. `spawn: true` runs the real binary as a child process.
 */
export function runCli(args: string[], opts: CliRunOptions = {}): Promise<CliResult> {
  const noun = args.find((a) => !a.startsWith("-"));
  return opts.spawn || (noun !== undefined && OWN_PROCESS.has(noun)) ? spawnCli(args, opts) : mainCli(args, opts);
}

type Main = (argv: string[], io: unknown, signal: AbortSignal, stopNow?: AbortSignal) => Promise<number>;
let loaded: Promise<Main> | undefined;

/**
 * dist/cli/main.js loaded by Node itself (require of an ES module, Node >= 20.19), not through
 * vitest's module runner: the code under test is the build the binary runs, and its own dynamic
 * imports are Node's.
 */
function loadMain(): Promise<Main> {
  return (loaded ??= Promise.resolve().then(() => (createRequire(import.meta.url)(path.join(root, "dist/cli/main.js")) as { main: Main }).main));
}

async function mainCli(args: string[], opts: CliRunOptions): Promise<CliResult> {
  const main = await loadMain();
  const t = testIO({ env: cliEnv(opts.env), stdin: opts.input || undefined });
  // What a kill after timeoutMs does to the child: an interrupt, then (as a second Ctrl-C) no cleanup.
  const signal = new AbortController();
  const stopNow = new AbortController();
  const timeoutMs = opts.timeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      signal.abort(new Error("received SIGINT"));
      stopNow.abort(new Error("received SIGINT again"));
      timer = setTimeout(() => reject(new Error(`medusactl ${args.join(" ")}: still running ${timeoutMs} ms after it started, and after an interrupt`)), 5_000);
    }, timeoutMs);
  });
  try {
    const code = await Promise.race([main(args, t.io, signal.signal, stopNow.signal), timedOut]);
    return { code, stdout: t.out(), stderr: t.err() };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the real binary as a child process (stdin closed unless given), with a clean environment. */
export function spawnCli(args: string[], opts: CliRunOptions = {}): Promise<CliResult> {
  const env = cliEnv(opts.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
    child.stdin.end(opts.input ?? "");
  });
}

/** The result of a run that must succeed; otherwise an error carrying its exit code and both streams. */
export function ok(r: CliResult): CliResult {
  if (r.code !== 0) throw new Error(`exit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
  return r;
}
