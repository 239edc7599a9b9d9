import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Checkpoint, checkpointId, type CheckpointKey } from "../../../src/cli/bulk/checkpoint.js";
import { UsageError } from "../../../src/term/errors.js";

const key: CheckpointKey = { command: "prices apply", profile: "default", url: "http://127.0.0.1:9000", fileHash: "abc" };

async function interrupted(): Promise<{ dir: string; meta: string; journal: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "medusactl-ckpt-"));
  const cp = await Checkpoint.open<{ offset: number }, { row: number }>({ dir, key, file: "p.csv", resume: false, initial: { offset: 0 } });
  await cp.commit([{ row: 2 }, { row: 3 }], { offset: 2 });
  const id = checkpointId(key);
  return { dir, meta: path.join(dir, `${id}.json`), journal: path.join(dir, `${id}.jsonl`) };
}

const resume = (dir: string, check?: (s: { offset: number }) => string | undefined) =>
  Checkpoint.open<{ offset: number }, { row: number }>({ dir, key, file: "p.csv", resume: true, initial: { offset: 0 }, check });

function tamper(meta: string, change: (m: Record<string, any>) => void) {
  const m = JSON.parse(readFileSync(meta, "utf8"));
  change(m);
  writeFileSync(meta, JSON.stringify(m));
}

describe("a tampered --resume checkpoint is a clear usage error that says how to start over", () => {
  it("resumes an untouched checkpoint with its state and entries", async () => {
    const { dir } = await interrupted();
    const cp = await resume(dir);
    expect(cp.resumed).toBe(true);
    expect(cp.state).toEqual({ offset: 2 });
    expect(cp.entries).toEqual([{ row: 2 }, { row: 3 }]);
  });

  it.each([
    ["metadata that is not JSON", (f: { meta: string; journal: string }) => writeFileSync(f.meta, "{oops"), "not valid JSON"],
    ["a negative committed length", (f: { meta: string }) => tamper(f.meta, (m) => (m.journalBytes = -5)), "is not a byte count"],
    ["a committed length past the journal", (f: { meta: string }) => tamper(f.meta, (m) => (m.journalBytes = 10_000)), "the checkpoint says 10000 were committed"],
    ["a journal line that is not JSON", (f: { journal: string }) => writeFileSync(f.journal, '{"row":2}\n{"row":X}\n'), "line 2 is not valid JSON"],
    ["a key of another job", (f: { meta: string }) => tamper(f.meta, (m) => (m.key.url = "http://evil.example")), "belongs to another command, target or file"],
  ])("%s", async (_what, change, message) => {
    const f = await interrupted();
    change(f as never);
    const err = await resume(f.dir).catch((e) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect(err.exitCode).toBe(2);
    expect(err.message).toContain("cannot be used");
    expect(err.message).toContain(message);
    expect(err.hint).toContain("without --resume");
  });

  it("asks the job to check its state (an offset past the file)", async () => {
    const { dir, meta } = await interrupted();
    tamper(meta, (m) => (m.state.offset = 999));
    const err = await resume(dir, (s) => (s.offset > 10 ? `offset ${s.offset} is past the file's 10 rows` : undefined)).catch((e) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toContain("offset 999 is past the file's 10 rows");
  });

  it("starts over without --resume even when the old checkpoint is broken", async () => {
    const { dir, meta } = await interrupted();
    writeFileSync(meta, "{oops");
    const cp = await Checkpoint.open<{ offset: number }, { row: number }>({ dir, key, file: "p.csv", resume: false, initial: { offset: 0 } });
    expect(cp.resumed).toBe(false);
    expect(cp.entries).toEqual([]);
  });
});
