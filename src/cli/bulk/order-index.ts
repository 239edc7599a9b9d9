/**
 * The local index of order states: which orders of a shop are in a queue (to fulfil, to ship, to
 * capture) or in another sparse state, so that those filters find every such order however old,
 * at a cost that does not grow with the shop's history. Medusa 2.21 cannot filter on computed
 * statuses; it can list orders changed since a time (`updated_at[$gte]`, `order=updated_at`), so
 * the index is built by reading every order once, oldest change first, and is then kept up to date
 * from a cursor the way an informer cache (client-go, k9s) is: each sync reads only what changed.
 *
 * - Bounded: it keeps small records (queues.ts: OrderFacts) of the sparse orders only, at most
 *   MAX_ENTRIES of them; past that it says so and the callers read pages instead.
 * - Safe with several processes: one file per back-end, replaced atomically; a sync holds a lock
 *   file (job-lock.ts, as bulk jobs do), and a process that finds it held uses the file as it is.
 * - Never trusted for a write, nor for what is shown: callers read the candidate orders again by id
 *   and apply the rules to what Medusa answers (`observe` corrects the index from those reads).
 *   A capture does not change an order's `updated_at` (seen on 2.21.2), so an order captured
 *   elsewhere stays a "to capture" candidate until such a read drops it.
 * - Rebuildable: `rebuild()`, or delete the file.
 */
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

import type { Medusa } from "../../sdk/index.js";
import { writeFileAtomic } from "../../sdk/atomic-write.js";
import { factsOf, worthIndexing, type OrderFacts } from "../../shared/orders/queues.js";
import { JobLock } from "./job-lock.js";
import { JobError } from "../../term/errors.js";

type Row = Record<string, unknown>;

const VERSION = 1;
/** Most orders kept (about 90 bytes each on disk). */
export const MAX_ENTRIES = 200_000;
/** Orders read per request while syncing. */
export const SYNC_PAGE = 500;
/** A sync reads again what changed in this window before the cursor: a transaction that committed late. */
const LOOKBACK_MS = 120_000;
/**
 * What a sync asks for. Medusa adds the lines, payment collections and fulfilments itself (it needs
 * them to compute the two statuses), so this is the smallest read that decides an order's queues.
 */
const SYNC_FIELDS = "id,display_id,status,created_at,updated_at";

/** One record as stored: [id, display_id, created, updated, status, payment, fulfillment, unfulfilled, unshipped]. */
type Packed = [string, number, number, number, string, string, string, number, number];

interface IndexFile {
  version: number;
  url: string;
  /** The newest `updated_at` read (ISO), where the next sync continues. */
  cursor?: string;
  /** The first full read reached the present: the index holds every sparse order. */
  complete: boolean;
  /** More sparse orders than MAX_ENTRIES: the index cannot answer. */
  overflow: boolean;
  /** Orders read in all (the first build's progress). */
  seen: number;
  /** How many orders the shop had at the last check: fewer now means its data was replaced (a restore). */
  total?: number;
  syncedAt?: string;
  entries: Packed[];
}

const pack = (f: OrderFacts): Packed => [f.id, f.display_id, f.created, f.updated, f.status, f.payment, f.fulfillment, f.unfulfilled, f.unshipped];
const unpack = (p: Packed): OrderFacts => ({ id: p[0], display_id: p[1], created: p[2], updated: p[3], status: p[4], payment: p[5], fulfillment: p[6], unfulfilled: p[7], unshipped: p[8] });

function emptyFile(url: string): IndexFile {
  return { version: VERSION, url, complete: false, overflow: false, seen: 0, entries: [] };
}

/** A file of this shape, or undefined (then the index starts again: it is only a cache). */
function validFile(v: unknown, url: string): IndexFile | undefined {
  const f = v as IndexFile;
  if (!f || typeof f !== "object" || f.version !== VERSION || f.url !== url || !Array.isArray(f.entries)) return undefined;
  const ok = (p: unknown) =>
    Array.isArray(p) && p.length === 9 && typeof p[0] === "string" && p.slice(1, 4).every((n) => typeof n === "number") && p.slice(4, 7).every((s) => typeof s === "string") && p.slice(7).every((n) => typeof n === "number");
  if (!f.entries.every(ok)) return undefined;
  if (f.cursor !== undefined && (typeof f.cursor !== "string" || Number.isNaN(Date.parse(f.cursor)))) return undefined;
  return { ...f, complete: f.complete === true, overflow: f.overflow === true, seen: Number(f.seen) || 0, total: typeof f.total === "number" ? f.total : undefined };
}

