/**
 * The one way medusactl writes a file that someone may be relying on (tokens, profiles, bulk
 * checkpoints, reports, exports): into a temp file in the same folder, flushed to disk, then
 * renamed over the target. A reader sees the old content or the new, never half of it, and a crash
 * or a failed job leaves the previous file as it was. Node only.
 */
import { randomBytes } from "node:crypto";
import { constants as fsConstants, createWriteStream, promises as fs, type WriteStream } from "node:fs";
import path from "node:path";

export interface AtomicWriteOptions {
  /** File mode of the result (default 0600: most of what we write holds secrets or shop data). */
  mode?: number;
}

// O_NOFOLLOW is 0 where the platform has none (Windows), which has no such links to plant either.
const { O_WRONLY, O_RDWR, O_RDONLY, O_APPEND, O_CREAT, O_EXCL } = fsConstants;
const O_NOFOLLOW = fsConstants.O_NOFOLLOW ?? 0;

/**
 * Flags of every file medusactl creates (docs/SECURITY.md, "we never follow a link we did not
 * make"): it must not exist yet (O_EXCL), and a symbolic link planted in its place is not followed
 * (O_NOFOLLOW), so the open fails (EEXIST/ELOOP) instead of writing into the link's target.
 */
export const CREATE_NEW_FLAGS = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** Flags to read a file we made without following a link put in its place. */
export const READ_OWN_FLAGS = O_RDONLY | O_NOFOLLOW;

/** Creates `file`, which must not exist (not even as a link): see {@link CREATE_NEW_FLAGS}. */
export function createNew(file: string, mode = 0o600): Promise<fs.FileHandle> {
  return fs.open(file, CREATE_NEW_FLAGS, mode);
}

/**
 * Opens a file we made earlier (a part file, a checkpoint journal) to read, update or append. A
 * link in its place is refused with ELOOP rather than followed.
 */
export function openOwn(file: string, how: "read" | "update" | "append"): Promise<fs.FileHandle> {
  const flags = how === "read" ? O_RDONLY : how === "update" ? O_RDWR : O_WRONLY | O_APPEND;
  return fs.open(file, flags | O_NOFOLLOW);
}

/**
 * Writes all of `text` at `position` (or the end, for a handle opened to append). One write may
 * store only part of it when the disk fills up, without an error; counting the whole text as
 * written would make a checkpoint claim bytes the file never got. The write after a short one
 * fails with ENOSPC, which is thrown.
 */
export async function writeAll(h: fs.FileHandle, text: string, position?: number): Promise<number> {
  const buf = Buffer.from(text, "utf8");
  let done = 0;
  while (done < buf.length) {
    const { bytesWritten } = await h.write(buf, done, buf.length - done, position === undefined ? null : position + done);
    if (bytesWritten <= 0) throw Object.assign(new Error("the disk took no more bytes"), { code: "ENOSPC" });
    done += bytesWritten;
  }
  return done;
}

/**
 * Throws ELOOP (as a refused open would) when `file` is a symbolic link: for names we reuse, where
 * a link can only have been planted by someone else. Nothing there, or a regular file, passes.
 */
export async function refuseLink(file: string): Promise<void> {
  const st = await fs.lstat(file).catch(() => undefined);
  if (st?.isSymbolicLink()) {
    throw Object.assign(new Error(`${file} is a symbolic link, which medusactl does not follow`), { code: "ELOOP", errno: -40, syscall: "open", path: file });
  }
}

/** A name no one can have planted: the target's folder and name, a random suffix. */
export function randomSibling(file: string, suffix: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(8).toString("hex")}${suffix}`);
}

function tempName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(8).toString("hex")}.tmp`);
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
  const h = await createNew(tmp, mode);
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
  const stream = createWriteStream(tmp, { flags: CREATE_NEW_FLAGS as unknown as string, mode });
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
      try {
        await closed();
        const h = await openOwn(tmp, "update");
        try {
          await h.sync();
        } finally {
          await h.close();
        }
      } catch (e) {
        // A write that failed (a full disk): the target keeps what it held, and no temp file stays.
        await fs.rm(tmp, { force: true });
        throw e;
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
