/**
 * Sandbox snapshots (`medusactl sandbox snapshot save|restore|list|rm`, and the fast `reset`): the
 * database as a PostgreSQL template copy in the same server, the uploaded files (the local file
 * module's folder, or the S3 server's storage), and on the production topology Redis's keys
 * (DUMP/RESTORE). Medusa keeps running: a restore swaps the database under it (its pool reconnects)
 * and puts Redis back as it was, so the next request already sees the restored state.
 *
 * A snapshot's record (snapshot.json) says which Medusa, seed, topology and database it was taken
 * from; a restore into a sandbox that differs in any of them is refused before anything changes.
 */
import { copyFileSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { UsageError } from "../../term/errors.js";
import { type ResolvedOptions, sandboxUrl } from "./paths.js";
import { dbTarget, embeddedPid, pgConnect, quoteIdent, startEmbedded, stopEmbedded, type DbTarget, type PgClient } from "./postgres.js";
import { errorMessage } from "./processes.js";
import { RedisConnection, RespError, type RespValue } from "./redis-client.js";
import { redisPid } from "./redis.js";
import {
  medusaVersionFromLock,
  parseSnapshotMeta,
  snapshotDatabaseProblem,
  restoreRefusal,
  scratchDatabaseName,
  seedIdentity,
  snapshotDatabaseName,
  snapshotDir,
  snapshotNameProblem,
  snapshotsRoot,
  type SnapshotListing,
  type SnapshotMeta,
} from "./snapshot-meta.js";
import { acquireLock, ensureDir, loadState, saveState, type SandboxState } from "./state.js";
import { DEFAULT_TOPOLOGY, LOOPBACK, topologyPorts, type Topology } from "./topology.js";

const META_FILE = "snapshot.json";
const FILES_DIR = "files";
const REDIS_FILE = "redis.jsonl";

/** Everything a snapshot operation needs to know about the sandbox as it is now. */
export interface SnapshotContext {
  r: ResolvedOptions;
  state: SandboxState;
  db: DbTarget;
  topology: Topology;
  redisPort: number;
}

export function snapshotContext(r: ResolvedOptions, state: SandboxState): SnapshotContext {
  const topology = state.topology ?? DEFAULT_TOPOLOGY;
  return { r, state, db: dbTarget(r, state, state.dbPort), topology, redisPort: topologyPorts(state.port).redis };
}

export function assertSnapshotName(name: string): void {
  const problem = snapshotNameProblem(name);
  if (problem) throw new UsageError(`invalid snapshot name ${JSON.stringify(name)}: ${problem}`);
}

/** The `@medusajs/medusa` version installed in the sandbox (else the one its lock file pins). */
export function installedMedusaVersion(r: ResolvedOptions): string {
  try {
    const v = (JSON.parse(readFileSync(join(r.paths.app, "node_modules", "@medusajs", "medusa", "package.json"), "utf8")) as { version?: unknown }).version;
    if (typeof v === "string") return v;
  } catch {
    // not installed: the lock file says what will be
  }
  try {
    const v = medusaVersionFromLock(readFileSync(join(r.paths.app, "package-lock.json"), "utf8"));
    if (v) return v;
  } catch {
    // fall through
  }
  throw new Error(`cannot tell which Medusa the sandbox runs (no ${join(r.paths.app, "node_modules/@medusajs/medusa")}); run \`medusactl sandbox up\` first`);
}

/** The folder Medusa's uploads live in: the local file module's, or the S3 server's storage. */
function uploadsDir(ctx: SnapshotContext): string {
  return ctx.topology === "production" ? ctx.r.paths.s3Dir : join(ctx.r.paths.app, "static");
}

function readMeta(dir: string): SnapshotMeta {
  const file = join(dir, META_FILE);
  return parseSnapshotMeta(readFileSync(file, "utf8"), file);
}

/** Why the record of snapshot `folder` may not be acted on (its database is not this sandbox's), or undefined. */
function recordProblem(ctx: SnapshotContext, meta: SnapshotMeta, folder: string): string | undefined {
  return snapshotDatabaseProblem(meta, folder, ctx.r.paths.sandbox, ctx.db.key, ctx.state.snapshotDatabases);
}

/** Adds or removes a snapshot database in the sandbox's registry (state.json). */
async function register(ctx: SnapshotContext, database: string, present: boolean): Promise<void> {
  // A sandbox from before the registry starts it with the snapshots whose records pass the name rule.
  const now = new Set(
    ctx.state.snapshotDatabases ??
      listSnapshotsIn(ctx.r).flatMap((s) => (s.meta && s.name !== database && !snapshotDatabaseProblem(s.meta, s.name, ctx.r.paths.sandbox, ctx.db.key, undefined) ? [s.meta.database] : [])),
  );
  if (present) now.add(database);
  else now.delete(database);
  ctx.state.snapshotDatabases = [...now].sort();
  await saveState(ctx.r.paths, ctx.state);
}

function dirSize(path: string): number {
  if (!existsSync(path)) return 0;
  const st = lstatSync(path);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const entry of readdirSync(path)) total += dirSize(join(path, entry));
  return total;
}