function indexFile(dataDir: string, url: string): string {
  const key = createHash("sha256").update(url.replace(/\/+$/, "")).digest("hex").slice(0, 20);
  return path.join(dataDir, "order-index", `${key}.json`);
}

/**
 * Drops the index of a back-end whose data was replaced underneath it (a sandbox reset or snapshot
 * restore, generated orders with past dates): a cursor only sees changes that move forward in time.
 */
export async function forgetOrderIndex(dataDir: string, url: string): Promise<void> {
  await fs.rm(indexFile(dataDir, url), { force: true });
}

export interface SyncResult {
  /** Requests made. */
  requests: number;
  /** Orders read. */
  read: number;
  /** Another process was syncing: the file was read as it is. */
  busy: boolean;
}

export interface SyncOptions {
  signal?: AbortSignal;
  /** Called after each page: orders read so far in this sync, and how many the server has to read (when known). */
  onProgress?: (read: number, total: number | undefined) => void;
}

export class OrderIndex {
  private data: IndexFile;
  private mtimeMs = 0;
  private dirty = false;
  /** The shop's order count was compared with the file's once in this process. */
  private counted = false;

  private constructor(
    private readonly sdk: Medusa,
    readonly file: string,
    private readonly url: string,
  ) {
    this.data = emptyFile(url);
  }

  /** The index of the back-end at `url`, kept in `<dataDir>/order-index/`. */
  static async open(sdk: Medusa, dataDir: string, url: string): Promise<OrderIndex> {
    const idx = new OrderIndex(sdk, indexFile(dataDir, url), url);
    await idx.reload();
    return idx;
  }

  /** The first build is done and nothing overflowed: the index can answer. */
  get ready(): boolean {
    return this.data.complete && !this.data.overflow;
  }

  get size(): number {
    return this.data.entries.length;
  }

  stats(): { entries: number; complete: boolean; overflow: boolean; cursor?: string; syncedAt?: string; seen: number; file: string } {
    const d = this.data;
    return { entries: d.entries.length, complete: d.complete, overflow: d.overflow, cursor: d.cursor, syncedAt: d.syncedAt, seen: d.seen, file: this.file };
  }

  /** Re-reads the file when another process replaced it. */
  private async reload(): Promise<void> {
    const st = await fs.stat(this.file).catch(() => undefined);
    if (!st) return;
    if (st.mtimeMs === this.mtimeMs) return;
    try {
      const v = validFile(JSON.parse(await fs.readFile(this.file, "utf8")), this.url);
      if (v) this.data = v;
      this.mtimeMs = st.mtimeMs;
    } catch {
      // A file that does not parse is a cache gone bad: the next sync writes a new one.
    }
  }

  /** Orders the rule picks, newest first (or oldest first). */
  candidates(pick: (f: OrderFacts) => boolean, order: "newest" | "oldest" = "newest"): OrderFacts[] {
    const out = this.data.entries.map(unpack).filter(pick);
    out.sort((a, b) => (order === "newest" ? b.created - a.created || (b.display_id - a.display_id) : a.created - b.created || a.display_id - b.display_id));
    return out;
  }

  /** Corrects the index from orders just read from Medusa (with their lines); saved with the next sync. */
  observe(rows: readonly Row[]): void {
    if (!rows.length) return;
    const at = new Map(this.data.entries.map((p, i) => [p[0], i]));
    let changed = false;
    const drop = new Set<number>();
    for (const row of rows) {
      if (!Array.isArray(row.items) || typeof row.id !== "string") continue;
      const i = at.get(String(row.id));
      const f = factsOf(row);
      // A read with a narrow --fields may lack the dates or the number: keep what the index knew.
      if (i !== undefined) {
        const old = unpack(this.data.entries[i]!);
        if (row.created_at === undefined) f.created = old.created;
        if (row.updated_at === undefined) f.updated = old.updated;
        if (row.display_id === undefined) f.display_id = old.display_id;
      }
      if (worthIndexing(f)) {
        const packed = pack(f);
        if (i === undefined) {
          this.data.entries.push(packed);
          at.set(f.id, this.data.entries.length - 1);
          changed = true;
        } else if (packed.some((v, k) => v !== this.data.entries[i]![k])) {
          // Only a record that differs makes the index worth saving: a save is a sync, one more request.
          this.data.entries[i] = packed;
          changed = true;
        }
      } else if (i !== undefined) {
        drop.add(i);
        changed = true;
      }
    }
    if (drop.size) this.data.entries = this.data.entries.filter((_, i) => !drop.has(i));
    if (this.data.entries.length > MAX_ENTRIES) this.data.overflow = true;
    if (changed) this.dirty = true;
  }

