import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { liveLockHolder, lockRecord } from "../../../src/cli/sandbox/cache-rules.js";
import { bootId, processStartTime, systemProbe } from "../../../src/cli/sandbox/liveness.js";
import { sandboxPaths } from "../../../src/cli/sandbox/paths.js";
import { acquireLock } from "../../../src/cli/sandbox/state.js";

const linux = process.platform === "linux";
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function runDir(): ReturnType<typeof sandboxPaths> {
  const root = mkdtempSync(join(tmpdir(), "medusactl-liveness-"));
  dirs.push(root);
  const paths = sandboxPaths({ dataDir: root, isRoot: false });
  mkdirSync(paths.run, { recursive: true });
  return paths;
}

describe.runIf(linux)("what /proc says about this process", () => {
  it("knows its boot, start time, folder and command line", () => {
    expect(bootId()).toMatch(/^[0-9a-f-]{36}$/);
    const start = processStartTime(process.pid);
    expect(start).toMatch(/^\d+$/);
    expect(processStartTime(process.pid)).toBe(start);
    expect(systemProbe.cwd(process.pid)).toBe(process.cwd());
    expect(systemProbe.cmdline(process.pid)?.[0]).toContain("node");
    expect(liveLockHolder(lockRecord(process.pid, bootId(), start), systemProbe)).toBe(process.pid);
  });
});

describe("the sandbox lock", () => {
  it("records pid, boot and start time, and removes the lock on release", () => {
    const paths = runDir();
    const release = acquireLock(paths);
    const [pid, boot, start] = readFileSync(paths.lockFile, "utf8").split(" ");
    expect(Number(pid)).toBe(process.pid);
    if (linux) {
      expect(boot).toBe(bootId());
      expect(start).toBe(processStartTime(process.pid));
    }
    release();
    expect(() => readFileSync(paths.lockFile)).toThrow();
  });

  it.runIf(linux)("takes over a lock copied from another machine even when its pid is alive here", () => {
    const paths = runDir();
    // pid 1 is alive on every Linux machine; the boot id says the lock was written elsewhere.
    writeFileSync(paths.lockFile, lockRecord(1, "00000000-0000-0000-0000-000000000000", "42"));
    const release = acquireLock(paths);
    expect(Number(readFileSync(paths.lockFile, "utf8").split(" ")[0])).toBe(process.pid);
    release();
  });

  it.runIf(linux)("refuses a lock held by a live process of this boot", () => {
    const paths = runDir();
    writeFileSync(paths.lockFile, lockRecord(1, bootId(), processStartTime(1)));
    expect(() => acquireLock(paths)).toThrow(/another medusactl process \(pid 1\)/);
  });
});
