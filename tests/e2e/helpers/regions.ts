/**
 * A region whose prices include tax, as British shops (and most shops that sell to consumers) set
 * Medusa up: the seeded regions are tax-exclusive. Created once, found again on later runs. Its
 * country is the Isle of Man (GBP, 20 % VAT): no other suite or example seed uses it (examples/seed.yaml
 * takes gb, and a country belongs to one region).
 *
 * Medusa 2.21 treats a price as tax-inclusive only when the region's price preference says so AND
 * the price carries a `region_id` rule (pricing-module `isTaxInclusive`); a plain currency price
 * follows the currency's preference. So the product and the shipping option get region prices.
 *
 * @example
 * const incl = await taxInclusiveRegion(adminSdk());
 * const { order } = await placeOrder({ region: incl.region, address: incl.address, items: [{ variant_id: incl.variantId, quantity: 2 }] });
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../../src/sdk/index.js";

const NAME = "Isle of Man (medusactl tests, prices incl. VAT)";
const COUNTRY = "im";
const HANDLE = "medusactl-test-incl-vat-tee";

export interface TaxInclusiveRegion {
  region: HttpTypes.StoreRegion;
  address: HttpTypes.StoreAddAddress;
  variantId: string;
  /** The variant's price, VAT included (GBP). */
  unitPrice: number;
  /** Standard shipping in this region, VAT included. */
  shipping: number;
}

export async function taxInclusiveRegion(admin: Medusa): Promise<TaxInclusiveRegion> {
  const unitPrice = 24.99;
  const shipping = 4.9;
  let region = (await admin.admin.region.list({ q: NAME, fields: "id,name,currency_code,*countries" })).regions.find((r) => r.name === NAME);
  if (!region) {
    region = (
      await admin.admin.region.create({ name: NAME, currency_code: "gbp", countries: [COUNTRY], automatic_taxes: true, is_tax_inclusive: true, payment_providers: ["pp_system_default"] } as HttpTypes.AdminCreateRegion)
    ).region;
  }
  if (!(await admin.admin.taxRegion.list({ country_code: COUNTRY })).tax_regions.some((t) => t.country_code === COUNTRY && !t.province_code)) {
    await admin.admin.taxRegion.create({ country_code: COUNTRY, provider_id: "tp_system", default_tax_rate: { name: "IM standard rate", code: "IM-STD", rate: 20 } });
  }
  // Shipping reaches the country through the seeded service zone.
  const { stock_locations } = await admin.admin.stockLocation.list({ fields: "id,fulfillment_sets.id,fulfillment_sets.service_zones.id,fulfillment_sets.service_zones.geo_zones.*" });
  const set = stock_locations.flatMap((l) => l.fulfillment_sets ?? [])[0]!;
  const zone = set.service_zones![0]!;
  if (!zone.geo_zones!.some((g) => g.country_code === COUNTRY)) {
    await admin.admin.fulfillmentSet.updateServiceZone(set.id, zone.id, {
      geo_zones: [...zone.geo_zones!.map((g) => ({ id: g.id, type: g.type, country_code: g.country_code }) as never), { type: "country", country_code: COUNTRY }],
    });
  }
  // Medusa lists every option of the zone for a cart and refuses the lot if one has no price in
  // its region, so each seeded option gets a price here. An update replaces the whole price list:
  // the existing prices are given again in full (an entry with only its id is dropped).
  const { shipping_options } = await admin.admin.shippingOption.list({ fields: "id,name,prices.amount,prices.currency_code,prices.price_rules.attribute,prices.price_rules.operator,prices.price_rules.value" });
  for (const option of shipping_options.filter((o) => o.name !== "Standard Return")) {
    type P = { amount: number; currency_code: string; price_rules?: { attribute: string; operator: string; value: string }[] };
    const prices = (option.prices ?? []) as unknown as P[];
    const regionOf = (p: P) => p.price_rules?.find((r) => r.attribute === "region_id")?.value;
    if (prices.some((p) => regionOf(p) === region!.id)) continue;
    // Region prices of regions that are gone (an earlier run's, since deleted) are dropped on the way.
    const live = new Set((await admin.admin.region.list({ limit: 200, fields: "id" })).regions.map((r) => r.id));
    const again = prices.filter((p) => !regionOf(p) || live.has(regionOf(p)!)).map((p) =>
      regionOf(p)
        ? { region_id: regionOf(p), amount: p.amount }
        : { currency_code: p.currency_code, amount: p.amount, ...(p.price_rules?.length ? { rules: p.price_rules.map((r) => ({ attribute: r.attribute, operator: r.operator, value: Number.isFinite(Number(r.value)) ? Number(r.value) : r.value })) } : {}) },
    );
    await admin.admin.shippingOption.update(option.id, { prices: [...again, { region_id: region.id, amount: option.name === "Standard Shipping" ? shipping : shipping * 2 }] } as never);
  }
  let product = (await admin.admin.product.list({ handle: HANDLE, fields: "id,variants.id" })).products[0];
  if (!product) {
    const { sales_channels } = await admin.admin.salesChannel.list({ fields: "id" });
    const { shipping_profiles } = await admin.admin.shippingProfile.list({ fields: "id" });
    product = (
      await admin.admin.product.create({
        title: "Tax-inclusive test tee",
        handle: HANDLE,
        status: "published",
        shipping_profile_id: shipping_profiles[0]!.id,
        sales_channels: sales_channels.map((s) => ({ id: s.id })),
        options: [{ title: "Size", values: ["M"] }],
        variants: [
          {
            title: "M",
            sku: "MEDUSACTL-TEST-INCL-VAT-TEE-M",
            manage_inventory: false,
            options: { Size: "M" },
            prices: [{ currency_code: "gbp", amount: unitPrice, rules: { region_id: region.id } } as never],
          },
        ],
      })
    ).product;
  }
  return {
    region: region as unknown as HttpTypes.StoreRegion,
    address: { first_name: "Ada", last_name: "Byron", address_1: "1 Prospect Hill", city: "Douglas", postal_code: "IM1 1ET", country_code: COUNTRY, phone: "+441624123456" },
    variantId: product.variants![0]!.id,
    unitPrice,
    shipping,
  };
}

/** A promotion that takes a fixed amount off the order, in one currency; found again by code on later runs. */
export async function fixedPromotion(admin: Medusa, currency: string, amount: number): Promise<string> {
  const code = `MEDUSACTL-FIXED${amount}-${currency.toUpperCase()}`;
  const { promotions } = await admin.admin.promotion.list({ code } as never);
  if (!promotions.some((p) => p.code === code)) {
    await admin.admin.promotion.create({
      code,
      type: "standard",
      status: "active",
      is_automatic: false,
      application_method: { type: "fixed", target_type: "order", allocation: "across", value: amount, currency_code: currency },
    } as never);
  }
  return code;
}
