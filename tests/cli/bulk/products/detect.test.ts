/**
 * One read of a product file's header (src/cli/bulk/products/detect.ts): whose export it is and
 * how it is read, from a single open of the file (issue 41: it was opened three times).
 */
import { mkdtempSync, promises as fsp, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readHead } from "../../../../src/cli/bulk/products/detect.js";

// Every open of the file goes through fs.promises.open (openRegularFile): counted here.
const opened: string[] = [];
beforeEach(() => {
  const open = fsp.open.bind(fsp);
  vi.spyOn(fsp, "open").mockImplementation(((file: string, ...rest: never[]) => (opened.push(String(file)), open(file, ...rest))) as never);
});
afterEach(() => vi.restoreAllMocks());

const dir = mkdtempSync(path.join(tmpdir(), "medusactl-head-"));
const file = (name: string, bytes: Buffer | string) => {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
};

describe("readHead", () => {
  it.each([
    ["Medusa's columns, comma, UTF-8 with a BOM", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Product Handle,Product Title\nh,T\n")]), "medusa", ",", "utf-8"],
    ["Shopify's export, semicolons", "Handle;Title;Variant SKU;Variant Price;Option1 Name;Option1 Value\nh;T;S;1;Size;M\n", "shopify", ";", "utf-8"],
    ["Windows-1252 (an é as byte 0xE9)", Buffer.from("Product Handle;Product Title\nh;Caf\xe9\n", "latin1"), "medusa", ";", "windows-1252"],
  ])("%s: the format and the dialect from one open", async (_name, bytes, format, delimiter, encoding) => {
    const p = file(`f${opened.length}.csv`, bytes);
    opened.length = 0;
    const head = await readHead(p);
    expect(head.format).toBe(format);
    expect(head.csv).toMatchObject({ delimiter, encoding });
    expect(opened).toEqual([p]);
  });

  it("refuses what is not a regular file, naming it", async () => {
    await expect(readHead(dir)).rejects.toThrow(`cannot read ${dir}: it is a folder, not a regular file`);
  });
});
