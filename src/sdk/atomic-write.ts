/**
 * The one way medusactl writes a file that someone may be relying on (tokens, profiles, bulk
 * checkpoints, reports, exports): into a temp file in the same folder, flushed to disk, then
 * renamed over the target. A reader sees the old content or the new, never half of it, and a crash
 * or a failed job leaves the previous file as it was. Node only.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, promises as fs, type WriteStream } from "node:fs";
import path from "node:path";

export interface AtomicWriteOptions {
  /** File mode of the result (default 0600: most of what we write holds secrets or shop data). */
  mode?: number;
}

function tempName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/**
 * Removes the temp files a killed writer left beside `file` (a SIGKILL between open and rename):
 * only those of processes that are gone, so a write in progress elsewhere is never touched.
 */
export async function removeStaleTemps(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
    const pid = Number(name.slice(prefix.length).split(".")[0]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || alive(pid)) continue;
    await fs.rm(path.join(dir, name), { force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but is someone else's.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Flushes the folder entry too, so the rename itself survives a power cut (best effort: not every file system allows it). */
async function syncDir(dir: string): Promise<void> {
  let h: fs.FileHandle | undefined;
  try {
    h = await fs.open(dir, "r");
    await h.sync();
  } catch {
    // e.g. EISDIR/EINVAL on some platforms; the rename is still atomic.
  } finally {
    await h?.close();
  }
}

/** Writes `data` to `file` atomically (temp file in the same folder, fsync, rename). */
export async function writeFileAtomic(file: string, data: string | Uint8Array, opts: AtomicWriteOptions = {}): Promise<void> {
  const mode = opts.mode ?? 0o600;
  const tmp = tempName(file);
  const h = await fs.open(tmp, "w", mode);
  try {
    await h.writeFile(data);
    await h.sync();
    await h.close();
    // open() honours the umask; the result must have exactly this mode.
    await fs.chmod(tmp, mode);
    await fs.rename(tmp, file);
  } catch (e) {
    await h.close().catch(() => {});
    await fs.rm(tmp, { force: true });
    throw e;
  }
  await syncDir(path.dirname(file));
}

/** A file being written as a stream: nothing at `file` changes until `commit()`. */
export interface AtomicStream {
  /** Write here; the data goes to a temp file beside the target. */
  readonly stream: WriteStream;
  /** Flushes, fsyncs and renames the temp file over the target. */
  commit(): Promise<void>;
  /** Drops the temp file; the target is left as it was. */
  discard(): Promise<void>;
}

/** Opens a stream whose content replaces `file` only when committed. */
export function openAtomicStream(file: string, opts: AtomicWriteOptions = {}): AtomicStream {
  const mode = opts.mode ?? 0o600;
  const tmp = tempName(file);
  const stream = createWriteStream(tmp, { mode });
  let done = false;
  const closed = () =>
    new Promise<void>((resolve, reject) => {
      if (stream.closed) return resolve();
      stream.once("close", resolve);
      stream.once("error", reject);
      stream.end();
    });
  return {
    stream,
    async commit() {
      if (done) return;
      done = true;
      await closed();
      const h = await fs.open(tmp, "r+");
      try {
        await h.sync();
      } finally {
        await h.close();
      }
      try {
        await fs.chmod(tmp, mode);
        await fs.rename(tmp, file);
      } catch (e) {
        // A target that cannot be replaced (a folder put there meanwhile): no temp file is left behind.
        await fs.rm(tmp, { force: true });
        throw e;
      }
      await syncDir(path.dirname(file));
    },
    async discard() {
      if (done) return;
      done = true;
      await closed().catch(() => {});
      await fs.rm(tmp, { force: true });
    },
  };
}
