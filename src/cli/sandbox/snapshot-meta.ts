/**
 * Pure parts of sandbox snapshots: which names are allowed, where a snapshot's database and folder
 * live, what a snapshot records about the sandbox it was taken from, and why a snapshot may not be
 * restored into the sandbox as it is now. No I/O, so the rules can be unit-tested.
 */
import { join } from "node:path";

import type { SandboxPaths } from "./paths.js";
import { sha256, type SandboxState } from "./state.js";
import type { Topology } from "./topology.js";

/** The snapshot `sandbox up` takes after the first seed and `sandbox reset` restores. */
export const SEEDED_SNAPSHOT = "seeded";

export const SNAPSHOT_NAME_MAX = 40;
const NAME_RE = /^[a-z0-9][a-z0-9._-]*$/;

/** Why `name` is not a valid snapshot name, or undefined when it is. */
export function snapshotNameProblem(name: string): string | undefined {
  if (name === "") return "a snapshot name cannot be empty";
  if (name.length > SNAPSHOT_NAME_MAX) return `a snapshot name has at most ${SNAPSHOT_NAME_MAX} characters`;
  if (/[/\\]/.test(name)) return "a snapshot name cannot contain a path separator";
  if (!NAME_RE.test(name)) return "a snapshot name uses lower-case letters, digits, '.', '_' and '-', and starts with a letter or digit";
  return undefined;
}

/** What a snapshot keeps about itself in `<sandbox>/snapshots/<name>/snapshot.json`. */
export interface SnapshotMeta {
  version: 1;
  name: string;
  createdAt: string;
  /** `@medusajs/medusa` of the sandbox's install when the snapshot was taken. */
  medusaVersion: string;
  /** seedIdentity() of the sandbox when the snapshot was taken. */
  seed: string;
  topology: Topology;
  /** dbTarget().key of the database it was copied from ("embedded", "external:<hash>"). */
  databaseKey: string;
  /** The template database holding the copy, in the same PostgreSQL server. */
  database: string;
  /** Bytes: the database copy, the uploaded files, the Redis keys. */
  size: { database: number; files: number; redis: number };
  /** Redis keys saved (production topology). */
  redisKeys?: number;
}

/** What a restore is compared with: the sandbox as it is now. */
export interface SnapshotTarget {
  medusaVersion: string;
  seed: string;
  topology: Topology;
  databaseKey: string;
}

/**
 * The seed a sandbox's data comes from: the seed stamp (database, sandbox sources, order count,
 * port, topology) and the API keys that seed made, which the `sandbox` profile and state file hold.
 * A restore must not bring back a database whose keys the sandbox no longer knows. Undefined when
 * the sandbox has not been seeded.
 */
export function seedIdentity(state: Pick<SandboxState, "stamps" | "publishableKey" | "secretKeyId" | "secretKey">): string | undefined {
  const stamp = state.stamps?.seeded;
  if (!stamp || !state.publishableKey || !state.secretKey) return undefined;
  // The secret key's id when known: the secret itself is never hashed into a file anyone can read.
  return sha256("seed", stamp, state.publishableKey, state.secretKeyId ?? sha256(state.secretKey)).slice(0, 24);
}

/** Why `meta` cannot be restored into `target`, or undefined when it can. */
export function restoreRefusal(meta: SnapshotMeta, target: SnapshotTarget): string | undefined {
  const name = `snapshot "${meta.name}"`;
  if (meta.medusaVersion !== target.medusaVersion) {
    return `${name} was taken with Medusa ${meta.medusaVersion}, and the sandbox now runs Medusa ${target.medusaVersion}: its database schema does not match`;
  }
  if (meta.topology !== target.topology) {
    return `${name} was taken on the ${meta.topology} topology, and the sandbox now runs the ${target.topology} one (files and Redis differ); run \`medusactl sandbox up --topology ${meta.topology}\` first`;
  }
  if (meta.databaseKey !== target.databaseKey) {
    return `${name} was taken from another database than the one the sandbox now uses`;
  }
  if (meta.seed !== target.seed) {
    return `${name} comes from another seed of the sandbox (it was seeded again since, so its API keys or seed data differ)`;
  }
  return undefined;
}

/** Where a snapshot's files live: `<sandbox>/snapshots/<name>`. The name must be valid. */
export function snapshotDir(paths: Pick<SandboxPaths, "sandbox">, name: string): string {
  return join(snapshotsRoot(paths), name);
}

export function snapshotsRoot(paths: Pick<SandboxPaths, "sandbox">): string {
  return join(paths.sandbox, "snapshots");
}

/**
 * The template database of a snapshot: `mctl_<8 hex>_<name>`, where the hex names the sandbox and
 * its database, so sandboxes sharing one external server keep apart. At most 54 characters (the
 * limit is 63).
 */
