/**
 * Records password-reset tokens where people and tests can read them (issue #19): a local sandbox
 * sends no e-mail, and Medusa hands the token only to the `auth.password_reset` event.
 *
 * Each event appends `{entity_id, actor_type, token, at}` to the file named by
 * MEDUSACTL_RESET_TOKENS_FILE (set by `medusactl sandbox up`: `<sandbox>/run/reset-tokens.jsonl`);
 * see ../lib/token-records.ts for how the file is kept. In the production topology subscribers run
 * in the worker process, which gets the same environment as the server.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { appendTokenRecord } from "../lib/token-records"

interface PasswordResetData {
  entity_id: string
  actor_type: string
  token: string
}

export default async function recordPasswordResetToken({ event, container }: SubscriberArgs<PasswordResetData>): Promise<void> {
  const { entity_id, actor_type, token } = event.data
  if (typeof entity_id !== "string" || typeof token !== "string") return
  await appendTokenRecord(process.env.MEDUSACTL_RESET_TOKENS_FILE, { entity_id, actor_type, token }, (m) => container.resolve("logger").warn(m))
}

export const config: SubscriberConfig = {
  event: "auth.password_reset",
}
