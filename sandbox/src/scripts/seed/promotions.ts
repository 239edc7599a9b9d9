/**
 * Seed step for the promotion codes a storefront can apply (catalogue PROMOTIONS): active, not
 * automatic, a percentage off the whole order, no campaign (so no budget, no end date) and no
 * rules (so every region, currency and shopper, guests included, any number of times).
 */
import { Modules } from "@medusajs/framework/utils"
import { createPromotionsWorkflow } from "@medusajs/medusa/core-flows"

import { PROMOTIONS } from "./catalogue"
import { say, type Container } from "./step"

export async function seedPromotions(container: Container): Promise<void> {
  const promotionModule = container.resolve(Modules.PROMOTION)
  const existing = await promotionModule.listPromotions({ code: PROMOTIONS.map((p) => p.code) }, { select: ["id", "code"] })
  const missing = PROMOTIONS.filter((p) => !existing.some((e) => e.code === p.code))
  if (!missing.length) return
  await createPromotionsWorkflow(container).run({
    input: {
      promotionsData: missing.map((p) => ({
        code: p.code,
        type: "standard" as const,
        status: "active" as const,
        is_automatic: false,
        application_method: { type: "percentage" as const, target_type: "order" as const, allocation: "across" as const, value: p.percentage },
      })),
    },
  })
  say(`created promotions ${missing.map((p) => p.code).join(", ")}`)
}
