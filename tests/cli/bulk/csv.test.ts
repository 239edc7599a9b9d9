import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CsvWriter, readCsv, type CsvRecord } from "../../../src/cli/bulk/csv.js";
import { Problems } from "../../../src/cli/bulk/problems.js";

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
