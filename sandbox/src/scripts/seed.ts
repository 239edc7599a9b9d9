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
 *   MEDUSACTL_PICTURE_CACHE  folder where the drawn product pictures are kept between seeds (optional)
 */
import { chmodSync, readFileSync, writeFileSync } from "fs"
import type { ExecArgs } from "@medusajs/framework/types"

import { seedAdmin, seedPublishableKey, seedSecretKey } from "./seed/access"
import { seedCustomers } from "./seed/customers"
import { runPendingMigrationScripts } from "./seed/migration-scripts"
import { seedOrders } from "./seed/orders"
import { seedCategories, seedCollections, seedProductImages, seedProducts, seedStockLevels } from "./seed/products"
import { seedPromotions } from "./seed/promotions"
import { say } from "./seed/step"
import {
  seedLocationShipping,
  seedRegionMetadata,
  seedRegions,
  seedSalesChannel,
  seedShippingOptions,
  seedShippingProfile,
  seedStockLocation,
  seedStoreDefaults,
  seedTaxRegions,
} from "./seed/store-setup"

interface SandboxStateFile {
  adminEmail: string
  adminPassword: string
  secretKey?: string
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

  // Medusa's data-fix scripts, which `medusa db:migrate --skip-scripts` left to this process.
  await runPendingMigrationScripts(container)

  // Steps run side by side where none needs another's result (one Node thread: what overlaps is
  // the database's work). Each is find-or-create, so the data is the same as one after the other.
  const [salesChannelId, regions, locationId, shippingProfileId, secret, categoryByHandle, collectionByHandle] = await Promise.all([
    seedSalesChannel(container),
    seedRegions(container),
    seedStockLocation(container),
    seedShippingProfile(container),
    seedSecretKey(container, state.secretKey),
    seedCategories(container),
    seedCollections(container),
    seedTaxRegions(container),
  ])
  const [, standardOption, publishableKey] = await Promise.all([
    seedRegionMetadata(container, regions.all),
    seedLocationShipping(container, locationId, salesChannelId).then((serviceZoneId) =>
      seedShippingOptions(container, serviceZoneId, shippingProfileId),
    ),
    seedPublishableKey(container, salesChannelId),
  ])
  // After the regions, the location and the channel are there and linked (it sets them as defaults).
  await seedStoreDefaults(container, { salesChannelId, regionId: regions.europe.id, locationId })

  // Written now and not only at the end, so that a failure later on (e.g. while
  // placing orders) does not lose the token of a secret key created above.
  const result = {
    publishableKey,
    secretKey: secret.token,
    secretKeyId: secret.id,
    regionIds: Object.fromEntries(regions.all.map((r) => [r.name, r.id])),
    salesChannelId,
    stockLocationId: locationId,
    shippingProfileId,
  }
  writeFileSync(outPath, JSON.stringify(result, null, 2) + "\n", { mode: 0o600 })
  chmodSync(outPath, 0o600)

  const [, , customerByEmail] = await Promise.all([
    seedAdmin(container, state.adminEmail, state.adminPassword),
    seedProducts(container, { shippingProfileId, salesChannelId, categoryByHandle, collectionByHandle }).then(() =>
      Promise.all([seedProductImages(container), seedStockLevels(container, locationId)]),
    ),
    seedCustomers(container),
    seedPromotions(container),
  ])
  await seedOrders(container, {
    extraOrders,
    concurrency,
    europe: regions.europe,
    northAmerica: regions.northAmerica,
    salesChannelId,
    standardOption,
    locationId,
    customerByEmail,
  })

  say(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