function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * A connection to the server's maintenance database with the rights a template copy needs: create
 * databases, and own (so drop and rename) the sandbox's. Embedded: the sandbox's own superuser.
 * Else a refusal (exit 2) that says what is missing.
 */
async function maintenanceConnection(ctx: SnapshotContext): Promise<PgClient> {
  const { r, db } = ctx;
  if (!db.embedded && !(ctx.state.ownedDatabases ?? []).includes(db.key)) {
    throw new UsageError(`snapshots need a database the sandbox created, and it did not create ${db.database}`);
  }
  let client: PgClient;
  try {
    client = await pgConnect(r, db, db.database === "postgres" ? "template1" : "postgres");
  } catch (err) {
    if (db.embedded) throw err;
    throw new UsageError(
      `snapshots of the external database ${db.database} need a connection to the server's "postgres" database, which failed: ${errorMessage(err)}`,
      "snapshots work with the embedded database (the default), or a server where the sandbox's user has CREATEDB and owns its database",
    );
  }
  if (db.embedded) return client;
  try {
    const res = await client.query(
      `SELECT r.rolsuper AS super, r.rolcreatedb AS createdb, pg_has_role(current_user, d.datdba, 'USAGE') AS owner
         FROM pg_roles r LEFT JOIN pg_database d ON d.datname = $1 WHERE r.rolname = current_user`,
      [db.database],
    );
    const row = res.rows[0] as { super?: boolean; createdb?: boolean; owner?: boolean } | undefined;
    const missing: string[] = [];
    if (!row?.super && !row?.createdb) missing.push("the CREATEDB right");
    if (!row?.super && !row?.owner) missing.push(`ownership of ${db.database}`);
    if (missing.length) {
      throw new UsageError(
        `snapshots copy the database with CREATE DATABASE … TEMPLATE, and the user ${db.user || "(default)"} lacks ${missing.join(" and ")} on the external server`,
        "use the embedded database (the default), or grant it: ALTER ROLE <user> CREATEDB",
      );
    }
    return client;
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
}

async function databaseExists(client: PgClient, name: string): Promise<boolean> {
  return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rows.length > 0;
}

async function dropIfExists(client: PgClient, name: string): Promise<void> {
  await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

/**
 * How CREATE DATABASE copies. FILE_COPY copies the files and checkpoints before and after, which
 * costs next to nothing without fsync (the embedded server runs so) and beats WAL_LOG, which
 * writes every page through the buffer pool and the WAL (22 MB seeded: 0.7–1.6 s against 1.0–2.2 s
 * on 2 busy cores). With fsync on (an external server) those checkpoints wait for the disk: WAL_LOG.
 */
async function copyStrategy(client: PgClient): Promise<"FILE_COPY" | "WAL_LOG"> {
  const res = await client.query("SELECT current_setting('fsync') AS fsync");
  return res.rows[0]?.fsync === "off" ? "FILE_COPY" : "WAL_LOG";
}

/** Ends every other session on `database` (the CREATE, RENAME or DROP after it waits up to 5 s for them to exit). */
async function endSessions(client: PgClient, database: string): Promise<void> {
  await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database]);
}

/**
 * Copies the live database into `target` as a template copy. PostgreSQL copies only a database no
 * one is connected to, so new connections are refused for the moment the copy takes (Medusa's
 * requests in that moment fail; its pool reconnects afterwards).
 */
