import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { MAX_RECORD_BYTES, readCsv } from "../../../src/cli/bulk/csv.js";
import { Problems } from "../../../src/cli/bulk/problems.js";

describe("CSV records are bounded", () => {
  it("stops at a record with no end (a file without line ends) with its row, holding no more than the cap", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    // 64 MB of one endless line, produced on demand: the reader must give up long before the end.
    const endless = new Readable({
      read() {
        if (sent === 0) this.push(Buffer.from("Product Handle,Product Title\nmug,"));
        if (sent++ < 64) this.push(chunk);
        else this.push(null);
      },
    });
    const problems = new Problems();
    const before = process.memoryUsage().rss;
    const rows = [];
    for await (const r of readCsv(endless, { file: "endless.csv", problems })) rows.push(r.row);
    expect(rows).toEqual([1]);
    expect(problems.list).toEqual([expect.objectContaining({ file: "endless.csv", row: 2, message: expect.stringContaining(`larger than ${MAX_RECORD_BYTES / 1048576} MiB`) })]);
    expect(sent).toBeLessThan(40);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});

describe("CSV syntax errors are located like every other problem", () => {
  it("an unbalanced quote names its row, column and the line its record starts on", async () => {
    const problems = new Problems();
    const text = 'Handle,Title,Sku\na,A,A1\nb,"Broken title,B1\nc,C,C1\n';
    const rows: number[] = [];
    for await (const r of readCsv(Readable.from([Buffer.from(text)]), { file: "q.csv", problems })) rows.push(r.row);
    expect(rows).toEqual([1, 2]);
    expect(problems.list).toEqual([{ file: "q.csv", row: 3, line: 3, column: "Title", message: "unreadable CSV: a quote opened in this value is never closed (the file ends at line 4)" }]);
  });
});
