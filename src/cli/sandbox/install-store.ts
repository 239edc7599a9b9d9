/**
 * The machine's store of finished sandbox installs, one entry per install stamp. A second sandbox
 * on the machine (the production topology beside the default one, a CI job's parallel lanes, a
 * data folder made for a test) hard-links the files of the entry into its own `app/node_modules`
 * in a few seconds instead of unpacking 1,100 packages (780 MB) again: the layout of each sandbox
 * stays as CONTRACT §8 says, and the files take no second place on disk.
 *
 * An entry never changes once complete (`complete` is written last, then the folder is renamed in),
 * and nothing writes into a linked file in place: npm replaces the packages it updates, and the
 * install stamp is written by rename. Installs of the same stamp wait for each other through a lock
 * file (pid, boot id, start time), so sandboxes started together install once.
 */
import { closeSync, constants as fsConstants, existsSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

import { liveLockHolder, lockRecord } from "./cache-rules.js";
import { bootId, processStartTime, systemProbe } from "./liveness.js";

/** Files of an install that belong to one sandbox, never to the store. */
const OWN_FILES = new Set([".medusactl-install-stamp", ".package-lock.json"]);

/** Entries kept: the newest few stamps (medusactl updates change the stamp); older ones go. */
const KEEP_ENTRIES = 3;

/**
 * Mirrors the tree at `from` into `to` (which must not exist): folders made, files hard-linked,
 * symbolic links copied. Throws on a file system that cannot link across the two (EXDEV), and the
 * caller then installs with npm as before.
 */
export function linkTree(from: string, to: string, skipTop: ReadonlySet<string> = new Set()): number {
  let files = 0;
  const walk = (src: string, dst: string, top: boolean): void => {
    mkdirSync(dst, { mode: statSync(src).mode & 0o7777 });
    for (const e of readdirSync(src, { withFileTypes: true })) {
      if (top && skipTop.has(e.name)) continue;
      const s = join(src, e.name);
      const d = join(dst, e.name);
      if (e.isDirectory()) walk(s, d, false);
      else if (e.isSymbolicLink()) symlinkSync(readlinkSync(s), d);
      else if (e.isFile()) {
        linkSync(s, d);
        files += 1;
      }
    }
  };
  walk(from, to, true);
  return files;
}

export function entryDir(store: string, stamp: string): string {
  return join(store, stamp);
}

export function entryComplete(store: string, stamp: string): boolean {
  return existsSync(join(entryDir(store, stamp), "complete")) && existsSync(join(entryDir(store, stamp), "node_modules"));
}

/**
 * Replaces `app/node_modules` by links to the entry's files. The links are made beside it and
 * renamed in, so an interrupted link leaves the old folder (or none), never half of one.
 */
export function linkFromStore(store: string, stamp: string, app: string): number {
  const target = join(app, "node_modules");
  const fresh = join(app, `.node_modules.linking-${process.pid}`);
  rmSync(fresh, { recursive: true, force: true });
  let files: number;
  try {
    files = linkTree(join(entryDir(store, stamp), "node_modules"), fresh);
  } catch (e) {
    // The caller installs with npm instead: leave it no half-made folder beside node_modules.
    rmSync(fresh, { recursive: true, force: true });
    throw e;
  }
  if (existsSync(target)) {
    const old = join(app, `.node_modules.old-${process.pid}`);
    renameSync(target, old);
    renameSync(fresh, target);
    rmSync(old, { recursive: true, force: true });
  } else renameSync(fresh, target);
  return files;
}

/**
 * Adds a finished install (`app/node_modules`, whose stamp is `stamp`) to the store, unless an entry
 * is already there; then drops the oldest entries past KEEP_ENTRIES. Best effort: the caller logs a
 * failure and goes on, the sandbox itself being installed.
 */
export function addToStore(store: string, stamp: string, app: string): boolean {
  if (entryComplete(store, stamp)) return false;
  mkdirSync(store, { recursive: true, mode: 0o755 });
  const tmp = join(store, `.${stamp}.adding-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { mode: 0o755 });
  try {
    linkTree(join(app, "node_modules"), join(tmp, "node_modules"), OWN_FILES);
    closeSync(openSync(join(tmp, "complete"), "w", 0o644));
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  const entry = entryDir(store, stamp);
  rmSync(entry, { recursive: true, force: true });
  renameSync(tmp, entry);
  prune(store, stamp);
  return true;
}

function prune(store: string, keep: string): void {
  const entries = readdirSync(store, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith(".") && e.name !== keep)
    .map((e) => ({ name: e.name, at: lstatSync(join(store, e.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const e of entries.slice(KEEP_ENTRIES - 1)) rmSync(join(store, e.name), { recursive: true, force: true });
}

/**
 * Holds the stamp's lock while `fn` runs. Another live holder (a sandbox installing the same Medusa
 * right now) is waited for, polling every `pollMs`, and `onWait` is told once; with `wait: false`
 * nothing runs and the answer is undefined. A stale lock (dead pid, another boot, a reused pid) is
 * taken over.
 */
export async function withEntryLock<T>(
  store: string,
  stamp: string,
  fn: () => Promise<T>,
  o: { onWait?: (pid: number) => void; pollMs?: number; maxWaitMs?: number; signal?: AbortSignal; wait?: boolean } = {},
): Promise<T | undefined> {
  const giveUpAt = Date.now() + (o.maxWaitMs ?? 20 * 60_000);
  mkdirSync(store, { recursive: true, mode: 0o755 });
  const lock = join(store, `.${stamp}.lock`);
  const record = lockRecord(process.pid, bootId(), processStartTime(process.pid));
  let told = false;
  for (;;) {
    o.signal?.throwIfAborted();
    try {
      const fd = openSync(lock, fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_WRONLY, 0o644);
      writeSync(fd, record);
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    let content = "";
    try {
      content = readFileSync(lock, "utf8");
    } catch {
      continue;
    }
    const holder = liveLockHolder(content, systemProbe);
    if (holder === undefined || holder === process.pid) {
      rmSync(lock, { force: true });
      continue;
    }
    if (o.wait === false) return undefined;
    if (Date.now() > giveUpAt) throw new Error(`another sandbox (pid ${holder}) has been installing the same Medusa packages for too long; stop it or remove ${lock}`);
    if (!told) o.onWait?.(holder);
    told = true;
    await new Promise((res) => setTimeout(res, o.pollMs ?? 1000));
  }
  try {
    return await fn();
  } finally {
    try {
      if (readFileSync(lock, "utf8") === record) rmSync(lock, { force: true });
    } catch {
      // gone already
    }
  }
}
