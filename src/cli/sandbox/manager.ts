/**
 * Lifecycle of the local Medusa sandbox (CONTRACT §8): install the `sandbox/`
 * package into the data folder, run an embedded PostgreSQL detached with its
 * bundled pg_ctl, migrate, seed, and run `medusa start` detached.
 *
 * Node builtins only. Errors are thrown (never process.exit); no secret is put
 * on a command line (they travel through the environment, stdin or the 0600
 * state file).
 */
import { existsSync, rmSync } from "node:fs";
import { relative } from "node:path";

import { ensureInstalled, syncSources } from "./install.js";
import { healthyWhileAlive, isOurMedusa, runningPid, startMedusa, stopMedusa } from "./medusa-process.js";
import { migrate, seed } from "./migrate-and-seed.js";
import {
  DEFAULT_HOST,
  effectivePorts,
  resolveOptions,
  sandboxUrl,
  type ResolvedOptions,
  type SandboxOptions,
  redactDatabaseUrl,
} from "./paths.js";
import { countTables, dbTarget, dropDatabase, ensureDatabase, startEmbedded, stopEmbedded } from "./postgres.js";
import { portInUse, throwIfAborted } from "./processes.js";
import { acquireLock, ensureDir, ensureLayout, loadState, newState, readPid, saveState, type SandboxState } from "./state.js";

export interface SandboxInfo {
  url: string;
  port: number;
  dbPort: number;
  publishableKey: string;
  secretKey: string;
  adminEmail: string;
  adminPassword: string;
  /** The sandbox folder (`<data root>/sandbox`). */
  dataDir: string;
  pid: number;
  /** false if it was already running. */
  started: boolean;
}

function info(r: ResolvedOptions, state: SandboxState, port: number, dbPort: number, pid: number, started: boolean): SandboxInfo {
  if (!state.publishableKey || !state.secretKey) {
    throw new Error(`the sandbox has no API keys recorded in ${r.paths.state}; run \`medusactl sandbox reset\``);
  }
  return {
    url: sandboxUrl(port),
    port,
    dbPort,
    publishableKey: state.publishableKey,
    secretKey: state.secretKey,
    adminEmail: state.adminEmail,
    adminPassword: state.adminPassword,
    dataDir: r.paths.sandbox,
    pid,
    started,
  };
}

/** Start (or find running) the sandbox: install, database, migrate, seed, `medusa start`. Idempotent. */
export async function sandboxUp(opts: SandboxOptions = {}): Promise<SandboxInfo> {
  const r = resolveOptions(opts);
  return withUmask(() => upInternal(r, { reset: false }));
}

/** Drop the database, migrate and seed again, and leave the sandbox running. */
export async function sandboxReset(opts: SandboxOptions = {}): Promise<SandboxInfo> {
  const r = resolveOptions(opts);
  return withUmask(() => upInternal(r, { reset: true }));
}

/** Stop what `up` started: the Medusa process group, then the embedded PostgreSQL. Idempotent. */
export async function sandboxDown(opts: SandboxOptions = {}): Promise<{ stopped: boolean }> {
  const r = resolveOptions(opts);
  if (!existsSync(r.paths.sandbox)) return { stopped: false };
  ensureDir(r.paths.run, 0o700);
  const release = acquireLock(r.paths);
  try {
    const medusa = await stopMedusa(r.paths);
    if (medusa) r.log("stopped Medusa");
    // The embedded server may have been started by an earlier `up` even when an external URL is used now.
    const pg = await stopEmbedded(r);
    if (pg) r.log("stopped PostgreSQL");
    return { stopped: medusa || pg };
  } finally {
    release();
  }
}

export async function sandboxStatus(opts: SandboxOptions = {}): Promise<{ running: boolean; url?: string; pid?: number }> {
  const r = resolveOptions(opts);
  const state = existsSync(r.paths.state) ? loadState(r.paths) : undefined;
  const { port } = effectivePorts({ port: undefined, dbPort: undefined }, state);
  const pid = await runningPid(r.paths, port);
  return pid === undefined ? { running: false } : { running: true, url: sandboxUrl(port), pid };
}

/** The Medusa server log (`<sandbox>/logs/medusa.log`). */
export function sandboxLogPath(opts: SandboxOptions = {}): string {
  const r = resolveOptions(opts);
  return r.paths.medusaLog;
}

/** Stop everything and remove the sandbox folder; `jobs/` beside it is kept. */
export async function sandboxDestroy(opts: SandboxOptions = {}): Promise<void> {
  const r = resolveOptions(opts);
  if (!existsSync(r.paths.sandbox)) return;
  await sandboxDown(opts);
  const rel = relative(r.paths.root, r.paths.sandbox);
  if (rel !== "sandbox") throw new Error(`refusing to remove ${r.paths.sandbox}: not the sandbox folder of ${r.paths.root}`);
  r.log(`removing ${r.paths.sandbox}…`);
  rmSync(r.paths.sandbox, { recursive: true, force: true });
}

