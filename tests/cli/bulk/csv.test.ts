import { mkdtempSync, readFileSync, writeFileSync, appendFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CsvWriter, readCsv, type CsvRecord } from "../../../src/cli/bulk/csv.js";
import { Problems, ValidationError } from "../../../src/cli/bulk/problems.js";
import { Checkpoint, hashFile, checkpointId } from "../../../src/cli/bulk/checkpoint.js";
import { chunked, jsonBytes, runPool, OversizeItemError, BATCH_BODY_LIMIT } from "../../../src/cli/bulk/pool.js";
import { ReportWriter } from "../../../src/cli/bulk/report.js";
import { createProgress } from "../../../src/cli/bulk/progress.js";
import { testIO } from "../../helpers/test-io.js";

async function read(input: Buffer | string, chunkSize = 3): Promise<{ records: CsvRecord[]; problems: Problems }> {
  const buf = Buffer.isBuffer(input) ? input : Buffer.from(input);
  const parts: Buffer[] = [];
  for (let i = 0; i < buf.length; i += chunkSize) parts.push(buf.subarray(i, i + chunkSize));
  const problems = new Problems();
  const records: CsvRecord[] = [];
  for await (const r of readCsv(Readable.from(parts), { file: "in.csv", problems })) records.push(r);
  return { records, problems };
}

describe("readCsv", () => {
  it.each([
    ["LF", "\n"],
    ["CRLF", "\r\n"],
  ])("numbers records from the header (1) and gives the start line of multi-line records (%s)", async (_n, eol) => {
    const text = ["a,b", `1,"x${eol}y"`, "", "3,4", `"5${eol}${eol}6",7`, "8,9"].join(eol);
    const { records, problems } = await read(text);
    expect(problems.list).toEqual([]);
    expect(records.map((r) => [r.row, r.line])).toEqual([
      [1, 1],
      [2, 2],
      [3, 5],
      [4, 6],
      [5, 9],
    ]);
    expect(records[1]!.cells).toEqual(["1", `x${eol}y`]);
    expect(records[3]!.cells).toEqual([`5${eol}${eol}6`, "7"]);
  });

  it("strips a UTF-8 byte-order mark and keeps non-ASCII text intact", async () => {
    const { records } = await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Name,Note\n😀 Café,\"日本語, \"\"quoted\"\"\"\n")]), 1);
    expect(records[0]!.cells).toEqual(["Name", "Note"]);
    expect(records[1]!.cells).toEqual(["😀 Café", '日本語, "quoted"']);
  });

  it("reports invalid UTF-8 with its row and column and goes on", async () => {
    const bad = Buffer.concat([Buffer.from("h1,h2\nok,x"), Buffer.from([0xc3, 0x28]), Buffer.from("\nfine,also\n")]);
    const { records, problems } = await read(bad);
    expect(records).toHaveLength(3);
    expect(problems.list).toEqual([expect.objectContaining({ row: 2, column: "h2", message: expect.stringMatching(/UTF-8/) })]);
  });

  it("reports records with the wrong number of values", async () => {
    const { problems } = await read("a,b\n1,2\n3\n4,5,6\n");
    expect(problems.list.map((p) => p.row)).toEqual([3, 4]);
  });

  it("reports a quoting error with its line, keeping what was read before", async () => {
    const { records, problems } = await read('a,b\n1,2\n3\n"bad"x,1\n5,6\n', 64);
    expect(records.map((r) => r.row)).toEqual([1, 2, 3]);
    expect(problems.list.map((p) => p.line ?? p.row)).toEqual([3, 4]);
    expect(problems.list[1]!.message).toMatch(/unreadable CSV/);
  });

  it("refuses UTF-16", async () => {
    const { records, problems } = await read(Buffer.from("\ufeffa,b\n", "utf16le"));
    expect(records).toEqual([]);
    expect(problems.list[0]!.message).toMatch(/UTF-16/);
  });
});

describe("CsvWriter", () => {
  it("writes values that read back byte for byte", async () => {
    const values = ["plain", "with, comma", 'with "quotes"', "line\nbreak", "crlf\r\nbreak", " padded ", "😀 日本語 ﷺ", "", "e\u0301"];
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on("data", (c) => chunks.push(c));
    const w = new CsvWriter(sink);
    await w.write(values.map((_, i) => `c${i}`));
    await w.write(values);
    await w.flush();
    const { records } = await read(Buffer.concat(chunks));
    expect(records[1]!.cells).toEqual(values);
    expect(Buffer.concat(chunks).toString()).toContain('"with ""quotes"""');
  });
});

