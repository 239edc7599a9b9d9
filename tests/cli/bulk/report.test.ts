import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ReportWriter } from "../../../src/cli/bulk/report.js";

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
