/**
 * Seed steps for what the store sells: categories, collections, the 24 products with their
 * variants and prices, and their stock in the warehouse.
 */
import { Modules, ProductStatus } from "@medusajs/framework/utils"
import {
  createCollectionsWorkflow,
  createInventoryLevelsWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
} from "@medusajs/medusa/core-flows"

import { CATEGORIES, COLLECTIONS, productCatalogue, sku } from "./catalogue"
import { say, type Container } from "./step"

/** Top-level categories first, so the children can name their parent. Returns id by handle. */
export async function seedCategories(container: Container): Promise<Map<string, string>> {
  const productModule = container.resolve(Modules.PRODUCT)
  const categoryByHandle = new Map<string, string>()
  for (const c of await productModule.listProductCategories({ handle: CATEGORIES.map((c) => c.handle) })) {
    categoryByHandle.set(c.handle, c.id)
  }
  for (const level of [CATEGORIES.filter((c) => !c.parent), CATEGORIES.filter((c) => c.parent)]) {
    const missing = level.filter((c) => !categoryByHandle.has(c.handle))
    if (!missing.length) continue
    const { result } = await createProductCategoriesWorkflow(container).run({
      input: {
        product_categories: missing.map((c) => ({
          name: c.name,
          handle: c.handle,
          is_active: true,
          ...(c.parent ? { parent_category_id: categoryByHandle.get(c.parent)! } : {}),
        })),
      },
    })
    for (const c of result) categoryByHandle.set(c.handle, c.id)
    say(`created categories ${missing.map((c) => c.handle).join(", ")}`)
  }
  return categoryByHandle
}

/** Returns id by handle. */
export async function seedCollections(container: Container): Promise<Map<string, string>> {
  const productModule = container.resolve(Modules.PRODUCT)
  const collectionByHandle = new Map<string, string>()
  for (const c of await productModule.listProductCollections({ handle: COLLECTIONS.map((c) => c.handle) })) {
    collectionByHandle.set(c.handle, c.id)
  }
  const missingCollections = COLLECTIONS.filter((c) => !collectionByHandle.has(c.handle))
  if (missingCollections.length) {
    const { result } = await createCollectionsWorkflow(container).run({ input: { collections: missingCollections } })
    for (const c of result) collectionByHandle.set(c.handle, c.id)
    say(`created collections ${missingCollections.map((c) => c.handle).join(", ")}`)
  }
  return collectionByHandle
}

export async function seedProducts(
  container: Container,
  o: {
    shippingProfileId: string
    salesChannelId: string
    categoryByHandle: Map<string, string>
    collectionByHandle: Map<string, string>
  },
): Promise<void> {
  const productModule = container.resolve(Modules.PRODUCT)
  const catalogue = productCatalogue()
  const existingProducts = await productModule.listProducts({ handle: catalogue.map((p) => p.handle) }, { select: ["id", "handle"] })
  const missingProducts = catalogue.filter((p) => !existingProducts.some((e) => e.handle === p.handle))
  if (missingProducts.length) {
    await createProductsWorkflow(container).run({
      input: {
        products: missingProducts.map((p) => ({
          title: p.title,
          handle: p.handle,
          subtitle: `${p.title} from the medusactl sandbox`,
          description: `A ${p.title.toLowerCase()} to test with. Seeded by medusactl.`,
          status: ProductStatus.PUBLISHED,
          shipping_profile_id: o.shippingProfileId,
          sales_channels: [{ id: o.salesChannelId }],
          category_ids: [o.categoryByHandle.get(p.category)!],
          collection_id: o.collectionByHandle.get(p.collection)!,
          weight: 400,
          options: [{ title: p.option, values: p.values }],
          variants: p.values.map((value, i) => ({
            title: value,
            sku: sku(p.handle, value),
            options: { [p.option]: value },
            manage_inventory: true,
            prices: [
              { currency_code: "eur", amount: Math.round((p.eur + i * 2) * 100) / 100 },
              { currency_code: "usd", amount: Math.round((p.eur + i * 2) * 1.1 * 100) / 100 },
            ],
          })),
        })),
      },
    })
    say(`created ${missingProducts.length} products`)
  }
}

/** The SKUs of every seeded variant, in catalogue order. */
export function catalogueSkus(): string[] {
  return productCatalogue().flatMap((p) => p.values.map((v) => sku(p.handle, v)))
}

/** A stock level in the warehouse for every seeded variant's inventory item. */
export async function seedStockLevels(container: Container, locationId: string): Promise<void> {
  const inventoryModule = container.resolve(Modules.INVENTORY)
  const skus = catalogueSkus()
  const inventoryItems = await inventoryModule.listInventoryItems({ sku: skus }, { select: ["id", "sku"] })
  const levels = await inventoryModule.listInventoryLevels(
    { location_id: locationId, inventory_item_id: inventoryItems.map((i) => i.id) },
    { select: ["id", "inventory_item_id"] },
  )
  const missingLevels = inventoryItems.filter((i) => !levels.some((l) => l.inventory_item_id === i.id))
  if (missingLevels.length) {
    await createInventoryLevelsWorkflow(container).run({
      input: {
        inventory_levels: missingLevels.map((item, i) => ({
          location_id: locationId,
          inventory_item_id: item.id,
          stocked_quantity: 5000 + (i % 7) * 250,
        })),
      },
    })
    say(`created ${missingLevels.length} stock levels`)
  }
}
