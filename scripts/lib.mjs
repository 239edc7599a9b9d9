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
 * Every command the tests drive for real, in one apt-get run on a clean CI machine (one package
 * list update instead of one per tool). What is still missing afterwards fails its own tests, which
 * say why.
 */
export function ensureTools() {
  // fish and zsh: the completion tests; tmux: the TUI's end-to-end tests; Chromium's headless shell (driven by playwright-core, which downloads no browser): the storefront's.
  const wanted = [
    ["fish", "--version", "fish"],
    ["zsh", "--version", "zsh"],
    ["tmux", "-V", "tmux"],
  ];
  const missing = wanted.filter(([cmd, arg]) => spawnSync(cmd, [arg], { stdio: "ignore" }).status !== 0);
  const packages = missing.map((w) => w[2]);
  if (!existsSync(CHROMIUM)) packages.push("chromium-headless-shell");
  if (packages.length === 0) return;
  if (!asRoot()) {
    console.error(`› missing for the tests: ${packages.join(", ")}; install them, e.g. sudo apt-get install -y ${packages.join(" ")}`);
    return;
  }
  console.error(`› installing ${packages.join(", ")} for the tests (apt-get install -y)`);
  if (!aptInstall(...packages)) console.error(`› apt-get install ${packages.join(" ")} failed; the tests that drive them will fail`);
}

// Debian's build of Chromium's headless shell: the browser tests need no window system, and it
// costs a third less CPU than the full browser (tests/e2e/helpers/storefront.ts).
export const CHROMIUM = "/usr/bin/chromium-headless-shell";

