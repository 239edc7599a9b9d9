/** Reading carriers' shipment files and lists of order references (src/cli/bulk/orders/input.ts). */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { mapHeader, parseColumnMap, readOrderRows } from "../../../../src/cli/bulk/orders/input.js";
import { Problems } from "../../../../src/cli/bulk/problems.js";

async function rows(text: string, o: { columns?: string; needTracking?: boolean } = {}) {
  const problems = new Problems();
  const r = await readOrderRows(Readable.from([Buffer.from(text)]), "in.csv", o, problems);
  return { ...r, problems: problems.list.map((p) => `${p.row ?? ""}:${p.column ?? ""}: ${p.message}`) };
}

describe("carrier headers", () => {
  it.each([
    ["Order Reference,Service,Consignment Number,Tracking Link", { order: 0, carrier: 1, tracking: 2, url: 3 }],
    ["Order Number,Carrier,Tracking Number,Tracking URL", { order: 0, carrier: 1, tracking: 2, url: 3 }],
    ["order_id,courier,tracking_code", { order: 0, carrier: 1, tracking: 2 }],
    ["Reference,Tracking ID,SKU,Qty", { order: 0, tracking: 1, sku: 2, quantity: 3 }],
  ])("%s is recognised without mapping", (header, want) => {
    expect(mapHeader(header.split(","), {}).index).toEqual(want);
  });

  it("--columns maps what is not recognised, and names a header the file lacks", () => {
    const m = mapHeader(["Ref No", "Parcel", "Weight"], parseColumnMap("order=Ref No,tracking=Parcel"));
    expect(m.index).toEqual({ order: 0, tracking: 1 });
    expect(m.ignored).toEqual(["Weight"]);
    expect(mapHeader(["A"], parseColumnMap("order=B")).missing).toMatch(/no column "B"/);
    expect(() => parseColumnMap("colour=X")).toThrow(/FIELD one of order, tracking/);
  });
});

describe("rows", () => {
  it("reads a shipment file with row numbers, and checks each cell", async () => {
    const r = await rows("Order,Tracking,Tracking URL,SKU,Quantity\n#1042,T1,https://t/1,,\n1043,,ftp://x,,\nabc,T3,,,\n1044,T4,,S1,0\n", { needTracking: true });
    expect(r.rows.map((x) => [x.row, x.order, x.tracking])).toEqual([[2, "#1042", "T1"], [3, "1043", undefined], [4, "abc", "T3"], [5, "1044", "T4"]]);
    expect(r.problems).toEqual([
      '3:url: "ftp://x" is not an http(s) URL',
      "3:url: a tracking URL needs a tracking number",
      '4:order: "abc" is not an order: expected a display id (1042), #1042 or an order_… id',
      '5:quantity: "0" is not a whole number of at least 1',
    ]);
  });

  it("takes a headerless list of references (what `orders list -o ids` prints)", async () => {
    const r = await rows("order_01ABC\n#12\n13\n");
    expect(r.rows.map((x) => x.order)).toEqual(["order_01ABC", "#12", "13"]);
    expect(r.problems).toEqual([]);
  });

  it("a file without an order column is refused with what --columns can map", async () => {
    const r = await rows("Ref No,Tracking Number\n1,X\n", { needTracking: true });
    expect(r.problems[0]).toContain("--columns order=HEADER");
  });
});

describe("a courier's file as German Excel saves it", () => {
  it("reads semicolons and Windows-1252 from a file, and a forced --delimiter from stdin", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const path = await import("node:path");
    const dir = mkdtempSync(path.join((await import("node:os")).tmpdir(), "courier-"));
    const f = path.join(dir, "sendungen.csv");
    // "Auftrag;Sendungsnummer;Spediteur" with "Spedition Müller" in Windows-1252.
    writeFileSync(f, Buffer.concat([Buffer.from("Order;Tracking Number;Carrier\r\n1042;00340434;Spedition M"), Buffer.from([0xfc]), Buffer.from("ller\r\n")]));
    const problems = new Problems();
    let read: unknown;
    const r = await readOrderRows(f, "sendungen.csv", { onFormat: (x) => (read = x) }, problems);
    expect(problems.list).toEqual([]);
    expect(r.rows.map((x) => [x.order, x.tracking, x.carrier])).toEqual([["1042", "00340434", "Spedition Müller"]]);
    expect(read).toEqual({ delimiter: ";", encoding: "windows-1252", encodingDetected: true });
    const piped = new Problems();
    const s = await readOrderRows(Readable.from([Buffer.from("Order|Tracking\n7|T7\n")]), "stdin", { dialect: { delimiter: "|" } }, piped);
    expect(s.rows.map((x) => [x.order, x.tracking])).toEqual([["7", "T7"]]);
  });
});
