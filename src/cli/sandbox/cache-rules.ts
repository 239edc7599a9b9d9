/**
 * Pure rules for a sandbox folder that was made elsewhere or earlier (a CI cache restored on a new
 * machine, a `cp -a` of the data folder, a folder left by a crash): which pid and lock files still
 * name a live process of ours, and which install, migrate and seed steps are still valid. No I/O:
 * what the system says about a pid comes in through a `ProcessProbe`, so the rules are unit-tested.
 */
import { createHash } from "node:crypto";

/** Hash behind the install, migrate and seed stamps: a step runs again only when its inputs change. */
export function sha256(...parts: (string | Buffer)[]): string {
  const h = createHash("sha256");
  for (const p of parts) {
    h.update(p);
    h.update("\0");
  }
  return h.digest("hex");
}

/** What the system says about a pid (see `systemProbe` in liveness.ts); undefined = cannot tell. */
export interface ProcessProbe {
  /** This boot's id (/proc/sys/kernel/random/boot_id); a pid recorded under another boot is dead. */
  bootId: string | undefined;
  alive(pid: number): boolean;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22). */
  startTime(pid: number): string | undefined;
  /** The process's working folder (/proc/<pid>/cwd). */
  cwd(pid: number): string | undefined;
  /** Its command line, NUL-separated arguments split (/proc/<pid>/cmdline). */
  cmdline(pid: number): string[] | undefined;
}

/** The lock file's content: pid, boot id and start time, so a lock copied from another machine or left by a dead process is recognised. */
export function lockRecord(pid: number, bootId: string | undefined, startTime: string | undefined): string {
  return [String(pid), bootId ?? "-", startTime ?? "-"].join(" ");
}

/**
 * The pid of the process holding the lock whose file says `content`, when that process is alive and
 * is the one that wrote it; undefined when the lock is stale (dead pid, another boot, a pid reused by
 * a process started later) or unreadable. A lock written by an older medusactl (a bare pid) is taken
 * at its word while that pid lives.
 */
export function liveLockHolder(content: string, probe: ProcessProbe): number | undefined {
  const [pidText, bootId, startTime] = content.trim().split(/\s+/);
  const pid = Number.parseInt(pidText ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0 || !probe.alive(pid)) return undefined;
  if (bootId && bootId !== "-" && probe.bootId !== undefined && bootId !== probe.bootId) return undefined;
  if (startTime && startTime !== "-") {
    const now = probe.startTime(pid);
    if (now !== undefined && now !== startTime) return undefined;
  }
  return pid;
}

/** PostgreSQL's `postmaster.pid`: line 1 the pid, line 2 the data directory, line 4 the port. */
export interface PostmasterPid {
  pid: number;
  dataDir: string;
  port: number | undefined;
}

export function parsePostmasterPid(content: string): PostmasterPid | undefined {
  const lines = content.split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const port = Number.parseInt(lines[3] ?? "", 10);
  return { pid, dataDir: (lines[1] ?? "").trim(), port: Number.isInteger(port) ? port : undefined };
}

/**
 * Whether the postmaster that `postmaster.pid` names is alive and serves `pgData`. A copied data
 * folder names another path (line 2); on a restored cache at the same path the pid may belong to
 * anything now (pids are reused, and PostgreSQL then refuses to start: "lock file … already
 * exists"), so a live pid counts only when it is a postgres whose working folder is this data
 * directory. When /proc cannot tell (another OS, another user's process), a live pid of the same
 * path is trusted, as pg_ctl itself does.
 */
export function postmasterServes(content: string, pgData: string | readonly string[], probe: ProcessProbe): boolean {
  // The path as given and as resolved (a data root behind a symbolic link): PostgreSQL records the
  // one it was given, and its working folder is the resolved one.
  const names = typeof pgData === "string" ? [pgData] : pgData;
  const rec = parsePostmasterPid(content);
  if (!rec || !names.includes(rec.dataDir) || !probe.alive(rec.pid)) return false;
  const cwd = probe.cwd(rec.pid);
  if (cwd !== undefined && !names.includes(cwd)) return false;
  const cmdline = probe.cmdline(rec.pid);
  if (cmdline !== undefined && !cmdline.some((a) => /(^|\/)postgres(:|$)/.test(a) || a.startsWith("postgres:"))) return false;
  return true;
}

/**
 * The install stamp: the sandbox package's manifest and lock file, and what the installed files
 * depend on of the machine. Not Node's exact version: with install scripts off nothing is compiled,
 * the native parts (swc, the PostgreSQL binaries, msgpackr) are prebuilt per platform and Node-API
 * based, so a CI runner that gets Node 20.20.3 instead of 20.20.2 keeps its cached node_modules.
 * The module ABI (`process.versions.modules`) changes with Node's major version and still reinstalls.
 */
export function installStamp(i: { packageJson: string | Buffer; lock: string | Buffer; platform: string; arch: string; abi: string }): string {
  return sha256("install-v2", i.packageJson, i.lock, `${i.platform}-${i.arch}`, `abi${i.abi}`);
}

/** The stamp of sandboxes installed before `installStamp` (manifest, lock, exact Node version): still valid, so nobody reinstalls for the change. */
export function legacyInstallStamp(i: { packageJson: string | Buffer; lock: string | Buffer; nodeVersion: string }): string {
  return sha256(i.packageJson, i.lock, i.nodeVersion);
}

/** Whether node_modules may be kept: the recorded stamp is the current or the legacy one, and the Medusa CLI is there. */
export function installValid(recorded: string | undefined, current: string, legacy: string, cliPresent: boolean): boolean {
  return cliPresent && recorded !== undefined && (recorded === current || recorded === legacy);
}

/** The migrate stamp: the database, the lock file (Medusa's version decides its migrations) and the Redis workflow engine's tables. */
export function migrateStamp(dbKey: string, lock: string | Buffer, topology: "single" | "production"): string {
  // The single topology's stamp is unchanged from before topologies.
  return sha256(dbKey, lock, ...(topology === "production" ? ["production"] : []));
}

/**
 * The seed stamp: the database, the sandbox sources (seed scripts, config, manifest and lock), the
 * extra-order count, and the port and topology (pictures live on the topology's file provider
 * under URLs that carry the port).
 */
export function seedStamp(dbKey: string, sourcesHash: string, extraOrders: string, port: number, topology: "single" | "production"): string {
  return sha256(dbKey, sourcesHash, extraOrders, String(port), topology);
}

/** What `up` has to do for the data folder it finds. */
export interface StepPlan {
  install: boolean;
  migrate: boolean;
  seed: boolean;
}

/** A migrate always re-runs the seed (the stamps are cleared by it); an install alone does not re-run either. */
export function stepsToRun(s: { installValid: boolean; migrated: string | undefined; migrateWant: string; seeded: string | undefined; seedWant: string; haveKeys: boolean }): StepPlan {
  const migrate = s.migrated !== s.migrateWant;
  return { install: !s.installValid, migrate, seed: migrate || s.seeded !== s.seedWant || !s.haveKeys };
}