  /** Drops everything and reads every order again. */
  async rebuild(opts: SyncOptions = {}): Promise<SyncResult> {
    return this.sync({ ...opts, rebuild: true });
  }

  /**
   * Reads what changed since the cursor (everything, the first time) and saves. Under the lock;
   * when another process holds it, reads the file that process keeps and returns `busy`.
   */
  async sync(opts: SyncOptions & { rebuild?: boolean } = {}): Promise<SyncResult> {
    const dir = path.dirname(this.file);
    let lock: JobLock;
    try {
      lock = await JobLock.acquire(dir, path.basename(this.file, ".json"), "order index sync");
    } catch (e) {
      if (!(e instanceof JobError)) throw e;
      await this.reload();
      return { requests: 0, read: 0, busy: true };
    }
    try {
      await this.reload();
      if (opts.rebuild) this.data = emptyFile(this.url);
      let extra = 0;
      if (!this.counted) {
        // Orders cannot be deleted through the API: fewer than last time means the database was
        // replaced (a backup or snapshot restored), and the cursor may be past what is there now.
        const head = (await this.sdk.admin.order.list({ fields: "id", limit: 1, offset: 0 } as never, undefined, { signal: opts.signal })) as unknown as { count: number };
        extra = 1;
        if (this.data.total !== undefined && head.count < this.data.total) this.data = emptyFile(this.url);
        this.data.total = head.count;
        this.counted = true;
      }
      const result = await this.readChanges(opts);
      result.requests += extra;
      this.data.syncedAt = new Date().toISOString();
      await this.save();
      return result;
    } finally {
      await lock.release();
    }
  }