async function copyLiveDatabase(client: PgClient, live: string, target: string): Promise<void> {
  const q = quoteIdent(live);
  await client.query(`ALTER DATABASE ${q} ALLOW_CONNECTIONS false`);
  try {
    await endSessions(client, live);
    await client.query(`CREATE DATABASE ${quoteIdent(target)} TEMPLATE ${q} STRATEGY ${await copyStrategy(client)}`);
  } finally {
    await client.query(`ALTER DATABASE ${q} ALLOW_CONNECTIONS true`).catch(() => {});
  }
  // Nobody connects to a snapshot by accident: that would block the next restore's copy.
  await client.query(`ALTER DATABASE ${quoteIdent(target)} ALLOW_CONNECTIONS false`);
}

/** Runs `fn` with the database server up: the embedded one is started for it when it was stopped, and stopped again after. */
async function withDatabase<T>(ctx: SnapshotContext, fn: () => Promise<T>): Promise<T> {
  const started = ctx.db.embedded && embeddedPid(ctx.r.paths) === undefined;
  if (started) await startEmbedded(ctx.r, ctx.state, ctx.state.dbPort);
  try {
    return await fn();
  } finally {
    if (started) await stopEmbedded(ctx.r).catch(() => {});
  }
}

function redisRunning(ctx: SnapshotContext): boolean {
  return ctx.topology === "production" && redisPid(ctx.r.paths) !== undefined;
}

/** Every key with its DUMP and remaining time to live, as JSON lines; returns the count and bytes. */
async function dumpRedis(port: number, file: string): Promise<{ keys: number; bytes: number }> {
  const conn = await RedisConnection.open(port, LOOPBACK);
  try {
    const keys: Buffer[] = [];
    let cursor = "0";
    do {
      const reply = (await conn.call(["SCAN", cursor, "COUNT", 1000])) as [Buffer, Buffer[]];
      cursor = reply[0].toString();
      keys.push(...reply[1]);
    } while (cursor !== "0");
    const replies = await Promise.all(keys.flatMap((k) => [conn.send(["DUMP", k]), conn.send(["PTTL", k])]));
    const lines: string[] = [];
    let bytes = 0;
    keys.forEach((k, i) => {
      const dump = replies[2 * i] as RespValue;
      const ttl = replies[2 * i + 1] as RespValue;
      // A key that expired between SCAN and DUMP is simply not there.
      if (!Buffer.isBuffer(dump) || typeof ttl !== "number" || ttl === -2) return;
      bytes += k.length + dump.length;
      lines.push(JSON.stringify({ k: k.toString("base64"), t: ttl > 0 ? ttl : 0, v: dump.toString("base64") }));
    });
    writeFileSync(file, lines.join("\n") + (lines.length ? "\n" : ""), { mode: 0o600 });
    return { keys: lines.length, bytes };
  } finally {
    conn.close();
  }
}

/** Empties Redis and puts the snapshot's keys back. */
async function restoreRedis(port: number, file: string): Promise<void> {
  const conn = await RedisConnection.open(port, LOOPBACK);
  try {
    const text = existsSync(file) ? readFileSync(file, "utf8") : "";
    const entries = text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { k: string; t: number; v: string });
    await conn.call(["FLUSHALL"]);
    const replies = await Promise.all(entries.map((e) => conn.send(["RESTORE", Buffer.from(e.k, "base64"), e.t, Buffer.from(e.v, "base64"), "REPLACE"])));
    const failed = replies.find((v): v is RespError => v instanceof RespError);
    if (failed) throw new Error(`restoring Redis's keys failed: ${failed.message}`);
  } finally {
    conn.close();
  }
}

/**
 * Makes `target` hold exactly what `source` holds: files missing from the source go, files that
 * are new or differ (size or modification time; copies keep the source's) are copied. After a test
 * run only the few uploads it made differ, so this is much quicker than copying everything back.
 * Files are copied, never hard-linked: the S3 server rewrites an object in place.
 */
