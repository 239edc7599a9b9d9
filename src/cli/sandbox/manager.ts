/**
 * Lifecycle of the local Medusa sandbox (CONTRACT §8): install the `sandbox/`
 * package into the data folder, run an embedded PostgreSQL detached with its
 * bundled pg_ctl, migrate, seed, and run `medusa start` detached: one process
 * (topology `single`), or a server and a worker on Redis with files on an S3
 * server (topology `production`).
 *
 * Node builtins only. Errors are thrown (never process.exit); no secret is put
 * on a command line (they travel through the environment, stdin or the 0600
 * state file).
 */
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

import { formatBytes } from "../../shared/format.js";
import { ensureInstalled, sourcesHash, syncSources } from "./install.js";
import { runningPid } from "./medusa-process.js";
import { migrate, seed, seedEnv, seedNeeded } from "./migrate-and-seed.js";
import {
  effectivePorts,
  resolveOptions,
  sandboxUrl,
  type ResolvedOptions,
  type SandboxOptions,
  redactDatabaseUrl,
} from "./paths.js";
import { databaseContents, describeContents, dbTarget, dropDatabase, embeddedPid, ensureDatabase, startEmbedded, stopEmbedded } from "./postgres.js";
import { errorMessage, portInUse, throwIfAborted } from "./processes.js";
import { SEEDED_SNAPSHOT, snapshotDir, totalSize } from "./snapshot-meta.js";
import { dropExternalSnapshots, forgetSandboxOrderIndex, restoreSnapshotLocked, saveSnapshotLocked, snapshotContext, snapshotMeta, snapshotRefusal } from "./snapshots.js";
import { assertRedisAvailable } from "./redis.js";
import {
  allAnswering,
  assertPortsFree,
  processStatuses,
  startMedusaAll,
  startRedisServer,
  startS3Server,
  stopMedusaAll,
  stopStaleMedusa,
  stopSupport,
  type ProcessStatus,
} from "./services.js";
import { acquireLock, ensureDir, ensureLayout, loadState, newState, s3Credentials, saveState, type SandboxState } from "./state.js";
import { assertPortsFit, DEFAULT_TOPOLOGY, effectiveTopology, topologyPorts, type ProcessName, type Topology } from "./topology.js";

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
  topology: Topology;
  /** The server's pid. */
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
    topology: state.topology ?? DEFAULT_TOPOLOGY,
    pid,
    started,
  };
}

/** Start (or find running) the sandbox: install, database, migrate, seed, `medusa start`. Idempotent. */
export async function sandboxUp(opts: SandboxOptions = {}): Promise<SandboxInfo> {
  const r = resolveOptions(opts);
  return withUmask(() => upInternal(r, { reset: false }));
}

/**
 * Put the sandbox back to its seeded state and leave it running: by restoring the `seeded` snapshot
 * (seconds) when there is one that fits, else by dropping the database, migrating and seeding again
 * (which then saves that snapshot for the next reset).
 */
export async function sandboxReset(opts: SandboxOptions = {}): Promise<SandboxInfo> {
  const r = resolveOptions(opts);
  const info = await withUmask(async () => (await resetFromSnapshot(r)) ?? upInternal(r, { reset: true }));
  await forgetSandboxOrderIndex(r);
  return info;
}

