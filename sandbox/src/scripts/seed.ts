/**
 * Seed of the medusactl sandbox, run by the sandbox manager through
 * `medusa exec ./src/scripts/seed.ts`.
 *
 * Idempotent: every entity is looked up by its natural key (name, handle, SKU,
 * email, title) and created only when missing, so a re-run is a fast no-op.
 * Everything goes through Medusa's own workflows / module services, never HTTP.
 *
 * Environment:
 *   MEDUSACTL_SANDBOX_STATE  state file (admin e-mail + password, earlier secret key): required
 *   MEDUSACTL_SEED_OUT       where to write the result (keys and ids) as JSON: required
 *   MEDUSACTL_SEED_ORDERS    extra orders on top of the fixed set (default 12)
 *   MEDUSACTL_SEED_CONCURRENCY  orders placed in parallel (default 4)
 */
import { readFileSync, writeFileSync, chmodSync } from "fs"
import type { AuthenticationInput, ExecArgs, IAuthModuleService, IUserModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import {
  addShippingMethodToCartWorkflow,
  cancelOrderWorkflow,
  capturePaymentWorkflow,
  completeCartWorkflow,
  createApiKeysWorkflow,
  createCartWorkflow,
  createCollectionsWorkflow,
  createCustomersWorkflow,
  createInventoryLevelsWorkflow,
  createLocationFulfillmentSetWorkflow,
  createOrderFulfillmentWorkflow,
  createOrderShipmentWorkflow,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  createUserAccountWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  markOrderFulfillmentAsDeliveredWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"

type Container = ExecArgs["container"]

interface SandboxStateFile {
  adminEmail: string
  adminPassword: string
  secretKey?: string
}

// ---------------------------------------------------------------------------
// the catalogue of the sandbox

const SALES_CHANNEL = "Default Sales Channel"
const STOCK_LOCATION = "Sandbox Warehouse"
const FULFILLMENT_SET = "Sandbox Warehouse shipping"
const SERVICE_ZONE = "Europe and North America"
const PUBLISHABLE_KEY_TITLE = "Sandbox storefront"
const SECRET_KEY_TITLE = "medusactl sandbox"
const PAYMENT_PROVIDER = "pp_system_default"
const FULFILLMENT_PROVIDER = "manual_manual"

const EU_COUNTRIES = ["de", "fr", "es", "it", "nl", "be", "at", "pt", "ie", "fi", "dk", "se"]
const NA_COUNTRIES = ["us", "ca"]

const REGIONS = [
  { name: "Europe", currency_code: "eur", countries: EU_COUNTRIES },
  { name: "North America", currency_code: "usd", countries: NA_COUNTRIES },
]

const TAX_RATES: Record<string, number> = {
  de: 19, fr: 20, es: 21, it: 22, nl: 21, be: 21, at: 20, pt: 23, ie: 23, fi: 24, dk: 25, se: 25,
  us: 0, ca: 5,
}

const SHIPPING_OPTIONS = [
  { name: "Standard Shipping", code: "standard", label: "Standard", description: "Ships in 2-3 days.", eur: 5, usd: 6, isReturn: false },
  { name: "Express Shipping", code: "express", label: "Express", description: "Ships in 24 hours.", eur: 12, usd: 15, isReturn: false },
  { name: "Standard Return", code: "return", label: "Return", description: "Return to the warehouse.", eur: 4, usd: 5, isReturn: true },
]

const CATEGORIES: { name: string; handle: string; parent?: string }[] = [
  { name: "Apparel", handle: "apparel" },
  { name: "Shirts", handle: "shirts", parent: "apparel" },
  { name: "Sweatshirts", handle: "sweatshirts", parent: "apparel" },
  { name: "Accessories", handle: "accessories" },
  { name: "Home", handle: "home" },
]

const COLLECTIONS = [
  { title: "Sandbox Essentials", handle: "sandbox-essentials" },
  { title: "Summer Edition", handle: "summer-edition" },
]

interface ProductSeed {
  title: string
  handle: string
  category: string
  collection: string
  option: string
  values: string[]
  eur: number
}

const PRODUCT_LINES: { base: string; category: string; option: string; values: string[]; eur: number }[] = [
  { base: "T-Shirt", category: "shirts", option: "Size", values: ["S", "M", "L", "XL"], eur: 19.99 },
  { base: "Polo Shirt", category: "shirts", option: "Size", values: ["S", "M", "L"], eur: 34.5 },
  { base: "Sweatshirt", category: "sweatshirts", option: "Size", values: ["S", "M", "L", "XL"], eur: 49 },
  { base: "Hoodie", category: "sweatshirts", option: "Size", values: ["M", "L"], eur: 59.9 },
  { base: "Cap", category: "accessories", option: "Color", values: ["Black", "Navy", "Sand"], eur: 15 },
  { base: "Tote Bag", category: "accessories", option: "Color", values: ["Natural", "Black"], eur: 12.5 },
  { base: "Mug", category: "home", option: "Volume", values: ["250 ml", "400 ml"], eur: 9.95 },
  { base: "Poster", category: "home", option: "Format", values: ["A3", "A2", "A1"], eur: 24 },
]
const PRODUCT_STYLES = ["Classic", "Organic", "Vintage"]

function productCatalogue(): ProductSeed[] {
  const out: ProductSeed[] = []
  PRODUCT_STYLES.forEach((style, s) => {
    for (const line of PRODUCT_LINES) {
      const title = `${style} ${line.base}`
      out.push({
        title,
        handle: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        category: line.category,
        collection: s === 1 ? "summer-edition" : "sandbox-essentials",
        option: line.option,
        values: line.values,
        eur: Math.round((line.eur + s * 5) * 100) / 100,
      })
    }
  })
  return out // 3 styles x 8 lines = 24 products
}

function sku(handle: string, value: string): string {
  return `${handle}-${value}`.toUpperCase().replace(/[^A-Z0-9]+/g, "-")
}

const CUSTOMERS = [
  { email: "jane.doe@example.com", first_name: "Jane", last_name: "Doe", country_code: "de", city: "Berlin", address_1: "Torstraße 1", postal_code: "10119" },
  { email: "jean.dupont@example.com", first_name: "Jean", last_name: "Dupont", country_code: "fr", city: "Paris", address_1: "12 Rue de Rivoli", postal_code: "75001" },
  { email: "anna.jansen@example.com", first_name: "Anna", last_name: "Jansen", country_code: "nl", city: "Amsterdam", address_1: "Damrak 5", postal_code: "1012 LG" },
  { email: "john.smith@example.com", first_name: "John", last_name: "Smith", country_code: "us", city: "Portland", address_1: "500 SW Broadway", postal_code: "97205" },
  { email: "emma.tremblay@example.com", first_name: "Emma", last_name: "Tremblay", country_code: "ca", city: "Montréal", address_1: "1000 Rue Sherbrooke", postal_code: "H3A 3G4" },
  { email: "luca.rossi@example.com", first_name: "Luca", last_name: "Rossi", country_code: "it", city: "Milano", address_1: "Via Dante 7", postal_code: "20121" },
]

/** What happens to the order after checkout. The first entries are the fixed set every sandbox has. */
type OrderPlan = "pending" | "captured" | "fulfilled" | "shipped" | "shipped_captured" | "delivered" | "canceled"
const FIXED_ORDERS: OrderPlan[] = ["pending", "fulfilled", "shipped", "captured", "delivered", "canceled", "shipped_captured", "pending"]
const EXTRA_CYCLE: OrderPlan[] = ["pending", "captured", "fulfilled", "pending", "shipped", "shipped_captured"]

function planFor(index: number): OrderPlan {
  if (index < FIXED_ORDERS.length) return FIXED_ORDERS[index]!
  return EXTRA_CYCLE[(index - FIXED_ORDERS.length) % EXTRA_CYCLE.length]!
}

// ---------------------------------------------------------------------------

function say(message: string): void {
  // The sandbox manager forwards lines carrying this tag to the user.
  process.stdout.write(`[seed] ${message}\n`)
}

function intFromEnv(name: string, fallback: number, max: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === "") return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw new Error(`${name} must be an integer from 0 to ${max} (got ${JSON.stringify(raw)})`)
  }
  return n
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

export default async function seedSandbox({ container }: ExecArgs): Promise<void> {
  const statePath = process.env.MEDUSACTL_SANDBOX_STATE
  const outPath = process.env.MEDUSACTL_SEED_OUT
  if (!statePath || !outPath) {
    throw new Error("MEDUSACTL_SANDBOX_STATE and MEDUSACTL_SEED_OUT must be set (run through `medusactl sandbox up`)")
  }
  const state = JSON.parse(readFileSync(statePath, "utf8")) as SandboxStateFile
  if (!state.adminEmail || !state.adminPassword) {
    throw new Error(`the state file ${statePath} has no admin e-mail/password`)
  }
  const extraOrders = intFromEnv("MEDUSACTL_SEED_ORDERS", 12, 100_000)
  const concurrency = intFromEnv("MEDUSACTL_SEED_CONCURRENCY", 4, 32) || 1
  const started = Date.now()

  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const storeModule = container.resolve(Modules.STORE)
  const salesChannelModule = container.resolve(Modules.SALES_CHANNEL)
  const regionModule = container.resolve(Modules.REGION)
  const taxModule = container.resolve(Modules.TAX)
  const stockLocationModule = container.resolve(Modules.STOCK_LOCATION)
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  const apiKeyModule = container.resolve(Modules.API_KEY)
  const productModule = container.resolve(Modules.PRODUCT)
  const inventoryModule = container.resolve(Modules.INVENTORY)
  const customerModule = container.resolve(Modules.CUSTOMER)
  const orderModule = container.resolve(Modules.ORDER)
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)

  // --- sales channel --------------------------------------------------------
  let [salesChannel] = await salesChannelModule.listSalesChannels({ name: SALES_CHANNEL })
  if (!salesChannel) {
    const { result } = await createSalesChannelsWorkflow(container).run({
      input: { salesChannelsData: [{ name: SALES_CHANNEL }] },
    })
    salesChannel = result[0]!
    say(`created sales channel ${salesChannel.id}`)
  }

  // --- regions --------------------------------------------------------------
  const existingRegions = await regionModule.listRegions({ name: { $in: REGIONS.map((r) => r.name) } })
  const missingRegions = REGIONS.filter((r) => !existingRegions.some((e) => e.name === r.name))
  if (missingRegions.length) {
    await createRegionsWorkflow(container).run({
      input: {
        regions: missingRegions.map((r) => ({
          name: r.name,
          currency_code: r.currency_code,
          countries: r.countries,
          payment_providers: [PAYMENT_PROVIDER],
        })),
      },
    })
    say(`created regions ${missingRegions.map((r) => r.name).join(", ")}`)
  }
  const regions = await regionModule.listRegions({ name: { $in: REGIONS.map((r) => r.name) } })
  const regionByName = new Map(regions.map((r) => [r.name, r]))
  const europe = regionByName.get("Europe")!
  const northAmerica = regionByName.get("North America")!

  // --- tax regions ----------------------------------------------------------
  const allCountries = [...EU_COUNTRIES, ...NA_COUNTRIES]
  const taxRegions = await taxModule.listTaxRegions({ country_code: { $in: allCountries } })
  const missingTax = allCountries.filter((c) => !taxRegions.some((t) => t.country_code === c && !t.province_code))
  if (missingTax.length) {
    await createTaxRegionsWorkflow(container).run({
      input: missingTax.map((country_code) => ({
        country_code,
        provider_id: "tp_system",
        default_tax_rate: {
          rate: TAX_RATES[country_code] ?? 0,
          name: `${country_code.toUpperCase()} standard rate`,
          code: `${country_code.toUpperCase()}-STD`,
        },
      })),
    })
    say(`created ${missingTax.length} tax regions`)
  }

  // --- stock location -------------------------------------------------------
  let [location] = await stockLocationModule.listStockLocations({ name: STOCK_LOCATION })
  if (!location) {
    const { result } = await createStockLocationsWorkflow(container).run({
      input: {
        locations: [
          {
            name: STOCK_LOCATION,
            address: { address_1: "Lagerstraße 10", city: "Hamburg", country_code: "de", postal_code: "20095" },
          },
        ],
      },
    })
    location = result[0]!
    say(`created stock location ${location.id}`)
  }

  // --- store: currencies, default channel / region / location ---------------
  const [store] = await storeModule.listStores({}, { relations: ["supported_currencies"] })
  if (!store) throw new Error("no store found: did `medusa db:migrate` run?")
  const currencies = (store.supported_currencies ?? []).map((c) => `${c.currency_code}:${c.is_default ? 1 : 0}`).sort()
  const storeUpToDate =
    currencies.join(",") === "eur:1,usd:0" &&
    store.default_sales_channel_id === salesChannel.id &&
    store.default_region_id === europe.id &&
    store.default_location_id === location.id
  if (!storeUpToDate) {
    await updateStoresWorkflow(container).run({
      input: {
        selector: { id: store.id },
        update: {
          name: store.name || "Medusa Store",
          supported_currencies: [
            { currency_code: "eur", is_default: true },
            { currency_code: "usd" },
          ],
          default_sales_channel_id: salesChannel.id,
          default_region_id: europe.id,
          default_location_id: location.id,
        },
      },
    })
    say("updated the store (currencies eur+usd, defaults)")
  }

  // --- location links: fulfillment provider + sales channel -------------------
  const { data: [locationGraph] } = await query.graph({
    entity: "stock_location",
    fields: ["id", "fulfillment_providers.id", "sales_channels.id", "fulfillment_sets.id", "fulfillment_sets.name"],
    filters: { id: location.id },
  })
  const lg = locationGraph as unknown as {
    fulfillment_providers?: { id: string }[]
    sales_channels?: { id: string }[]
    fulfillment_sets?: { id: string; name: string }[]
  }
  if (!(lg.fulfillment_providers ?? []).some((p) => p?.id === FULFILLMENT_PROVIDER)) {
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: FULFILLMENT_PROVIDER },
    })
    say("linked the stock location to manual_manual")
  }
  if (!(lg.sales_channels ?? []).some((c) => c?.id === salesChannel!.id)) {
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: location.id, add: [salesChannel.id] },
    })
    say("linked the stock location to the sales channel")
  }

  // --- fulfillment set + service zone ----------------------------------------
  let fulfillmentSetId = (lg.fulfillment_sets ?? []).find((s) => s?.name === FULFILLMENT_SET)?.id
  if (!fulfillmentSetId) {
    await createLocationFulfillmentSetWorkflow(container).run({
      input: { location_id: location.id, fulfillment_set_data: { name: FULFILLMENT_SET, type: "shipping" } },
    })
    const [set] = await fulfillmentModule.listFulfillmentSets({ name: FULFILLMENT_SET })
    fulfillmentSetId = set!.id
    say("created the fulfillment set")
  }
  let [serviceZone] = await fulfillmentModule.listServiceZones({ name: SERVICE_ZONE, fulfillment_set: { id: fulfillmentSetId } })
  if (!serviceZone) {
    const { result } = await createServiceZonesWorkflow(container).run({
      input: {
        data: [
          {
            fulfillment_set_id: fulfillmentSetId,
            name: SERVICE_ZONE,
            geo_zones: allCountries.map((country_code) => ({ type: "country" as const, country_code })),
          },
        ],
      },
    })
    serviceZone = result[0]!
    say("created the service zone")
  }

  // --- shipping profile -----------------------------------------------------
  let [shippingProfile] = await fulfillmentModule.listShippingProfiles({ type: "default" })
  if (!shippingProfile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    shippingProfile = result[0]!
    say("created the default shipping profile")
  }

  // --- shipping options -----------------------------------------------------
  const existingOptions = await fulfillmentModule.listShippingOptions({ service_zone: { id: serviceZone.id } })
  const missingOptions = SHIPPING_OPTIONS.filter((o) => !existingOptions.some((e) => e.name === o.name))
  if (missingOptions.length) {
    await createShippingOptionsWorkflow(container).run({
      input: missingOptions.map((o) => ({
        name: o.name,
        price_type: "flat" as const,
        provider_id: FULFILLMENT_PROVIDER,
        service_zone_id: serviceZone!.id,
        shipping_profile_id: shippingProfile!.id,
        type: { label: o.label, description: o.description, code: o.code },
        prices: [
          { currency_code: "eur", amount: o.eur },
          { currency_code: "usd", amount: o.usd },
        ],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
          { attribute: "is_return", value: o.isReturn ? "true" : "false", operator: "eq" as const },
        ],
      })),
    })
    say(`created shipping options ${missingOptions.map((o) => o.name).join(", ")}`)
  }
  const shippingOptions = await fulfillmentModule.listShippingOptions({ service_zone: { id: serviceZone.id } })
  const standardOption = shippingOptions.find((o) => o.name === "Standard Shipping")!

  // --- publishable key --------------------------------------------------------
  let publishable = (await apiKeyModule.listApiKeys({ title: PUBLISHABLE_KEY_TITLE, type: "publishable" })).find(
    (k) => !k.revoked_at,
  )
  if (!publishable) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: PUBLISHABLE_KEY_TITLE, type: "publishable", created_by: "" }] },
    })
    publishable = result[0]!
    say("created the publishable API key")
  }
  const { data: [keyGraph] } = await query.graph({
    entity: "api_key",
    fields: ["id", "sales_channels.id"],
    filters: { id: publishable.id },
  })
  if (!((keyGraph as unknown as { sales_channels?: { id: string }[] }).sales_channels ?? []).some((c) => c?.id === salesChannel!.id)) {
    await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: publishable.id, add: [salesChannel.id] } })
    say("linked the publishable key to the sales channel")
  }

  // --- secret key (token only visible at creation: reuse the recorded one) ---
  let secretToken: string | undefined
  let secretId: string | undefined
  if (state.secretKey) {
    const key = await apiKeyModule.authenticate(state.secretKey).catch(() => false as const)
    if (key && !key.revoked_at && key.type === "secret") {
      secretToken = state.secretKey
      secretId = key.id
    }
  }
  if (!secretToken) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: SECRET_KEY_TITLE, type: "secret", created_by: "" }] },
    })
    secretToken = result[0]!.token
    secretId = result[0]!.id
    say("created the secret API key")
  }

  // Written now and not only at the end, so that a failure later on (e.g. while
  // placing orders) does not lose the token of a secret key created above.
  const result = {
    publishableKey: publishable.token,
    secretKey: secretToken,
    secretKeyId: secretId,
    regionIds: Object.fromEntries(regions.map((r) => [r.name, r.id])),
    salesChannelId: salesChannel.id,
    stockLocationId: location.id,
    shippingProfileId: shippingProfile.id,
  }
  writeFileSync(outPath, JSON.stringify(result, null, 2) + "\n", { mode: 0o600 })
  chmodSync(outPath, 0o600)

  // --- admin user (password from the state file, never from argv) ------------
  await ensureAdmin(container, userModule, authModule, state.adminEmail, state.adminPassword)

  // --- categories and collections ----------------------------------------------
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

  // --- products -------------------------------------------------------------
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
          shipping_profile_id: shippingProfile!.id,
          sales_channels: [{ id: salesChannel!.id }],
          category_ids: [categoryByHandle.get(p.category)!],
          collection_id: collectionByHandle.get(p.collection)!,
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

  // --- stock levels -----------------------------------------------------------
  const skus = catalogue.flatMap((p) => p.values.map((v) => sku(p.handle, v)))
  const inventoryItems = await inventoryModule.listInventoryItems({ sku: skus }, { select: ["id", "sku"] })
  const levels = await inventoryModule.listInventoryLevels(
    { location_id: location.id, inventory_item_id: inventoryItems.map((i) => i.id) },
    { select: ["id", "inventory_item_id"] },
  )
  const missingLevels = inventoryItems.filter((i) => !levels.some((l) => l.inventory_item_id === i.id))
  if (missingLevels.length) {
    await createInventoryLevelsWorkflow(container).run({
      input: {
        inventory_levels: missingLevels.map((item, i) => ({
          location_id: location!.id,
          inventory_item_id: item.id,
          stocked_quantity: 5000 + (i % 7) * 250,
        })),
      },
    })
    say(`created ${missingLevels.length} stock levels`)
  }

  // --- customers --------------------------------------------------------------
  const existingCustomers = await customerModule.listCustomers({ email: CUSTOMERS.map((c) => c.email) })
  const missingCustomers = CUSTOMERS.filter((c) => !existingCustomers.some((e) => e.email === c.email))
  if (missingCustomers.length) {
    await createCustomersWorkflow(container).run({
      input: {
        customersData: missingCustomers.map((c) => ({
          email: c.email,
          first_name: c.first_name,
          last_name: c.last_name,
          phone: "+49 30 1234567",
          addresses: [
            {
              first_name: c.first_name,
              last_name: c.last_name,
              address_1: c.address_1,
              city: c.city,
              postal_code: c.postal_code,
              country_code: c.country_code,
              phone: "+49 30 1234567",
              is_default_shipping: true,
              is_default_billing: true,
            },
          ],
        })),
      },
    })
    say(`created ${missingCustomers.length} customers`)
  }
  const customers = await customerModule.listCustomers({ email: CUSTOMERS.map((c) => c.email) })
  const customerByEmail = new Map(customers.map((c) => [c.email, c]))

  // --- orders -------------------------------------------------------------------
  const [, orderCount] = await orderModule.listAndCountOrders({}, { take: 1, select: ["id"] })
  const target = FIXED_ORDERS.length + extraOrders
  if (orderCount < target) {
    const { data: variantRows } = await query.graph({
      entity: "product_variant",
      fields: ["id", "sku"],
      filters: { sku: skus },
    })
    const variants = (variantRows as unknown as { id: string; sku: string }[]).sort((a, b) => a.sku.localeCompare(b.sku))
    if (!variants.length) throw new Error("no seeded variants found")
    const todo = Array.from({ length: target - orderCount }, (_, k) => orderCount + k)
    say(`placing ${todo.length} orders (concurrency ${concurrency})…`)
    let done = 0
    let lastReport = Date.now()
    await runPool(todo, concurrency, async (index) => {
      const who = CUSTOMERS[index % CUSTOMERS.length]!
      const customer = customerByEmail.get(who.email)
      const region = NA_COUNTRIES.includes(who.country_code) ? northAmerica : europe
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
        salesChannelId: salesChannel!.id,
        shippingOptionId: standardOption.id,
        locationId: location!.id,
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

  say(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

// ---------------------------------------------------------------------------

async function ensureAdmin(
  container: Container,
  userModule: IUserModuleService,
  authModule: IAuthModuleService,
  email: string,
  password: string,
): Promise<void> {
  const users = await userModule.listUsers({ email })
  const credentials = { body: { email, password } } as unknown as AuthenticationInput
  if (users.length) {
    // Keep the password in line with the state file (e.g. after the state was recreated).
    const check = await authModule.authenticate("emailpass", credentials)
    if (!check.success) {
      await authModule.updateProvider("emailpass", { entity_id: email, password })
      say("reset the admin password to the one in the state file")
    }
    return
  }
  let authIdentityId: string | undefined
  const registered = await authModule.register("emailpass", credentials)
  if (registered.success && registered.authIdentity) {
    authIdentityId = registered.authIdentity.id
  } else {
    // An identity without a user (a seed interrupted earlier): reuse it with the right password.
    await authModule.updateProvider("emailpass", { entity_id: email, password })
    const identities = await authModule.listProviderIdentities({ entity_id: email, provider: "emailpass" })
    authIdentityId = identities[0]?.auth_identity_id
    if (!authIdentityId) throw new Error(`cannot register the admin identity: ${registered.error ?? "unknown error"}`)
  }
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId, userData: { email, first_name: "Sandbox", last_name: "Admin" } },
  })
  say(`created the admin user ${email}`)
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
