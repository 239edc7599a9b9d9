/**
 * What a picture is, judged by its bytes only (docs/SECURITY.md, "a catalogue's pictures"): the URL
 * and the server's content type are the sheet's and the server's word, and Medusa's local file
 * module serves a file by its extension. A `t.html` answered as `image/png` would be stored as
 * `…-t.html` and served as a page on the shop's own origin; an SVG carries scripts. So only the
 * raster formats below pass, and the stored name gets the extension of what the bytes are.
 */

export interface PictureType {
  /** The MIME type to upload with. */
  type: string;
  /** The extension the stored file gets (without the dot). */
  ext: string;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
const startsWith = (b: Uint8Array, sig: number[]) => b.length >= sig.length && sig.every((x, i) => b[i] === x);

/** The ISO-BMFF brands of an `ftyp` box (major and compatible), read within the box's own size. */
function ftypBrands(b: Uint8Array): string[] {
  if (b.length < 16 || ascii(b, 4, 8) !== "ftyp") return [];
  const size = Math.min(((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0, b.length, 4096);
  const brands = [ascii(b, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(b, at, at + 4));
  return brands;
}

/** The picture format of `bytes` (PNG, JPEG, GIF, WebP, AVIF), or undefined for anything else. */
export function pictureType(bytes: Uint8Array): PictureType | undefined {
  if (startsWith(bytes, PNG)) return { type: "image/png", ext: "png" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: "image/jpeg", ext: "jpg" };
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return { type: "image/gif", ext: "gif" };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return { type: "image/webp", ext: "webp" };
  const brands = ftypBrands(bytes);
  if (brands.includes("avif") || brands.includes("avis")) return { type: "image/avif", ext: "avif" };
  return undefined;
}

/** What a refused file looks like, for the message ("HTML", "SVG", "text"…). */
export function looksLike(bytes: Uint8Array): string {
  if (!bytes.length) return "an empty file";
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\ufeff/, "").trimStart().toLowerCase();
  if (head.includes("<svg")) return "SVG";
  if (/^<(!doctype html|html|head|body|script|iframe|meta)/.test(head) || head.includes("<script")) return "HTML";
  if (head.startsWith("<?xml") || head.startsWith("<")) return "XML or markup";
  if (!/[\x00-\x08\x0e-\x1f]/.test(head)) return "text";
  return "another kind of file";
}

export const PICTURE_FORMATS = "PNG, JPEG, GIF, WebP or AVIF";

/**
 * The stored file's name: the source's base name (letters, digits, `.`, `_`, `-`; at most 80
 * characters) with its extension replaced by the one the bytes call for.
 */
export function pictureName(base: string, kind: PictureType): string {
  const stem = base.replace(/\.[^.]*$/, "").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "").slice(0, 80) || "image";
  return `${stem}.${kind.ext}`;
}
