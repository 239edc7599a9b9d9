/**
 * `--resume` checkpoints (CONTRACT.md §6, §8) in `<data root>/jobs/`. A job is keyed by the
 * command, the target (profile and URL) and the SHA-256 of the input file, so a changed file or
 * another store never resumes a stale job. Two files per job:
 * - `<key>.json`: metadata and job state, replaced atomically (write, fsync, rename) after each
 *   committed chunk;
 * - `<key>.jsonl`: one line per committed item (e.g. a report row), appended before the
 *   metadata is replaced. Its committed length is recorded in the metadata, so bytes written by a
 *   process that died between the two steps are ignored on resume.
 * Writing stays O(chunk) however large the job, and a crash at any point leaves a consistent
 * checkpoint. Both files are removed when the job finishes.
 */
import { createHash } from "node:crypto";
import { createReadStream, promises as fs } from "node:fs";
import path from "node:path";
import { createNew, openOwn, refuseLink, removeStaleTemps, writeAll, writeFileAtomic } from "../../sdk/atomic-write.js";
import { UsageError } from "../../term/errors.js";

export interface CheckpointKey {
  /** e.g. "products import". */
  command: string;
  /** Profile name, or "env" when the credential came from the environment. */
  profile: string;
  url: string;
  /** SHA-256 of the input file (see hashFile). */
  fileHash: string;
}

interface Meta<S> {
  version: 1;
  key: CheckpointKey;
  file: string;
  createdAt: string;
  updatedAt: string;
  /** Bytes of the journal that belong to committed chunks. */
  journalBytes: number;
  state: S;
}

/** SHA-256 of a file's bytes, streamed. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export function checkpointId(key: CheckpointKey): string {
  return createHash("sha256").update(JSON.stringify([key.command, key.profile, key.url, key.fileHash])).digest("hex").slice(0, 32);
}

export class Checkpoint<S, E> {
  /** True when this run continues an interrupted one. */
  readonly resumed: boolean;
  /** Items committed by the interrupted run(s), in commit order. */
  readonly entries: E[];
  state: S;
  private journalBytes: number;
  private readonly metaFile: string;
  private readonly journalFile: string;
  private readonly meta: Meta<S>;
  private chain: Promise<void> = Promise.resolve();

  private constructor(dir: string, id: string, meta: Meta<S>, entries: E[], resumed: boolean) {
    this.metaFile = path.join(dir, `${id}.json`);
    this.journalFile = path.join(dir, `${id}.jsonl`);
    this.meta = meta;
    this.state = meta.state;
    this.entries = entries;
    this.journalBytes = meta.journalBytes;
    this.resumed = resumed;
  }

  /** The checkpoint of an interrupted job with this key, if any (for a "use --resume" hint). */
  static async find(dir: string, key: CheckpointKey): Promise<{ updatedAt: string; file: string; state: unknown } | undefined> {
    try {
      const meta = JSON.parse(await fs.readFile(path.join(dir, `${checkpointId(key)}.json`), "utf8")) as Meta<unknown>;
      return { updatedAt: meta.updatedAt, file: meta.file, state: meta.state };
    } catch {
      return undefined;
    }
  }

  /**
   * Opens the job's checkpoint. With `resume` and an existing checkpoint, its state and committed
   * entries come back (`resumed` = true); otherwise any old checkpoint is discarded and a new
   * one starts with `initial`.
   */
  static async open<S, E>(opts: {
    dir: string;
    key: CheckpointKey;
    file: string;
    resume: boolean;
    initial: S;
    now?: () => Date;
    /** The job's own check of a resumed state against its file (an offset past the end…): a message when it cannot be right. */
    check?: (state: S, entries: E[]) => string | undefined;
  }): Promise<Checkpoint<S, E>> {
    const { dir, key } = opts;
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const id = checkpointId(key);
    const metaFile = path.join(dir, `${id}.json`);
    const journalFile = path.join(dir, `${id}.jsonl`);
    const stamp = (opts.now ?? (() => new Date()))().toISOString();
    if (opts.resume) {
      const resumed = await readCheckpoint<S, E>(metaFile, journalFile, key, opts.check);
      if (resumed) {
        // Drop whatever an interrupted append left beyond the committed length (never through a link).
        const h = await openOwn(journalFile, "update").catch(async (e: NodeJS.ErrnoException) => {
          if (e.code === "ENOENT") return createNew(journalFile);
          throw e;
        });
        try {
          await h.truncate(resumed.meta.journalBytes);
        } finally {
          await h.close();
        }
        return new Checkpoint<S, E>(dir, id, resumed.meta, resumed.entries, true);
      }
    }
    // A link where our journal goes was not made by us: refused, not removed and not followed.
    await refuseLink(journalFile);
    await fs.rm(journalFile, { force: true });
    const meta: Meta<S> = { version: 1, key, file: opts.file, createdAt: stamp, updatedAt: stamp, journalBytes: 0, state: opts.initial };
    await (await createNew(journalFile)).close();
    await writeFileAtomic(metaFile, JSON.stringify(meta));
    return new Checkpoint<S, E>(dir, id, meta, [], false);
  }

  /**
   * Records a committed chunk: its entries are appended, then the state is replaced atomically.
   * Calls are serialised, so concurrent workers can commit as their chunks finish.
   */
  commit(entries: E[], state?: S): Promise<void> {
    const run = async () => {
      if (state !== undefined) this.state = state;
      if (entries.length) {
        const text = entries.map((e) => JSON.stringify(e)).join("\n") + "\n";
        const fh = await openOwn(this.journalFile, "update");
        try {
          await writeAll(fh, text, this.journalBytes);
          await fh.sync();
        } finally {
          await fh.close();
        }
        this.journalBytes += Buffer.byteLength(text);
      }
      this.meta.journalBytes = this.journalBytes;
      this.meta.state = this.state;
      this.meta.updatedAt = new Date().toISOString();
      await writeFileAtomic(this.metaFile, JSON.stringify(this.meta));
    };
    const p = this.chain.then(run);
    this.chain = p.catch(() => {});
    return p;
  }

  /** The job is over: removes both files, and what a killed earlier run left half-written. */
  async finish(): Promise<void> {
    await this.chain;
    await fs.rm(this.metaFile, { force: true });
    await fs.rm(this.journalFile, { force: true });
    await removeStaleTemps(this.metaFile);
  }
}

