import { describe, expect, it } from "vitest";

import {
  installStamp,
  installValid,
  legacyInstallStamp,
  liveLockHolder,
  lockRecord,
  migrateStamp,
  parsePostmasterPid,
  postmasterServes,
  seedStamp,
  sha256,
  stepsToRun,
  type ProcessProbe,
} from "../../../src/cli/sandbox/cache-rules.js";

/** A machine where only the listed pids live, with the given start times, folders and command lines. */
function probe(bootId: string | undefined, procs: Record<number, { start?: string; cwd?: string; cmdline?: string[] }>): ProcessProbe {
  return {
    bootId,
    alive: (pid) => pid in procs,
    startTime: (pid) => procs[pid]?.start,
    cwd: (pid) => procs[pid]?.cwd,
    cmdline: (pid) => procs[pid]?.cmdline,
  };
}

describe("the lock file", () => {
  const here = probe("boot-a", { 4242: { start: "1000" }, 77: { start: "5" } });
  it.each([
    ["a live holder that wrote it", lockRecord(4242, "boot-a", "1000"), 4242],
    ["a dead pid", lockRecord(999, "boot-a", "1000"), undefined],
    ["a live pid recorded under another boot (a CI cache, a copied folder)", lockRecord(4242, "boot-b", "1000"), undefined],
    ["a live pid reused by a process started later", lockRecord(4242, "boot-a", "999"), undefined],
    ["an older medusactl's bare pid, alive", "77", 77],
    ["an older medusactl's bare pid, dead", "78\n", undefined],
    ["garbage", "not a pid", undefined],
    ["an empty file", "", undefined],
  ])("%s", (_name, content, holder) => {
    expect(liveLockHolder(content, here)).toBe(holder);
  });

  it("trusts a live pid when /proc cannot tell the boot or start time", () => {
    expect(liveLockHolder(lockRecord(4242, "boot-b", "1"), probe(undefined, { 4242: {} }))).toBe(4242);
    expect(lockRecord(1, undefined, undefined)).toBe("1 - -");
  });
});

describe("postmaster.pid", () => {
  const pgData = "/var/lib/medusactl/sandbox/postgres";
  const file = (pid: number, dir = pgData) => `${pid}\n${dir}\n1795300000\n54329\n${dir}\n127.0.0.1\n  1234     5678\nready   \n`;
  const postgres = (cwd: string) => ({ cwd, cmdline: ["/x/native/bin/postgres", "-D", pgData, "-p", "54329"] });

  it("parses pid, data directory and port", () => {
    expect(parsePostmasterPid(file(321))).toEqual({ pid: 321, dataDir: pgData, port: 54329 });
    expect(parsePostmasterPid("")).toBeUndefined();
  });

  it.each([
    ["our postmaster, running", file(321), { 321: postgres(pgData) }, true],
    ["its pid is gone (a crash, another machine)", file(321), {}, false],
    ["the folder was copied from another path", file(321, "/elsewhere/sandbox/postgres"), { 321: postgres("/elsewhere/sandbox/postgres") }, false],
    ["the pid now belongs to another program (same path on a new machine)", file(321), { 321: { cwd: "/root", cmdline: ["node", "server.js"] } }, false],
    ["the pid is another postgres serving another folder", file(321), { 321: postgres("/other/pgdata") }, false],
    ["/proc says nothing: a live pid of the same path is trusted, as pg_ctl does", file(321), { 321: {} }, true],
  ])("%s", (_name, content, procs, serves) => {
    expect(postmasterServes(content, pgData, probe("b", procs))).toBe(serves);
  });

  it("accepts the resolved path of a data folder behind a symbolic link", () => {
    const real = "/mnt/disk/medusactl/sandbox/postgres";
    expect(postmasterServes(file(321), [pgData, real], probe("b", { 321: postgres(real) }))).toBe(true);
  });
});

describe("install stamp", () => {
  const base = { packageJson: '{"name":"medusactl-sandbox"}', lock: '{"lockfileVersion":3}', platform: "linux", arch: "x64", abi: "115" };

  it("keeps node_modules across Node patch releases of one major (same module ABI)", () => {
    expect(installStamp(base)).toBe(installStamp({ ...base }));
  });

  it.each([
    ["another lock file", { lock: '{"lockfileVersion":3,"x":1}' }],
    ["another manifest", { packageJson: '{"name":"other"}' }],
    ["another Node major (module ABI)", { abi: "127" }],
    ["another platform", { platform: "darwin" }],
    ["another CPU", { arch: "arm64" }],
  ])("reinstalls for %s", (_name, change) => {
    expect(installStamp({ ...base, ...change })).not.toBe(installStamp(base));
  });

  it("accepts the stamp of an install made before (exact Node version) and needs the Medusa CLI", () => {
    const current = installStamp(base);
    const legacy = legacyInstallStamp({ packageJson: base.packageJson, lock: base.lock, nodeVersion: "v20.20.2" });
    expect(legacy).toBe(sha256(base.packageJson, base.lock, "v20.20.2"));
    expect(installValid(current, current, legacy, true)).toBe(true);
    expect(installValid(legacy, current, legacy, true)).toBe(true);
    expect(installValid(current, current, legacy, false)).toBe(false);
    expect(installValid(undefined, current, legacy, true)).toBe(false);
    expect(installValid("something else", current, legacy, true)).toBe(false);
  });
});

describe("what up runs on a data folder it finds", () => {
  const lock = "lock-1";
  const migrated = migrateStamp("embedded", lock, "single");
  const seeded = seedStamp("embedded", "sources-1", "", 9000, "single");
  const valid = { installValid: true, migrated, migrateWant: migrated, seeded, seedWant: seeded, haveKeys: true };

  it("skips everything for a cached folder of the same medusactl, lock file, port and topology", () => {
    expect(stepsToRun(valid)).toEqual({ install: false, migrate: false, seed: false });
  });

  it("keeps the stamps of sandboxes made before (single topology: no topology in the migrate stamp)", () => {
    expect(migrated).toBe(sha256("embedded", lock));
    expect(migrateStamp("embedded", lock, "production")).toBe(sha256("embedded", lock, "production"));
    expect(seeded).toBe(sha256("embedded", "sources-1", "", "9000", "single"));
  });

  it.each([
    ["a new lock file reinstalls, migrates and seeds", { installValid: false, migrateWant: migrateStamp("embedded", "lock-2", "single"), seedWant: seedStamp("embedded", "sources-2", "", 9000, "single") }, { install: true, migrate: true, seed: true }],
    ["a new seed (sources) seeds again only", { seedWant: seedStamp("embedded", "sources-2", "", 9000, "single") }, { install: false, migrate: false, seed: true }],
    ["another port seeds again (picture URLs carry it)", { seedWant: seedStamp("embedded", "sources-1", "", 9800, "single") }, { install: false, migrate: false, seed: true }],
    ["another topology migrates and seeds", { migrateWant: migrateStamp("embedded", lock, "production"), seedWant: seedStamp("embedded", "sources-1", "", 9000, "production") }, { install: false, migrate: true, seed: true }],
    ["a new Node major reinstalls only", { installValid: false }, { install: true, migrate: false, seed: false }],
    ["missing API keys seed again", { haveKeys: false }, { install: false, migrate: false, seed: true }],
    ["a migration always re-runs the seed", { migrated: undefined }, { install: false, migrate: true, seed: true }],
  ])("%s", (_name, change, plan) => {
    expect(stepsToRun({ ...valid, ...change })).toEqual(plan);
  });
});