export function syncDir(source: string, target: string): void {
  if (!existsSync(source)) {
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true, mode: 0o755 });
    return;
  }
  mkdirSync(target, { recursive: true, mode: 0o755 });
  const wanted = new Map(readdirSync(source, { withFileTypes: true }).map((e) => [e.name, e]));
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    const want = wanted.get(entry.name);
    const path = join(target, entry.name);
    if (!want || want.isDirectory() !== entry.isDirectory() || (!entry.isDirectory() && !entry.isFile())) rmSync(path, { recursive: true, force: true });
  }
  for (const [name, entry] of wanted) {
    const from = join(source, name);
    const to = join(target, name);
    if (entry.isDirectory()) {
      syncDir(from, to);
      continue;
    }
    if (!entry.isFile()) continue;
    const a = statSync(from);
    const b = existsSync(to) ? statSync(to) : undefined;
    if (b && b.size === a.size && Math.trunc(b.mtimeMs) === Math.trunc(a.mtimeMs)) continue;
    copyFileSync(from, to);
    utimesSync(to, a.atime, a.mtime);
  }
}

function currentSeed(ctx: SnapshotContext): string {
  const seed = seedIdentity(ctx.state);
  if (!seed) throw new UsageError("the sandbox has not been seeded yet, so there is nothing to snapshot", "run `medusactl sandbox up` first");
  return seed;
}

/** Saves the sandbox's database, uploads and Redis as snapshot `name`; `replace` overwrites one of that name. */
export async function saveSnapshotLocked(ctx: SnapshotContext, name: string, o: { replace: boolean }): Promise<SnapshotMeta> {
  assertSnapshotName(name);
  const { r, db } = ctx;
  const seed = currentSeed(ctx);
  const medusaVersion = installedMedusaVersion(r);
  const dir = snapshotDir(r.paths, name);
  if (existsSync(dir) && !o.replace) throw new UsageError(`a snapshot named "${name}" already exists`, "give --force to replace it, or choose another name");
  ensureDir(snapshotsRoot(r.paths), 0o700);
  const database = snapshotDatabaseName(r.paths.sandbox, db.key, name);
  const fresh = scratchDatabaseName(r.paths.sandbox, db.key, "new", name);
  const tmp = join(snapshotsRoot(r.paths), `.new-${name}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { mode: 0o700 });
  return withDatabase(ctx, async () => {
    const client = await maintenanceConnection(ctx);
    try {
      if (!(await databaseExists(client, db.database))) throw new Error(`the sandbox's database ${db.database} does not exist; run \`medusactl sandbox up\``);
      await dropIfExists(client, fresh);
      r.log(`copying database ${db.database}…`);
      await copyLiveDatabase(client, db.database, fresh);
      const uploads = uploadsDir(ctx);
      if (existsSync(uploads)) cpSync(uploads, join(tmp, FILES_DIR), { recursive: true, preserveTimestamps: true });
      let redis = { keys: 0, bytes: 0 };
      if (redisRunning(ctx)) redis = await dumpRedis(ctx.redisPort, join(tmp, REDIS_FILE));
      const size = Number((await client.query("SELECT pg_database_size($1)::bigint AS s", [fresh])).rows[0]!.s);
      const meta: SnapshotMeta = {
        version: 1,
        name,
        createdAt: new Date().toISOString(),
        medusaVersion,
        seed,
        topology: ctx.topology,
        databaseKey: db.key,
        database,
        size: { database: size, files: dirSize(join(tmp, FILES_DIR)), redis: redis.bytes },
        ...(ctx.topology === "production" ? { redisKeys: redis.keys } : {}),
      };
      writeFileSync(join(tmp, META_FILE), JSON.stringify(meta, null, 2) + "\n", { mode: 0o644 });
      // Swap in: the old snapshot of that name (if any) goes only once the new one is complete.
      await dropIfExists(client, database);
      await client.query(`ALTER DATABASE ${quoteIdent(fresh)} RENAME TO ${quoteIdent(database)}`);
      await register(ctx, database, true);
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
      return meta;
    } catch (err) {
      await dropIfExists(client, fresh).catch(() => {});
      throw err;
    } finally {
      rmSync(tmp, { recursive: true, force: true });
      await client.end().catch(() => {});
    }
  });
}

/** The snapshot's record, or a refusal (exit 2) when there is none of that name. */
export function snapshotMeta(r: ResolvedOptions, name: string): SnapshotMeta {
  assertSnapshotName(name);
  const dir = snapshotDir(r.paths, name);
  if (!existsSync(join(dir, META_FILE))) throw new UsageError(`no snapshot named "${name}"`, "see `medusactl sandbox snapshot list`");
  return readMeta(dir);
}

