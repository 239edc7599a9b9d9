/**
 * Records password-reset tokens where tests can read them (issue #19): a local sandbox sends no
 * e-mail, and Medusa hands the token only to the `auth.password_reset` event.
 *
 * Each event appends one JSON line `{entity_id, actor_type, token, at}` to the file named by
 * MEDUSACTL_RESET_TOKENS_FILE (set by `medusactl sandbox up`: `<sandbox>/run/reset-tokens.jsonl`,
 * in the 0700 run folder, the file itself 0600). Appending one line per write keeps records whole
 * for readers; a torn last line after a crash is skipped by them. Past 1 MiB the file is moved
 * to `<file>.1` (replacing the previous one), so it never grows without bound.
 *
 * In the production topology subscribers run in the worker process, which gets the same
 * environment as the server.
 */
import { appendFile, rename, stat } from "fs/promises"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

const MAX_BYTES = 1024 * 1024

interface PasswordResetData {
  entity_id: string
  actor_type: string
  token: string
}

export default async function recordPasswordResetToken({ event, container }: SubscriberArgs<PasswordResetData>): Promise<void> {
  const file = process.env.MEDUSACTL_RESET_TOKENS_FILE
  if (!file) return
  const { entity_id, actor_type, token } = event.data
  if (typeof entity_id !== "string" || typeof token !== "string") return
  const line = JSON.stringify({ entity_id, actor_type, token, at: new Date().toISOString() }) + "\n"
  try {
    const size = await stat(file).then((s) => s.size, () => 0)
    if (size > MAX_BYTES) await rename(file, `${file}.1`)
    await appendFile(file, line, { mode: 0o600 })
  } catch (e) {
    // Never fail the reset request over the sandbox's record; the token itself is not logged.
    container.resolve("logger").warn(`medusactl: cannot record a password-reset token in ${file}: ${(e as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: "auth.password_reset",
}
