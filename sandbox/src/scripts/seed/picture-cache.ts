/**
 * The product pictures are drawn once per generator version, not on every seed: the sandbox
 * manager passes a folder (MEDUSACTL_PICTURE_CACHE, `<sandbox>/cache/pictures`) where they are kept
 * under the hash of images.ts, so a reset that reseeds, a reseed after an update that left the
 * drawing alone, or a CI run on a cached data folder reads them back instead.
 */
import { createHash } from "crypto"
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "fs"
import { join } from "path"

import type { ProductSeed } from "./catalogue"
import { pictureCount, productPictures, type ProductPicture } from "./images"

let generator: string | undefined

function generatorVersion(): string {
  generator ??= createHash("sha256").update(readFileSync(require.resolve("./images"))).digest("hex").slice(0, 16)
  return generator
}

export function picturesFor(seed: ProductSeed, cacheDir: string | undefined): ProductPicture[] {
  if (!cacheDir) return productPictures(seed.handle, seed.line, seed.lineIndex, seed.style)
  const dir = join(cacheDir, generatorVersion())
  const names = Array.from({ length: pictureCount(seed.lineIndex) }, (_, i) => `${seed.handle}-${i + 1}.png`)
  try {
    return names.map((filename) => ({ filename, png: readFileSync(join(dir, filename)) }))
  } catch {
    // not drawn yet (or only partly): draw them below
  }
  const pictures = productPictures(seed.handle, seed.line, seed.lineIndex, seed.style)
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 })
    for (const p of pictures) {
      const tmp = join(dir, `.${p.filename}.${process.pid}.tmp`)
      writeFileSync(tmp, p.png, { mode: 0o644 })
      renameSync(tmp, join(dir, p.filename))
    }
  } catch {
    // a cache that cannot be written only costs the drawing next time
  }
  return pictures
}
