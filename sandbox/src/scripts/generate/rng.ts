/**
 * The generator's randomness: one seed number gives the same shop every time (mulberry32, small
 * and fast). Each record draws from a stream of its own (seed, kind, index), so a resumed run makes
 * the records a straight run would have made, whatever was made before it.
 */
export type Rng = () => number

export function rngFor(seed: number, kind: string, index: number): Rng {
  let h = (seed ^ 0x9e3779b9) >>> 0
  for (const c of `${kind}:${index}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0
  let a = h || 1
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function pick<T>(r: Rng, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!
}

export function between(r: Rng, lo: number, hi: number): number {
  return lo + Math.floor(r() * (hi - lo + 1))
}

/** Picks by weight: `[["a", 3], ["b", 1]]` gives "a" three times as often. */
export function weighted<T>(r: Rng, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((s, [, w]) => s + w, 0)
  let x = r() * total
  for (const [v, w] of table) {
    x -= w
    if (x < 0) return v
  }
  return table[table.length - 1]![0]
}
