/**
 * What the sandbox keeps on disk between runs: the state file (ports, secrets, API keys, stamps),
 * the folder layout and its permissions, pid files, and the lock that serialises lifecycle
 * operations.
 */
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  constants as fsConstants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";

import { writeFileAtomic } from "../../sdk/atomic-write.js";
import { DEFAULT_ADMIN_EMAIL, PG_USER, type ResolvedOptions, type SandboxPaths } from "./paths.js";
import { liveLockHolder, lockRecord } from "./cache-rules.js";
import { bootId, processStartTime, systemProbe } from "./liveness.js";
import { errorMessage } from "./processes.js";
import type { S3Credentials, Topology } from "./topology.js";

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
  /** How the sandbox last ran; absent in sandboxes from before topologies (they are `single`). */
  topology?: Topology;
  /** Keys of the production topology's S3 server (random per sandbox; env only, never a command line). */
  s3AccessKeyId?: string;
  s3SecretAccessKey?: string;
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
  /** Hash of the sandbox sources the running Medusa was started from (medusactl upgrades change it). */
  sources?: string;
  /**
   * Databases this sandbox owns (created, or found empty and taken): keys of `dbTarget`. Only these
   * are migrated into, reset or dropped; someone else's database is never touched.
   */
  ownedDatabases?: string[];
  /**
   * The snapshot databases this sandbox created (`snapshot save`), the registry a snapshot record is
   * checked against before its database is copied or dropped. Absent in sandboxes from before it:
   * then only the name rule holds (snapshot-meta.ts, snapshotDatabaseProblem).
   */
  snapshotDatabases?: string[];
}

function randomSecret(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}

export { sha256 } from "./cache-rules.js";

export function ensureDir(path: string, mode: number): void {
  mkdirSync(path, { recursive: true, mode });
  chmodSync(path, mode);
}

export function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function loadState(paths: SandboxPaths): SandboxState | undefined {
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

export async function saveState(paths: SandboxPaths, state: SandboxState): Promise<void> {
  await writeFileAtomic(paths.state, JSON.stringify(state, null, 2) + "\n", { mode: 0o600 });
}

export function newState(port: number, dbPort: number): SandboxState {
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

/** The sandbox's S3 keys, made on first use of the production topology. */
export function s3Credentials(state: SandboxState): S3Credentials {
  if (!state.s3AccessKeyId || !state.s3SecretAccessKey) {
    state.s3AccessKeyId = `medusactl-${randomBytes(6).toString("hex")}`;
    state.s3SecretAccessKey = randomSecret(30);
  }
  return { accessKeyId: state.s3AccessKeyId, secretAccessKey: state.s3SecretAccessKey };
}

export function ensureLayout(r: ResolvedOptions): void {
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
export function acquireLock(paths: SandboxPaths): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(paths.lockFile, fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_WRONLY, 0o600);
      writeSync(fd, lockRecord(process.pid, bootId(), processStartTime(process.pid)));
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
      // A lock copied with the folder (a CI cache, `cp -a`) or left by a dead process names a pid
      // that is gone or now belongs to someone else: stale.
      let content = "";
      try {
        content = readFileSync(paths.lockFile, "utf8");
      } catch {
        content = "";
      }
      const holder = liveLockHolder(content, systemProbe);
      if (holder !== undefined && holder !== process.pid) {
        throw new Error(`another medusactl process (pid ${holder}) is working on the sandbox; wait for it to finish (lock: ${paths.lockFile})`);
      }
      rmSync(paths.lockFile, { force: true });
    }
  }
  throw new Error(`cannot take the sandbox lock ${paths.lockFile}`);
}
