/**
 * Product pictures drawn by the seed itself (no bundled binaries, no licence question): a flat
 * silhouette of the product line (t-shirt, polo, sweatshirt, hoodie, cap, tote bag, mug, poster)
 * in a colour per line and style, on 2-4 backgrounds per product (plain, fabric close-up, small on
 * white, on a checker), encoded as small indexed PNGs with node:zlib.
 */
import { deflateSync } from "zlib"

export const IMAGE_SIZE = 600

type Rgb = [number, number, number]

// Palette slots every picture uses.
const BG = 0
const GARMENT = 1
const ACCENT = 2
const LIGHT = 3
const WHITE = 4
const SHADOW = 5
const BG2 = 6

const LINE_COLOURS: Record<string, Rgb> = {
  "T-Shirt": [47, 111, 222],
  "Polo Shirt": [31, 157, 116],
  Sweatshirt: [138, 79, 216],
  Hoodie: [217, 72, 43],
  Cap: [40, 48, 62],
  "Tote Bag": [201, 166, 107],
  Mug: [242, 193, 78],
  Poster: [228, 87, 122],
}

const STYLE_TINT: Record<string, { towards: Rgb; amount: number; bg: Rgb }> = {
  Classic: { towards: [0, 0, 0], amount: 0, bg: [244, 244, 242] },
  Organic: { towards: [107, 142, 78], amount: 0.4, bg: [233, 239, 227] },
  Vintage: { towards: [183, 168, 143], amount: 0.5, bg: [243, 233, 220] },
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(a[i]! * (1 - t) + b[i]! * t)) as Rgb
}

// ---- PNG encoding (colour type 3: one palette index per pixel) ----

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, "ascii")
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

