/**
 * Files a command writes on request (`--out`, `--report`): checked before any work starts, so a
 * typo in a path costs nothing, and written through a temp file beside the target, so a failed
 * job leaves the previous file as it was.
 */
import { constants as fsConstants, promises as fs } from "node:fs";
import path from "node:path";
import { openAtomicStream, type AtomicStream } from "../../sdk/atomic-write.js";
import { UsageError, fsWords } from "../../term/errors.js";

/** Throws a one-line usage error (exit 2) naming `file` when it cannot be written: a folder, a missing or read-only parent. */
export async function checkOutputPath(file: string, flag: string): Promise<void> {
  const fail = (why: string) => new UsageError(`${flag} ${file}: ${why}`);
  try {
    const st = await fs.stat(file);
    if (st.isDirectory()) throw fail("is a folder; give a file name");
    if (!st.isFile()) throw fail("is not a regular file");
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") throw fail(code ? fsWords(code) : (e as Error).message);
  }
  const dir = path.dirname(path.resolve(file));
  try {
    if (!(await fs.stat(dir)).isDirectory()) throw fail(`${dir} is not a folder`);
    await fs.access(dir, fsConstants.W_OK);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw fail(code === "ENOENT" ? `the folder ${dir} does not exist` : code === "EACCES" ? `cannot write in ${dir}` : code ? `${dir}: ${fsWords(code)}` : String(e));
  }
}

/** Checks `file`, then opens it as an atomic stream: commit() on success, discard() on failure. */
export async function openOutputFile(file: string, flag: string): Promise<AtomicStream> {
  await checkOutputPath(file, flag);
  return openAtomicStream(file, { mode: 0o600 });
}
