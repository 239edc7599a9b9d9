import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { syncDir } from "../../../src/cli/sandbox/snapshots.js";

let dir: string;
const snap = () => path.join(dir, "snap");
const live = () => path.join(dir, "live");

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "medusactl-syncdir-"));
  mkdirSync(path.join(snap(), "medusa"), { recursive: true });
  writeFileSync(path.join(snap(), "a.png"), "picture a");
  writeFileSync(path.join(snap(), "medusa", "b.png._S3rver_object"), "object b");
  cpSync(snap(), live(), { recursive: true, preserveTimestamps: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("syncDir (restoring the uploads folder)", () => {
  it("removes uploads made after the snapshot, in nested folders too", () => {
    writeFileSync(path.join(live(), "new.png"), "made later");
    mkdirSync(path.join(live(), "medusa", "sub"));
    writeFileSync(path.join(live(), "medusa", "sub", "c"), "x");
    syncDir(snap(), live());
    expect(existsSync(path.join(live(), "new.png"))).toBe(false);
    expect(existsSync(path.join(live(), "medusa", "sub"))).toBe(false);
    expect(readFileSync(path.join(live(), "medusa", "b.png._S3rver_object"), "utf8")).toBe("object b");
  });

  it("puts back files deleted or rewritten since, and leaves unchanged ones alone", () => {
    rmSync(path.join(live(), "a.png"));
    writeFileSync(path.join(live(), "medusa", "b.png._S3rver_object"), "rewritten in place");
    const untouched = path.join(live(), "medusa");
    const before = statSync(untouched).ino;
    syncDir(snap(), live());
    expect(readFileSync(path.join(live(), "a.png"), "utf8")).toBe("picture a");
    expect(readFileSync(path.join(live(), "medusa", "b.png._S3rver_object"), "utf8")).toBe("object b");
    expect(statSync(untouched).ino).toBe(before);
  });

  it("never links the live folder to the snapshot's files", () => {
    syncDir(snap(), live());
    writeFileSync(path.join(live(), "a.png"), "changed after the restore");
    expect(readFileSync(path.join(snap(), "a.png"), "utf8")).toBe("picture a");
  });

  it("empties the folder when the snapshot had no uploads", () => {
    syncDir(path.join(dir, "none"), live());
    expect(existsSync(live())).toBe(true);
    expect(statSync(live()).isDirectory()).toBe(true);
    expect(existsSync(path.join(live(), "a.png"))).toBe(false);
  });
});