/** Why the snapshot cannot be restored into the sandbox as it is now, or undefined. */
export function snapshotRefusal(ctx: SnapshotContext, meta: SnapshotMeta): string | undefined {
  const seed = seedIdentity(ctx.state);
  return restoreRefusal(meta, { medusaVersion: installedMedusaVersion(ctx.r), seed: seed ?? "(not seeded)", topology: ctx.topology, databaseKey: ctx.db.key });
}

/**
 * Puts the sandbox back to snapshot `name`. The copy is made beside the live database first; the
 * live one is then swapped out in one short step (its sessions ended, renamed away, the copy
 * renamed in) and dropped last, so Medusa is without a database for milliseconds, not seconds.
 */
export async function restoreSnapshotLocked(ctx: SnapshotContext, name: string): Promise<SnapshotMeta> {
  const { r, db } = ctx;
  const meta = snapshotMeta(r, name);
  const untrusted = recordProblem(ctx, meta, name);
  if (untrusted) throw new UsageError(`refusing to restore snapshot "${name}": ${untrusted}; nothing was copied`, `remove it with \`medusactl sandbox snapshot rm ${name}\` (no database is dropped for such a record)`);
  const refusal = snapshotRefusal(ctx, meta);
  if (refusal) throw new UsageError(`refusing to restore: ${refusal}`, "take a new snapshot of the sandbox as it is now, or `medusactl sandbox reset`");
  const dir = snapshotDir(r.paths, name);
  return withDatabase(ctx, async () => {
    const client = await maintenanceConnection(ctx);
    try {
      if (!(await databaseExists(client, meta.database))) {
        throw new Error(`the database of snapshot "${name}" (${meta.database}) is gone from the server; remove the snapshot with \`medusactl sandbox snapshot rm ${name}\``);
      }
      const restoring = scratchDatabaseName(r.paths.sandbox, db.key, "restoring");
      const old = scratchDatabaseName(r.paths.sandbox, db.key, "old");
      await dropIfExists(client, restoring);
      await dropIfExists(client, old);
      r.log(`copying snapshot "${name}"…`);
      await client.query(`CREATE DATABASE ${quoteIdent(restoring)} TEMPLATE ${quoteIdent(meta.database)} STRATEGY ${await copyStrategy(client)}`);
      if (await databaseExists(client, db.database)) {
        await client.query(`ALTER DATABASE ${quoteIdent(db.database)} ALLOW_CONNECTIONS false`);
        await endSessions(client, db.database);
        await client.query(`ALTER DATABASE ${quoteIdent(db.database)} RENAME TO ${quoteIdent(old)}`);
      }
      await client.query(`ALTER DATABASE ${quoteIdent(restoring)} RENAME TO ${quoteIdent(db.database)}`);
      syncDir(join(dir, FILES_DIR), uploadsDir(ctx));
      if (redisRunning(ctx)) await restoreRedis(ctx.redisPort, join(dir, REDIS_FILE));
      await dropIfExists(client, old);
      return meta;
    } finally {
      await client.end().catch(() => {});
    }
  });
}

export function listSnapshotsIn(r: ResolvedOptions): SnapshotListing[] {
  const root = snapshotsRoot(r.paths);
  if (!existsSync(root)) return [];
  const out: SnapshotListing[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || snapshotNameProblem(entry.name)) continue;
    try {
      out.push({ name: entry.name, meta: readMeta(join(root, entry.name)) });
    } catch (err) {
      out.push({ name: entry.name, problem: errorMessage(err) });
    }
  }
  return out.sort((a, b) => (a.meta?.createdAt ?? "").localeCompare(b.meta?.createdAt ?? "") || a.name.localeCompare(b.name));
}

