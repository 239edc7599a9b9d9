import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { generateShop, LIMITS, type GenerateInput } from "../../../../scripts/generate"
import { withProgressTo } from "../../../../scripts/seed/step"

/**
 * `medusactl sandbox seed`: generates a large shop inside the running sandbox server. An admin
 * route, so Medusa's own authentication guards it (the sandbox's secret key). The answer streams
 * progress lines (`[seed] …`), then `[generate-ok] <summary JSON>` or `[generate-failed] <reason>`.
 * One generation at a time: a second answers 409.
 */
let running = false

export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>
  const input: Partial<GenerateInput> = {}
  for (const key of ["orders", "products", "customers", "seed"] as const) {
    const v = body[key] ?? (key === "seed" ? 1 : 0)
    const max = key === "seed" ? 2 ** 31 - 1 : LIMITS[key]
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > max) {
      res.status(400).json({ type: "invalid_data", message: `${key} must be a whole number from 0 to ${max}` })
      return
    }
    input[key] = v
  }
  input.profile = body.profile === true
  if (running) {
    res.status(409).json({ type: "conflict", message: "a generation is already running in this sandbox" })
    return
  }
  running = true
  res.status(200)
  res.setHeader("content-type", "text/plain; charset=utf-8")
  res.setHeader("cache-control", "no-store")
  res.flushHeaders()
  try {
    const summary = await withProgressTo(
      (line) => res.write(`${line}\n`),
      () => generateShop(req.scope, input as GenerateInput),
    )
    res.end(`[generate-ok] ${JSON.stringify(summary)}\n`)
  } catch (e) {
    const reason = e instanceof Error ? e.stack ?? e.message : String(e)
    res.end(`[generate-failed] ${reason.replace(/\s*\n\s*/g, " | ")}\n`)
  } finally {
    running = false
  }
}
