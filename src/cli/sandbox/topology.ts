/**
 * The two shapes a sandbox can run in, as data: which processes belong to each, the ports they use
 * (all derived from the one `--port`, so sandboxes with different data roots run side by side) and
 * the environment that tells `sandbox/medusa-config.ts` which modules to register. Pure: no I/O.
 */

/** `single`: one Medusa process, in-memory modules, local files. `production`: server + worker on Redis, files on S3. */
export type Topology = "single" | "production";
export const TOPOLOGIES: readonly Topology[] = ["single", "production"];
export const DEFAULT_TOPOLOGY: Topology = "single";

export type ProcessName = "server" | "worker" | "s3" | "redis" | "postgres";

/** Loopback only: nothing of the sandbox listens on another interface. */
export const LOOPBACK = "127.0.0.1";
export const S3_BUCKET = "medusa";
/** s3rver ignores the region, but the AWS client signs with one. */
export const S3_REGION = "us-east-1";

export function parseTopology(value: string): Topology {
  if ((TOPOLOGIES as readonly string[]).includes(value)) return value as Topology;
  throw new Error(`unknown topology "${value}" (expected ${TOPOLOGIES.join(" or ")})`);
}

/** Explicit option, else the one recorded for the sandbox, else `single` (like the ports). */
export function effectiveTopology(requested: Topology | undefined, recorded: Topology | undefined): Topology {
  return requested ?? recorded ?? DEFAULT_TOPOLOGY;
}

export interface TopologyPorts {
  server: number;
  worker: number;
  s3: number;
  redis: number;
}

/** Server P, worker P+1, S3 P+2, Redis P+3 (the single topology uses only P). */
export function topologyPorts(port: number): TopologyPorts {
  return { server: port, worker: port + 1, s3: port + 2, redis: port + 3 };
}

/** The production topology needs the three ports above `--port`. */
export function assertPortsFit(topology: Topology, port: number): void {
  if (topology === "production" && port + 3 > 65535) {
    throw new Error(`port ${port} is too high for the production topology: it also uses the three ports above it (worker, S3, Redis)`);
  }
}

/** Every process of a topology, in the order `status` lists them. */
export function processesOf(topology: Topology): ProcessName[] {
  return topology === "production" ? ["server", "worker", "s3", "redis", "postgres"] : ["server", "postgres"];
}

/** The port a process of the sandbox listens on. */
export function processPort(name: ProcessName, ports: TopologyPorts, dbPort: number): number {
  return name === "postgres" ? dbPort : ports[name];
}

/** The Medusa processes of a topology: `mode` is MEDUSA_WORKER_MODE (unset = Medusa's `shared`). */
export function medusaRoles(topology: Topology, ports: TopologyPorts): { role: "server" | "worker"; port: number; mode?: "server" | "worker" }[] {
  if (topology === "single") return [{ role: "server", port: ports.server }];
  return [
    { role: "server", port: ports.server, mode: "server" },
    { role: "worker", port: ports.worker, mode: "worker" },
  ];
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export function redisUrl(ports: TopologyPorts): string {
  return `redis://${LOOPBACK}:${ports.redis}`;
}

export function s3Endpoint(ports: TopologyPorts): string {
  return `http://${LOOPBACK}:${ports.s3}`;
}

/**
 * Variables that select the topology in medusa-config.ts. An `undefined` value means "remove from
 * the inherited environment": a stray REDIS_URL or MEDUSA_WORKER_MODE in the user's shell must not
 * turn the single sandbox into something else.
 */
export function topologyEnv(topology: Topology, ports: TopologyPorts, s3: S3Credentials | undefined): Record<string, string | undefined> {
  const cleared: Record<string, string | undefined> = {
    MEDUSACTL_TOPOLOGY: undefined,
    MEDUSA_WORKER_MODE: undefined,
    REDIS_URL: undefined,
    S3_ENDPOINT: undefined,
    S3_FILE_URL: undefined,
    S3_BUCKET: undefined,
    S3_REGION: undefined,
    S3_ACCESS_KEY_ID: undefined,
    S3_SECRET_ACCESS_KEY: undefined,
  };
  if (topology === "single") return cleared;
  if (!s3) throw new Error("the production topology needs S3 credentials");
  const endpoint = s3Endpoint(ports);
  return {
    ...cleared,
    MEDUSACTL_TOPOLOGY: "production",
    REDIS_URL: redisUrl(ports),
    S3_ENDPOINT: endpoint,
    // Path-style URLs: the bucket is a path segment, so no wildcard DNS is needed for 127.0.0.1.
    S3_FILE_URL: `${endpoint}/${S3_BUCKET}`,
    S3_BUCKET,
    S3_REGION,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
}

/** `base` with `changes` applied: string values set, undefined values removed. */
export function applyEnv(base: NodeJS.ProcessEnv, changes: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...base };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}
