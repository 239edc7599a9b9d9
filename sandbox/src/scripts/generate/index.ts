/**
 * `medusactl sandbox seed --orders N --products N --customers N [--seed S]`: a large shop added to
 * the seeded sandbox, inside the server (sandbox/src/api/admin/sandbox/generate). Products and
 * customers are found by handle/e-mail before they are made; orders remember their progress in
 * the store's metadata (per seed and size), so an interrupted run continues where it stopped and
 * a finished one is a no-op.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { generateProducts, loadVariants, withInventoryItems, type VariantRef } from "./catalogue"
import { generateCustomers, loadCustomers } from "./customers"
import { generateOrderChunk, orderState, plantedState, planOrder, type OrderState } from "./orders"
import { catalogueSkus } from "../seed/products"
import { COLLECTIONS, REGIONS, SALES_CHANNEL, STOCK_LOCATION } from "../seed/catalogue"
import { say, type Container } from "../seed/step"

export interface GenerateInput {
  orders: number
  products: number
  customers: number
  seed: number
  profile?: boolean
}

export interface GenerateSummary {
  seed: number
  products: number
  customers: number
  orders: number
  /** Orders made by this call (0 when an earlier run made them all). */
  ordersMade: number
  states: Partial<Record<OrderState, number>>
  /** The orders planted deep in the history (plantedState), by state. */
  planted: { state: OrderState; display_id: number; id: string; created_at: string }[]
  seconds: { products: number; customers: number; orders: number; total: number }
}

const ORDER_CHUNK = 250
export const LIMITS = { orders: 200_000, products: 50_000, customers: 100_000 }

type Any = any

