import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { MAX_CELL_BYTES, readCsv, type CsvRecord } from "../../../src/cli/bulk/csv.js";
import { Problems } from "../../../src/cli/bulk/problems.js";

async function read(input: string): Promise<{ records: CsvRecord[]; problems: Problems }> {
  const problems = new Problems();
  const records: CsvRecord[] = [];
  for await (const r of readCsv(Readable.from([Buffer.from(input)]), { file: "in.csv", problems })) records.push(r);
  return { records, problems };
}

describe("readCsv with hostile files", () => {
  it("reads a file that mixes CRLF and LF line endings, whichever comes first", async () => {
    for (const text of ["a,b\r\n1,2\n3,4\r\n5,6\n", "a,b\n1,2\r\n3,4\n5,6\r\n"]) {
      const { records, problems } = await read(text);
      expect(problems.list).toEqual([]);
      expect(records.map((r) => r.cells)).toEqual([["a", "b"], ["1", "2"], ["3", "4"], ["5", "6"]]);
      expect(records.map((r) => r.line)).toEqual([1, 2, 3, 4]);
    }
  });

  it("keeps a quoted line break as it is, CR included", async () => {
    const { records } = await read('a,b\n"x\r\ny",2\n3,4\r\n');
    expect(records.map((r) => r.cells)).toEqual([["a", "b"], ["x\r\ny", "2"], ["3", "4"]]);
  });

  it("refuses a cell larger than a request can carry, naming its row and column", async () => {
    const { problems } = await read(`a,b\n1,${"x".repeat(MAX_CELL_BYTES + 1)}\n2,ok\n`);
    expect(problems.list).toEqual([{ file: "in.csv", row: 2, line: 2, column: "b", message: "holds 1.0 MB; a value may hold at most 1 MB" }]);
  });

  it("accepts a cell of exactly the limit", async () => {
    const { problems } = await read(`a\n${"y".repeat(MAX_CELL_BYTES)}\n`);
    expect(problems.list).toEqual([]);
  });

  it("reads a semicolon or tab file as it is, and says so only when a forced --delimiter leaves the header whole", async () => {
    expect((await read("a;b;c\n1;2;3\n")).records.map((r) => r.cells)).toEqual([["a", "b", "c"], ["1", "2", "3"]]);
    expect((await read("a\tb\n1\t2\n")).records.map((r) => r.cells)).toEqual([["a", "b"], ["1", "2"]]);
    expect((await read("a,b;c\n1,2\n")).problems.list).toEqual([]);
    const problems = new Problems();
    for await (const _ of readCsv(Readable.from([Buffer.from("a;b;c\n1;2;3\n")]), { file: "in.csv", problems, dialect: { delimiter: "," } }));
    expect(problems.list[0]).toMatchObject({ row: 1, message: expect.stringContaining("separated by semicolons, not by commas (drop --delimiter to detect it)") });
  });
});