/** The fast reset: restores the `seeded` snapshot, or says (undefined) that the full reset must run. */
async function resetFromSnapshot(r: ResolvedOptions): Promise<SandboxInfo | undefined> {
  throwIfAborted(r.signal);
  const state = existsSync(r.paths.state) ? loadState(r.paths) : undefined;
  if (!state) return undefined;
  const { port, dbPort } = effectivePorts(r, state);
  const topology = effectiveTopology(r.topology, state.topology);
  // A reset that also changes the sandbox's shape (ports, topology, database, sources) takes the full path.
  if (port !== state.port || dbPort !== state.dbPort || topology !== (state.topology ?? DEFAULT_TOPOLOGY)) return undefined;
  if (r.databaseUrl !== undefined && r.databaseUrl !== state.externalDatabaseUrl) return undefined;
  if (state.sources !== undefined && state.sources !== sourcesHash(r)) return undefined;
  if (!existsSync(join(snapshotDir(r.paths, SEEDED_SNAPSHOT), "snapshot.json"))) {
    r.log(`no "${SEEDED_SNAPSHOT}" snapshot yet: dropping the database and seeding again (this saves one, so the next reset takes seconds)…`);
    return undefined;
  }
  const ctx = snapshotContext(r, state);
  let refusal: string | undefined;
  try {
    refusal = snapshotRefusal(ctx, snapshotMeta(r, SEEDED_SNAPSHOT));
  } catch (err) {
    refusal = errorMessage(err);
  }
  if (refusal) {
    r.log(`the "${SEEDED_SNAPSHOT}" snapshot cannot be used (${refusal}): dropping the database and seeding again…`);
    return undefined;
  }
  ensureLayout(r);
  const release = acquireLock(r.paths);
  try {
    r.log(`restoring the "${SEEDED_SNAPSHOT}" snapshot…`);
    await restoreSnapshotLocked(ctx, SEEDED_SNAPSHOT);
  } finally {
    release();
  }
  // Whatever of the sandbox was not running starts now; the database is the seeded one, so nothing is migrated or seeded.
  return upInternal(r, { reset: false });
}

/** Stop what `up` started: the Medusa process group, then the embedded PostgreSQL. Idempotent. */
export async function sandboxDown(opts: SandboxOptions = {}): Promise<{ stopped: boolean }> {
  const r = resolveOptions(opts);
  if (!existsSync(r.paths.sandbox)) return { stopped: false };
  ensureDir(r.paths.run, 0o700);
  const release = acquireLock(r.paths);
  try {
    // Whatever topology is recorded: a process an earlier topology left behind goes too.
    const medusa = await stopMedusaAll(r.paths);
    for (const role of medusa) r.log(role === "worker" ? "stopped the Medusa worker" : "stopped Medusa");
    const support = await stopSupport(r.paths);
    for (const name of support) r.log(name === "redis" ? "stopped Redis" : "stopped the S3 server");
    // The embedded server may have been started by an earlier `up` even when an external URL is used now.
    const pg = await stopEmbedded(r);
    if (pg) r.log("stopped PostgreSQL");
    return { stopped: medusa.length > 0 || support.length > 0 || pg };
  } finally {
    release();
  }
}

export interface SandboxStatus {
  /** Every process of the recorded topology runs and answers. */
  running: boolean;
  url?: string;
  /** The server's pid. */
  pid?: number;
  topology: Topology;
  processes: ProcessStatus[];
}

export async function sandboxStatus(opts: SandboxOptions = {}): Promise<SandboxStatus> {
  const r = resolveOptions(opts);
  const state = existsSync(r.paths.state) ? loadState(r.paths) : undefined;
  const topology = state?.topology ?? DEFAULT_TOPOLOGY;
  if (!state) return { running: false, topology, processes: [] };
  const processes = await processStatuses(r, state, topology);
  const server = processes.find((p) => p.name === "server");
  const running = processes.every((p) => p.running);
  return { running, url: server?.running ? sandboxUrl(state.port) : undefined, pid: server?.pid, topology, processes };
}

/** The log of one process of the sandbox (default: the Medusa server's, `<sandbox>/logs/medusa.log`). */
export function sandboxLogPath(opts: SandboxOptions = {}, process: ProcessName = "server"): string {
  const p = resolveOptions(opts).paths;
  const logs: Record<ProcessName, string> = { server: p.medusaLog, worker: p.workerLog, redis: p.redisLog, s3: p.s3Log, postgres: p.pgLog };
  return logs[process];
}

/** Stop everything and remove the sandbox folder; `jobs/` beside it is kept. */
export async function sandboxDestroy(opts: SandboxOptions = {}): Promise<void> {
  const r = resolveOptions(opts);
  if (!existsSync(r.paths.sandbox)) return;
  await sandboxDown(opts);
  const rel = relative(r.paths.root, r.paths.sandbox);
  if (rel !== "sandbox") throw new Error(`refusing to remove ${r.paths.sandbox}: not the sandbox folder of ${r.paths.root}`);
  // Snapshot databases on an external server do not go with the folder.
  await dropExternalSnapshots(r);
  r.log(`removing ${r.paths.sandbox}…`);
  rmSync(r.paths.sandbox, { recursive: true, force: true });
}

