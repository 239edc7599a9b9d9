import { describe, expect, it } from "vitest";

import {
  medusaVersionFromLock,
  parseSnapshotMeta,
  restoreRefusal,
  scratchDatabaseName,
  seedIdentity,
  snapshotDatabaseName,
  snapshotDatabaseProblem,
  snapshotDir,
  snapshotNameProblem,
  snapshotRecords,
  totalSize,
  type SnapshotMeta,
  type SnapshotTarget,
} from "../../../src/cli/sandbox/snapshot-meta.js";
import { formatBytes } from "../../../src/shared/format.js";

describe("snapshot names", () => {
  it.each(["seeded", "before-import", "v2.21.2", "a", "run_42", "0", "x".repeat(40)])("accepts %s", (name) => {
    expect(snapshotNameProblem(name)).toBeUndefined();
  });

  it.each([
    ["", /empty/],
    ["../etc", /path separator/],
    ["a/b", /path separator/],
    ["a\\b", /path separator/],
    [".", /lower-case letters/],
    ["..", /lower-case letters/],
    [".hidden", /starts with a letter or digit/],
    ["-rf", /starts with a letter or digit/],
    ["Seeded", /lower-case/],
    ["with space", /lower-case/],
    ["semi;colon", /lower-case/],
    ["quote\"d", /lower-case/],
    ["tab\there", /lower-case/],
    ["esc\x1b[31m", /lower-case/],
    ["naïve", /lower-case/],
    ["x".repeat(41), /at most 40/],
  ])("refuses %j", (name, reason) => {
    expect(snapshotNameProblem(name)).toMatch(reason);
  });

  it("keeps a snapshot's folder inside the sandbox's snapshots folder", () => {
    expect(snapshotDir({ sandbox: "/data/sandbox" }, "seeded")).toBe("/data/sandbox/snapshots/seeded");
  });
});

describe("snapshot database names", () => {
  it("fit PostgreSQL's 63-character limit for the longest name", () => {
    const name = "x".repeat(40);
    expect(snapshotDatabaseName("/var/lib/medusactl/sandbox", "embedded", name).length).toBeLessThanOrEqual(63);
    expect(scratchDatabaseName("/var/lib/medusactl/sandbox", "embedded", "new", name).length).toBeLessThanOrEqual(63);
  });

  it("differ between sandboxes and databases, so sandboxes sharing a server keep apart", () => {
    const a = snapshotDatabaseName("/a/sandbox", "external:1", "seeded");
    expect(snapshotDatabaseName("/b/sandbox", "external:1", "seeded")).not.toBe(a);
    expect(snapshotDatabaseName("/a/sandbox", "external:2", "seeded")).not.toBe(a);
    expect(snapshotDatabaseName("/a/sandbox", "external:1", "seeded")).toBe(a);
  });

  it("never give a scratch database the name of a snapshot", () => {
    const names = ["new", "restoring", "old", "x__new", "x_new", "new_x"];
    const snapshots = new Set(names.map((n) => snapshotDatabaseName("/s", "embedded", n)));
    for (const purpose of ["new", "restoring", "old"] as const) {
      expect(snapshots.has(scratchDatabaseName("/s", "embedded", purpose))).toBe(false);
      for (const n of names) expect(snapshots.has(scratchDatabaseName("/s", "embedded", purpose, n))).toBe(false);
    }
  });
});

describe("a snapshot record is not trusted", () => {
  const own = snapshotDatabaseName("/data/sandbox", "embedded", "before");
  it("passes only the database this sandbox creates for that snapshot, and in its registry", () => {
    expect(snapshotDatabaseProblem({ name: "before", database: own }, "before", "/data/sandbox", "embedded", undefined)).toBeUndefined();
    expect(snapshotDatabaseProblem({ name: "before", database: own }, "before", "/data/sandbox", "embedded", [own])).toBeUndefined();
  });
  it.each([
    ["another database of the server", { name: "before", database: "shop_production" }, undefined, /names the database "shop_production", which this sandbox did not create/],
    ["another sandbox's snapshot database", { name: "before", database: snapshotDatabaseName("/other/sandbox", "embedded", "before") }, undefined, /did not create for snapshot "before"/],
    ["this sandbox's database for another name", { name: "before", database: snapshotDatabaseName("/data/sandbox", "embedded", "other") }, undefined, /did not create/],
    ["a record moved to another folder", { name: "other", database: own }, undefined, /says it is snapshot "other"/],
    ["a database missing from the registry", { name: "before", database: own }, ["mctl_x_y"], /not among the snapshot databases this sandbox created/],
  ])("refuses %s", (_what, meta, registry, why) => {
    expect(snapshotDatabaseProblem(meta, "before", "/data/sandbox", "embedded", registry)).toMatch(why);
  });
});

