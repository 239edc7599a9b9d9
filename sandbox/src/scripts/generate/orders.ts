/**
 * Generated order history: orders spread over two years up to the run's anchor time, in the
 * states an operator meets — delivered and captured, completed, shipped not delivered, fulfilled
 * not shipped, unfulfilled (new ones and a few old stuck ones), canceled, partially refunded and
 * returned — with their payments (collection, session, payment, captures, refunds) and
 * fulfilments (with tracking labels) linked as Medusa's own flows link them.
 *
 * Checking out 50,000 carts one by one through the cart workflows takes hours on two cores (about
 * 0.5 s each), so the records are made in chunks through the modules' own services (order,
 * payment, fulfilment, link): the same rows the workflows leave, written in bulk. Dates are the
 * one thing the modules do not take: `created_at`/`updated_at` of the orders are set with one
 * UPDATE per chunk afterwards.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import type { CustomerRef } from "./customers"
import type { VariantRef } from "./catalogue"
import { rngFor, weighted, type Rng } from "./rng"
import { say, type Container } from "../seed/step"

export type OrderState =
  | "new"
  | "new_paid"
  | "fulfilled"
  | "shipped"
  | "delivered"
  | "completed"
  | "canceled"
  | "partially_refunded"
  | "returned"
  | "stuck_to_fulfil"
  | "stuck_to_ship"

const DAY = 86_400_000
export const SPAN_DAYS = 730

/** What happened to an order of this age (days), as a shop that works mostly keeps up sees it. */
const BY_AGE: readonly { upTo: number; table: readonly (readonly [OrderState, number])[] }[] = [
  { upTo: 2, table: [["new", 60], ["new_paid", 10], ["fulfilled", 14], ["shipped", 10], ["canceled", 6]] },
  { upTo: 7, table: [["new", 6], ["fulfilled", 8], ["shipped", 45], ["delivered", 34], ["canceled", 5], ["partially_refunded", 2]] },
  { upTo: 30, table: [["shipped", 8], ["delivered", 72], ["completed", 6], ["canceled", 5], ["returned", 5], ["partially_refunded", 4]] },
  {
    upTo: Infinity,
    table: [["delivered", 52], ["completed", 31], ["shipped", 0.8], ["canceled", 6], ["returned", 5], ["partially_refunded", 4], ["stuck_to_fulfil", 0.15], ["stuck_to_ship", 0.1]],
  },
]

export function stateFor(r: Rng, ageDays: number): OrderState {
  return weighted(r, BY_AGE.find((b) => ageDays <= b.upTo)!.table)
}

/**
 * Orders planted on purpose, whatever the dice say: one unfulfilled and one fulfilled-not-shipped
 * order about 90 and 200 days old, deep in the history, for tests and benches to look for.
 */
export function plantedState(index: number, count: number): OrderState | undefined {
  if (count < 50) return undefined
  const at = (days: number) => Math.max(0, Math.min(count - 1, Math.round(count * (1 - days / SPAN_DAYS))))
  if (index === at(90)) return "stuck_to_ship"
  if (index === at(200)) return "stuck_to_fulfil"
  return undefined
}

export interface OrderPlan {
  index: number
  state: OrderState
  createdAt: Date
  customer: CustomerRef
  lines: { variant: VariantRef; quantity: number }[]
  express: boolean
}

/** When order `index` of `count` was placed and what became of it (the first draws of its stream). */
function timeAndState(r: Rng, index: number, count: number, anchor: number): { createdAt: Date; state: OrderState } {
  const slot = (SPAN_DAYS * DAY) / count
  const createdAt = new Date(Math.round(anchor - SPAN_DAYS * DAY + (index + 0.1 + r() * 0.8) * slot))
  const ageDays = (anchor - createdAt.getTime()) / DAY
  return { createdAt, state: plantedState(index, count) ?? stateFor(r, ageDays) }
}

export function orderState(seed: number, index: number, count: number, anchor: number): OrderState {
  return timeAndState(rngFor(seed, "order", index), index, count, anchor).state
}

export function planOrder(seed: number, index: number, count: number, anchor: number, customers: readonly CustomerRef[], variants: readonly VariantRef[]): OrderPlan {
  const r = rngFor(seed, "order", index)
  const { createdAt, state } = timeAndState(r, index, count, anchor)
  // A few customers order often: the square skews the choice towards the start of the list.
  const customer = customers[Math.floor(r() * r() * customers.length)]!
  const lineCount = weighted(r, [[1, 55], [2, 28], [3, 12], [4, 5]] as const)
  const lines: OrderPlan["lines"] = []
  for (let k = 0; k < lineCount; k++) {
    const variant = variants[Math.floor(r() * r() * variants.length)]!
    if (lines.some((l) => l.variant.id === variant.id)) continue
    lines.push({ variant, quantity: weighted(r, [[1, 75], [2, 18], [3, 7]] as const) })
  }
  return { index, state, createdAt, customer, lines, express: r() < 0.15 }
}

