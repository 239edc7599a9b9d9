/**
 * The sandbox's records of one-time tokens that a real shop would e-mail (a local Medusa sends no
 * e-mail): one JSON line per token, appended to a file in the sandbox's 0700 run folder (the file
 * itself 0600), so readers always see whole records and a torn last line after a crash is
 * skipped. Past 1 MiB the file is moved to `<file>.1` (replacing the previous one), so it never
 * grows without bound. Used by the subscribers in ../subscribers.
 */
import { appendFile, rename, stat } from "fs/promises"

const MAX_BYTES = 1024 * 1024

/** Appends `record` to `file`; a failure is only logged: a shopper's request never fails over the sandbox's record. */
export async function appendTokenRecord(file: string | undefined, record: Record<string, unknown>, warn: (message: string) => void): Promise<void> {
  if (!file) return
  const line = JSON.stringify({ ...record, at: new Date().toISOString() }) + "\n"
  try {
    const size = await stat(file).then((s) => s.size, () => 0)
    if (size > MAX_BYTES) await rename(file, `${file}.1`)
    await appendFile(file, line, { mode: 0o600 })
  } catch (e) {
    // The token itself is never logged.
    warn(`medusactl: cannot record a token in ${file}: ${(e as Error).message}`)
  }
}
