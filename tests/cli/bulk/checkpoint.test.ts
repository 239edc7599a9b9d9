import { mkdtempSync, writeFileSync, appendFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Checkpoint, hashFile, checkpointId } from "../../../src/cli/bulk/checkpoint.js";

describe("Checkpoint", () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), "medusactl-jobs-"));
  const key = { command: "products import", profile: "p", url: "http://x", fileHash: "abc" };

  it("resumes committed entries and state, and forgets them when the job finishes", async () => {
    const d = dir();
    const a = await Checkpoint.open<{ n: number }, { k: string }>({ dir: d, key, file: "f.csv", resume: false, initial: { n: 0 } });
    expect(a.resumed).toBe(false);
    await Promise.all([a.commit([{ k: "one" }], { n: 1 }), a.commit([{ k: "two" }, { k: "three" }], { n: 2 })]);
    const b = await Checkpoint.open<{ n: number }, { k: string }>({ dir: d, key, file: "f.csv", resume: true, initial: { n: 0 } });
    expect(b.resumed).toBe(true);
    expect(b.state).toEqual({ n: 2 });
    expect(b.entries.map((e) => e.k)).toEqual(["one", "two", "three"]);
    await b.finish();
    expect(readdirSync(d)).toEqual([]);
  });

  it("ignores journal bytes written after the last committed state (a crash between the two writes)", async () => {
    const d = dir();
    const a = await Checkpoint.open<object, { k: string }>({ dir: d, key, file: "f.csv", resume: false, initial: {} });
    await a.commit([{ k: "one" }]);
    appendFileSync(path.join(d, `${checkpointId(key)}.jsonl`), '{"k":"half');
    const b = await Checkpoint.open<object, { k: string }>({ dir: d, key, file: "f.csv", resume: true, initial: {} });
    expect(b.entries).toEqual([{ k: "one" }]);
    await b.commit([{ k: "two" }]);
    const c = await Checkpoint.open<object, { k: string }>({ dir: d, key, file: "f.csv", resume: true, initial: {} });
    expect(c.entries).toEqual([{ k: "one" }, { k: "two" }]);
  });

  it("starts over without --resume, and keys jobs by file content", async () => {
    const d = dir();
    const a = await Checkpoint.open<object, string>({ dir: d, key, file: "f.csv", resume: false, initial: {} });
    await a.commit(["x"]);
    const fresh = await Checkpoint.open<object, string>({ dir: d, key, file: "f.csv", resume: false, initial: {} });
    expect(fresh.entries).toEqual([]);
    const other = await Checkpoint.open<object, string>({ dir: d, key: { ...key, fileHash: "def" }, file: "f.csv", resume: true, initial: {} });
    expect(other.resumed).toBe(false);
    const f = path.join(d, "in.csv");
    writeFileSync(f, "a,b\n");
    expect(await hashFile(f)).toBe("5be08c9684a1d25efcee09318204824278b08bbfb4aef973ffefd0b9d7478313");
  });
});
