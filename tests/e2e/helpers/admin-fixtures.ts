/**
 * The seeded objects the admin end-to-end suites build on (sandbox/src/scripts/seed.ts), looked up
 * by their seeded names through the recorded SDK, plus a poll helper for Medusa's asynchronous jobs.
 */
import { expect } from "vitest";
import type { Medusa } from "../../../src/sdk/index.js";
import { isApiError } from "../../../src/sdk/index.js";
import { backend, uniq } from "./sdk.js";

export interface Seeded {
  salesChannelId: string;
  shippingProfileId: string;
  stockLocationId: string;
  fulfillmentSetId: string;
  serviceZoneId: string;
  region: { eur: string; usd: string };
}

let cached: Promise<Seeded> | undefined;

/** Ids of the seeded sales channel, default shipping profile, warehouse, its zone and the two regions. */
export function seeded(sdk: Medusa): Promise<Seeded> {
  cached ??= (async () => {
    const { sales_channels } = await sdk.admin.salesChannel.list({ name: "Default Sales Channel", fields: "id" });
    const { shipping_profiles } = await sdk.admin.shippingProfile.list({ type: "default", fields: "id" });
    const { stock_locations } = await sdk.admin.stockLocation.list({
      name: "Sandbox Warehouse",
      fields: "id,*fulfillment_sets,*fulfillment_sets.service_zones",
    });
    const location = stock_locations[0]!;
    const set = location.fulfillment_sets!.find((s) => s.name === "Sandbox Warehouse shipping")!;
    const zone = set.service_zones.find((z) => z.name === "Europe and North America")!;
    const { regions } = await sdk.admin.region.list({ fields: "id,currency_code", limit: 100 });
    return {
      salesChannelId: sales_channels[0]!.id,
      shippingProfileId: shipping_profiles[0]!.id,
      stockLocationId: location.id,
      fulfillmentSetId: set.id,
      serviceZoneId: zone.id,
      region: {
        eur: regions.find((r) => r.currency_code === "eur")!.id,
        usd: regions.find((r) => r.currency_code === "usd")!.id,
      },
    };
  })();
  return cached;
}

/** Retries `probe` until it returns something other than undefined (Medusa's jobs finish asynchronously). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Asserts that `call` fails with the given HTTP status (e.g. a deleted record answering 404). */
export async function expectStatus(call: Promise<unknown>, status: number): Promise<void> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isApiError(err) ? err.status : err).toBe(status);
}

/**
 * Asserts that a deleted record is gone. Medusa 2.21 answers 404 on most retrieve routes, but some
 * (tags, types, collections, shared options, variants under a product) answer 200 with the record
 * key missing (`{}`) once the record is soft-deleted: both mean "gone", anything else fails.
 */
export async function expectGone(call: Promise<unknown>, key: string): Promise<void> {
  const res = await call.then(
    (r) => r as Record<string, unknown>,
    (e: unknown) => e,
  );
  if (isApiError(res)) expect(res.status).toBe(404);
  else expect(res).not.toHaveProperty(key);
}

/**
 * A published product in the seeded channel and profile with one "Size" option (values `sizes`),
 * two images and one variant (the first size, eur and usd prices, no managed inventory). Its
 * deletion is queued on `cleanup`.
 */
export async function createProduct(sdk: Medusa, seed: Seeded, cleanup: (() => Promise<unknown>)[], tag: string, sizes = ["S", "M"]) {
  const handle = uniq(tag);
  const { product } = await sdk.admin.product.create(
    {
      title: `E2E ${handle}`,
      handle,
      status: "published",
      shipping_profile_id: seed.shippingProfileId,
      sales_channels: [{ id: seed.salesChannelId }],
      options: [{ title: "Size", values: sizes }],
      images: [{ url: `${backend.url}/static/${handle}-front.png` }, { url: `${backend.url}/static/${handle}-back.png` }],
      variants: [
        {
          title: sizes[0]!,
          sku: `${handle}-${sizes[0]}`,
          options: { Size: sizes[0]! },
          prices: [
            { currency_code: "eur", amount: 12.5 },
            { currency_code: "usd", amount: 14 },
          ],
          manage_inventory: false,
        },
      ],
    },
    { fields: "id,handle,title,status,*variants,*options,*options.values,*images" },
  );
  cleanup.push(() => sdk.admin.product.delete(product.id));
  return product;
}
