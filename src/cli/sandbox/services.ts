/**
 * The processes of a topology taken together: Redis and the S3 server that the production Medusa
 * processes need, starting the Medusa processes side by side, stopping everything a sandbox may
 * have left running (whatever topology it ran), checking their ports, and the per-process status.
 */
import { join } from "node:path";

import { healthyWhileAlive, medusaPid, runningPid, startMedusa, stopMedusa, type MedusaRole } from "./medusa-process.js";
import { DEFAULT_HOST, type ResolvedOptions, type SandboxPaths } from "./paths.js";
import { embeddedPid, type DbTarget } from "./postgres.js";
import { portInUse } from "./processes.js";
import { ensureRedisServer, redisPid, redisPing, startRedis, stopRedis } from "./redis.js";
import { s3Pid, s3Ready, startS3, stopS3 } from "./s3.js";
import { s3Credentials, type SandboxState } from "./state.js";
import { medusaRoles, processesOf, processPort, topologyPorts, type ProcessName, type Topology, type TopologyPorts } from "./topology.js";

export interface ProcessStatus {
  name: ProcessName;
  port: number;
  pid?: number;
  running: boolean;
  /** e.g. "not answering", "external database". */
  note?: string;
}

/** Redis (installed first when missing); reused when ours already answers. Needs nothing from the npm install. */
export async function startRedisServer(r: ResolvedOptions, ports: TopologyPorts): Promise<void> {
  await startRedis(r, await ensureRedisServer(r, join(r.paths.logs, "apt-get.log")), ports.redis);
}

/** The S3 server (s3rver comes with the sandbox package, so after the install); reused when ours already answers. */
export async function startS3Server(r: ResolvedOptions, state: SandboxState, ports: TopologyPorts): Promise<void> {
  await startS3(r, ports.s3, s3Credentials(state));
}

/** Stops Redis and the S3 server; returns the names of those that were running. */
export async function stopSupport(paths: SandboxPaths): Promise<ProcessName[]> {
  const [s3, redis] = await Promise.all([stopS3(paths), stopRedis(paths)]);
  return [...(s3 ? (["s3"] as const) : []), ...(redis ? (["redis"] as const) : [])];
}

/** Stops every Medusa process (server and worker, whichever topology started them). */
export async function stopMedusaAll(paths: SandboxPaths): Promise<MedusaRole[]> {
  const roles: MedusaRole[] = ["worker", "server"];
  const stopped = await Promise.all(roles.map((role) => stopMedusa(paths, role)));
  return roles.filter((_, i) => stopped[i]);
}

/**
 * Starts the topology's Medusa processes that are not already answering, in parallel; returns the
 * server's pid. `serverEnv` goes to the server's environment only (the seed token, see manager.ts).
 *
 * `serverFirst`: the first boot on a database just migrated. Each process's loaders then insert the
 * payment, tax and notification providers and the countries, and a server and a worker doing it
 * at once collide on the unique keys ("Payment provider with id: pp_system_default, already
 * exists"): the loser exits. So the server boots alone first and the others follow once it answers;
 * on later boots the rows exist and they start side by side.
 */
export async function startMedusaAll(r: ResolvedOptions, state: SandboxState, db: DbTarget, topology: Topology, port: number, serverEnv?: NodeJS.ProcessEnv, { serverFirst = false }: { serverFirst?: boolean } = {}): Promise<{ pid: number; started: boolean }> {
  const roles = medusaRoles(topology, topologyPorts(port));
  const start = async ({ role, port: rolePort }: (typeof roles)[number]) => {
    const running = await runningPid(r.paths, rolePort, role);
    if (running !== undefined) return { role, pid: running, started: false };
    return { role, pid: await startMedusa(r, state, db, port, role, role === "server" ? serverEnv : undefined), started: true };
  };
  const first = serverFirst ? roles.filter((x) => x.role === "server") : [];
  const results = await Promise.all(first.map(start));
  results.push(...(await Promise.all(roles.filter((x) => !first.includes(x)).map(start))));
  const server = results.find((x) => x.role === "server")!;
  return { pid: server.pid, started: results.some((x) => x.started) };
}

/**
 * Stops the Medusa processes that cannot stay: all of them on a reset, a topology switch or a port
 * change; otherwise only those that do not answer (a live process gets some patience, see
 * healthyWhileAlive). The worker of a production sandbox switching to single goes too.
 */
