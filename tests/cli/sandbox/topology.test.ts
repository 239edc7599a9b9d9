import { mkdirSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { medusaEnv, withYoungGeneration } from "../../../src/cli/sandbox/medusa-process.js";
import { resolveOptions, sandboxPaths } from "../../../src/cli/sandbox/paths.js";
import { medusaDatabaseUrl, type DbTarget } from "../../../src/cli/sandbox/postgres.js";
import { loadState, newState, s3Credentials, saveState } from "../../../src/cli/sandbox/state.js";
import {
  applyEnv,
  assertPortsFit,
  effectiveTopology,
  medusaRoles,
  parseTopology,
  processesOf,
  processPort,
  topologyEnv,
  topologyPorts,
} from "../../../src/cli/sandbox/topology.js";

const keys = { accessKeyId: "medusactl-abc", secretAccessKey: "s3-secret" };
const db: DbTarget = { embedded: true, url: "postgres://postgres:pw@127.0.0.1:54339/medusa", host: "127.0.0.1", port: 54339, user: "postgres", password: "pw", database: "medusa", key: "embedded" };

describe("ports", () => {
  it.each([
    [9000, { server: 9000, worker: 9001, s3: 9002, redis: 9003 }],
    [9300, { server: 9300, worker: 9301, s3: 9302, redis: 9303 }],
  ])("derives every port from --port %i", (port, expected) => {
    expect(topologyPorts(port)).toEqual(expected);
  });

  it("gives the database its own port", () => {
    expect(processPort("postgres", topologyPorts(9300), 54339)).toBe(54339);
    expect(processPort("redis", topologyPorts(9300), 54339)).toBe(9303);
  });

  it("refuses a port whose three neighbours do not exist, for the production topology only", () => {
    expect(() => assertPortsFit("production", 65533)).toThrow(/three ports above/);
    expect(() => assertPortsFit("production", 65532)).not.toThrow();
    expect(() => assertPortsFit("single", 65535)).not.toThrow();
  });
});

describe("topology choice", () => {
  it.each([
    [undefined, undefined, "single"],
    [undefined, "production", "production"],
    ["single", "production", "single"],
    ["production", undefined, "production"],
  ] as const)("requested %s, recorded %s: %s", (requested, recorded, expected) => {
    expect(effectiveTopology(requested, recorded)).toBe(expected);
  });

  it("rejects unknown names", () => {
    expect(parseTopology("production")).toBe("production");
    expect(() => parseTopology("cluster")).toThrow(/single or production/);
    expect(() => resolveOptions({ sourceDir: "/s", env: {}, topology: "cluster" as never })).toThrow(/unknown topology/);
    expect(resolveOptions({ sourceDir: "/s", env: {} }).topology).toBeUndefined();
  });

  it("lists each topology's processes in status order", () => {
    expect(processesOf("single")).toEqual(["server", "postgres"]);
    expect(processesOf("production")).toEqual(["server", "worker", "s3", "redis", "postgres"]);
  });

  it("runs one shared Medusa process in single, a server and a worker in production", () => {
    const ports = topologyPorts(9300);
    expect(medusaRoles("single", ports)).toEqual([{ role: "server", port: 9300 }]);
    expect(medusaRoles("production", ports)).toEqual([
      { role: "server", port: 9300, mode: "server" },
      { role: "worker", port: 9301, mode: "worker" },
    ]);
  });
});

describe("environment per topology", () => {
  it("production: Redis and S3 on the derived ports, path-style file URLs", () => {
    expect(topologyEnv("production", topologyPorts(9300), keys)).toEqual({
      MEDUSACTL_TOPOLOGY: "production",
      MEDUSA_WORKER_MODE: undefined,
      REDIS_URL: "redis://127.0.0.1:9303",
      S3_ENDPOINT: "http://127.0.0.1:9302",
      S3_FILE_URL: "http://127.0.0.1:9302/medusa",
      S3_BUCKET: "medusa",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "medusactl-abc",
      S3_SECRET_ACCESS_KEY: "s3-secret",
    });
  });

  it("single: removes inherited topology variables, so a stray REDIS_URL changes nothing", () => {
    const inherited = { PATH: "/bin", REDIS_URL: "redis://elsewhere", MEDUSA_WORKER_MODE: "worker", MEDUSACTL_TOPOLOGY: "production", S3_BUCKET: "x" };
    expect(applyEnv(inherited, topologyEnv("single", topologyPorts(9000), undefined))).toEqual({ PATH: "/bin" });
  });

  it("production needs the S3 keys", () => {
    expect(() => topologyEnv("production", topologyPorts(9000), undefined)).toThrow(/S3 credentials/);
  });

  it("Medusa reaches the embedded PostgreSQL by its socket, unless the socket's path is too long; an external database by its own URL", () => {
    const short = resolveOptions({ sourceDir: "/src/sandbox", dataDir: "/d", env: {} }).paths;
    expect(new URL(medusaDatabaseUrl(db, short)).searchParams.get("host")).toBe("/d/sandbox/postgres");
    const deep = resolveOptions({ sourceDir: "/src/sandbox", dataDir: `/${"x".repeat(70)}`, env: {} }).paths;
    expect(medusaDatabaseUrl(db, deep)).toBe(db.url);
    const external: DbTarget = { ...db, embedded: false, url: "postgres://u:p@db.example:5432/shop", key: "external:1" };
    expect(medusaDatabaseUrl(external, short)).toBe(external.url);
  });

  it("medusaEnv follows the topology recorded in the state", () => {
    const r = resolveOptions({ sourceDir: "/src/sandbox", dataDir: "/d", env: { PATH: "/bin", DATABASE_URL: "postgres://ambient", REDIS_URL: "redis://stray" } });
    const state = newState(9300, 54339);
    const single = medusaEnv(r, state, db, 9300);
    // The embedded PostgreSQL through its Unix socket, in its data folder.
    expect(single).toMatchObject({ DATABASE_URL: "postgres://postgres:pw@localhost:54339/medusa?host=%2Fd%2Fsandbox%2Fpostgres", MEDUSA_BACKEND_URL: "http://127.0.0.1:9300", PORT: "9300" });
    expect(single).not.toHaveProperty("REDIS_URL");
    expect(single).not.toHaveProperty("MEDUSACTL_TOPOLOGY");
    // A larger young generation: Medusa spends less CPU in scavenges.
    expect(single.NODE_OPTIONS).toBe("--max-semi-space-size=32");

    state.topology = "production";
    const made = s3Credentials(state);
    const prod = medusaEnv(r, state, db, 9300);
    expect(prod).toMatchObject({
      MEDUSACTL_TOPOLOGY: "production",
      REDIS_URL: "redis://127.0.0.1:9303",
      S3_ENDPOINT: "http://127.0.0.1:9302",
      S3_ACCESS_KEY_ID: made.accessKeyId,
      S3_SECRET_ACCESS_KEY: made.secretAccessKey,
      MEDUSA_BACKEND_URL: "http://127.0.0.1:9300",
    });
    // The worker mode is per process, set when each one starts.
    expect(prod).not.toHaveProperty("MEDUSA_WORKER_MODE");
  });
});

describe("withYoungGeneration", () => {
  it("adds a 32 MiB semi-space to the user's NODE_OPTIONS, and keeps a size they chose", () => {
    expect(withYoungGeneration(undefined)).toBe("--max-semi-space-size=32");
    expect(withYoungGeneration(" --enable-source-maps ")).toBe("--enable-source-maps --max-semi-space-size=32");
    expect(withYoungGeneration("--max-semi-space-size=8 --trace-warnings")).toBe("--max-semi-space-size=8 --trace-warnings");
  });
});

describe("state", () => {
  it("keeps the topology and the S3 keys across a save and a load (mode 0600)", async () => {
    const paths = sandboxPaths({ dataDir: mkdtempSync(join(tmpdir(), "medusactl-topology-")), isRoot: false });
    mkdirSync(paths.sandbox, { recursive: true });
    const state = { ...newState(9300, 54339), topology: "production" as const };
    const made = s3Credentials(state);
    await saveState(paths, state);
    expect(statSync(paths.state).mode & 0o777).toBe(0o600);
    const loaded = loadState(paths)!;
    expect(loaded.topology).toBe("production");
    expect(s3Credentials(loaded)).toEqual(made);
  });

  it("makes S3 keys once per sandbox", () => {
    const state = newState(9000, 54329);
    expect(state.topology).toBeUndefined();
    const first = s3Credentials(state);
    expect(first.accessKeyId).toMatch(/^medusactl-[0-9a-f]{12}$/);
    expect(first.secretAccessKey.length).toBeGreaterThanOrEqual(32);
    expect(s3Credentials(state)).toEqual(first);
    expect(s3Credentials(newState(9000, 54329))).not.toEqual(first);
  });

  it("puts every process's pid file and log inside the sandbox folder", () => {
    const p = sandboxPaths({ dataDir: "/data", isRoot: false });
    expect([p.workerPidFile, p.redisPidFile, p.s3PidFile]).toEqual(["/data/sandbox/run/medusa-worker.pid", "/data/sandbox/run/redis.pid", "/data/sandbox/run/s3.pid"]);
    expect([p.workerLog, p.redisLog, p.s3Log]).toEqual(["/data/sandbox/logs/medusa-worker.log", "/data/sandbox/logs/redis.log", "/data/sandbox/logs/s3.log"]);
    expect([p.redisDir, p.s3Dir]).toEqual(["/data/sandbox/redis", "/data/sandbox/s3"]);
  });
});