async function withUmask<T>(fn: () => Promise<T>): Promise<T> {
  // As root the `postgres` user must read the installed binaries and the data
  // folder's parents: create everything world-readable.
  const previous = process.umask(0o022);
  try {
    return await fn();
  } finally {
    process.umask(previous);
  }
}

async function upInternal(r: ResolvedOptions, o: { reset: boolean }): Promise<SandboxInfo> {
  throwIfAborted(r.signal);
  const existing = existsSync(r.paths.state) ? loadState(r.paths) : undefined;
  const { port, dbPort } = effectivePorts(r, existing);

  // Fast path: already running and healthy.
  if (!o.reset && existing) {
    const pid = await runningPid(r.paths, existing.port);
    if (pid !== undefined) {
      if (existing.port !== port) {
        throw new Error(`the sandbox is already running on port ${existing.port}; run \`medusactl sandbox down\` before changing the port to ${port}`);
      }
      if (existing.publishableKey && existing.secretKey) {
        return info(r, existing, existing.port, existing.dbPort, pid, false);
      }
    }
  }

  ensureLayout(r);
  const release = acquireLock(r.paths);
  try {
    let state = existing ?? loadState(r.paths);
    if (!state) {
      state = newState(port, dbPort);
      await saveState(r.paths, state);
    }
    const external = r.databaseUrl;
    if (external && state.externalDatabaseUrl !== external) state.externalDatabaseUrl = external;

    // Medusa already running (but maybe unhealthy or we are resetting): stop it first.
    const oldPid = readPid(r.paths.pidFile);
    if (oldPid !== undefined && isOurMedusa(oldPid, r.paths)) {
      if (o.reset || state.port !== port || !(await healthyWhileAlive(oldPid, state.port))) {
        r.log("stopping the running Medusa…");
        await stopMedusa(r.paths);
      }
    } else if (oldPid !== undefined) {
      rmSync(r.paths.pidFile, { force: true });
    }
    if (state.dbPort !== dbPort && !state.externalDatabaseUrl) {
      // The embedded server is started with the port on its command line: restart it on the new one.
      await stopEmbedded(r);
    }
    state.port = port;
    state.dbPort = dbPort;
    await saveState(r.paths, state);

    const running = await runningPid(r.paths, port);
    if (running === undefined && (await portInUse(port))) {
      throw new Error(
        `port ${port} on ${DEFAULT_HOST} is already in use by another program (not this sandbox); ` +
          `stop it or choose another port with --port`,
      );
    }

    const sourceHash = await syncSources(r);
    await ensureInstalled(r);
    throwIfAborted(r.signal);

    const db = dbTarget(r, state, dbPort);
    if (db.embedded) await startEmbedded(r, state, dbPort);
    throwIfAborted(r.signal);

    const owned = new Set(state.ownedDatabases ?? []);
    // A sandbox from before this record was kept: the database it already migrated is its own.
    if (!state.ownedDatabases && state.stamps?.migrated && state.externalDatabaseUrl === db.url) owned.add(db.key);
    const foreign = !db.embedded && !owned.has(db.key);
    if (o.reset) {
      if (foreign) throw new Error(`refusing to reset ${redactDatabaseUrl(db.url)}: this sandbox did not create that database (give --database-url of the one it created, or reset it yourself)`);
      await dropDatabase(r, db);
      state.stamps = {};
      delete state.publishableKey;
      delete state.secretKey;
      delete state.secretKeyId;
      await saveState(r.paths, state);
    }
    const made = await ensureDatabase(r, db);
    if (made === "created" || db.embedded) owned.add(db.key);
    else if (foreign) {
      // An existing database that is not ours: taken only when empty, so nobody's data is migrated over or later dropped.
      const tables = await countTables(r, db);
      if (tables > 0) {
        throw new Error(
          `refusing to use ${redactDatabaseUrl(db.url)}: it already holds ${tables} table${tables === 1 ? "" : "s"} and this sandbox did not create it; ` +
            "give the URL of an empty or new database (medusactl creates it when the user may)",
        );
      }
      owned.add(db.key);
    }
    if (owned.size !== (state.ownedDatabases?.length ?? 0)) {
      state.ownedDatabases = [...owned];
      await saveState(r.paths, state);
    }
    await migrate(r, state, db, port);
    throwIfAborted(r.signal);
    await seed(r, state, db, port, sourceHash);
    throwIfAborted(r.signal);

    let pid = await runningPid(r.paths, port);
    let started = false;
    if (pid === undefined) {
      pid = await startMedusa(r, state, db, port);
      started = true;
    }
    r.log(`sandbox ready at ${sandboxUrl(port)}`);
    return info(r, state, port, dbPort, pid, started);
  } finally {
    release();
  }
}