describe("ValidationError", () => {
  it("lists every problem with file, row, line and column, sorted by row", () => {
    const e = new ValidationError([
      { file: "p.csv", row: 7, line: 9, column: "Variant Price EUR", message: "not a number: 0x1F" },
      { file: "p.csv", row: 3, column: "Product Title", message: "missing" },
    ]);
    expect(e.message).toBe(
      '2 problems found, nothing was written:\n  p.csv, row 3, column "Product Title": missing\n  p.csv, row 7 (line 9), column "Variant Price EUR": not a number: 0x1F',
    );
    expect(e.exitCode).toBe(2);
  });
});

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

describe("chunked and runPool", () => {
  it("keeps chunks under the item count and the byte budget", () => {
    const items = Array.from({ length: 25 }, (_, i) => ({ i, pad: "x".repeat(100) }));
    const byCount = [...chunked(items, { maxItems: 10 })];
    expect(byCount.map((c) => c.length)).toEqual([10, 10, 5]);
    const budget = jsonBytes(items[0]) * 3 + 10;
    const byBytes = [...chunked(items, { maxItems: 100, maxBytes: budget })];
    expect(byBytes.every((c) => jsonBytes(c) <= budget)).toBe(true);
    expect(byBytes.flat()).toEqual(items);
  });

  it("refuses an item larger than the 2 MB request limit", () => {
    expect(() => [...chunked([{ big: "x".repeat(BATCH_BODY_LIMIT) }], { maxItems: 10 })]).toThrow(OversizeItemError);
  });

  it("never runs more than N workers at once and stops at the first error", async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      seen.push(n);
      running--;
    });
    expect(peak).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const started: number[] = [];
    await expect(
      runPool([1, 2, 3, 4, 5, 6], 2, async (n) => {
        started.push(n);
        if (n === 2) throw new Error("boom");
        await new Promise((r) => setTimeout(r, 5));
      }),
    ).rejects.toThrow("boom");
    expect(started.length).toBeLessThan(6);
  });
});

describe("ReportWriter", () => {
  it("writes CSV and JSON reports with actions, ids and errors", async () => {
    const d = mkdtempSync(path.join(tmpdir(), "medusactl-report-"));
    for (const name of ["r.csv", "r.json"]) {
      const w = new ReportWriter(path.join(d, name), ["product_id", "variant_id"]);
      await w.add([
        { row: 2, action: "create", key: "shirt", ids: { product_id: "prod_1", variant_id: "variant_1" } },
        { row: 3, line: 4, action: "failed", key: "mug, big", error: { status: 400, type: "invalid_data", message: 'bad "x"' } },
      ]);
      await w.close();
      expect(w.summary).toMatchObject({ rows: 2, create: 1, failed: 1 });
    }
    expect(readFileSync(path.join(d, "r.csv"), "utf8")).toBe(
      "row,line,action,key,product_id,variant_id,changes,error_status,error_type,error_code,error_message\r\n" +
        "2,,create,shirt,prod_1,variant_1,,,,,\r\n" +
        '3,4,failed,"mug, big",,,,400,invalid_data,,"bad ""x"""\r\n',
    );
    const json = JSON.parse(readFileSync(path.join(d, "r.json"), "utf8"));
    expect(json.rows[1]).toMatchObject({ row: 3, action: "failed", error: { status: 400 } });
    expect(json.summary).toMatchObject({ rows: 2, create: 1, failed: 1 });
  });
});

describe("progress", () => {
  afterEach(() => vi.useRealTimers());

  it("prints a plain line every 5 s off a TTY, with rate and ETA", () => {
    vi.useFakeTimers();
    let now = 0;
    const t = testIO();
    const p = createProgress(t.io, { label: "importing", total: 100, now: () => now });
    p.add(10);
    now = 5000;
    vi.advanceTimersByTime(5000);
    p.add(40);
    now = 10000;
    vi.advanceTimersByTime(5000);
    p.done();
    expect(t.err()).toBe("importing: 10/100 rows · 2.0 rows/s · ETA 45s · 5s\nimporting: 50/100 rows · 5.0 rows/s · ETA 10s · 10s\n");
  });

  it("draws one live line on a TTY and clears it when done; --quiet prints nothing", () => {
    vi.useFakeTimers();
    const t = testIO({ tty: true });
    const p = createProgress(t.io, { label: "exporting", unit: "products", now: () => 0 });
    p.add(3);
    p.done();
    expect(t.err()).toMatch(/^\r\x1b\[2Kexporting: 0 products/);
    expect(t.err().endsWith("\r\x1b[2K")).toBe(true);
    const q = testIO({ tty: true });
    const quiet = createProgress(q.io, { label: "x", quiet: true });
    quiet.add(1);
    quiet.note("phase");
    vi.advanceTimersByTime(20000);
    quiet.warn("careful");
    quiet.done();
    expect(q.err()).toBe("careful\n");
  });
});