describe("seedIdentity", () => {
  const seeded = { stamps: { seeded: "stamp-1" }, publishableKey: "pk_1", secretKey: "sk_1", secretKeyId: "apk_1" };

  it("is undefined until the sandbox is seeded", () => {
    expect(seedIdentity({ stamps: {} })).toBeUndefined();
    expect(seedIdentity({ stamps: { seeded: "s" } })).toBeUndefined();
  });

  it("is stable for the same seed and changes with the seed stamp or its keys", () => {
    const id = seedIdentity(seeded)!;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(seedIdentity({ ...seeded })).toBe(id);
    expect(seedIdentity({ ...seeded, stamps: { seeded: "stamp-2" } })).not.toBe(id);
    expect(seedIdentity({ ...seeded, publishableKey: "pk_2" })).not.toBe(id);
    expect(seedIdentity({ ...seeded, secretKeyId: "apk_2" })).not.toBe(id);
  });

  it("never contains the secret key", () => {
    const id = seedIdentity({ ...seeded, secretKeyId: undefined })!;
    expect(id).not.toContain("sk_1");
  });
});

const meta: SnapshotMeta = {
  version: 1,
  name: "seeded",
  createdAt: "2026-11-26T20:00:00.000Z",
  medusaVersion: "2.21.2",
  seed: "seed-a",
  topology: "single",
  databaseKey: "embedded",
  database: "mctl_0123abcd_seeded",
  size: { database: 20 * 1048576, files: 512 * 1024, redis: 0 },
};
const target: SnapshotTarget = { medusaVersion: "2.21.2", seed: "seed-a", topology: "single", databaseKey: "embedded" };

describe("restoreRefusal", () => {
  it("allows a snapshot of the same Medusa, seed, topology and database", () => {
    expect(restoreRefusal(meta, target)).toBeUndefined();
  });

  it.each<[string, Partial<SnapshotTarget>, RegExp]>([
    ["another Medusa version", { medusaVersion: "2.22.0" }, /taken with Medusa 2\.21\.2, and the sandbox now runs Medusa 2\.22\.0/],
    ["another seed", { seed: "seed-b" }, /comes from another seed of the sandbox/],
    ["another topology", { topology: "production" }, /taken on the single topology, and the sandbox now runs the production one/],
    ["another database", { databaseKey: "external:abc" }, /taken from another database/],
  ])("refuses a snapshot from %s, naming the reason", (_what, change, reason) => {
    const why = restoreRefusal(meta, { ...target, ...change });
    expect(why).toMatch(reason);
    expect(why).toContain('snapshot "seeded"');
  });

  it("names the version first when several differ", () => {
    expect(restoreRefusal(meta, { ...target, medusaVersion: "2.22.0", seed: "other" })).toMatch(/Medusa/);
  });
});

describe("parseSnapshotMeta", () => {
  it("reads a record it wrote", () => {
    expect(parseSnapshotMeta(JSON.stringify(meta), "f")).toEqual(meta);
  });

  it.each([
    ["not JSON", "{", /not valid JSON/],
    ["another version", JSON.stringify({ ...meta, version: 2 }), /unknown format/],
    ["no database", JSON.stringify({ ...meta, database: undefined }), /unknown format/],
    ["an unknown topology", JSON.stringify({ ...meta, topology: "k8s" }), /unknown format/],
    ["null", "null", /unknown format/],
  ])("refuses %s, naming the file", (_what, text, reason) => {
    expect(() => parseSnapshotMeta(text, "/d/snapshot.json")).toThrow(reason);
    expect(() => parseSnapshotMeta(text, "/d/snapshot.json")).toThrow("/d/snapshot.json");
  });
});

describe("listing records", () => {
  it("gives the total size and the parts, and marks unreadable records", () => {
    const records = snapshotRecords([
      { name: "seeded", meta: { ...meta, topology: "production", redisKeys: 15, size: { database: 100, files: 20, redis: 3 } } },
      { name: "broken", problem: "the snapshot record … is not valid JSON" },
    ]);
    expect(records).toEqual([
      {
        name: "seeded",
        created_at: meta.createdAt,
        medusa_version: "2.21.2",
        topology: "production",
        seed: "seed-a",
        size_bytes: 123,
        sizes: { database: 100, files: 20, redis: 3 },
        redis_keys: 15,
      },
      { name: "broken", problem: "the snapshot record … is not valid JSON" },
    ]);
    expect(totalSize(meta)).toBe(20 * 1048576 + 512 * 1024);
  });
});

describe("medusaVersionFromLock", () => {
  it("reads the pinned @medusajs/medusa of a lock file (v3 and v1)", () => {
    expect(medusaVersionFromLock(JSON.stringify({ packages: { "node_modules/@medusajs/medusa": { version: "2.21.2" } } }))).toBe("2.21.2");
    expect(medusaVersionFromLock(JSON.stringify({ dependencies: { "@medusajs/medusa": { version: "2.0.0" } } }))).toBe("2.0.0");
  });

  it("is undefined for a lock without it or text that is not JSON", () => {
    expect(medusaVersionFromLock("{}")).toBeUndefined();
    expect(medusaVersionFromLock("nope")).toBeUndefined();
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1536, "1.5 KiB"],
    [22860765, "21.8 MiB"],
    [3 * 2 ** 30, "3.0 GiB"],
  ])("%d → %s", (n, text) => {
    expect(formatBytes(n)).toBe(text);
  });
});
