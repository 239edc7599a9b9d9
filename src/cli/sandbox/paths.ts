/**
 * Pure parts of the sandbox manager: where things live and which options are in
 * force. No I/O here besides reading the environment passed in, so the rules
 * can be unit-tested.
 */
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { existsSync, readFileSync } from "node:fs";

import { LOOPBACK, parseTopology, type Topology } from "./topology.js";

export const DEFAULT_PORT = 9000;
export const DEFAULT_DB_PORT = 54329;
export const DEFAULT_HOST = LOOPBACK;
export const DEFAULT_ADMIN_EMAIL = "admin@medusactl.local";
export const DATABASE_NAME = "medusa";
export const PG_USER = "postgres";

export interface SandboxOptions {
  /** Data root (overrides $MEDUSACTL_DATA_DIR); the sandbox lives in `<dataDir>/sandbox`. */
  dataDir?: string;
  /** Medusa port on 127.0.0.1 (default 9000, or the one recorded for this sandbox). */
  port?: number;
  /** Embedded PostgreSQL port on 127.0.0.1 (default 54329, or the recorded one). */
  dbPort?: number;
  /** `single` (one process, in-memory modules, local files) or `production` (server + worker on Redis, files on S3); default: the recorded one, else `single`. */
  topology?: Topology;
  /** An existing PostgreSQL database; else env MEDUSACTL_SANDBOX_DATABASE_URL. A bare DATABASE_URL is ignored. */
  databaseUrl?: string;
  /** The repo's `sandbox/` folder; default `<package root>/sandbox`. */
  sourceDir?: string;
  /** Progress lines (meant for stderr). */
  log?: (line: string) => void;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}

export interface SandboxPaths {
  /** Data root: $MEDUSACTL_DATA_DIR, /var/lib/medusactl (root), $XDG_DATA_HOME/medusactl, ~/.local/share/medusactl. */
  root: string;
  /** `<root>/sandbox`: everything `destroy` removes. */
  sandbox: string;
  /** `<root>/jobs`: bulk-job checkpoints, never touched by the sandbox manager. */
  jobs: string;
  /** Installed Medusa project (sources copied from the repo + node_modules). */
  app: string;
  /** Embedded PostgreSQL data directory (owned by `postgres` when run as root). */
  pgData: string;
  /** PostgreSQL server log (inside the data directory, so the `postgres` user can write it). */
  pgLog: string;
  logs: string;
  /** Medusa server log (stdout + stderr of `medusa start`; the `server` process of the production topology). */
  medusaLog: string;
  /** The production topology's worker process (`MEDUSA_WORKER_MODE=worker`). */
  workerLog: string;
  redisLog: string;
  s3Log: string;
  /** Redis working folder (nothing is persisted: `--save ""`, no AOF). */
  redisDir: string;
  /** The S3 server's storage folder (one sub-folder per bucket). */
  s3Dir: string;
  installLog: string;
  migrateLog: string;
  seedLog: string;
  pgCtlLog: string;
  /** Private runtime folder (0700): pid file, lock, seed output. */
  run: string;
  pidFile: string;
  workerPidFile: string;
  redisPidFile: string;
  s3PidFile: string;
  lockFile: string;
  seedOut: string;
  /** Password-reset tokens recorded by the sandbox's `auth.password_reset` subscriber (JSON lines, 0600). */
  resetTokens: string;
  /** Order-transfer tokens recorded by the sandbox's `order.transfer_requested` subscriber (JSON lines, 0600). */
  transferTokens: string;
  /** State file (0600): ports, secrets, keys, stamps. */
  state: string;
  /** Install stamp, inside node_modules so that removing node_modules forces a reinstall. */
  installStamp: string;
  /** The seed's drawn product pictures, kept per generator version (see sandbox/src/scripts/seed/picture-cache.ts). */
  pictureCache: string;
}

export interface ResolvedOptions {
  paths: SandboxPaths;
  topology: Topology | undefined;
  port: number | undefined;
  dbPort: number | undefined;
  databaseUrl: string | undefined;
  sourceDir: string;
  env: NodeJS.ProcessEnv;
  isRoot: boolean;
  log: (line: string) => void;
  signal: AbortSignal | undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== "" ? value : undefined;
}

/** The data root, by the precedence of CONTRACT §8. */
export function dataRoot(opts: { dataDir?: string; env?: NodeJS.ProcessEnv; isRoot?: boolean; home?: string } = {}): string {
  const env = opts.env ?? process.env;
  const explicit = nonEmpty(opts.dataDir) ?? nonEmpty(env.MEDUSACTL_DATA_DIR);
  if (explicit) return resolve(explicit);
  const isRoot = opts.isRoot ?? currentUserIsRoot();
  if (isRoot) return "/var/lib/medusactl";
  const xdg = nonEmpty(env.XDG_DATA_HOME);
  if (xdg) return join(resolve(xdg), "medusactl");
  return join(opts.home ?? env.HOME ?? homedir(), ".local", "share", "medusactl");
}

