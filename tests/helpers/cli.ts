import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
export const BIN = path.join(root, "bin/medusactl.js");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real binary as a child process (stdin closed unless given), with a clean environment. */
export function runCli(args: string[], opts: { env?: Record<string, string | undefined>; input?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Credentials and profile choice come only from the test; the data folder is kept so the CLI finds the sandbox.
    if (v !== undefined && !k.startsWith("MEDUSA_") && k !== "MEDUSACTL_PROFILE" && k !== "MEDUSACTL_CONFIG_DIR") env[k] = v;
  }
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
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