export async function generateShop(container: Container, input: GenerateInput): Promise<GenerateSummary> {
  const t0 = Date.now()
  const productModule = container.resolve(Modules.PRODUCT)
  const regionModule = container.resolve(Modules.REGION)
  const salesChannelModule = container.resolve(Modules.SALES_CHANNEL)
  const stockModule = container.resolve(Modules.STOCK_LOCATION)
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  const storeModule = container.resolve(Modules.STORE) as Any
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Any

  // What the sandbox's seed made and the shop is built on.
  const [salesChannel] = await salesChannelModule.listSalesChannels({ name: SALES_CHANNEL })
  const [location] = await stockModule.listStockLocations({ name: STOCK_LOCATION })
  const regions = await regionModule.listRegions({ name: REGIONS.map((r) => r.name) })
  const options = await fulfillmentModule.listShippingOptions({ name: ["Standard Shipping", "Express Shipping"] })
  const [profile] = await fulfillmentModule.listShippingProfiles({ type: "default" })
  if (!salesChannel || !location || regions.length < 2 || options.length < 2 || !profile) {
    throw new Error("the sandbox's seed is incomplete (sales channel, warehouse, regions or shipping options missing): run `medusactl sandbox reset` first")
  }
  const categories = await productModule.listProductCategories({ handle: ["shirts", "sweatshirts", "accessories", "home"] })
  const collections = await productModule.listProductCollections({ handle: COLLECTIONS.map((c) => c.handle) })

  const tProducts = Date.now()
  await generateProducts(container, input.seed, input.products, {
    salesChannelId: salesChannel.id,
    shippingProfileId: profile.id,
    locationId: location.id,
    categoryByHandle: new Map(categories.map((c) => [c.handle, c.id])),
    collectionIds: collections.map((c) => c.id),
  })
  const tCustomers = Date.now()
  await generateCustomers(container, input.seed, input.customers)
  const tOrders = Date.now()

  const summary: GenerateSummary = {
    seed: input.seed,
    products: input.products,
    customers: input.customers,
    orders: input.orders,
    ordersMade: 0,
    states: {},
    planted: [],
    seconds: { products: (tCustomers - tProducts) / 1000, customers: (tOrders - tCustomers) / 1000, orders: 0, total: 0 },
  }
  if (input.orders > 0) {
    const run = `${input.seed}:${input.orders}`
    const [store] = await storeModule.listStores({}, { select: ["id", "metadata"] })
    const progress = ((store.metadata ?? {}).medusactl_generate ?? {}) as Record<string, { anchor: number; done: number }>
    const mine = progress[run] ?? { anchor: Date.now(), done: 0 }
    if (mine.done < input.orders) {
      // Orders of a chunk that stopped half-way (made, but not counted as done) go first.
      const { rows: partial } = await pg.raw(`SELECT id FROM "order" WHERE metadata->>'medusactl_run' = ? AND (metadata->>'medusactl_index')::int >= ?`, [run, mine.done])
      if (partial.length) {
        await orderModule(container).deleteOrders(partial.map((r: Any) => r.id))
        say(`removed ${partial.length} orders of an interrupted chunk`)
      }
      const customers = await loadCustomers(container, input.seed, input.customers)
      if (!customers.length) throw new Error("orders need customers: pass --customers (or keep the ones of an earlier run with the same --seed)")
      let variants: VariantRef[] = await loadVariants(container, input.seed, input.products)
      if (!variants.length) variants = await seededVariants(container)
      const [eu, na] = [regions.find((r) => r.currency_code === "eur")!, regions.find((r) => r.currency_code === "usd")!]
      const ctx = {
        seed: input.seed,
        run,
        profile: input.profile,
        anchor: mine.anchor,
        count: input.orders,
        regionEu: eu.id,
        regionNa: na.id,
        salesChannelId: salesChannel.id,
        locationId: location.id,
        standardOption: options.find((o) => o.name === "Standard Shipping")!,
        expressOption: options.find((o) => o.name === "Express Shipping")!,
      }
      say(`orders: placing ${input.orders - mine.done} of ${input.orders} (${customers.length} customers, ${variants.length} variants)…`)
      let lastSay = Date.now()
      const started = Date.now()
      for (let from = mine.done; from < input.orders; from += ORDER_CHUNK) {
        const to = Math.min(input.orders, from + ORDER_CHUNK)
        const plans = Array.from({ length: to - from }, (_, k) => planOrder(input.seed, from + k, input.orders, mine.anchor, customers, variants))
        await generateOrderChunk(container, ctx, plans)
        mine.done = to
        summary.ordersMade += plans.length
        await saveProgress(container, store.id, run, mine)
        if (Date.now() - lastSay > 5000 || to === input.orders) {
          lastSay = Date.now()
          const rate = summary.ordersMade / Math.max(0.001, (Date.now() - started) / 1000)
          say(`orders: ${to}/${input.orders} (${rate.toFixed(0)}/s, about ${Math.round((input.orders - to) / Math.max(rate, 0.001))} s left)`)
        }
      }
    } else say(`orders: the ${input.orders} orders of seed ${input.seed} are already there`)
    for (let i = 0; i < input.orders; i++) {
      const s = orderState(input.seed, i, input.orders, mine.anchor)
      summary.states[s] = (summary.states[s] ?? 0) + 1
    }
    const plantedIndexes = Array.from({ length: input.orders }, (_, i) => i).filter((i) => plantedState(i, input.orders))
    if (plantedIndexes.length) {
      const { rows } = await pg.raw(
        `SELECT id, display_id, created_at, (metadata->>'medusactl_index')::int AS idx FROM "order" WHERE metadata->>'medusactl_run' = ? AND (metadata->>'medusactl_index')::int = ANY(?)`,
        [run, plantedIndexes],
      )
      summary.planted = rows.map((r: Any) => ({ state: plantedState(r.idx, input.orders)!, display_id: Number(r.display_id), id: r.id, created_at: new Date(r.created_at).toISOString() }))
    }
  }
  summary.seconds.orders = (Date.now() - tOrders) / 1000
  summary.seconds.total = (Date.now() - t0) / 1000
  return summary
}

function orderModule(container: Container): Any {
  return container.resolve(Modules.ORDER)
}

async function saveProgress(container: Container, storeId: string, run: string, mine: { anchor: number; done: number }): Promise<void> {
  const storeModule = container.resolve(Modules.STORE) as Any
  const store = await storeModule.retrieveStore(storeId, { select: ["id", "metadata"] })
  const metadata = { ...(store.metadata ?? {}) }
  metadata.medusactl_generate = { ...(metadata.medusactl_generate ?? {}), [run]: mine }
  await storeModule.updateStores(storeId, { metadata })
}

/** Without generated products, orders are of the seeded catalogue's variants. */
async function seededVariants(container: Container): Promise<VariantRef[]> {
  const productModule = container.resolve(Modules.PRODUCT)
  const found = await productModule.listProductVariants({ sku: catalogueSkus() }, { select: ["id", "sku", "title", "product_id"], relations: ["product"] })
  return withInventoryItems(
    container,
    found.map((v: Any, i: number) => ({ id: v.id, sku: v.sku, title: v.title, product_id: v.product_id, product_title: v.product?.title ?? v.title, eur: 20 + (i % 7) * 5, usd: 22 + (i % 7) * 5.5 })),
  )
}
