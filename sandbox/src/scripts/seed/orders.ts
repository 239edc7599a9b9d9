/**
 * The seed's orders: carts checked out through Medusa's own workflows, then taken as far as their
 * plan says (fulfilled, shipped, delivered, captured or cancelled). The fixed set comes first;
 * MEDUSACTL_SEED_ORDERS adds more on top.
 */
import type { CustomerDTO, RegionDTO, ShippingOptionDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  addShippingMethodToCartWorkflow,
  cancelOrderWorkflow,
  capturePaymentWorkflow,
  completeCartWorkflow,
  createCartWorkflow,
  createOrderFulfillmentWorkflow,
  createOrderShipmentWorkflow,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  markOrderFulfillmentAsDeliveredWorkflow,
} from "@medusajs/medusa/core-flows"

import { CUSTOMERS, FIXED_ORDERS, NA_COUNTRIES, PAYMENT_PROVIDER, planFor, type OrderPlan } from "./catalogue"
import { catalogueSkus } from "./products"
import { say, type Container } from "./step"

export interface SeedOrdersInput {
  extraOrders: number
  concurrency: number
  europe: RegionDTO
  northAmerica: RegionDTO
  salesChannelId: string
  standardOption: ShippingOptionDTO
  locationId: string
  customerByEmail: Map<string, CustomerDTO>
}

/** Places orders until the store has the fixed set plus `extraOrders` (orders already there count). */
export async function seedOrders(container: Container, o: SeedOrdersInput): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const orderModule = container.resolve(Modules.ORDER)
  const [, orderCount] = await orderModule.listAndCountOrders({}, { take: 1, select: ["id"] })
  const target = FIXED_ORDERS.length + o.extraOrders
  if (orderCount < target) {
    const { data: variantRows } = await query.graph({
      entity: "product_variant",
      fields: ["id", "sku"],
      filters: { sku: catalogueSkus() },
    })
    const variants = (variantRows as unknown as { id: string; sku: string }[]).sort((a, b) => a.sku.localeCompare(b.sku))
    if (!variants.length) throw new Error("no seeded variants found")
    const todo = Array.from({ length: target - orderCount }, (_, k) => orderCount + k)
    say(`placing ${todo.length} orders (concurrency ${o.concurrency})…`)
    let done = 0
    let lastReport = Date.now()
    await runPool(todo, o.concurrency, async (index) => {
      const who = CUSTOMERS[index % CUSTOMERS.length]!
      const customer = o.customerByEmail.get(who.email)
      const region = NA_COUNTRIES.includes(who.country_code) ? o.northAmerica : o.europe
      const items = [0, 1, 2].slice(0, 1 + (index % 3)).map((k) => ({
        variant_id: variants[(index * 7 + k * 13) % variants.length]!.id,
        quantity: 1 + ((index + k) % 2),
      }))
      // Distinct variants per cart.
      const uniqueItems = items.filter((it, pos) => items.findIndex((o) => o.variant_id === it.variant_id) === pos)
      await placeOrder(container, {
        index,
        plan: planFor(index),
        regionId: region.id,
        currency: region.currency_code,
        salesChannelId: o.salesChannelId,
        shippingOptionId: o.standardOption.id,
        locationId: o.locationId,
        customerId: customer?.id,
        email: who.email,
        address: {
          first_name: who.first_name,
          last_name: who.last_name,
          address_1: who.address_1,
          city: who.city,
          postal_code: who.postal_code,
          country_code: who.country_code,
          phone: "+49 30 1234567",
        },
        items: uniqueItems,
      })
      done++
      if (done === todo.length || Date.now() - lastReport > 5000) {
        lastReport = Date.now()
        say(`orders: ${done}/${todo.length}`)
      }
    })
  }
}

async function runPool<T>(items: T[], concurrency: number, worker: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const runners = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++]!
      await worker(item)
    }
  })
  await Promise.all(runners)
}

interface PlaceOrderInput {
  index: number
  plan: OrderPlan
  regionId: string
  currency: string
  salesChannelId: string
  shippingOptionId: string
  locationId: string
  customerId?: string
  email: string
  address: Record<string, string>
  items: { variant_id: string; quantity: number }[]
}

async function placeOrder(container: Container, o: PlaceOrderInput): Promise<void> {
  const { result: cart } = await createCartWorkflow(container).run({
    input: {
      region_id: o.regionId,
      sales_channel_id: o.salesChannelId,
      currency_code: o.currency,
      email: o.email,
      ...(o.customerId ? { customer_id: o.customerId } : {}),
      shipping_address: o.address,
      billing_address: o.address,
      items: o.items,
      metadata: { medusactl_seed: o.index },
    },
  })
  await addShippingMethodToCartWorkflow(container).run({
    input: { cart_id: cart.id, options: [{ id: o.shippingOptionId }] },
  })
  const { result: collection } = await createPaymentCollectionForCartWorkflow(container).run({
    input: { cart_id: cart.id },
  })
  await createPaymentSessionsWorkflow(container).run({
    input: { payment_collection_id: collection.id, provider_id: PAYMENT_PROVIDER },
  })
  const { result: completed } = await completeCartWorkflow(container).run({ input: { id: cart.id } })
  const orderId = completed.id

  if (o.plan === "pending") return
  if (o.plan === "canceled") {
    await cancelOrderWorkflow(container).run({ input: { order_id: orderId } })
    return
  }

  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: [orderRow] } = await query.graph({
    entity: "order",
    fields: ["id", "items.id", "items.variant_id", "payment_collections.payments.id"],
    filters: { id: orderId },
  })
  const order = orderRow as unknown as {
    items: { id: string; variant_id: string }[]
    payment_collections: { payments: { id: string }[] }[]
  }
  // Quantities as ordered (the graph does not expose the computed item quantity).
  const quantityByVariant = new Map(o.items.map((i) => [i.variant_id, i.quantity]))
  const lines = order.items.map((i) => ({ id: i.id, quantity: quantityByVariant.get(i.variant_id) ?? 1 }))
  const capture = o.plan === "captured" || o.plan === "shipped_captured" || o.plan === "delivered"
  const fulfil = o.plan !== "captured"

  if (fulfil) {
    const { result: fulfillment } = await createOrderFulfillmentWorkflow(container).run({
      input: { order_id: orderId, items: lines, location_id: o.locationId, no_notification: true },
    })
    if (o.plan === "shipped" || o.plan === "shipped_captured" || o.plan === "delivered") {
      await createOrderShipmentWorkflow(container).run({
        input: {
          order_id: orderId,
          fulfillment_id: fulfillment.id,
          items: lines,
          no_notification: true,
          labels: [
            {
              tracking_number: `TRK${String(o.index).padStart(8, "0")}`,
              tracking_url: `https://tracking.example.com/TRK${String(o.index).padStart(8, "0")}`,
              label_url: "https://tracking.example.com/label.pdf",
            },
          ],
        },
      })
    }
    if (o.plan === "delivered") {
      await markOrderFulfillmentAsDeliveredWorkflow(container).run({
        input: { orderId, fulfillmentId: fulfillment.id },
      })
    }
  }
  if (capture) {
    for (const pc of order.payment_collections ?? []) {
      for (const payment of pc.payments ?? []) {
        await capturePaymentWorkflow(container).run({ input: { payment_id: payment.id } })
      }
    }
  }
}