/**
 * The machine's store of finished sandbox installs (install-store.ts): $MEDUSACTL_SANDBOX_INSTALL_STORE
 * ("off" for none), else /var/cache/medusactl/sandbox-installs for root, else
 * $XDG_CACHE_HOME/medusactl/sandbox-installs, else ~/.cache/medusactl/sandbox-installs. Hard links
 * need it on the data folder's file system; where they fail, a sandbox installs with npm as before.
 */
export function installStoreDir(opts: { env?: NodeJS.ProcessEnv; isRoot?: boolean; home?: string } = {}): string | undefined {
  const env = opts.env ?? process.env;
  const explicit = nonEmpty(env.MEDUSACTL_SANDBOX_INSTALL_STORE);
  if (explicit === "off") return undefined;
  if (explicit) return resolve(explicit);
  if (opts.isRoot ?? currentUserIsRoot()) return "/var/cache/medusactl/sandbox-installs";
  const xdg = nonEmpty(env.XDG_CACHE_HOME);
  return join(xdg ? resolve(xdg) : join(opts.home ?? env.HOME ?? homedir(), ".cache"), "medusactl", "sandbox-installs");
}

export function currentUserIsRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

export function sandboxPaths(opts: { dataDir?: string; env?: NodeJS.ProcessEnv; isRoot?: boolean; home?: string } = {}): SandboxPaths {
  const root = dataRoot(opts);
  const sandbox = join(root, "sandbox");
  const app = join(sandbox, "app");
  const pgData = join(sandbox, "postgres");
  const logs = join(sandbox, "logs");
  const run = join(sandbox, "run");
  return {
    root,
    sandbox,
    jobs: join(root, "jobs"),
    app,
    pgData,
    pgLog: join(pgData, "server.log"),
    logs,
    medusaLog: join(logs, "medusa.log"),
    workerLog: join(logs, "medusa-worker.log"),
    redisLog: join(logs, "redis.log"),
    s3Log: join(logs, "s3.log"),
    redisDir: join(sandbox, "redis"),
    s3Dir: join(sandbox, "s3"),
    installLog: join(logs, "npm-install.log"),
    migrateLog: join(logs, "migrate.log"),
    seedLog: join(logs, "seed.log"),
    pgCtlLog: join(logs, "pg_ctl.log"),
    run,
    pidFile: join(run, "medusa.pid"),
    workerPidFile: join(run, "medusa-worker.pid"),
    redisPidFile: join(run, "redis.pid"),
    s3PidFile: join(run, "s3.pid"),
    lockFile: join(run, "lock"),
    seedOut: join(run, "seed-out.json"),
    resetTokens: join(run, "reset-tokens.jsonl"),
    transferTokens: join(run, "transfer-tokens.jsonl"),
    state: join(sandbox, "state.json"),
    installStamp: join(app, "node_modules", ".medusactl-install-stamp"),
    pictureCache: join(sandbox, "cache", "pictures"),
  };
}

/** `<package root>/sandbox`, found by walking up from this module to medusactl's package.json. */
export function defaultSourceDir(fromUrl: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(fromUrl));
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        const name = (JSON.parse(readFileSync(pkg, "utf8")) as { name?: unknown }).name;
        if (name === "medusactl") return join(dir, "sandbox");
      } catch {
        // not ours; keep walking
      }
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error("cannot find the medusactl package root (looked for package.json named \"medusactl\" above " + fileURLToPath(fromUrl) + ")");
    }
    dir = parent;
  }
}

function validPort(value: number | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`invalid ${what}: ${String(value)} (expected an integer from 1 to 65535)`);
  }
  return value;
}

/**
 * Options with their defaults. Ports stay undefined when not given, because the
 * ports recorded for an existing sandbox win over the defaults (see effectivePorts).
 */
export function resolveOptions(opts: SandboxOptions = {}): ResolvedOptions {
  const env = opts.env ?? process.env;
  const isRoot = currentUserIsRoot();
  const paths = sandboxPaths({ dataDir: opts.dataDir, env, isRoot });
  return {
    paths,
    topology: opts.topology === undefined ? undefined : parseTopology(opts.topology),
    port: validPort(opts.port, "port"),
    dbPort: validPort(opts.dbPort, "database port"),
    // Only an explicit option or MEDUSACTL_SANDBOX_DATABASE_URL: never the ambient DATABASE_URL.
    databaseUrl: nonEmpty(opts.databaseUrl) ?? nonEmpty(env.MEDUSACTL_SANDBOX_DATABASE_URL),
    sourceDir: resolve(opts.sourceDir ?? defaultSourceDir()),
    env,
    isRoot,
    log: opts.log ?? (() => {}),
    signal: opts.signal,
  };
}

/** Ports in force: explicit option, else the sandbox's recorded port, else the default. */
export function effectivePorts(
  resolved: Pick<ResolvedOptions, "port" | "dbPort">,
  recorded: { port?: number; dbPort?: number } | undefined,
): { port: number; dbPort: number } {
  return {
    port: resolved.port ?? recorded?.port ?? DEFAULT_PORT,
    dbPort: resolved.dbPort ?? recorded?.dbPort ?? DEFAULT_DB_PORT,
  };
}

export function sandboxUrl(port: number): string {
  return `http://${DEFAULT_HOST}:${port}`;
}

/** A database URL with its password hidden, for messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "<unparsable database URL>";
  }
}