/**
 * A check for `open`: every journalled row must be a row of the file (records 2 to `lastRow`).
 * The file's hash is in the key, so this catches a journal edited by hand, not a changed file.
 */
export function rowsOf(lastRow: number, firstRow = 2): (state: unknown, entries: { row?: number }[]) => string | undefined {
  return (_state, entries) => {
    const bad = entries.find((e) => !Number.isInteger(e.row) || e.row! < firstRow || e.row! > lastRow);
    return bad ? `it records row ${String(bad.row)}, but the file's rows are ${firstRow} to ${lastRow}` : undefined;
  };
}

/** Reads a file of ours without following a link put in its place (ELOOP). */
async function readOwn(file: string): Promise<Buffer>;
async function readOwn(file: string, encoding: "utf8"): Promise<string>;
async function readOwn(file: string, encoding?: "utf8"): Promise<Buffer | string> {
  const h = await openOwn(file, "read");
  try {
    return encoding ? await h.readFile(encoding) : await h.readFile();
  } finally {
    await h.close();
  }
}

const START_OVER = "run the same command without --resume to start the job over (the old checkpoint is then discarded)";

function inconsistent(file: string, why: string): UsageError {
  return new UsageError(`the --resume checkpoint ${file} cannot be used: ${why}`, START_OVER);
}

/**
 * The checkpoint as it was committed, checked before anything is trusted: the files are ours to
 * write but anyone can edit them, and a wrong offset would skip rows or write them twice.
 * Undefined when there is none (a fresh start).
 */
async function readCheckpoint<S, E>(metaFile: string, journalFile: string, key: CheckpointKey, check?: (state: S, entries: E[]) => string | undefined): Promise<{ meta: Meta<S>; entries: E[] } | undefined> {
  let text: string;
  try {
    text = await readOwn(metaFile, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    if ((e as NodeJS.ErrnoException).code === "ELOOP") throw e;
    throw inconsistent(metaFile, (e as Error).message);
  }
  let meta: Meta<S>;
  try {
    meta = JSON.parse(text) as Meta<S>;
  } catch (e) {
    throw inconsistent(metaFile, `not valid JSON (${(e as Error).message})`);
  }
  if (!meta || typeof meta !== "object" || meta.version !== 1) throw inconsistent(metaFile, "unknown format");
  if (JSON.stringify(meta.key) !== JSON.stringify(key)) throw inconsistent(metaFile, "it belongs to another command, target or file");
  if (!Number.isSafeInteger(meta.journalBytes) || meta.journalBytes < 0) throw inconsistent(metaFile, `journalBytes ${JSON.stringify(meta.journalBytes)} is not a byte count`);
  let journal: Buffer = Buffer.alloc(0);
  try {
    journal = await readOwn(journalFile);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ELOOP") throw e;
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw inconsistent(journalFile, (e as Error).message);
  }
  if (journal.length < meta.journalBytes) throw inconsistent(journalFile, `it holds ${journal.length} bytes, the checkpoint says ${meta.journalBytes} were committed`);
  const entries: E[] = [];
  const lines = journal.subarray(0, meta.journalBytes).toString("utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]) continue;
    try {
      entries.push(JSON.parse(lines[i]!) as E);
    } catch {
      throw inconsistent(journalFile, `line ${i + 1} is not valid JSON`);
    }
  }
  const wrong = check?.(meta.state, entries);
  if (wrong) throw inconsistent(metaFile, wrong);
  return { meta, entries };
}

/** The jobs folder and checkpoint key of a bulk command run against the factory's target. */
export async function jobFor(
  f: { dataDir(): string; target(): Promise<{ url: string; profileName?: string }> },
  command: string,
  file: string,
  fingerprint?: string,
): Promise<{ dir: string; key: CheckpointKey }> {
  const target = await f.target();
  return {
    dir: path.join(f.dataDir(), "jobs"),
    key: { command, profile: target.profileName ?? "env", url: target.url, fileHash: fingerprint ?? (await hashFile(file)) },
  };
}