const NA = new Set(["us", "ca"])
const TAX: Record<string, number> = { de: 19, fr: 20, es: 21, it: 22, nl: 21, be: 21, at: 20, pt: 23, ie: 23, fi: 24, dk: 25, se: 25, us: 0, ca: 5 }

export interface OrderContext {
  seed: number
  /** Names this run (seed and size) in the orders' metadata, so a resumed run finds its own. */
  run: string
  /** Say how long each step of each chunk took. */
  profile?: boolean
  anchor: number
  count: number
  regionEu: string
  regionNa: string
  salesChannelId: string
  locationId: string
  standardOption: { id: string; name: string }
  expressOption: { id: string; name: string }
}

const round2 = (n: number) => Math.round(n * 100) / 100

type Any = any

/** Makes the planned orders, with their payments and fulfilments. */
export async function generateOrderChunk(container: Container, ctx: OrderContext, plans: OrderPlan[]): Promise<void> {
  const orderModule = container.resolve(Modules.ORDER) as Any
  const paymentModule = container.resolve(Modules.PAYMENT) as Any
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT) as Any
  const link = container.resolve(ContainerRegistrationKeys.LINK) as Any
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Any

  // When a step happened: hours after the order was placed, but never after the run's anchor (no
  // date in the future: an order index keeps a cursor on updated_at, and so do other tools).
  const later = (p: OrderPlan, h: number) => new Date(Math.max(p.createdAt.getTime(), Math.min(p.createdAt.getTime() + h * 3_600_000, ctx.anchor)))
  const t: [string, number][] = [["start", Date.now()]]
  const mark = (what: string) => t.push([what, Date.now()])
  const money = plans.map((p) => {
    const na = NA.has(p.customer.address.country_code)
    const currency = na ? "usd" : "eur"
    const rate = TAX[p.customer.address.country_code] ?? 0
    const items = p.lines.map((l) => ({ ...l, unit: na ? l.variant.usd : l.variant.eur }))
    const itemTotal = items.reduce((s, l) => s + l.unit * l.quantity, 0)
    const shipping = p.express ? (na ? 15 : 12) : itemTotal >= (na ? 110 : 100) ? 0 : na ? 6 : 5
    const total = round2((itemTotal + shipping) * (1 + rate / 100))
    return { currency, rate, items, shipping, total, region: na ? ctx.regionNa : ctx.regionEu }
  })

  const captured = (s: OrderState) => s !== "new" && s !== "fulfilled" && s !== "canceled" && s !== "stuck_to_fulfil" && s !== "stuck_to_ship"
  const refundOf = (p: OrderPlan, total: number) => (p.state === "returned" ? total : p.state === "partially_refunded" ? round2(Math.max(1, total * 0.3)) : 0)

  // createOrders_ is createOrders without reading every new order back with all its relations
  // (a third of the time); the lines are read below, with only what the next steps need.
  const created: Any[] = await orderModule.createOrders_(
    plans.map((p, i) => {
      const m = money[i]!
      const a = p.customer.address
      const option = p.express ? ctx.expressOption : ctx.standardOption
      const paid = captured(p.state) ? m.total : 0
      const refund = refundOf(p, m.total)
      return {
        region_id: m.region,
        sales_channel_id: ctx.salesChannelId,
        customer_id: p.customer.id,
        email: p.customer.email,
        currency_code: m.currency,
        status: p.state === "canceled" ? "canceled" : p.state === "completed" ? "completed" : "pending",
        ...(p.state === "canceled" ? { canceled_at: later(p, 5) } : {}),
        shipping_address: { ...a },
        billing_address: { ...a },
        items: m.items.map((l) => ({
          title: l.variant.product_title,
          subtitle: l.variant.title,
          product_id: l.variant.product_id,
          product_title: l.variant.product_title,
          variant_id: l.variant.id,
          variant_sku: l.variant.sku,
          variant_title: l.variant.title,
          quantity: l.quantity,
          unit_price: l.unit,
          requires_shipping: true,
          is_tax_inclusive: false,
          tax_lines: m.rate ? [{ code: `TAX-${a.country_code.toUpperCase()}`, rate: m.rate, description: `VAT ${m.rate}%` }] : [],
        })),
        shipping_methods: [
          {
            name: option.name,
            shipping_option_id: option.id,
            amount: m.shipping,
            data: {},
            tax_lines: m.rate ? [{ code: `TAX-${a.country_code.toUpperCase()}`, rate: m.rate, description: `VAT ${m.rate}%` }] : [],
          },
        ],
        transactions: [
          ...(paid ? [{ amount: paid, currency_code: m.currency, reference: "capture", reference_id: "" }] : []),
          ...(refund ? [{ amount: -refund, currency_code: m.currency, reference: "refund", reference_id: "" }] : []),
        ],
        metadata: { medusactl_run: ctx.run, medusactl_index: p.index },
      }
    }),
  )
  const orderItems: Any[] = await orderModule.listOrderItems({ order_id: created.map((o: Any) => o.id) }, { select: ["id", "order_id", "item_id", "quantity", "item.title", "item.variant_sku"], relations: ["item"] })
  mark("orders")
  const itemsOf = new Map<string, Any[]>()
  const inventoryOf = new Map(plans.flatMap((p) => p.lines.map((l) => [l.variant.sku, l.variant.inventory_item_id] as const)))
  for (const oi of orderItems) {
    const item = { id: oi.item_id, quantity: Number(oi.quantity), title: oi.item?.title, variant_sku: oi.item?.variant_sku, inventory_item_id: inventoryOf.get(oi.item?.variant_sku) }
    itemsOf.set(oi.order_id, [...(itemsOf.get(oi.order_id) ?? []), item])
  }
  const orderByIndex = new Map<number, Any>(created.map((o: Any) => [o.metadata.medusactl_index as number, { id: o.id, items: itemsOf.get(o.id) ?? [] }]))
  const orderOf = (p: OrderPlan) => orderByIndex.get(p.index)!

  // Payments: collection → session → payment → captures/refunds, each kind in one call.
  const collections: Any[] = await paymentModule.createPaymentCollections(
    plans.map((p, i) => {
      const m = money[i]!
      const paid = captured(p.state)
      const refund = refundOf(p, m.total)
      return {
        currency_code: m.currency,
        amount: m.total,
        authorized_amount: m.total,
        captured_amount: paid ? m.total : 0,
        refunded_amount: refund,
        status: p.state === "canceled" ? "canceled" : paid ? "completed" : "authorized",
        ...(paid ? { completed_at: later(p, 24) } : {}),
        metadata: { medusactl_index: p.index },
      }
    }),
  )
  mark("collections")
  const sessions: Any[] = await paymentModule.createPaymentSessions(
    plans.map((p, i) => ({
      payment_collection_id: collections[i].id,
      provider_id: "pp_system_default",
      currency_code: money[i]!.currency,
      amount: money[i]!.total,
      data: {},
      status: "authorized",
      authorized_at: p.createdAt,
    })),
  )
  mark("sessions")
  const payments: Any[] = await paymentModule.createPayments(
    plans.map((p, i) => ({
      payment_collection_id: collections[i].id,
      payment_session_id: sessions[i].id,
      provider_id: "pp_system_default",
      currency_code: money[i]!.currency,
      amount: money[i]!.total,
      data: {},
      ...(captured(p.state) ? { captured_at: later(p, 24) } : {}),
      ...(p.state === "canceled" ? { canceled_at: later(p, 5) } : {}),
    })),
  )
  const captures = plans.flatMap((p, i) => (captured(p.state) ? [{ payment_id: payments[i].id, amount: money[i]!.total }] : []))
  if (captures.length) await paymentModule.createCaptures(captures)
  const refunds = plans.flatMap((p, i) => {
    const amount = refundOf(p, money[i]!.total)
    return amount ? [{ payment_id: payments[i].id, amount, note: p.state === "returned" ? "Returned" : "Goodwill" }] : []
  })
  if (refunds.length) await paymentModule.createRefunds(refunds)
  mark("payments")

  // Fulfilments: one per order that got as far, with a tracking label once shipped.
  const shippedStates = new Set<OrderState>(["shipped", "delivered", "completed", "partially_refunded", "returned"])
  const fulfilledStates = new Set<OrderState>([...shippedStates, "fulfilled", "stuck_to_ship"])
  const deliveredStates = new Set<OrderState>(["delivered", "completed", "partially_refunded", "returned"])
  const toFulfil = plans.filter((p) => fulfilledStates.has(p.state))
  const fulfilments: Any[] = toFulfil.length
    ? await fulfillmentModule.fulfillmentService_.create(
        toFulfil.map((p) => {
          const order = orderOf(p)
          const tracking = `${p.customer.address.country_code.toUpperCase()}${String(p.index).padStart(9, "0")}${String(ctx.seed % 100).padStart(2, "0")}`
          return {
            location_id: ctx.locationId,
            provider_id: "manual_manual",
            shipping_option_id: (p.express ? ctx.expressOption : ctx.standardOption).id,
            packed_at: later(p, 20),
            ...(shippedStates.has(p.state) ? { shipped_at: later(p, 30) } : {}),
            ...(deliveredStates.has(p.state) ? { delivered_at: later(p, 80) } : {}),
            data: {},
            delivery_address: { ...p.customer.address },
            items: order.items.map((item: Any) => ({
              title: item.title,
              sku: item.variant_sku ?? "",
              barcode: "",
              quantity: item.quantity,
              line_item_id: item.id,
              inventory_item_id: item.inventory_item_id,
            })),
            labels: shippedStates.has(p.state)
              ? [{ tracking_number: tracking, tracking_url: `https://tracking.example.com/${tracking}`, label_url: `https://labels.example.com/${tracking}.pdf` }]
              : [],
            metadata: { medusactl_index: p.index },
          }
        }),
      )
    : []

  // Stock reserved for what is still to be fulfilled, as checkout reserves it (fulfilling needs it).
  const open = plans.filter((p) => p.state === "new" || p.state === "new_paid" || p.state === "stuck_to_fulfil")
  const reservations = open.flatMap((p) =>
    orderOf(p)
      .items.filter((item: Any) => item.inventory_item_id)
      .map((item: Any) => ({ line_item_id: item.id, inventory_item_id: item.inventory_item_id, location_id: ctx.locationId, quantity: item.quantity, allow_backorder: true })),
  )
  if (reservations.length) await container.resolve(Modules.INVENTORY).createReservationItems(reservations)
  mark("fulfilments")
  await link.create([
    ...plans.map((p, i) => ({ [Modules.ORDER]: { order_id: orderOf(p).id }, [Modules.PAYMENT]: { payment_collection_id: collections[i].id } })),
    ...toFulfil.map((p, i) => ({ [Modules.ORDER]: { order_id: orderOf(p).id }, [Modules.FULFILLMENT]: { fulfillment_id: fulfilments[i].id } })),
  ])

  mark("links")
  // The lines' quantities, which the order's fulfilment status is worked out from; grouped by
  // quantity and state so a chunk takes a handful of updates.
  const groups = new Map<string, { itemIds: string[]; data: Record<string, number> }>()
  for (const p of toFulfil) {
    for (const item of orderOf(p).items as Any[]) {
      const q = Number(item.quantity)
      const data: Record<string, number> = { fulfilled_quantity: q }
      if (shippedStates.has(p.state)) data.shipped_quantity = q
      if (deliveredStates.has(p.state)) data.delivered_quantity = q
      if (p.state === "returned") data.return_received_quantity = q
      const key = JSON.stringify(data)
      const g = groups.get(key) ?? { itemIds: [], data }
      g.itemIds.push(item.id)
      groups.set(key, g)
    }
  }
  if (groups.size) await orderModule.updateOrderItem([...groups.values()].map((g) => ({ selector: { item_id: g.itemIds }, data: g.data })))

  mark("details")
  // Dates: when each order was placed, and when it last changed (its last step).
  const lastStep = (p: OrderPlan) =>
    deliveredStates.has(p.state) ? later(p, p.state === "returned" || p.state === "partially_refunded" ? 240 : 80) : shippedStates.has(p.state) ? later(p, 30) : fulfilledStates.has(p.state) ? later(p, 20) : p.state === "canceled" ? later(p, 5) : p.createdAt
  const rows = plans.map((p) => [orderOf(p).id, p.createdAt.toISOString(), lastStep(p).toISOString()])
  await pg.raw(
    `UPDATE "order" AS o SET created_at = v.c::timestamptz, updated_at = v.u::timestamptz FROM (VALUES ${rows.map(() => "(?, ?, ?)").join(", ")}) AS v(id, c, u) WHERE o.id = v.id`,
    rows.flat(),
  )
  mark("dates")
  if (ctx.profile) say(`chunk: ${t.slice(1).map(([w, at], i) => `${w} ${at - t[i]![1]} ms`).join(", ")}`)
}