export function encodePng(width: number, height: number, pixels: Uint8Array, palette: Rgb[]): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 3 // indexed colour
  const raw = Buffer.alloc((width + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0 // filter: none
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("PLTE", Buffer.from(palette.flat())),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

// ---- drawing in unit coordinates (0..1 across the picture) ----

type Shape =
  | { kind: "rect"; x: number; y: number; w: number; h: number; c: number }
  | { kind: "ellipse"; cx: number; cy: number; rx: number; ry: number; c: number; top?: boolean }
  | { kind: "ring"; cx: number; cy: number; r: number; inner: number; c: number }

const rect = (x: number, y: number, w: number, h: number, c = GARMENT): Shape => ({ kind: "rect", x, y, w, h, c })
const ellipse = (cx: number, cy: number, rx: number, ry: number, c = GARMENT, top = false): Shape => ({ kind: "ellipse", cx, cy, rx, ry, c, top })
const ring = (cx: number, cy: number, r: number, inner: number, c = GARMENT): Shape => ({ kind: "ring", cx, cy, r, inner, c })

function tshirt(): Shape[] {
  return [rect(0.2, 0.3, 0.14, 0.16), rect(0.66, 0.3, 0.14, 0.16), rect(0.32, 0.27, 0.36, 0.53), ellipse(0.5, 0.27, 0.07, 0.045, BG)]
}

function sweatshirt(): Shape[] {
  return [
    rect(0.2, 0.28, 0.13, 0.46), rect(0.67, 0.28, 0.13, 0.46), rect(0.2, 0.7, 0.13, 0.04, ACCENT), rect(0.67, 0.7, 0.13, 0.04, ACCENT),
    rect(0.32, 0.26, 0.36, 0.54), rect(0.32, 0.76, 0.36, 0.04, ACCENT), ellipse(0.5, 0.26, 0.07, 0.04, ACCENT),
  ]
}

const SILHOUETTES: Record<string, () => Shape[]> = {
  "T-Shirt": tshirt,
  "Polo Shirt": () => [...tshirt(), rect(0.42, 0.26, 0.07, 0.05, ACCENT), rect(0.51, 0.26, 0.07, 0.05, ACCENT), rect(0.49, 0.3, 0.02, 0.13, ACCENT)],
  Sweatshirt: sweatshirt,
  Hoodie: () => [ellipse(0.5, 0.25, 0.13, 0.11), ...sweatshirt(), ellipse(0.5, 0.26, 0.06, 0.05, ACCENT), rect(0.39, 0.57, 0.22, 0.11, ACCENT)],
  Cap: () => [ellipse(0.47, 0.6, 0.24, 0.22, GARMENT, true), ellipse(0.66, 0.6, 0.2, 0.045, ACCENT), ellipse(0.47, 0.38, 0.025, 0.02, ACCENT)],
  "Tote Bag": () => [ring(0.5, 0.4, 0.14, 0.105, ACCENT), rect(0.3, 0.38, 0.4, 0.44), rect(0.3, 0.38, 0.4, 0.03, ACCENT)],
  Mug: () => [ring(0.64, 0.54, 0.11, 0.07), rect(0.3, 0.33, 0.32, 0.41), rect(0.3, 0.33, 0.32, 0.03, ACCENT), ellipse(0.46, 0.54, 0.07, 0.07, LIGHT)],
  Poster: () => [
    rect(0.27, 0.16, 0.46, 0.68, ACCENT), rect(0.3, 0.19, 0.4, 0.62, LIGHT), ellipse(0.6, 0.33, 0.06, 0.06, WHITE),
    rect(0.3, 0.6, 0.4, 0.21), ellipse(0.42, 0.62, 0.14, 0.09, GARMENT, true), ellipse(0.58, 0.62, 0.1, 0.06, ACCENT, true),
  ],
}

class Canvas {
  readonly px: Uint8Array
  constructor(readonly size: number) {
    this.px = new Uint8Array(size * size)
  }

  fill(c: number): void {
    this.px.fill(c)
  }

  /** Paints `shapes` scaled by `scale` around the centre and moved by (dx, dy), all in unit coordinates. */
  draw(shapes: Shape[], scale = 1, dx = 0, dy = 0): void {
    const S = this.size
    const map = (u: number, d: number) => ((u - 0.5) * scale + 0.5 + d) * S
    for (const s of shapes) {
      if (s.kind === "rect") {
        this.box(map(s.x, dx), map(s.y, dy), map(s.x + s.w, dx), map(s.y + s.h, dy), () => true, s.c)
      } else if (s.kind === "ellipse") {
        const cx = map(s.cx, dx), cy = map(s.cy, dy), rx = s.rx * scale * S, ry = s.ry * scale * S
        this.box(cx - rx, cy - ry, cx + rx, s.top ? cy : cy + ry, (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1, s.c)
      } else {
        const cx = map(s.cx, dx), cy = map(s.cy, dy), r = s.r * scale * S, inner = s.inner * scale * S
        this.box(cx - r, cy - r, cx + r, cy + r, (x, y) => {
          const d = (x - cx) ** 2 + (y - cy) ** 2
          return d <= r * r && d >= inner * inner
        }, s.c)
      }
    }
  }

  private box(x0: number, y0: number, x1: number, y1: number, inside: (x: number, y: number) => boolean, c: number): void {
    const S = this.size
    const xa = Math.max(0, Math.floor(x0)), xb = Math.min(S, Math.ceil(x1))
    const ya = Math.max(0, Math.floor(y0)), yb = Math.min(S, Math.ceil(y1))
    for (let y = ya; y < yb; y++) {
      for (let x = xa; x < xb; x++) if (inside(x + 0.5, y + 0.5)) this.px[y * S + x] = c
    }
  }

  pattern(style: string, a: number, b: number): void {
    const S = this.size
    const period = Math.round(S / 12)
    for (let y = 0; y < S; y++) {
      for (let x = 0; x < S; x++) {
        let on: boolean
        if (style === "Organic") on = Math.floor(y / (period / 2)) % 2 === 0
        else if (style === "Vintage") on = ((x % period) - period / 2) ** 2 + ((y % period) - period / 2) ** 2 < (period / 4) ** 2
        else on = Math.floor((x + y) / (period / 2)) % 2 === 0
        this.px[y * S + x] = on ? a : b
      }
    }
  }

  checker(a: number, b: number): void {
    const S = this.size
    const cell = S / 8
    for (let y = 0; y < S; y++) {
      for (let x = 0; x < S; x++) this.px[y * S + x] = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0 ? a : b
    }
  }
}

export interface ProductPicture {
  filename: string
  png: Buffer
}

/** How many pictures a product of this line gets (2 to 4, varying by line so galleries differ). */
export function pictureCount(lineIndex: number): number {
  return 2 + (lineIndex % 3)
}

/**
 * The pictures of one product: `line` and `style` name its catalogue line ("Hoodie") and style
 * ("Vintage"); the first picture is the thumbnail.
 */
export function productPictures(handle: string, line: string, lineIndex: number, style: string, size = IMAGE_SIZE): ProductPicture[] {
  const base = LINE_COLOURS[line] ?? [120, 120, 120]
  const tint = STYLE_TINT[style] ?? STYLE_TINT.Classic!
  const garment = mix(base, tint.towards, tint.amount)
  const palette: Rgb[] = [tint.bg, garment, mix(garment, [0, 0, 0], 0.35), mix(garment, [255, 255, 255], 0.6), [255, 255, 255], [205, 205, 205], mix(tint.bg, garment, 0.12)]
  const shapes = (SILHOUETTES[line] ?? tshirt)()
  const canvas = new Canvas(size)
  const views: (() => void)[] = [
    () => {
      canvas.fill(BG)
      canvas.draw(shapes)
    },
    () => canvas.pattern(style, GARMENT, LIGHT),
    () => {
      canvas.fill(WHITE)
      canvas.draw([ellipse(0.5, 0.86, 0.26, 0.035, SHADOW)])
      canvas.draw(shapes, 0.7, 0, 0.04)
    },
    () => {
      canvas.checker(BG, BG2)
      canvas.draw(shapes, 0.85, 0.04, 0)
    },
  ]
  return views.slice(0, pictureCount(lineIndex)).map((view, i) => {
    view()
    const px = palette.slice()
    // On the plain-white view the background slot is unused; keep the neck opening white there.
    if (i === 2) px[BG] = [255, 255, 255]
    return { filename: `${handle}-${i + 1}.png`, png: encodePng(size, size, canvas.px, px) }
  })
}
