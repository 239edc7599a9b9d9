import { existsSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { livePid, spawnDaemon, stopDaemon, waitReady } from "../../../src/cli/sandbox/daemon.js";
import { resolveOptions } from "../../../src/cli/sandbox/paths.js";
import { pidAlive } from "../../../src/cli/sandbox/processes.js";
import { assertRedisAvailable, ensureRedisServer, REDIS_INSTALL_HINT, redisPing } from "../../../src/cli/sandbox/redis.js";

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

function folder(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), "medusactl-daemon-")));
}

function spec(dir: string, script = "setInterval(() => {}, 1000)") {
  return {
    label: "the test daemon",
    command: process.execPath,
    args: ["-e", script, "medusactl-test-daemon"],
    env: { PATH: process.env.PATH },
    cwd: dir,
    pidFile: join(dir, "d.pid"),
    logFile: join(dir, "d.log"),
    headline: "test daemon",
  };
}

describe("daemons", () => {
  it("records a detached process, recognises it by argument and folder, and stops it", async () => {
    const dir = folder();
    const s = spec(dir);
    const { pid } = await spawnDaemon(s);
    started.push(pid);
    expect(livePid(s.pidFile, { arg: "medusactl-test-daemon", cwd: dir })).toBe(pid);
    // Another folder or argument: not ours (a reused pid must never be signalled).
    expect(livePid(s.pidFile, { arg: "medusactl-test-daemon", cwd: "/" })).toBeUndefined();
    expect(existsSync(s.pidFile)).toBe(false);
    writeFileSync(s.pidFile, `${pid}\n`);
    expect(await stopDaemon(s.pidFile, { arg: "medusactl-test-daemon", cwd: dir }, 5000)).toBe(true);
    expect(pidAlive(pid)).toBe(false);
    expect(existsSync(s.pidFile)).toBe(false);
    expect(await stopDaemon(s.pidFile, { arg: "medusactl-test-daemon", cwd: dir }, 5000)).toBe(false);
  });

  it("fails early, quoting its log, when the process dies before it is ready", async () => {
    const dir = folder();
    const s = spec(dir, "console.log('cannot bind'); process.exit(3)");
    const spawned = await spawnDaemon(s);
    await expect(waitReady(s, spawned, async () => false, { timeoutMs: 10_000, what: "answer" })).rejects.toThrow(/exited early \(3\)[\s\S]*cannot bind/);
    expect(existsSync(s.pidFile)).toBe(false);
  });
});

describe("Redis", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it("pings: +PONG is healthy, anything else or nothing listening is not", async () => {
    const port = await new Promise<number>((resolve) => {
      server = createServer((sock) => sock.once("data", () => sock.write("+PONG\r\n"))).listen(0, "127.0.0.1", () => resolve((server!.address() as { port: number }).port));
    });
    expect(await redisPing(port)).toBe(true);
    server!.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(await redisPing(port, 500)).toBe(false);
  });

  it("without redis-server and without root, names the one command to run", async () => {
    const r = { ...resolveOptions({ sourceDir: "/s", dataDir: folder(), env: {} }), isRoot: false };
    await expect(ensureRedisServer(r, join(folder(), "apt.log"), () => undefined)).rejects.toThrow(REDIS_INSTALL_HINT);
    // Checked before `up` stops anything, so a running sandbox is not taken down for nothing.
    expect(() => assertRedisAvailable(r, () => undefined)).toThrow(REDIS_INSTALL_HINT);
    expect(() => assertRedisAvailable({ ...r, isRoot: true }, () => undefined)).not.toThrow();
  });
});
