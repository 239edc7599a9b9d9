/**
 * Seed steps that make the store able to sell: sales channel, regions, tax regions, the warehouse
 * and how it ships (fulfilment set, service zone, shipping profile and options), and the store's
 * currencies and defaults.
 */
import type { RegionDTO, ShippingOptionDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createLocationFulfillmentSetWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateRegionsWorkflow,
  updateShippingOptionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"

import {
  ALL_COUNTRIES,
  FREE_SHIPPING_THRESHOLD,
  FULFILLMENT_PROVIDER,
  FULFILLMENT_SET,
  PAYMENT_PROVIDER,
  REGIONS,
  SALES_CHANNEL,
  SERVICE_ZONE,
  SHIPPING_OPTIONS,
  STOCK_LOCATION,
  TAX_RATES,
} from "./catalogue"
import { say, type Container } from "./step"

export async function seedSalesChannel(container: Container): Promise<string> {
  const salesChannelModule = container.resolve(Modules.SALES_CHANNEL)
  let [salesChannel] = await salesChannelModule.listSalesChannels({ name: SALES_CHANNEL })
  if (!salesChannel) {
    const { result } = await createSalesChannelsWorkflow(container).run({
      input: { salesChannelsData: [{ name: SALES_CHANNEL }] },
    })
    salesChannel = result[0]!
    say(`created sales channel ${salesChannel.id}`)
  }
  return salesChannel.id
}

export interface SeededRegions {
  /** In the order the region module lists them (the seed output keeps it). */
  all: RegionDTO[]
  europe: RegionDTO
  northAmerica: RegionDTO
}

export async function seedRegions(container: Container): Promise<SeededRegions> {
  const regionModule = container.resolve(Modules.REGION)
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
  return { all: regions, europe: regionByName.get("Europe")!, northAmerica: regionByName.get("North America")! }
}

export async function seedTaxRegions(container: Container): Promise<void> {
  const taxModule = container.resolve(Modules.TAX)
  const taxRegions = await taxModule.listTaxRegions({ country_code: { $in: ALL_COUNTRIES } })
  const missingTax = ALL_COUNTRIES.filter((c) => !taxRegions.some((t) => t.country_code === c && !t.province_code))
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
}

export async function seedStockLocation(container: Container): Promise<string> {
  const stockLocationModule = container.resolve(Modules.STOCK_LOCATION)
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
  return location.id
}

/** Currencies eur (default) and usd; default sales channel, region and location. */
export async function seedStoreDefaults(
  container: Container,
  o: { salesChannelId: string; regionId: string; locationId: string },
): Promise<void> {
  const storeModule = container.resolve(Modules.STORE)
  const [store] = await storeModule.listStores({}, { relations: ["supported_currencies"] })
  if (!store) throw new Error("no store found: did `medusa db:migrate` run?")
  const currencies = (store.supported_currencies ?? []).map((c) => `${c.currency_code}:${c.is_default ? 1 : 0}`).sort()
  const storeUpToDate =
    currencies.join(",") === "eur:1,usd:0" &&
    store.default_sales_channel_id === o.salesChannelId &&
    store.default_region_id === o.regionId &&
    store.default_location_id === o.locationId
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
          default_sales_channel_id: o.salesChannelId,
          default_region_id: o.regionId,
          default_location_id: o.locationId,
        },
      },
    })
    say("updated the store (currencies eur+usd, defaults)")
  }
}

/**
 * Links the warehouse to the manual fulfilment provider and the sales channel, and gives it a
 * shipping fulfilment set with one service zone over every seeded country. Returns the zone's id.
 */
export async function seedLocationShipping(container: Container, locationId: string, salesChannelId: string): Promise<string> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)

  const { data: [locationGraph] } = await query.graph({
    entity: "stock_location",
    fields: ["id", "fulfillment_providers.id", "sales_channels.id", "fulfillment_sets.id", "fulfillment_sets.name"],
    filters: { id: locationId },
  })
  const lg = locationGraph as unknown as {
    fulfillment_providers?: { id: string }[]
    sales_channels?: { id: string }[]
    fulfillment_sets?: { id: string; name: string }[]
  }
  if (!(lg.fulfillment_providers ?? []).some((p) => p?.id === FULFILLMENT_PROVIDER)) {
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: locationId },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: FULFILLMENT_PROVIDER },
    })
    say("linked the stock location to manual_manual")
  }
  if (!(lg.sales_channels ?? []).some((c) => c?.id === salesChannelId)) {
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: locationId, add: [salesChannelId] },
    })
    say("linked the stock location to the sales channel")
  }

  let fulfillmentSetId = (lg.fulfillment_sets ?? []).find((s) => s?.name === FULFILLMENT_SET)?.id
  if (!fulfillmentSetId) {
    await createLocationFulfillmentSetWorkflow(container).run({
      input: { location_id: locationId, fulfillment_set_data: { name: FULFILLMENT_SET, type: "shipping" } },
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
            geo_zones: ALL_COUNTRIES.map((country_code) => ({ type: "country" as const, country_code })),
          },
        ],
      },
    })
    serviceZone = result[0]!
    say("created the service zone")
  }
  return serviceZone.id
}