/** Removes snapshot `name`: its database and its folder. */
export async function removeSnapshotLocked(ctx: SnapshotContext, name: string): Promise<void> {
  const { r } = ctx;
  assertSnapshotName(name);
  const dir = snapshotDir(r.paths, name);
  if (!existsSync(dir)) throw new UsageError(`no snapshot named "${name}"`, "see `medusactl sandbox snapshot list`");
  // Never the database a record names: the one this sandbox made for that name, when its registry
  // says it made it (a sandbox from before the registry: when the record agrees).
  const own = snapshotDatabaseName(r.paths.sandbox, ctx.db.key, name);
  let database: string | undefined;
  try {
    const meta = readMeta(dir);
    const untrusted = recordProblem(ctx, meta, name);
    if (untrusted) r.log(`warning: ${untrusted}; that database is left alone`);
    database = ctx.state.snapshotDatabases ? (ctx.state.snapshotDatabases.includes(own) ? own : undefined) : untrusted ? undefined : own;
  } catch {
    database = ctx.state.snapshotDatabases?.includes(own) ? own : undefined; // an unreadable record: its folder still goes
  }
  if (database) {
    await withDatabase(ctx, async () => {
      const client = await maintenanceConnection(ctx);
      try {
        await dropIfExists(client, database);
      } finally {
        await client.end().catch(() => {});
      }
    });
    await register(ctx, database, false);
  }
  rmSync(dir, { recursive: true, force: true });
}

function contextFor(r: ResolvedOptions): SnapshotContext {
  const state = existsSync(r.paths.state) ? loadState(r.paths) : undefined;
  if (!state) throw new UsageError(`there is no sandbox in ${r.paths.sandbox}`, "run `medusactl sandbox up` first");
  return snapshotContext(r, state);
}

async function locked<T>(r: ResolvedOptions, fn: () => Promise<T>): Promise<T> {
  ensureDir(r.paths.run, 0o700);
  const release = acquireLock(r.paths);
  const previous = process.umask(0o022);
  try {
    return await fn();
  } finally {
    process.umask(previous);
    release();
  }
}

export function sandboxSnapshotSave(r: ResolvedOptions, name: string, o: { replace: boolean }): Promise<SnapshotMeta> {
  assertSnapshotName(name);
  return locked(r, () => saveSnapshotLocked(contextFor(r), name, o));
}

export async function sandboxSnapshotRestore(r: ResolvedOptions, name: string): Promise<SnapshotMeta> {
  assertSnapshotName(name);
  const meta = await locked(r, () => restoreSnapshotLocked(contextFor(r), name));
  await forgetSandboxOrderIndex(r);
  return meta;
}

/**
 * The orders were replaced underneath the local index of order states (src/cli/bulk/order-index.ts),
 * whose updated_at cursor cannot see a change back in time: it starts again on next use.
 */
export async function forgetSandboxOrderIndex(r: ResolvedOptions): Promise<void> {
  const state = existsSync(r.paths.state) ? loadState(r.paths) : undefined;
  if (!state) return;
  const { forgetOrderIndex } = await import("../bulk/order-index.js");
  await forgetOrderIndex(r.paths.root, sandboxUrl(state.port));
}

export function sandboxSnapshotRemove(r: ResolvedOptions, name: string): Promise<void> {
  assertSnapshotName(name);
  return locked(r, () => removeSnapshotLocked(contextFor(r), name));
}

export function sandboxSnapshotList(r: ResolvedOptions): SnapshotListing[] {
  return listSnapshotsIn(r);
}

/** Drops the snapshot databases a sandbox keeps on an external server (the embedded server goes with its folder). */
export async function dropExternalSnapshots(r: ResolvedOptions): Promise<void> {
  const state = existsSync(r.paths.state) ? loadState(r.paths) : undefined;
  if (!state?.externalDatabaseUrl) return;
  const ctx = snapshotContext(r, state);
  // Records are not trusted: only databases whose record passes the rule (and the registry's) are dropped.
  const names = [
    ...new Set([
      ...listSnapshotsIn(r).flatMap((s) => (s.meta && s.meta.databaseKey === ctx.db.key && !recordProblem(ctx, s.meta, s.name) ? [s.meta.database] : [])),
    ]),
  ];
  if (!names.length) return;
  let client: PgClient;
  try {
    client = await pgConnect(r, ctx.db, "postgres");
  } catch (err) {
    r.log(`warning: cannot drop the snapshot databases ${names.join(", ")} on the external server: ${errorMessage(err)}`);
    return;
  }
  try {
    for (const name of names) {
      try {
        await dropIfExists(client, name);
      } catch (err) {
        if (pgCode(err) !== "3D000") r.log(`warning: cannot drop the snapshot database ${name}: ${errorMessage(err)}`);
      }
    }
  } finally {
    await client.end().catch(() => {});
  }
}
