/**
 * What the sandbox holds: names, handles, prices, customers and the order plans. Other test suites
 * rely on these exact values; the steps in this folder only create what is listed here.
 */

export const SALES_CHANNEL = "Default Sales Channel"
export const STOCK_LOCATION = "Sandbox Warehouse"
export const FULFILLMENT_SET = "Sandbox Warehouse shipping"
export const SERVICE_ZONE = "Europe and North America"
export const PUBLISHABLE_KEY_TITLE = "Sandbox storefront"
export const SECRET_KEY_TITLE = "medusactl sandbox"
export const PAYMENT_PROVIDER = "pp_system_default"
export const FULFILLMENT_PROVIDER = "manual_manual"

const EU_COUNTRIES = ["de", "fr", "es", "it", "nl", "be", "at", "pt", "ie", "fi", "dk", "se"]
export const NA_COUNTRIES = ["us", "ca"]
export const ALL_COUNTRIES = [...EU_COUNTRIES, ...NA_COUNTRIES]

export const REGIONS = [
  { name: "Europe", currency_code: "eur", countries: EU_COUNTRIES },
  { name: "North America", currency_code: "usd", countries: NA_COUNTRIES },
]

export const TAX_RATES: Record<string, number> = {
  de: 19, fr: 20, es: 21, it: 22, nl: 21, be: 21, at: 20, pt: 23, ie: 23, fi: 24, dk: 25, se: 25,
  us: 0, ca: 5,
}

/**
 * Standard shipping is free once the cart's item_total (items with tax, after discounts) reaches
 * this amount in the cart's currency: a price rule on the option, and the same figure in each
 * region's `metadata.free_shipping_threshold` so a storefront can say how much is left to spend.
 */
export const FREE_SHIPPING_THRESHOLD: Record<string, number> = { eur: 100, usd: 110 }

export const SHIPPING_OPTIONS = [
  { name: "Standard Shipping", code: "standard", label: "Standard", description: "Ships in 2-3 days.", eur: 5, usd: 6, isReturn: false, freeOverThreshold: true },
  { name: "Express Shipping", code: "express", label: "Express", description: "Ships in 24 hours.", eur: 12, usd: 15, isReturn: false, freeOverThreshold: false },
  { name: "Standard Return", code: "return", label: "Return", description: "Return to the warehouse.", eur: 4, usd: 5, isReturn: true, freeOverThreshold: false },
]

/** Seeded promotion codes: guests may use them any number of times; they never expire. */
export const PROMOTIONS = [{ code: "WELCOME10", percentage: 10 }]

export const CATEGORIES: { name: string; handle: string; parent?: string }[] = [
  { name: "Apparel", handle: "apparel" },
  { name: "Shirts", handle: "shirts", parent: "apparel" },
  { name: "Sweatshirts", handle: "sweatshirts", parent: "apparel" },
  { name: "Accessories", handle: "accessories" },
  { name: "Home", handle: "home" },
]

/** `metadata.featured` marks the collections a storefront's home page shows, in `featured_rank` order. */
export const COLLECTIONS = [
  { title: "Sandbox Essentials", handle: "sandbox-essentials", metadata: { featured: true, featured_rank: 1, tagline: "The everyday basics, in every size." } },
  { title: "Summer Edition", handle: "summer-edition", metadata: { featured: true, featured_rank: 2, tagline: "Organic fabrics for warm days." } },
]

export interface ProductSeed {
  title: string
  handle: string
  /** Catalogue line ("Hoodie"), its index, and style ("Vintage"): what the product's pictures show. */
  line: string
  lineIndex: number
  style: string
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

export function productCatalogue(): ProductSeed[] {
  const out: ProductSeed[] = []
  PRODUCT_STYLES.forEach((style, s) => {
    PRODUCT_LINES.forEach((line, lineIndex) => {
      const title = `${style} ${line.base}`
      out.push({
        title,
        handle: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        line: line.base,
        lineIndex,
        style,
        category: line.category,
        collection: s === 1 ? "summer-edition" : "sandbox-essentials",
        option: line.option,
        values: line.values,
        eur: Math.round((line.eur + s * 5) * 100) / 100,
      })
    })
  })
  return out // 3 styles x 8 lines = 24 products
}

export function sku(handle: string, value: string): string {
  return `${handle}-${value}`.toUpperCase().replace(/[^A-Z0-9]+/g, "-")
}

export const CUSTOMERS = [
  { email: "jane.doe@example.com", first_name: "Jane", last_name: "Doe", country_code: "de", city: "Berlin", address_1: "Torstraße 1", postal_code: "10119" },
  { email: "jean.dupont@example.com", first_name: "Jean", last_name: "Dupont", country_code: "fr", city: "Paris", address_1: "12 Rue de Rivoli", postal_code: "75001" },
  { email: "anna.jansen@example.com", first_name: "Anna", last_name: "Jansen", country_code: "nl", city: "Amsterdam", address_1: "Damrak 5", postal_code: "1012 LG" },
  { email: "john.smith@example.com", first_name: "John", last_name: "Smith", country_code: "us", city: "Portland", address_1: "500 SW Broadway", postal_code: "97205" },
  { email: "emma.tremblay@example.com", first_name: "Emma", last_name: "Tremblay", country_code: "ca", city: "Montréal", address_1: "1000 Rue Sherbrooke", postal_code: "H3A 3G4" },
  { email: "luca.rossi@example.com", first_name: "Luca", last_name: "Rossi", country_code: "it", city: "Milano", address_1: "Via Dante 7", postal_code: "20121" },
]

/** What happens to the order after checkout. The first entries are the fixed set every sandbox has. */
export type OrderPlan = "pending" | "captured" | "fulfilled" | "shipped" | "shipped_captured" | "delivered" | "canceled"
export const FIXED_ORDERS: OrderPlan[] = ["pending", "fulfilled", "shipped", "captured", "delivered", "canceled", "shipped_captured", "pending"]
const EXTRA_CYCLE: OrderPlan[] = ["pending", "captured", "fulfilled", "pending", "shipped", "shipped_captured"]

export function planFor(index: number): OrderPlan {
  if (index < FIXED_ORDERS.length) return FIXED_ORDERS[index]!
  return EXTRA_CYCLE[(index - FIXED_ORDERS.length) % EXTRA_CYCLE.length]!
}
