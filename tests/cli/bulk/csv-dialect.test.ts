import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readCsv, type CsvRecord } from "../../../src/cli/bulk/csv.js";
import { Utf8Evidence, decimalPoint, detectDelimiter, formatNote, parseDelimiter, parseEncoding, type CsvDialect, type CsvFormat } from "../../../src/cli/bulk/csv-dialect.js";
import { Problems } from "../../../src/cli/bulk/problems.js";

const dir = mkdtempSync(path.join(tmpdir(), "medusactl-dialect-"));

async function readFile(name: string, bytes: Buffer, dialect?: CsvDialect): Promise<{ records: CsvRecord[]; problems: Problems; format?: CsvFormat }> {
  const f = path.join(dir, name);
  writeFileSync(f, bytes);
  const problems = new Problems();
  const records: CsvRecord[] = [];
  let format: CsvFormat | undefined;
  for await (const r of readCsv(f, { file: name, problems, dialect, onFormat: (x) => (format = x) })) records.push(r);
  return { records, problems, format };
}

/** "Größe;Preis\nÄrmel;19,99\n" as German Excel on Windows saves it: Windows-1252, semicolons. */
const german = Buffer.concat([Buffer.from("Gr"), Buffer.from([0xf6, 0xdf]), Buffer.from("e;Preis\r\n"), Buffer.from([0xc4]), Buffer.from("rmel "), Buffer.from([0x80]), Buffer.from(";19,99\r\n")]);

describe("CSV files as people have them", () => {
  it("reads a German Excel file (Windows-1252, semicolons) as it is and says how it read it", async () => {
    const { records, problems, format } = await readFile("de.csv", german);
    expect(problems.list).toEqual([]);
    expect(records.map((r) => r.cells)).toEqual([["Größe", "Preis"], ["Ärmel €", "19,99"]]);
    expect(records[1]!.decimalComma).toBe(true);
    expect(format).toEqual({ delimiter: ";", encoding: "windows-1252", encodingDetected: true });
    expect(formatNote("de.csv", format!)).toBe("de.csv: read as Windows-1252 (it is not valid UTF-8; --encoding utf-8 reads it otherwise), separated by semicolons");
  });

  it("takes a UTF-8 byte-order mark before a tab-separated header", async () => {
    const { records, format } = await readFile("bom.tsv", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("sku\tamount\nA\t1.5\n")]));
    expect(records.map((r) => r.cells)).toEqual([["sku", "amount"], ["A", "1.5"]]);
    expect(format).toMatchObject({ delimiter: "\t", encoding: "utf-8" });
  });

  it("keeps a UTF-8 file with one damaged cell UTF-8, naming the cell (not mojibake everywhere)", async () => {
    const bytes = Buffer.concat([Buffer.from("name,city\nJosé,München\nBad"), Buffer.from([0xff]), Buffer.from(",Köln\n")]);
    const { records, problems, format } = await readFile("mixed.csv", bytes);
    expect(format!.encoding).toBe("utf-8");
    expect(records[1]!.cells).toEqual(["José", "München"]);
    expect(problems.list).toEqual([expect.objectContaining({ row: 3, column: "name", message: expect.stringContaining("--encoding windows-1252") })]);
  });

  it("--encoding and --delimiter force what detection would decide otherwise", async () => {
    const forced = await readFile("forced.csv", Buffer.from("a|b\nx|y\n"), { delimiter: "|", encoding: "windows-1252" });
    expect(forced.records.map((r) => r.cells)).toEqual([["a", "b"], ["x", "y"]]);
    expect(forced.format).toEqual({ delimiter: "|", encoding: "windows-1252", encodingDetected: false });
    // Read as UTF-8 on request: the Windows bytes are then reported, not guessed.
    const asUtf8 = await readFile("de2.csv", german, { encoding: "utf-8" });
    expect(asUtf8.problems.list.length).toBeGreaterThan(0);
  });

  it("decides the separator by the header, outside quotes, a comma on a tie", () => {
    expect(detectDelimiter('"a;b",c,d')).toBe(",");
    expect(detectDelimiter('"a,b";c;d')).toBe(";");
    expect(detectDelimiter("a\tb;c\td")).toBe("\t");
    expect(detectDelimiter("a;b,c")).toBe(",");
    expect(detectDelimiter("order")).toBe(",");
  });

  it("sees UTF-8 sequences split across chunks, and rejects overlongs and surrogates", () => {
    const e = new Utf8Evidence();
    const u = Buffer.from("ü€😀");
    for (const b of u) e.push(Uint8Array.of(b));
    e.end();
    expect([e.valid, e.invalid]).toEqual([3, 0]);
    const bad = new Utf8Evidence();
    bad.push(Uint8Array.of(0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xe2, 0x82));
    bad.end();
    expect(bad.valid).toBe(0);
    expect(bad.invalid).toBeGreaterThan(0);
    expect(bad.verdict()).toBe("windows-1252");
  });

  it("a decimal comma becomes a point only where the separator is not a comma", () => {
    expect(decimalPoint("19,99", true)).toBe("19.99");
    expect(decimalPoint("19,99", false)).toBe("19,99");
    expect(decimalPoint("1.234,50", true)).toBe("1.234,50");
    expect(decimalPoint("12", true)).toBe("12");
  });

  it("parses the flags by name or character", () => {
    expect(["comma", ";", "tab", "\\t", "semicolon"].map(parseDelimiter)).toEqual([",", ";", "\t", "\t", ";"]);
    expect(() => parseDelimiter("x")).toThrow(/comma, semicolon, tab or pipe/);
    expect(["UTF8", "cp1252", "latin1", "windows-1252"].map(parseEncoding)).toEqual(["utf-8", "windows-1252", "windows-1252", "windows-1252"]);
    expect(() => parseEncoding("utf-16")).toThrow(/utf-8 or windows-1252/);
  });

  it("reads a stream (stdin) as UTF-8 and still detects its separator", async () => {
    const problems = new Problems();
    const records: CsvRecord[] = [];
    for await (const r of readCsv(Readable.from([Buffer.from("order;tracking\n"), Buffer.from("1042;1Z\n")]), { file: "stdin", problems })) records.push(r);
    expect(records.map((r) => r.cells)).toEqual([["order", "tracking"], ["1042", "1Z"]]);
  });
});
