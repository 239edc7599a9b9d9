/**
 * The one way a name becomes a record: what people type (a region's name, a shipping option's name,
 * a customer's e-mail, a product's handle, a sales channel's name) is matched exactly — letter case
 * aside where the caller says so — over every page of the list, never only the first. One match is
 * the record; several are an error that lists them (the caller says which id to give); none is an
 * error naming what was looked for. Bulk jobs, `apply`, order handling and `get` all come here.
 */

type Rec = Record<string, any>;

/** A page of a list: the rows, in the order the server gave them. */
export type PageReader<T> = (query: { limit: number; offset: number }) => Promise<T[]>;

export interface NameLookup<T> {
  /** "region", "shipping option": how a person calls the kind of record. */
  what: string;
  /** The text typed. */
  value: string;
  /** Reads one page (with the caller's own filters already in it). */
  page: PageReader<T>;
  /** Whether a row is the one named (exact; letter case as the caller decides). */
  matches: (row: T) => boolean;
  /** A row as a candidate in an ambiguity error: "Europe (reg_01…)". */
  describe: (row: T) => string;
  /** Among several matches, one that wins on its own (a registered customer over guests of one e-mail). */
  prefer?: (rows: T[]) => T | undefined;
  signal?: AbortSignal;
  /** Page size (default 200). */
  pageSize?: number;
}

/** No record has that name, or several do. `candidates` are the ambiguous ones, described. */
export class NameLookupError extends Error {
  override name = "NameLookupError";
  constructor(
    message: string,
    readonly kind: "not-found" | "ambiguous",
    readonly candidates: string[] = [],
  ) {
    super(message);
  }
}

/** A search that matches widely stops here rather than read a whole catalogue. */
const MAX_SCAN = 5000;

export async function resolveName<T = Rec>(l: NameLookup<T>): Promise<T> {
  const pageSize = l.pageSize ?? 200;
  const hits: T[] = [];
  for (let offset = 0; offset < MAX_SCAN; offset += pageSize) {
    l.signal?.throwIfAborted();
    const rows = await l.page({ limit: pageSize, offset });
    for (const r of rows) if (l.matches(r)) hits.push(r);
    // A short or empty page is the last one, whatever `count` claims.
    if (rows.length < pageSize) break;
  }
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) {
    const chosen = l.prefer?.(hits);
    if (chosen) return chosen;
    const candidates = hits.map(l.describe);
    throw new NameLookupError(`${hits.length} ${l.what}s are named "${l.value}": ${candidates.join(", ")}`, "ambiguous", candidates);
  }
  throw new NameLookupError(`no ${l.what} named "${l.value}"`, "not-found");
}

/** Exact equality, or equality without regard to letter case. */
export function sameName(a: unknown, b: string, caseless = false): boolean {
  if (typeof a !== "string") return false;
  return caseless ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/**
 * Many names at once (a seed file's references, read in batches): the same rule as resolveName.
 * Rows whose name is not wanted are ignored; a wanted name held by several rows is an error
 * listing them, unless `prefer` picks one.
 */
export function byName<T>(
  rows: Iterable<T>,
  o: { wanted: Iterable<string>; nameOf: (row: T) => string; what: string; describe: (row: T) => string; prefer?: (rows: T[]) => T | undefined },
): Map<string, T> {
  const want = new Set(o.wanted);
  const found = new Map<string, T[]>();
  for (const r of rows) {
    const k = o.nameOf(r);
    if (want.has(k)) found.set(k, [...(found.get(k) ?? []), r]);
  }
  const out = new Map<string, T>();
  for (const [k, hits] of found) {
    const one = hits.length === 1 ? hits[0] : o.prefer?.(hits);
    if (one === undefined) {
      const candidates = hits.map(o.describe);
      throw new NameLookupError(`${hits.length} ${o.what}s are named "${k}": ${candidates.join(", ")}`, "ambiguous", candidates);
    }
    out.set(k, one);
  }
  return out;
}