export function snapshotDatabaseName(sandboxDir: string, databaseKey: string, name: string): string {
  return `${databasePrefix(sandboxDir, databaseKey)}_${name}`;
}

/**
 * Scratch databases: a snapshot being saved (`new`, per name), the copy a restore makes before it
 * takes the live database's place (`restoring`), and the live database it swaps out (`old`). The
 * `~` cannot occur in a snapshot name, so no scratch name is ever a snapshot's.
 */
export function scratchDatabaseName(sandboxDir: string, databaseKey: string, purpose: "new" | "restoring" | "old", name?: string): string {
  return `${databasePrefix(sandboxDir, databaseKey)}~${purpose}${name ? `_${name}` : ""}`;
}

/**
 * Why a snapshot record may not be acted on (docs/SECURITY.md §9): its `database` must be the one
 * this sandbox creates for a snapshot of that folder's name (its prefix names the sandbox and its
 * database) and, once the sandbox keeps a registry of the snapshot databases it created, be in it.
 * A record copied in from elsewhere (a poisoned CI cache) could otherwise make `restore` copy, and
 * `rm` or `destroy` drop, any database the sandbox's user can reach. Undefined when it is ours.
 */
export function snapshotDatabaseProblem(meta: Pick<SnapshotMeta, "name" | "database">, folder: string, sandboxDir: string, databaseKey: string, registry: readonly string[] | undefined): string | undefined {
  const shown = JSON.stringify(meta.database.slice(0, 80));
  if (meta.name !== folder) return `the record in snapshots/${folder} says it is snapshot ${JSON.stringify(meta.name.slice(0, 80))}`;
  if (meta.database !== snapshotDatabaseName(sandboxDir, databaseKey, folder)) return `the record names the database ${shown}, which this sandbox did not create for snapshot "${folder}"`;
  if (registry && !registry.includes(meta.database)) return `the database ${shown} is not among the snapshot databases this sandbox created`;
  return undefined;
}

function databasePrefix(sandboxDir: string, databaseKey: string): string {
  return `mctl_${sha256(sandboxDir, databaseKey).slice(0, 8)}`;
}

export function parseSnapshotMeta(text: string, file: string): SnapshotMeta {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`the snapshot record ${file} is not valid JSON`);
  }
  const m = parsed as Partial<SnapshotMeta> | null;
  if (
    !m ||
    typeof m !== "object" ||
    m.version !== 1 ||
    typeof m.name !== "string" ||
    typeof m.createdAt !== "string" ||
    typeof m.medusaVersion !== "string" ||
    typeof m.seed !== "string" ||
    (m.topology !== "single" && m.topology !== "production") ||
    typeof m.databaseKey !== "string" ||
    typeof m.database !== "string" ||
    !m.size ||
    typeof m.size !== "object"
  ) {
    throw new Error(`the snapshot record ${file} has an unknown format`);
  }
  return m as SnapshotMeta;
}

export function totalSize(meta: Pick<SnapshotMeta, "size">): number {
  return (meta.size.database ?? 0) + (meta.size.files ?? 0) + (meta.size.redis ?? 0);
}

export interface SnapshotListing {
  name: string;
  meta?: SnapshotMeta;
  /** Why the record cannot be read. */
  problem?: string;
}

/** One snapshot as `snapshot list` shows it (and its --json shape). */
export interface SnapshotRecord {
  name: string;
  created_at?: string;
  medusa_version?: string;
  topology?: Topology;
  seed?: string;
  size_bytes?: number;
  sizes?: SnapshotMeta["size"];
  redis_keys?: number;
  problem?: string;
}

export function snapshotRecords(listing: SnapshotListing[]): SnapshotRecord[] {
  return listing.map(({ name, meta, problem }) =>
    meta
      ? {
          name,
          created_at: meta.createdAt,
          medusa_version: meta.medusaVersion,
          topology: meta.topology,
          seed: meta.seed,
          size_bytes: totalSize(meta),
          sizes: meta.size,
          ...(meta.redisKeys !== undefined ? { redis_keys: meta.redisKeys } : {}),
        }
      : { name, problem: problem ?? "unreadable record" },
  );
}

/** The `@medusajs/medusa` version a package-lock.json pins, if any. */
export function medusaVersionFromLock(lockText: string): string | undefined {
  try {
    const lock = JSON.parse(lockText) as { packages?: Record<string, { version?: string }>; dependencies?: Record<string, { version?: string }> };
    return lock.packages?.["node_modules/@medusajs/medusa"]?.version ?? lock.dependencies?.["@medusajs/medusa"]?.version;
  } catch {
    return undefined;
  }
}