export async function stopStaleMedusa(r: ResolvedOptions, recorded: { port: number; topology: Topology }, wanted: { port: number; topology: Topology }, reset: boolean): Promise<void> {
  const keepAll = !reset && recorded.topology === wanted.topology && recorded.port === wanted.port;
  const ports = topologyPorts(recorded.port);
  await Promise.all(
    (["server", "worker"] as const).map(async (role) => {
      const pid = medusaPid(r.paths, role);
      if (pid === undefined) return;
      const inTopology = medusaRoles(wanted.topology, ports).some((m) => m.role === role);
      if (keepAll && inTopology && (await healthyWhileAlive(pid, role === "worker" ? ports.worker : ports.server))) return;
      r.log(`stopping the running Medusa${role === "worker" ? " worker" : ""}…`);
      await stopMedusa(r.paths, role);
    }),
  );
}

/** Every port of the topology (but the database's) is free, or held by this sandbox's own process. */
export async function assertPortsFree(r: ResolvedOptions, topology: Topology, ports: TopologyPorts): Promise<void> {
  const owners: Record<Exclude<ProcessName, "postgres">, () => number | undefined> = {
    server: () => medusaPid(r.paths, "server"),
    worker: () => medusaPid(r.paths, "worker"),
    s3: () => s3Pid(r.paths),
    redis: () => redisPid(r.paths),
  };
  for (const name of processesOf(topology)) {
    if (name === "postgres" || owners[name]() !== undefined) continue;
    const port = ports[name];
    if (!(await portInUse(port))) continue;
    const whose = name === "server" ? "" : ` (the ${name}'s: the production topology uses --port ${ports.server} and the three ports above it)`;
    throw new Error(`port ${port}${whose} on ${DEFAULT_HOST} is already in use by another program (not this sandbox); stop it or choose another port with --port`);
  }
}

/** Whether every process of the topology answers (the database is not probed: a healthy server needs it). */
export async function allAnswering(r: ResolvedOptions, topology: Topology, ports: TopologyPorts): Promise<boolean> {
  if (topology === "single") return true;
  const [worker, redis, s3] = await Promise.all([runningPid(r.paths, ports.worker, "worker"), redisPing(ports.redis), s3Ready(ports.s3)]);
  return worker !== undefined && redis && s3;
}

/** One line per process of the topology, in `status` order. */
export async function processStatuses(r: ResolvedOptions, state: SandboxState, topology: Topology): Promise<ProcessStatus[]> {
  const ports = topologyPorts(state.port);
  const medusa = async (role: MedusaRole, port: number): Promise<Omit<ProcessStatus, "name" | "port">> => {
    const pid = medusaPid(r.paths, role);
    if (pid === undefined) return { running: false };
    // The same patience as `up`: a busy shared sandbox must not read as down.
    const ok = await healthyWhileAlive(pid, port);
    return ok ? { pid, running: true } : { pid, running: false, note: "not answering GET /health" };
  };
  const probes: Record<ProcessName, () => Promise<Omit<ProcessStatus, "name" | "port">>> = {
    server: () => medusa("server", ports.server),
    worker: () => medusa("worker", ports.worker),
    redis: async () => {
      const pid = redisPid(r.paths);
      if (pid === undefined) return { running: false };
      return (await redisPing(ports.redis)) ? { pid, running: true } : { pid, running: false, note: "not answering PING" };
    },
    s3: async () => {
      const pid = s3Pid(r.paths);
      if (pid === undefined) return { running: false };
      return (await s3Ready(ports.s3)) ? { pid, running: true } : { pid, running: false, note: "not serving its bucket" };
    },
    postgres: async () => {
      const external = externalAddress(state);
      if (external) return { running: await portInUse(external.port, external.host), note: `external database on ${external.host}` };
      const pid = embeddedPid(r.paths);
      return pid === undefined ? { running: false } : { pid, running: true };
    },
  };
  const names = processesOf(topology);
  const found = await Promise.all(names.map((n) => probes[n]()));
  return names.map((name, i) => ({ name, port: portOf(name, ports, state), ...found[i]! }));
}

function externalAddress(state: SandboxState): { host: string; port: number } | undefined {
  if (!state.externalDatabaseUrl) return undefined;
  try {
    const u = new URL(state.externalDatabaseUrl);
    return { host: u.hostname || DEFAULT_HOST, port: u.port ? Number(u.port) : 5432 };
  } catch {
    return undefined;
  }
}

function portOf(name: ProcessName, ports: TopologyPorts, state: SandboxState): number {
  if (name === "postgres") return externalAddress(state)?.port ?? state.dbPort;
  return processPort(name, ports, state.dbPort);
}
