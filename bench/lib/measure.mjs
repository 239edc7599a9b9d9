// Shared by the bench scripts: timing of child processes, statistics, Markdown fragments.
// Lives in bench/lib/ so bench/run.mjs does not take it for a measurement.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
export const BIN = path.join(root, "bin/medusactl.js");

/** Wall time of one child process in ms (stdio piped, as a script or CI would run it). */
export function timeSync(cmd, args, opts = {}) {
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], ...opts });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}: ${String(r.stderr).slice(0, 500)}`);
  return { ms, stdout: String(r.stdout) };
}

/** Same, without blocking the event loop (for commands that talk to a local server). */
export function timeAsync(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], ...opts });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (code !== 0) reject(new Error(`${cmd} ${args.join(" ")} exited ${code}: ${stderr.slice(0, 500)}`));
      else resolve({ ms, stdout });
    });
  });
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

export function range(xs) {
  return [Math.min(...xs), Math.max(...xs)];
}

/** In-place Fisher–Yates shuffle: each round runs its commands in a new order, so drift hits all alike. */
export function shuffle(xs) {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

export const fmt = (ms) => ms.toFixed(1);

/** Writes bench/results/<name>.md. */
export function writeFragment(name, markdown) {
  const dir = path.join(root, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.md`);
  writeFileSync(file, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
  return file;
}

/** A positive integer from `--rounds N` on the command line or an environment variable, else a default. */
export function roundsOption(envName, fallback) {
  const i = process.argv.indexOf("--rounds");
  const raw = i >= 0 ? process.argv[i + 1] : process.env[envName];
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** `medusactl sandbox up --env` as an object (MEDUSA_URL, MEDUSA_API_KEY, …); the sandbox must come up. */
export function sandboxEnv() {
  const up = spawnSync(process.execPath, [BIN, "sandbox", "up", "--env"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (up.status !== 0) throw new Error("the sandbox is not available (medusactl sandbox up failed)");
  return Object.fromEntries(up.stdout.trim().split("\n").map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
}

/** A JWT of the sandbox admin user, from the credentials of {@link sandboxEnv}. */
export async function sandboxAdminToken(env) {
  const res = await fetch(`${env.MEDUSA_URL}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: env.MEDUSA_ADMIN_EMAIL, password: env.MEDUSA_ADMIN_PASSWORD }),
  });
  const { token } = await res.json().catch(() => ({}));
  if (!token) throw new Error(`the sandbox admin could not log in (${res.status})`);
  return token;
}
