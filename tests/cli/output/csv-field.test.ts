import { describe, expect, it } from "vitest";
import { csvField, neutralizeFormula, restoreFormula } from "../../../src/cli/output/csv-field.js";
import { renderCsv, renderTable, writeRecord } from "../../../src/cli/output/render.js";
import { testIO } from "../../helpers/test-io.js";

describe("CSV cells a spreadsheet would run as formulas", () => {
  it.each([
    ["=HYPERLINK(\"http://evil\",\"x\")", "'=HYPERLINK(\"http://evil\",\"x\")"],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(1,2)", "'@SUM(1,2)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
    ["'=already quoted", "''=already quoted"],
    // Issue 42: what a spreadsheet still runs after blanks, and the full-width signs it folds.
    ["  =HYPERLINK(\"http://evil\",\"x\")", "'  =HYPERLINK(\"http://evil\",\"x\")"],
    [" \t@SUM(A1:A9)", "' \t@SUM(A1:A9)"],
    ["\n-cmd|' /C calc'!A0", "'\n-cmd|' /C calc'!A0"],
    ["＝cmd|' /C calc'!A0", "'＝cmd|' /C calc'!A0"],
    ["＋HYPERLINK(\"x\")", "'＋HYPERLINK(\"x\")"],
    [" －1+cmd|x!A0", "' －1+cmd|x!A0"],
    ["\u3000＠SUM(1)", "'\u3000＠SUM(1)"],
    ["+49 30 1234567 ext. 12", "'+49 30 1234567 ext. 12"],
  ])("neutralises %j", (cell, safe) => {
    expect(neutralizeFormula(cell)).toBe(safe);
    expect(restoreFormula(safe)).toBe(cell);
  });

  it.each([["Blue shirt"], ["-5"], ["+3.25"], ["1e-3"], ["it's fine"], ["'quoted but harmless"], [""], ["a=b"]])("leaves %j as it is, both ways", (cell) => {
    expect(neutralizeFormula(cell)).toBe(cell);
    expect(restoreFormula(cell)).toBe(cell);
  });

  // Issue 39: data meant for a courier's or an accountant's importer is written as it is.
  it.each([["+49 30 1234567"], ["+1 (555) 010-0199"], ["-12.50"], ["+1,234.50"], ["-"], ["+"], ["-1+1"], ["2024-05-01"], ["-05:00"], [" +44 20 7946 0958"]])("writes the phone number, amount or date %j exactly", (cell) => {
    expect(neutralizeFormula(cell)).toBe(cell);
    expect(restoreFormula(cell)).toBe(cell);
  });

  it("round-trips every value: restore(neutralize(x)) === x", () => {
    const samples = ["=", "'", "''", "'=", "''=", "-", "--1", "-1", "'-1", "@", "'@x", "x=1", "\t", "\r\n=", "= ", "+"];
    for (const s of samples) expect(restoreFormula(neutralizeFormula(s))).toBe(s);
  });

  it("quotes after neutralising, and writes cells exactly with raw", () => {
    expect(csvField('=1,"2"')).toBe(`"'=1,""2"""`);
    expect(csvField("=1+1", { raw: true })).toBe("=1+1");
  });

  it("list output as CSV neutralises a shopper's formula name", () => {
    const csv = renderCsv([{ id: "cus_1", first_name: "=cmd|' /C calc'!A0", last_name: "O'Neil" }], ["id", "first_name", "last_name"]);
    expect(csv).toBe("id,first_name,last_name\r\ncus_1,'=cmd|' /C calc'!A0,O'Neil\r\n");
    expect(renderCsv([{ t: "=1+1" }], ["t"], { raw: true })).toBe("t\r\n=1+1\r\n");
  });
});

describe("tables and detail views on a terminal", () => {
  const evil = "Shirt\u001b]0;pwned\u0007\u001b[2J\u202e";

  it.each([true, false])("show control sequences as visible escapes (tty %s)", (tty) => {
    const t = testIO({ tty });
    t.io.out.write(renderTable(t.io, [{ id: "prod_1", title: evil }], ["id", "title"]));
    // Our own bold header is the only escape sequence allowed.
    expect(t.out().replace("\u001b[1m", "").replace("\u001b[22m", "")).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(t.out()).toContain("Shirt\\x1b]0;pwned\\x07\\x1b[2J\\u202e");
  });

  it("a record's table view too; JSON stays exact", () => {
    const t = testIO({ tty: true });
    writeRecord(t.io, "table", { id: "prod_1", title: evil });
    expect(t.out()).not.toMatch(/[\u001b\u0007\u202e]/);
    const j = testIO({ tty: true });
    writeRecord(j.io, "json", { id: "prod_1", title: evil });
    expect(JSON.parse(j.out()).title).toBe(evil);
  });
});
