/**
 * Seed steps for what the store sells: categories, collections, the 24 products with their
 * variants, prices and pictures, and their stock in the warehouse.
 */
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import {
  createCollectionsWorkflow,
  createInventoryLevelsWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
  updateCollectionsWorkflow,
  updateProductsWorkflow,
  uploadFilesWorkflow,
} from "@medusajs/medusa/core-flows"

import { CATEGORIES, COLLECTIONS, productCatalogue, sku } from "./catalogue"
import { pictureCount } from "./images"
import { picturesFor } from "./picture-cache"
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
  const existing = await productModule.listProductCollections({ handle: COLLECTIONS.map((c) => c.handle) })
  for (const c of existing) {
    collectionByHandle.set(c.handle, c.id)
    // Collections seeded before `featured` existed get the seed's metadata keys (others are kept).
    const want = COLLECTIONS.find((w) => w.handle === c.handle)!.metadata
    const have = (c.metadata ?? {}) as Record<string, unknown>
    if (Object.entries(want).some(([k, v]) => have[k] !== v)) {
      await updateCollectionsWorkflow(container).run({ input: { selector: { id: c.id }, update: { metadata: { ...have, ...want } } } })
      say(`updated the metadata of collection ${c.handle}`)
    }
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
    // Quantities by catalogue position: the items come back in id order, and ids made in one
    // batch share their time prefix, so that order (and each SKU's quantity) changed from run to run.
    const position = new Map(skus.map((s, i) => [s, i]))
    await createInventoryLevelsWorkflow(container).run({
      input: {
        inventory_levels: missingLevels.map((item) => ({
          location_id: locationId,
          inventory_item_id: item.id,
          stocked_quantity: 5000 + ((position.get(item.sku ?? "") ?? 0) % 7) * 250,
        })),
      },
    })
    say(`created ${missingLevels.length} stock levels`)
  }
}

/**
 * Where the configured file provider serves uploads from: the local provider's `backend_url` or
 * the S3 provider's `file_url` (medusa-config.ts), so pictures uploaded under another topology or
 * port are recognised as stale.
 */
function fileBaseUrl(container: Container): string | undefined {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as unknown as {
    modules?: Record<string, { options?: { providers?: { options?: { backend_url?: string; file_url?: string } }[] } } | boolean>
  }
  const file = config.modules?.file ?? config.modules?.[Modules.FILE]
  const provider = typeof file === "object" ? file.options?.providers?.[0]?.options : undefined
  const base = provider?.file_url ?? provider?.backend_url
  return base ? base.replace(/\/+$/, "") + "/" : undefined
}

/**
 * Pictures for every seeded product (2-4 each, the first one also the thumbnail), uploaded through
 * the file module so the configured provider (local files or the S3 server) serves them. A product
 * keeps its pictures while they sit on the current provider; otherwise (new product, other
 * topology or port) new ones are uploaded and replace them.
 */
export async function seedProductImages(container: Container): Promise<void> {
  const productModule = container.resolve(Modules.PRODUCT)
  const catalogue = productCatalogue()
  const base = fileBaseUrl(container)
  const products = await productModule.listProducts(
    { handle: catalogue.map((p) => p.handle) },
    { select: ["id", "handle", "thumbnail"], relations: ["images"] },
  )
  const stale = catalogue.flatMap((seed) => {
    const product = products.find((p) => p.handle === seed.handle)
    if (!product) return []
    const urls = [product.thumbnail ?? "", ...(product.images ?? []).map((i) => i.url)]
    const current = base !== undefined && urls.every((u) => u.startsWith(base)) && (product.images ?? []).length === pictureCount(seed.lineIndex)
    return current ? [] : [{ seed, id: product.id }]
  })
  if (!stale.length) return
  const started = Date.now()
  const pictures = stale.map(({ seed }) => picturesFor(seed, process.env.MEDUSACTL_PICTURE_CACHE || undefined))
  const { result: files } = await uploadFilesWorkflow(container).run({
    input: {
      files: pictures.flat().map((p) => ({ filename: p.filename, mimeType: "image/png", content: p.png.toString("base64"), access: "public" as const })),
    },
  })
  let next = 0
  const updates = stale.map(({ id }, i) => {
    const urls = pictures[i]!.map(() => files[next++]!.url)
    return { id, thumbnail: urls[0]!, images: urls.map((url) => ({ url })) }
  })
  await updateProductsWorkflow(container).run({ input: { products: updates } })
  say(`uploaded ${files.length} pictures for ${stale.length} products (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