export async function seedShippingProfile(container: Container): Promise<string> {
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  let [shippingProfile] = await fulfillmentModule.listShippingProfiles({ type: "default" })
  if (!shippingProfile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    shippingProfile = result[0]!
    say("created the default shipping profile")
  }
  return shippingProfile.id
}

/** Standard, express and return options in the service zone; returns the standard one (orders use it). */
export async function seedShippingOptions(
  container: Container,
  serviceZoneId: string,
  shippingProfileId: string,
): Promise<ShippingOptionDTO> {
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  const existingOptions = await fulfillmentModule.listShippingOptions({ service_zone: { id: serviceZoneId } })
  const missingOptions = SHIPPING_OPTIONS.filter((o) => !existingOptions.some((e) => e.name === o.name))
  if (missingOptions.length) {
    await createShippingOptionsWorkflow(container).run({
      input: missingOptions.map((o) => ({
        name: o.name,
        price_type: "flat" as const,
        provider_id: FULFILLMENT_PROVIDER,
        service_zone_id: serviceZoneId,
        shipping_profile_id: shippingProfileId,
        type: { label: o.label, description: o.description, code: o.code },
        prices: optionPrices(o),
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
          { attribute: "is_return", value: o.isReturn ? "true" : "false", operator: "eq" as const },
        ],
      })),
    })
    say(`created shipping options ${missingOptions.map((o) => o.name).join(", ")}`)
  }
  const shippingOptions = await fulfillmentModule.listShippingOptions({ service_zone: { id: serviceZoneId } })
  await seedFreeShipping(container, shippingOptions)
  return shippingOptions.find((o) => o.name === "Standard Shipping")!
}

type SeededOption = (typeof SHIPPING_OPTIONS)[number]

/** Flat prices per currency, plus a zero price from the free-shipping threshold on where it applies. */
function optionPrices(o: SeededOption) {
  const base = [
    { currency_code: "eur", amount: o.eur },
    { currency_code: "usd", amount: o.usd },
  ]
  if (!o.freeOverThreshold) return base
  return [
    ...base,
    ...Object.entries(FREE_SHIPPING_THRESHOLD).map(([currency_code, threshold]) => ({
      currency_code,
      amount: 0,
      rules: [{ attribute: "item_total", operator: "gte" as const, value: threshold }],
    })),
  ]
}

/** Options created before the free-shipping threshold existed get its zero prices (their prices are replaced). */
async function seedFreeShipping(container: Container, options: ShippingOptionDTO[]): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  for (const seeded of SHIPPING_OPTIONS.filter((o) => o.freeOverThreshold)) {
    const option = options.find((o) => o.name === seeded.name)
    if (!option) continue
    const { data: [graph] } = await query.graph({
      entity: "shipping_option",
      fields: ["id", "prices.amount", "prices.currency_code", "prices.price_rules.attribute", "prices.price_rules.value"],
      filters: { id: option.id },
    })
    const prices = ((graph as unknown as { prices?: { amount: number; currency_code: string; price_rules?: { attribute: string; value: string }[] }[] }).prices ?? [])
    const hasRule = (currency: string, threshold: number) =>
      prices.some((p) => p.currency_code === currency && Number(p.amount) === 0 && (p.price_rules ?? []).some((r) => r.attribute === "item_total" && Number(r.value) === threshold))
    if (Object.entries(FREE_SHIPPING_THRESHOLD).every(([currency, threshold]) => hasRule(currency, threshold))) continue
    await updateShippingOptionsWorkflow(container).run({ input: [{ id: option.id, prices: optionPrices(seeded) }] })
    say(`added the free-shipping threshold to ${seeded.name}`)
  }
}

/** `metadata.free_shipping_threshold` on each region, in its currency (see FREE_SHIPPING_THRESHOLD). */
export async function seedRegionMetadata(container: Container, regions: RegionDTO[]): Promise<void> {
  for (const region of regions) {
    const threshold = FREE_SHIPPING_THRESHOLD[region.currency_code]
    const have = (region.metadata ?? {}) as Record<string, unknown>
    if (threshold === undefined || have.free_shipping_threshold === threshold) continue
    await updateRegionsWorkflow(container).run({
      input: { selector: { id: region.id }, update: { metadata: { ...have, free_shipping_threshold: threshold } } },
    })
    say(`set the free-shipping threshold of region ${region.name}`)
  }
}