/** The snapshot `reset` restores; a sandbox whose database cannot be copied (see snapshots.ts) just goes without. */
async function saveSeededSnapshot(r: ResolvedOptions, state: SandboxState): Promise<void> {
  try {
    const started = Date.now();
    const meta = await saveSnapshotLocked(snapshotContext(r, state), SEEDED_SNAPSHOT, { replace: true });
    r.log(`saved the "${SEEDED_SNAPSHOT}" snapshot (${formatBytes(totalSize(meta))}) in ${((Date.now() - started) / 1000).toFixed(1)} s: \`medusactl sandbox reset\` restores it`);
  } catch (err) {
    r.log(`warning: no "${SEEDED_SNAPSHOT}" snapshot saved, so \`medusactl sandbox reset\` drops the database and seeds again: ${errorMessage(err)}`);
  }
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
  const topology = effectiveTopology(r.topology, existing?.topology);
  assertPortsFit(topology, port);
  if (topology === "production") assertRedisAvailable(r);
  const ports = topologyPorts(port);

  // Sources shipped by a newer (or older) medusactl than the one that started Medusa: its
  // subscribers, config and seed are stale, so Medusa restarts on them and the seed runs again.
  const sources = existing ? sourcesHash(r) : undefined;
  const sourcesChanged = existing !== undefined && existing.sources !== sources;
  // Fast path: already running and healthy in the wanted topology, on the sources it was started from.
  if (!o.reset && existing && !sourcesChanged) {
    const pid = await runningPid(r.paths, existing.port);
    if (pid !== undefined) {
      if (existing.port !== port) {
        throw new Error(`the sandbox is already running on port ${existing.port}; run \`medusactl sandbox down\` before changing the port to ${port}`);
      }
      const same = (existing.topology ?? DEFAULT_TOPOLOGY) === topology;
      // Medusa answers /health without its database: an embedded PostgreSQL that stopped is started again below.
      const dbUp = !dbTarget(r, existing, dbPort).embedded || embeddedPid(r.paths) !== undefined;
      if (same && dbUp && existing.publishableKey && existing.secretKey && (await allAnswering(r, topology, ports))) {
        return info(r, existing, existing.port, existing.dbPort, pid, false);
      }
    }
  }

  ensureLayout(r);
  const release = acquireLock(r.paths);
  try {
    let state = existing ?? loadState(r.paths);
    if (!state) {
      state = { ...newState(port, dbPort), topology };
      await saveState(r.paths, state);
    }
    // A reset of a database this sandbox did not create is refused before anything is stopped or
    // rewritten: a refused reset changes nothing.
    if (o.reset) {
      const target = dbTarget(r, state, dbPort);
      const legacy = !state.ownedDatabases && state.stamps?.migrated && state.externalDatabaseUrl === target.url;
      if (!target.embedded && !(state.ownedDatabases ?? []).includes(target.key) && !legacy) {
        throw new Error(`refusing to reset ${redactDatabaseUrl(target.url)}: this sandbox did not create that database (give --database-url of the one it created, or reset it yourself)`);
      }
    }
    const external = r.databaseUrl;
    if (external && state.externalDatabaseUrl !== external) state.externalDatabaseUrl = external;

    // Medusa processes that cannot stay (reset, topology or port change, not answering) stop first.
    const recorded = { port: state.port, topology: state.topology ?? DEFAULT_TOPOLOGY };
    if (sourcesChanged && existing?.sources !== undefined) r.log("the sandbox sources changed (medusactl was updated): restarting Medusa on them…");
    await stopStaleMedusa(r, recorded, { port, topology }, o.reset || sourcesChanged);
    // Redis keeps nothing on disk, so restarting it on a reset drops jobs and events of the old database.
    if (o.reset || topology === "single" || recorded.port !== port) {
      for (const name of await stopSupport(r.paths)) r.log(name === "redis" ? "stopped Redis" : "stopped the S3 server");
    }
    if (recorded.topology !== topology) r.log(`switching the sandbox from the ${recorded.topology} to the ${topology} topology (the database is kept)…`);
    if (state.dbPort !== dbPort && !state.externalDatabaseUrl) {
      // The embedded server is started with the port on its command line: restart it on the new one.
      await stopEmbedded(r);
    }
    state.port = port;
    state.dbPort = dbPort;
    state.topology = topology;
    if (topology === "production") s3Credentials(state);
    await saveState(r.paths, state);

    await assertPortsFree(r, topology, ports);
    // The embedded database's port too, before the minute-long install rather than after it.
    if (dbTarget(r, state, dbPort).embedded && embeddedPid(r.paths) === undefined && (await portInUse(dbPort))) {
      throw new Error(`port ${dbPort} (the embedded database's) on 127.0.0.1 is already in use by another program (not this sandbox); stop it or choose another port with --db-port`);
    }

    // Redis (and its apt-get install on a new machine) does not need the npm install: overlap them.
    const redis = topology === "production" ? startRedisServer(r, ports) : undefined;
    redis?.catch(() => {}); // awaited below; only unhandled if the install fails first
    const sourceHash = await syncSources(r);
    await ensureInstalled(r);
    throwIfAborted(r.signal);

    const db = dbTarget(r, state, dbPort);
    await Promise.all([db.embedded ? startEmbedded(r, state, dbPort) : undefined, topology === "production" ? startS3Server(r, state, ports) : undefined, redis]);
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
    // Only a seed into an empty database is what `reset` should return to (see below).
    let empty = made === "created";
    if (made === "created" || db.embedded) owned.add(db.key);
    else if (foreign) {
      // An existing database that is not ours: taken only when empty, so nobody's data is migrated over or later dropped.
      const held = describeContents(await databaseContents(r, db));
      if (held) {
        throw new Error(
          `refusing to use ${redactDatabaseUrl(db.url)}: it already holds ${held} and this sandbox did not create it; ` +
            "give the URL of an empty or new database (medusactl creates it when the user may)",
        );
      }
      owned.add(db.key);
      empty = true;
    }
    if (owned.size !== (state.ownedDatabases?.length ?? 0)) {
      state.ownedDatabases = [...owned];
      await saveState(r.paths, state);
    }
    const migrated = await migrate(r, state, db, port);
    throwIfAborted(r.signal);
    // The seed runs in the server this run starts, which lets it in with a token of this start
    // only: one application boot fewer than a `medusa exec` before the start. (Booting the server
    // beside `medusa exec` was tried: on 2 cores the seed then took 10 s longer than that saved.)
    const seedToken = seedNeeded(r, state, db, port, sourceHash) ? randomBytes(24).toString("hex") : undefined;
    const { pid, started } = await startMedusaAll(r, state, db, topology, port, seedToken ? { ...seedEnv(r), MEDUSACTL_SEED_TOKEN: seedToken } : undefined, { serverFirst: migrated });
    throwIfAborted(r.signal);
    const seeded = await seed(r, state, db, port, sourceHash, seedToken ? { port, token: seedToken } : undefined);
    throwIfAborted(r.signal);
    state.sources = sourceHash;
    await saveState(r.paths, state);
    // Taken once Medusa runs, so that Redis holds what the running processes registered at start-up.
    // A seed run again over data already there (an update of the sandbox's seed) is not a seeded
    // state: the old snapshot, from another seed, no longer fits, and `reset` makes a clean one.
    if (seeded && empty) await saveSeededSnapshot(r, state);
    else if (seeded) r.log(`seeded again over the data already there; \`medusactl sandbox reset\` starts from an empty database once and saves a new "${SEEDED_SNAPSHOT}" snapshot`);
    r.log(`sandbox ready at ${sandboxUrl(port)}${topology === "production" ? " (production topology: server, worker, Redis, S3)" : ""}`);
    return info(r, state, port, dbPort, pid, started);
  } finally {
    release();
  }
}
