import { timingSafeEqual } from "crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ExecArgs } from "@medusajs/framework/types"

import seedSandbox from "../../../scripts/seed"
import { withProgressTo } from "../../../scripts/seed/step"

/**
 * The seed run inside the server that `medusactl sandbox up` has just started, so that a cold
 * start boots Medusa twice (migrations, server) instead of three times (`medusa exec` of the seed
 * was the third, about 6 s). Only that start knows the token (MEDUSACTL_SEED_TOKEN, random per
 * start); without it, or with another one, the route does not exist. The answer streams the
 * seed's progress lines, then `[seed-ok]` or `[seed-failed] <reason>`.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const token = process.env.MEDUSACTL_SEED_TOKEN
  const given = req.headers["x-medusactl-seed-token"]
  if (!token || typeof given !== "string" || !sameSecret(given, token)) {
    res.status(404).json({ type: "not_found", message: `Cannot POST ${req.path}` })
    return
  }
  res.status(200)
  res.setHeader("content-type", "text/plain; charset=utf-8")
  res.setHeader("cache-control", "no-store")
  res.flushHeaders()
  try {
    await withProgressTo(
      (line) => res.write(`${line}\n`),
      () => seedSandbox({ container: req.scope, args: [] } as unknown as ExecArgs),
    )
    res.end("[seed-ok]\n")
  } catch (e) {
    const reason = e instanceof Error ? e.stack ?? e.message : String(e)
    res.end(`[seed-failed] ${reason.replace(/\s*\n\s*/g, " | ")}\n`)
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
