import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { removeStaleTemps } from "../../src/sdk/atomic-write.js";

describe("removeStaleTemps (what a writer killed between open and rename leaves)", () => {
  it("removes the temp files of processes that are gone, and nothing of a live writer or any other file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "medusactl-stale-"));
    const target = path.join(dir, "job.json");
    const dead = spawnSync(process.execPath, ["-e", "process.pid"]).pid!;
    const live = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      const names = [
        "job.json",
        `.job.json.${dead}.0a1b2c3d.tmp`,
        `.job.json.${live.pid}.0a1b2c3d.tmp`,
        `.job.json.${process.pid}.0a1b2c3d.tmp`,
        `.other.json.${dead}.0a1b2c3d.tmp`,
        `.job.json.${dead}.0a1b2c3d.txt`,
      ];
      for (const n of names) writeFileSync(path.join(dir, n), "x");
      await removeStaleTemps(target);
      expect(readdirSync(dir).sort()).toEqual(names.filter((n) => n !== `.job.json.${dead}.0a1b2c3d.tmp`).sort());
    } finally {
      live.kill();
    }
  });

  it("is quiet when the folder does not exist", async () => {
    await expect(removeStaleTemps(path.join(tmpdir(), "medusactl-missing-dir-x", "job.json"))).resolves.toBeUndefined();
  });
});
