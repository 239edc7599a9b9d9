import { promises as fs } from "node:fs";

/**
 * Takes `<file>.lock` (created exclusively) around a read-modify-write of `file`, so many processes
 * can update one file without losing each other's writes. A lock older than `staleMs` is taken to
 * be left by a crashed process and broken. Node only.
 * @example const release = await lockFile("/path/tokens.json"); try { … } finally { await release() }
 */
export async function lockFile(file: string, staleMs = 10_000): Promise<() => Promise<void>> {
  const lock = `${file}.lock`;
  const start = Date.now();
  let delay = 5;
  for (;;) {
    try {
      const h = await fs.open(lock, "wx", 0o600);
      await h.writeFile(String(process.pid));
      await h.close();
      return async () => {
        await fs.rm(lock, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      try {
        const st = await fs.stat(lock);
        if (Date.now() - st.mtimeMs > staleMs) {
          await fs.rm(lock, { force: true });
          continue;
        }
      } catch {
        continue;
      }
      if (Date.now() - start > staleMs * 3) throw new Error(`could not lock ${file}: ${lock} is held by another process`);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 100);
    }
  }
}
