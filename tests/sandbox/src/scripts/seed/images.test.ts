/**
 * The seed's picture generator (sandbox/src/scripts/seed/images.ts): what it encodes must be a PNG
 * any decoder accepts, small, and different for every product.
 */
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { productCatalogue } from "../../../../../sandbox/src/scripts/seed/catalogue";
import { encodePng, pictureCount, productPictures } from "../../../../../sandbox/src/scripts/seed/images";

function chunks(png: Buffer): { type: string; data: Buffer; crcOk: boolean }[] {
  const out = [];
  let at = 8;
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    const crc = png.readUInt32BE(at + 8 + len);
    out.push({ type, data, crcOk: crc === crc32(png.subarray(at + 4, at + 8 + len)) });
    at += 12 + len;
  }
  return out;
}

// An independent bitwise CRC-32, so the encoder's table is checked, not reused.
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

describe("seed pictures", () => {
  it("encodes a valid indexed PNG: signature, IHDR, palette, rows, checksums", () => {
    const px = new Uint8Array([0, 1, 1, 0]);
    const png = encodePng(2, 2, px, [[255, 0, 0], [0, 0, 255]]);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const cs = chunks(png);
    expect(cs.map((c) => c.type)).toEqual(["IHDR", "PLTE", "IDAT", "IEND"]);
    expect(cs.every((c) => c.crcOk)).toBe(true);
    expect(cs[0]!.data.readUInt32BE(0)).toBe(2);
    expect([cs[0]!.data[8], cs[0]!.data[9]]).toEqual([8, 3]);
    expect([...cs[1]!.data]).toEqual([255, 0, 0, 0, 0, 255]);
    expect([...inflateSync(cs[2]!.data)]).toEqual([0, 0, 1, 0, 1, 0]);
  });

  it("gives each of the 24 products 2-4 small, distinct pictures named after its handle", () => {
    const seen = new Set<string>();
    for (const p of productCatalogue()) {
      const pics = productPictures(p.handle, p.line, p.lineIndex, p.style, 200);
      expect(pics).toHaveLength(pictureCount(p.lineIndex));
      expect(pics.length).toBeGreaterThanOrEqual(2);
      expect(pics.length).toBeLessThanOrEqual(4);
      pics.forEach((pic, i) => {
        expect(pic.filename).toBe(`${p.handle}-${i + 1}.png`);
        expect(pic.png.length).toBeLessThan(20_000);
        const ihdr = chunks(pic.png)[0]!.data;
        expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)]).toEqual([200, 200]);
        seen.add(pic.png.toString("base64"));
      });
    }
    expect(seen.size).toBe(productCatalogue().reduce((n, p) => n + pictureCount(p.lineIndex), 0));
  });
});