  private async save(): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, JSON.stringify(this.data));
    this.mtimeMs = (await fs.stat(this.file)).mtimeMs;
    this.dirty = false;
  }

  /** Saves what `observe` corrected, when no sync did since (under the lock; skipped when busy). */
  async flush(): Promise<void> {
    if (!this.dirty) return;
    await this.sync();
  }

  /**
   * Keyset paging on `updated_at`: each page starts at the newest `updated_at` of the one before
   * (ids already read at that instant are skipped), so an order changed while the walk runs moves
   * ahead of it and is read again, never skipped as offsets would.
   */
  private async readChanges(opts: SyncOptions): Promise<SyncResult> {
    const d = this.data;
    const result: SyncResult = { requests: 0, read: 0, busy: false };
    let from = d.cursor ? new Date(Date.parse(d.cursor) - LOOKBACK_MS).toISOString() : undefined;
    let seenAtFrom = new Set<string>();
    const at = new Map(d.entries.map((p, i) => [p[0], i]));
    const drop = new Set<string>();
    let total: number | undefined;
    const ceiling = new Date().toISOString();
    for (;;) {
      const query: Row = { fields: SYNC_FIELDS, order: "updated_at", limit: SYNC_PAGE, offset: 0 };
      if (from) query.updated_at = { $gte: from };
      const page = (await this.sdk.admin.order.list(query as never, undefined, { signal: opts.signal })) as unknown as { orders: Row[]; count: number };
      result.requests++;
      total ??= page.count;
      const rows = page.orders ?? [];
      let fresh = rows.filter((r) => !(from !== undefined && String(r.updated_at) === from && seenAtFrom.has(String(r.id))));
      let instant = false;
      if (!fresh.length && rows.length >= SYNC_PAGE) {
        // A full page of orders changed at the same instant, all read already: read that instant by
        // offset, then go on from the next millisecond.
        fresh = await this.readInstant(from!, seenAtFrom, opts, result);
        from = new Date(Date.parse(from!) + 1).toISOString();
        seenAtFrom = new Set();
        instant = true;
      }
      for (const r of fresh) {
        const f = factsOf(r);
        const i = at.get(f.id);
        if (worthIndexing(f)) {
          drop.delete(f.id);
          if (i === undefined) {
            d.entries.push(pack(f));
            at.set(f.id, d.entries.length - 1);
          } else d.entries[i] = pack(f);
        } else if (i !== undefined) drop.add(f.id);
        // Never past this machine's clock: an order stamped in the future (a server clock ahead,
        // imported data) would carry the cursor past every change made until then.
        const stamp = String(r.updated_at) > ceiling ? ceiling : String(r.updated_at);
        if (!d.cursor || stamp > d.cursor) d.cursor = stamp;
      }
      result.read += fresh.length;
      if (!d.complete) d.seen += fresh.length;
      opts.onProgress?.(result.read, total);
      if (d.entries.length - drop.size > MAX_ENTRIES) {
        d.overflow = true;
        break;
      }
      if (instant) continue;
      if (rows.length < SYNC_PAGE) break;
      const last = String(rows[rows.length - 1]!.updated_at);
      if (last !== from) {
        from = last;
        seenAtFrom = new Set();
      }
      for (const r of rows) if (String(r.updated_at) === from) seenAtFrom.add(String(r.id));
      // Without progress the loop would never end (a server answering the same page for ever).
      if (!fresh.length) break;
    }
    if (drop.size) d.entries = d.entries.filter((p) => !drop.has(p[0]));
    d.complete = true;
    return result;
  }

  private async readInstant(instant: string, skip: Set<string>, opts: SyncOptions, result: SyncResult): Promise<Row[]> {
    const out: Row[] = [];
    const next = new Date(Date.parse(instant) + 1).toISOString();
    for (let offset = 0; ; offset += SYNC_PAGE) {
      const page = (await this.sdk.admin.order.list({ fields: SYNC_FIELDS, order: "id", limit: SYNC_PAGE, offset, updated_at: { $gte: instant, $lt: next } } as never, undefined, {
        signal: opts.signal,
      })) as unknown as { orders: Row[] };
      result.requests++;
      out.push(...(page.orders ?? []).filter((r) => !skip.has(String(r.id))));
      if ((page.orders ?? []).length < SYNC_PAGE) return out;
    }
  }
}

/** Reads orders by id, `size` at a time, in the order of `ids` (what Medusa answers for each). */
export async function readOrdersById(sdk: Medusa, ids: readonly string[], query: Row, signal?: AbortSignal): Promise<Row[]> {
  if (!ids.length) return [];
  const res = (await sdk.admin.order.list({ ...query, id: [...ids], limit: ids.length, offset: 0 } as never, undefined, { signal })) as unknown as { orders: Row[] };
  const byId = new Map((res.orders ?? []).map((o) => [o.id, o]));
  return ids.map((id) => byId.get(id)).filter((o): o is Row => o !== undefined);
}

/** MEDUSACTL_ORDER_INDEX=off: filters read pages as before the index (a way out, and the benches' baseline). */
export function orderIndexEnabled(env: NodeJS.ProcessEnv): boolean {
  return !/^(off|0|false|no)$/i.test(env.MEDUSACTL_ORDER_INDEX ?? "");
}

/**
 * The index of the command's back-end, brought up to date, with progress on stderr while the first
 * build reads the whole history. Undefined when it cannot answer (too many sparse orders).
 */
export async function syncedOrderIndex(f: import("../cmdutil/factory.js").Factory, opts: { quiet?: boolean } = {}): Promise<OrderIndex | undefined> {
  if (!orderIndexEnabled(f.io.env)) return undefined;
  const target = await f.target();
  const sdk = await f.sdk();
  const idx = await OrderIndex.open(sdk, f.dataDir(), target.url);
  const { createProgress } = await import("./progress.js");
  const first = !idx.ready;
  const progress = first ? createProgress(f.io, { label: "indexing the shop's orders (first run only)", unit: "orders", quiet: opts.quiet }) : undefined;
  try {
    await idx.sync({
      signal: f.signal,
      onProgress: (read, total) => {
        progress?.setTotal(total);
        if (progress) progress.add(read - progress.count);
      },
    });
  } finally {
    progress?.done();
  }
  return idx.ready ? idx : undefined;
}
