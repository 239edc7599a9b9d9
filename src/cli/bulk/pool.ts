/**
 * Bounded concurrency (`--concurrency N`, default 2: the shared back-end saturates around 40
 * requests/s on 2 cores, NOTES.md §16) and chunking that keeps every request body under Medusa's
 * 2 MB JSON limit on batch routes (NOTES.md §13: 2.5 MB → 413), counting bytes as well as items.
 */
import { InvalidArgumentError } from "commander";

/** Medusa's JSON body limit on batch routes. */
export const BATCH_BODY_LIMIT = 2 * 1024 * 1024;
/** What chunks aim for: headroom for the envelope and for estimates that run short. */
export const DEFAULT_CHUNK_BYTES = 1536 * 1024;
export const DEFAULT_CONCURRENCY = 2;

/** `--concurrency N`: a whole number from 1 to 32. */
export function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 32) throw new InvalidArgumentError("expected a whole number from 1 to 32");
  return n;
}

/** `--chunk-size N`: items per request, 1 to 1000. */
export function parseChunkSize(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InvalidArgumentError("expected a whole number from 1 to 1000");
  return n;
}

/** UTF-8 size of a value's JSON. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

export interface ChunkOptions<T> {
  maxItems: number;
  maxBytes?: number;
  /** Size of one item in the body (default: its JSON size plus a comma). */
  size?: (item: T) => number;
}

/** An item too large for any request on its own. */
export class OversizeItemError extends Error {
  override name = "OversizeItemError";
  constructor(readonly item: unknown, readonly bytes: number, readonly limit: number) {
    super(`one item needs ${bytes} bytes, more than the ${limit}-byte request limit`);
  }
}

/**
 * Groups items into chunks of at most `maxItems` whose summed size stays under `maxBytes`.
 * An item bigger than `maxBytes` on its own gets a chunk of its own if it fits the hard limit,
 * else OversizeItemError.
 */
export function* chunked<T>(items: Iterable<T>, opts: ChunkOptions<T>): Generator<T[]> {
  const maxBytes = opts.maxBytes ?? DEFAULT_CHUNK_BYTES;
  const size = opts.size ?? ((item: T) => jsonBytes(item) + 1);
  let chunk: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const n = size(item);
    if (n > BATCH_BODY_LIMIT - 1024) throw new OversizeItemError(item, n, BATCH_BODY_LIMIT);
    if (chunk.length && (chunk.length >= opts.maxItems || bytes + n > maxBytes)) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
    chunk.push(item);
    bytes += n;
  }
  if (chunk.length) yield chunk;
}

/**
 * Runs `worker` on every item with at most `concurrency` running at once. The first error stops
 * new work; the ones in flight are awaited, then that error is thrown. An aborted signal also
 * stops new work.
 */
export async function runPool<T>(
  items: Iterable<T> | AsyncIterable<T>,
  concurrency: number,
  worker: (item: T, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const it = (Symbol.asyncIterator in items ? (items as AsyncIterable<T>)[Symbol.asyncIterator]() : (items as Iterable<T>)[Symbol.iterator]()) as
    | AsyncIterator<T>
    | Iterator<T>;
  let index = 0;
  let failed: { error: unknown } | undefined;
  let pulling: Promise<unknown> = Promise.resolve();
  // Pulls are serialised so an async source is never read by two lanes at once.
  const next = () => {
    const p = pulling.then(() => it.next());
    pulling = p.catch(() => {});
    return p;
  };
  const lane = async () => {
    for (;;) {
      if (failed || signal?.aborted) return;
      try {
        const r = await next();
        if (r.done) return;
        await worker(r.value, index++);
      } catch (e) {
        failed ??= { error: e };
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  if (failed) throw failed.error;
}
