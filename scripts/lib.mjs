// Shared by start.mjs and test.mjs: zero dependencies, so they run on a fresh clone.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function lockHash() {
  return createHash("sha256").update(readFileSync(path.join(root, "package-lock.json"))).digest("hex");
}

/** `npm install --no-save` installs exactly the locked versions; `npm ci` fails on this registry (NOTES.md §17). */
export function ensureDeps() {
  const stamp = path.join(root, "node_modules", ".medusactl-lock-hash");
  const want = lockHash();
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === want) return;
  console.error("› installing dependencies (npm install --no-save)");
  const code = run("npm", ["install", "--no-save", "--no-audit", "--no-fund"]);
  if (code !== 0) throw new Error(`npm install failed (exit ${code})`);
  writeFileSync(stamp, want);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when any source is newer than the last build. */
export function ensureBuild({ force = false } = {}) {
  const marker = path.join(root, "dist", "cli", "main.js");
  if (!force && existsSync(marker) && statSync(marker).mtimeMs >= newestMtime(path.join(root, "src"))) return;
  console.error("› building (npm run build)");
  const code = run("npm", ["run", "build", "--silent"]);
  if (code !== 0) throw new Error(`build failed (exit ${code})`);
}

const asRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** apt-get install on a clean CI machine (Debian, root); a fresh image has no package lists yet. */
function aptInstall(...packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["update", "-qq"], { env }) !== 0) return false;
  return run("apt-get", ["install", "-y", "-qq", ...packages], { env }) === 0;
}

/**
 * The TUI's end-to-end test drives the real binary inside tmux. A clean CI machine (running as
 * root) gets it from apt; elsewhere we only say what is missing, and that one test explains itself.
 */
/** A command some tests drive for real (tmux for the TUI, fish for its completion), installed with apt when missing. */
export function ensureCommand(cmd, versionArg, why) {
  if (spawnSync(cmd, [versionArg], { stdio: "ignore" }).status === 0) return true;
  if (!asRoot()) {
    console.error(`› ${cmd} is missing (needed by ${why}): install it, e.g. sudo apt-get install -y ${cmd}`);
    return false;
  }
  console.error(`› installing ${cmd} for ${why} (apt-get install -y ${cmd})`);
  if (!aptInstall(cmd)) {
    console.error(`› could not install ${cmd}; ${why} will fail`);
    return false;
  }
  return true;
}

export function ensureTmux() {
  return ensureCommand("tmux", "-V", "tests/e2e/tui.test.ts");
}

export const CHROMIUM = "/usr/bin/chromium";

/**
 * The storefront's browser tests drive Debian's Chromium through playwright-core (which downloads
 * no browser of its own). On a clean CI machine (Debian, root) it is installed with apt-get.
 */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (!asRoot()) throw new Error(`${CHROMIUM} is missing: install it with \`sudo apt-get install -y chromium\``);
  console.error("› installing Chromium for the browser tests (apt-get install -y chromium)");
  if (!aptInstall("chromium") || !existsSync(CHROMIUM)) throw new Error("apt-get install chromium failed");
}
