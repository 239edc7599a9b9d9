/**
 * Generated customers: registered accounts and guest records (what a guest checkout leaves), each
 * with an address in one of the regions' countries, some in customer groups. One guest record in
 * twenty shares its e-mail with a registered account, as happens when a shopper signs up after a
 * guest order. Made with Medusa's customer workflow; a rerun finds them by e-mail.
 */
import { Modules } from "@medusajs/framework/utils"
import { createCustomersWorkflow } from "@medusajs/medusa/core-flows"

import { between, pick, rngFor, weighted } from "./rng"
import { CUSTOMER_GROUPS, FIRST_NAMES, LAST_NAMES, MAIL_HOSTS, PLACES, STREETS } from "./words"
import { say, type Container } from "../seed/step"

export interface CustomerSpec {
  email: string
  first_name: string
  last_name: string
  has_account: boolean
  group?: string
  address: { first_name: string; last_name: string; address_1: string; city: string; postal_code: string; country_code: string; phone: string }
}

const ascii = (s: string) => s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "")
const COUNTRIES = Object.entries(PLACES).map(([code, p]) => [code, p.weight] as const)

function fill(r: () => number, pattern: string): string {
  return pattern.replace(/[#A]/g, (c) => (c === "#" ? String(Math.floor(r() * 10)) : String.fromCharCode(65 + Math.floor(r() * 26))))
}

export function customerSpec(seed: number, n: number): CustomerSpec {
  const r = rngFor(seed, "customer", n)
  const first = pick(r, FIRST_NAMES)
  const last = pick(r, LAST_NAMES)
  const country = weighted(r, COUNTRIES)
  const place = PLACES[country]!
  // Every 20th customer is the guest twin of the one before it (same person, same e-mail),
  // which is then always a registered account.
  if (n % 20 === 19) return { ...customerSpec(seed, n - 1), has_account: false, group: undefined }
  const email = `${ascii(first)}.${ascii(last)}${n}@${pick(r, MAIL_HOSTS)}`
  const hasAccount = n % 20 === 18 || r() < 0.7
  const groupRoll = r()
  return {
    email,
    first_name: first,
    last_name: last,
    has_account: hasAccount,
    group: hasAccount && groupRoll < 0.12 ? CUSTOMER_GROUPS[Math.floor(groupRoll * 100) % CUSTOMER_GROUPS.length] : undefined,
    address: {
      first_name: first,
      last_name: last,
      address_1: `${pick(r, STREETS)} ${between(r, 1, 180)}`,
      city: pick(r, place.cities),
      postal_code: fill(r, place.postal),
      country_code: country,
      phone: `${place.phone} ${between(r, 100000, 9999999)}`,
    },
  }
}

const CHUNK = 500

export async function generateCustomers(container: Container, seed: number, count: number): Promise<void> {
  if (count <= 0) return
  const customerModule = container.resolve(Modules.CUSTOMER)
  const groups = new Map((await customerModule.listCustomerGroups({ name: [...CUSTOMER_GROUPS] })).map((g) => [g.name, g.id]))
  const missingGroups = CUSTOMER_GROUPS.filter((g) => !groups.has(g))
  if (missingGroups.length) {
    for (const g of await customerModule.createCustomerGroups(missingGroups.map((name) => ({ name })))) groups.set(g.name!, g.id)
  }
  const started = Date.now()
  let made = 0
  let lastSay = 0
  for (let from = 0; from < count; from += CHUNK) {
    const specs = Array.from({ length: Math.min(CHUNK, count - from) }, (_, k) => customerSpec(seed, from + k))
    const existing = await customerModule.listCustomers({ email: [...new Set(specs.map((s) => s.email))] }, { select: ["id", "email", "has_account"] })
    const have = new Set(existing.map((c) => `${c.email}|${c.has_account}`))
    const missing = specs.filter((s) => !have.has(`${s.email}|${s.has_account}`))
    if (missing.length) {
      const { result } = await createCustomersWorkflow(container).run({
        input: {
          customersData: missing.map((s) => ({
            email: s.email,
            first_name: s.first_name,
            last_name: s.last_name,
            phone: s.address.phone,
            has_account: s.has_account,
            addresses: [{ ...s.address, is_default_shipping: true, is_default_billing: true }],
          })),
        },
      })
      const byKey = new Map(result.map((c) => [`${c.email}|${c.has_account}`, c.id]))
      const memberships = missing
        .filter((s) => s.group)
        .map((s) => ({ customer_id: byKey.get(`${s.email}|${s.has_account}`)!, customer_group_id: groups.get(s.group!)! }))
        .filter((m) => m.customer_id)
      if (memberships.length) await customerModule.addCustomerToGroup(memberships)
      made += missing.length
    }
    if (Date.now() - lastSay > 5000 || from + CHUNK >= count) {
      lastSay = Date.now()
      say(`customers: ${Math.min(count, from + CHUNK)}/${count} (${made} new, ${(made / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(0)}/s)`)
    }
  }
}

/** The generated customers with their ids, for orders (guest twins included). */
export interface CustomerRef extends CustomerSpec {
  id: string
}

export async function loadCustomers(container: Container, seed: number, count: number): Promise<CustomerRef[]> {
  const customerModule = container.resolve(Modules.CUSTOMER)
  const out: CustomerRef[] = []
  for (let from = 0; from < count; from += 1000) {
    const specs = Array.from({ length: Math.min(1000, count - from) }, (_, k) => customerSpec(seed, from + k))
    const found = await customerModule.listCustomers({ email: [...new Set(specs.map((s) => s.email))] }, { select: ["id", "email", "has_account"] })
    const byKey = new Map(found.map((c) => [`${c.email}|${c.has_account}`, c.id]))
    for (const s of specs) {
      const id = byKey.get(`${s.email}|${s.has_account}`)
      if (id) out.push({ ...s, id })
    }
  }
  return out
}
