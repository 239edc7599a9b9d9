/**
 * `medusactl sandbox snapshot …` as a user runs it, on a data folder with no database behind it:
 * names, refusals and listings are all decided before PostgreSQL is touched. (Saving and restoring
 * for real is tests/e2e/sandbox-snapshots.test.ts.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { seedIdentity, snapshotDatabaseName, type SnapshotMeta } from "../../../../src/cli/sandbox/snapshot-meta.js";
import { runCli } from "../../../helpers/cli.js";

let root: string;
const sandbox = () => path.join(root, "sandbox");
const cli = (...args: string[]) => runCli(["sandbox", "snapshot", ...args], { env: { MEDUSACTL_DATA_DIR: root, MEDUSACTL_CONFIG_DIR: path.join(root, "config") } });

const state = {
  version: 1,
  createdAt: "2026-11-26T20:00:00.000Z",
  port: 9650,
  dbPort: 54650,
  adminEmail: "admin@medusactl.local",
  adminPassword: "pw",
  pgUser: "postgres",
  pgPassword: "pgpw",
  jwtSecret: "j",
  cookieSecret: "c",
  topology: "single",
  publishableKey: "pk_1",
  secretKey: "sk_secret_1",
  secretKeyId: "apk_1",
  stamps: { migrated: "m", seeded: "s" },
};

function writeSandbox(medusaVersion = "2.21.2"): void {
  mkdirSync(path.join(sandbox(), "app", "node_modules", "@medusajs", "medusa"), { recursive: true });
  writeFileSync(path.join(sandbox(), "state.json"), JSON.stringify(state));
  writeFileSync(path.join(sandbox(), "app", "node_modules", "@medusajs", "medusa", "package.json"), JSON.stringify({ name: "@medusajs/medusa", version: medusaVersion }));
}

function writeSnapshot(name: string, change: Partial<SnapshotMeta> = {}): void {
  const meta: SnapshotMeta = {
    version: 1,
    name,
    createdAt: "2026-11-26T21:00:00.000Z",
    medusaVersion: "2.21.2",
    seed: seedIdentity(state)!,
    topology: "single",
    databaseKey: "embedded",
    database: snapshotDatabaseName(sandbox(), "embedded", name),
    size: { database: 22331919, files: 528846, redis: 0 },
    ...change,
  };
  mkdirSync(path.join(sandbox(), "snapshots", name), { recursive: true });
  writeFileSync(path.join(sandbox(), "snapshots", name, "snapshot.json"), JSON.stringify(meta));
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "medusactl-snapshots-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("snapshot names", () => {
  it.each([
    ["save", "../etc"],
    ["save", "Before Import"],
    ["restore", "a/b"],
    ["rm", ".."],
    ["save", "x".repeat(41)],
  ])("%s %j is refused with exit 2 before anything is done", async (verb, name) => {
    const r = await cli(verb, name, ...(verb === "save" ? [] : ["--yes"]));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("invalid snapshot name");
  });
});

describe("without a sandbox", () => {
  it("save says there is none, exit 2", async () => {
    const r = await cli("save", "first");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`there is no sandbox in ${sandbox()}`);
    expect(r.stderr).toContain("medusactl sandbox up");
  });

  it("list prints nothing (or [] with --json), exit 0", async () => {
    expect(await cli("list")).toMatchObject({ code: 0, stdout: "" });
    const json = await cli("list", "--json");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });
});

describe("snapshot list", () => {
  it("prints name, created, Medusa version, topology and size; --json the whole record", async () => {
    writeSandbox();
    writeSnapshot("seeded");
    writeSnapshot("before-import", { createdAt: "2026-11-26T22:00:00.000Z", size: { database: 1048576, files: 0, redis: 0 } });
    const r = await cli("list");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("seeded\t2026-11-26 21:00\t2.21.2\tsingle\t21.8 MiB\nbefore-import\t2026-11-26 22:00\t2.21.2\tsingle\t1.0 MiB\n");
    const json = JSON.parse((await cli("list", "--json")).stdout) as Record<string, unknown>[];
    expect(json.map((s) => s.name)).toEqual(["seeded", "before-import"]);
    expect(json[0]).toMatchObject({ medusa_version: "2.21.2", topology: "single", size_bytes: 22331919 + 528846, sizes: { database: 22331919, files: 528846, redis: 0 } });
  });

  it("shows a record it cannot read with the reason, and skips folders that are not snapshot names", async () => {
    writeSandbox();
    mkdirSync(path.join(sandbox(), "snapshots", "broken"), { recursive: true });
    writeFileSync(path.join(sandbox(), "snapshots", "broken", "snapshot.json"), "{");
    mkdirSync(path.join(sandbox(), "snapshots", ".new-x"), { recursive: true });
    const r = await cli("list", "--json");
    const json = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ name: "broken", problem: expect.stringContaining("not valid JSON") });
  });
});

describe("snapshot rm", () => {
  it("of a name that does not exist is exit 2 naming it", async () => {
    writeSandbox();
    const r = await cli("rm", "nothing-here", "--yes");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no snapshot named "nothing-here"');
    expect(r.stderr).toContain("sandbox snapshot list");
  });
});

describe("snapshot restore refusals (exit 2, nothing touched)", () => {
  it("needs --yes off a terminal", async () => {
    writeSandbox();
    writeSnapshot("seeded");
    const r = await cli("restore", "seeded");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--yes");
  });

  it("refuses a snapshot of another Medusa version, with both versions", async () => {
    writeSandbox("2.22.0");
    writeSnapshot("old");
    const r = await cli("restore", "old", "--yes");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to restore: snapshot "old" was taken with Medusa 2.21.2, and the sandbox now runs Medusa 2.22.0');
  });

  it("refuses a record naming a database this sandbox did not create for it, before anything else", async () => {
    writeSandbox();
    writeSnapshot("poisoned", { database: "shop_production" });
    const r = await cli("restore", "poisoned", "--yes");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to restore snapshot "poisoned": the record names the database "shop_production", which this sandbox did not create for snapshot "poisoned"; nothing was copied');
  });

  it("refuses a snapshot of another seed", async () => {
    writeSandbox();
    writeSnapshot("other", { seed: "0123456789abcdef01234567" });
    const r = await cli("restore", "other", "--yes");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('snapshot "other" comes from another seed of the sandbox');
  });

  it("refuses a snapshot of the other topology, saying how to switch", async () => {
    writeSandbox();
    writeSnapshot("prod", { topology: "production" });
    const r = await cli("restore", "prod", "--yes");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("medusactl sandbox up --topology production");
  });

  it("of a name that does not exist is exit 2", async () => {
    writeSandbox();
    const r = await cli("restore", "missing", "--yes");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no snapshot named "missing"');
  });

  it("never prints the sandbox's secrets", async () => {
    writeSandbox("9.9.9");
    writeSnapshot("old");
    const r = await cli("restore", "old", "--yes");
    expect(r.stderr + r.stdout).not.toContain(state.secretKey);
    expect(r.stderr + r.stdout).not.toContain(state.pgPassword);
  });
});
