/**
 * Records order-transfer tokens, as password-reset-tokens.ts does for resets: when a customer asks
 * for an order to be moved to their account, Medusa mails its original address a link with a
 * one-time token; a local sandbox sends no e-mail, and the token is only on the order change's
 * action (the `order.transfer_requested` event names the order and the change).
 *
 * Each request appends `{order_id, order_change_id, customer_id, original_email, token, link, at}`
 * to MEDUSACTL_TRANSFER_TOKENS_FILE (`<sandbox>/run/transfer-tokens.jsonl`); `link` is the
 * storefront path that accepts or declines it (`/account/transfers/<order id>?token=…`).
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { appendTokenRecord } from "../lib/token-records"

interface TransferRequestedData {
  id: string
  order_change_id: string
}

interface ChangeAction {
  action?: string
  reference_id?: string | null
  details?: Record<string, unknown> | null
}

export default async function recordOrderTransferToken({ event, container }: SubscriberArgs<TransferRequestedData>): Promise<void> {
  const file = process.env.MEDUSACTL_TRANSFER_TOKENS_FILE
  const { id, order_change_id } = event.data
  if (!file || typeof id !== "string" || typeof order_change_id !== "string") return
  const logger = container.resolve("logger")
  try {
    const orders = container.resolve("order") as { listOrderChangeActions(filter: Record<string, unknown>, config?: Record<string, unknown>): Promise<ChangeAction[]> }
    const actions = await orders.listOrderChangeActions({ order_change_id }, { select: ["action", "reference_id", "details"] })
    const transfer = actions.find((a) => a.action === "TRANSFER_CUSTOMER")
    const token = transfer?.details?.token
    if (typeof token !== "string") return
    await appendTokenRecord(
      file,
      {
        order_id: id,
        order_change_id,
        customer_id: transfer?.reference_id ?? null,
        original_email: typeof transfer?.details?.original_email === "string" ? transfer.details.original_email : null,
        token,
        link: `/account/transfers/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`,
      },
      (m) => logger.warn(m),
    )
  } catch (e) {
    logger.warn(`medusactl: cannot read the transfer token of ${id}: ${(e as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: "order.transfer_requested",
}
