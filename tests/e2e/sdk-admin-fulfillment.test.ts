/**
 * Admin shipping set-up against the real back-end: fulfillment providers and their options,
 * fulfillment sets with service zones, shipping profiles, shipping option types, and shipping
 * options with prices and rules, all on a stock location of the test's own.
 */
import { afterAll, describe, expect, it } from "vitest";
import { adminSdk, uniq } from "./helpers/sdk.js";
import { expectGone, expectStatus } from "./helpers/admin-fixtures.js";

const sdk = adminSdk();
const cleanup: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
});

describe("admin.fulfillmentProvider", () => {
  it("lists the manual provider and its fulfillment options", async () => {
    const { fulfillment_providers } = await sdk.admin.fulfillmentProvider.list({ is_enabled: true } as never);
    expect(fulfillment_providers).toContainEqual(expect.objectContaining({ id: "manual_manual", is_enabled: true }));
    const { fulfillment_options } = await sdk.admin.fulfillmentProvider.listFulfillmentOptions("manual_manual");
    expect(fulfillment_options.map((o) => o.id)).toContain("manual-fulfillment");
  });
});

describe("admin.shippingProfile and admin.shippingOptionType", () => {
  it("round-trips a shipping profile", async () => {
    const name = uniq("profile");
    const { shipping_profile: profile } = await sdk.admin.shippingProfile.create({ name, type: "e2e" });
    cleanup.push(() => sdk.admin.shippingProfile.delete(profile.id));
    expect((await sdk.admin.shippingProfile.retrieve(profile.id)).shipping_profile).toMatchObject({ name, type: "e2e" });
    const { shipping_profiles } = await sdk.admin.shippingProfile.list({ name, fields: "id" } as never);
    expect(shipping_profiles.map((p) => p.id)).toEqual([profile.id]);
    await sdk.admin.shippingProfile.update(profile.id, { type: "bulky" });
    expect((await sdk.admin.shippingProfile.retrieve(profile.id)).shipping_profile.type).toBe("bulky");
    expect(await sdk.admin.shippingProfile.delete(profile.id)).toMatchObject({ id: profile.id, deleted: true });
    await expectGone(sdk.admin.shippingProfile.retrieve(profile.id), "shipping_profile");
  });

  it("round-trips a shipping option type", async () => {
    const code = uniq("same-day");
    const { shipping_option_type: type } = await sdk.admin.shippingOptionType.create({ code, label: "Same day", description: "Before 8 pm" });
    cleanup.push(() => sdk.admin.shippingOptionType.delete(type.id));
    expect((await sdk.admin.shippingOptionType.retrieve(type.id)).shipping_option_type).toMatchObject({ code, label: "Same day" });
    const { shipping_option_types } = await sdk.admin.shippingOptionType.list({ code, fields: "id" } as never);
    expect(shipping_option_types.map((t) => t.id)).toEqual([type.id]);
    await sdk.admin.shippingOptionType.update(type.id, { label: "Same-day courier" });
    expect((await sdk.admin.shippingOptionType.retrieve(type.id)).shipping_option_type.label).toBe("Same-day courier");
    expect(await sdk.admin.shippingOptionType.delete(type.id)).toMatchObject({ id: type.id, deleted: true });
    await expectGone(sdk.admin.shippingOptionType.retrieve(type.id), "shipping_option_type");
  });
});

describe("admin.fulfillmentSet and admin.shippingOption", () => {
  it("sets up a service zone with a priced, ruled shipping option and takes it all down again", async () => {
    const { stock_location: location } = await sdk.admin.stockLocation.create({ name: uniq("ship-from") });
    cleanup.push(() => sdk.admin.stockLocation.delete(location.id));
    await sdk.admin.stockLocation.updateFulfillmentProviders(location.id, { add: ["manual_manual"] });
    await sdk.admin.stockLocation.createFulfillmentSet(location.id, { name: uniq("shipping"), type: "shipping" });
    const set = (await sdk.admin.stockLocation.retrieve(location.id, { fields: "id,*fulfillment_sets" })).stock_location.fulfillment_sets![0]!;
    cleanup.push(() => sdk.admin.fulfillmentSet.delete(set.id));

    // Service zones
    const zoneName = uniq("zone");
    const { fulfillment_set: withZone } = await sdk.admin.fulfillmentSet.createServiceZone(
      set.id,
      { name: zoneName, geo_zones: [{ type: "country", country_code: "de" }] },
      { fields: "id,*service_zones" },
    );
    const zone = withZone.service_zones.find((z) => z.name === zoneName)!;
    const { service_zone } = await sdk.admin.fulfillmentSet.retrieveServiceZone(set.id, zone.id, { fields: "id,name,*geo_zones" });
    expect(service_zone.geo_zones.map((g) => [g.type, g.country_code])).toEqual([["country", "de"]]);
    await sdk.admin.fulfillmentSet.updateServiceZone(set.id, zone.id, {
      name: `${zoneName} DACH`,
      geo_zones: [...service_zone.geo_zones.map((g) => ({ id: g.id, type: "country" as const, country_code: g.country_code })), { type: "country", country_code: "at" }],
    });
    const updated = (await sdk.admin.fulfillmentSet.retrieveServiceZone(set.id, zone.id, { fields: "id,name,*geo_zones" })).service_zone;
    expect(updated.name).toBe(`${zoneName} DACH`);
    expect(updated.geo_zones.map((g) => g.country_code).sort()).toEqual(["at", "de"]);

    // Shipping options in the zone
    const { shipping_profiles } = await sdk.admin.shippingProfile.list({ type: "default", fields: "id" } as never);
    const name = uniq("Courier");
    const { shipping_option: option } = await sdk.admin.shippingOption.create({
      name,
      service_zone_id: zone.id,
      shipping_profile_id: shipping_profiles[0]!.id,
      provider_id: "manual_manual",
      price_type: "flat",
      type: { label: "Courier", code: uniq("courier"), description: "By bike" },
      prices: [
        { currency_code: "eur", amount: 7 },
        { currency_code: "usd", amount: 8 },
      ],
      rules: [{ attribute: "enabled_in_store", operator: "eq", value: "true" }],
    });
    cleanup.push(() => sdk.admin.shippingOption.delete(option.id));
    const { shipping_option: read } = await sdk.admin.shippingOption.retrieve(option.id, { fields: "id,name,*prices,*rules" });
    expect(read.prices.map((p) => `${p.currency_code} ${p.amount}`).sort()).toEqual(["eur 7", "usd 8"]);
    expect(read.rules.map((r) => [r.attribute, r.value])).toEqual([["enabled_in_store", "true"]]);
    const { shipping_options } = await sdk.admin.shippingOption.list({ service_zone_id: zone.id, fields: "id,name" } as never);
    expect(shipping_options.map((o) => o.id)).toEqual([option.id]);

    await sdk.admin.shippingOption.update(option.id, { name: `${name} express`, prices: [{ currency_code: "eur", amount: 9 }] });
    const afterUpdate = (await sdk.admin.shippingOption.retrieve(option.id, { fields: "id,name,*prices" })).shipping_option;
    expect(afterUpdate.name).toBe(`${name} express`);
    expect(afterUpdate.prices.map((p) => `${p.currency_code} ${p.amount}`)).toEqual(["eur 9"]);

    const rules = await sdk.admin.shippingOption.updateRules(option.id, {
      create: [{ attribute: "is_return", operator: "eq", value: "false" }],
      update: [{ id: read.rules[0]!.id, attribute: "enabled_in_store", operator: "eq", value: "false" }],
    });
    expect(rules.created.map((r: { attribute: string }) => r.attribute)).toEqual(["is_return"]);
    const ruled = (await sdk.admin.shippingOption.retrieve(option.id, { fields: "id,*rules" })).shipping_option.rules;
    expect(Object.fromEntries(ruled.map((r) => [r.attribute, r.value]))).toEqual({ enabled_in_store: "false", is_return: "false" });
    await sdk.admin.shippingOption.updateRules(option.id, { delete: [rules.created[0]!.id] });
    expect((await sdk.admin.shippingOption.retrieve(option.id, { fields: "id,*rules" })).shipping_option.rules).toHaveLength(1);

    expect(await sdk.admin.shippingOption.delete(option.id)).toMatchObject({ id: option.id, deleted: true });
    await expectStatus(sdk.admin.shippingOption.retrieve(option.id), 404);

    const zoneGone = await sdk.admin.fulfillmentSet.deleteServiceZone(set.id, zone.id);
    expect(zoneGone).toMatchObject({ id: zone.id, deleted: true });
    await expectStatus(sdk.admin.fulfillmentSet.retrieveServiceZone(set.id, zone.id), 404);
    expect(await sdk.admin.fulfillmentSet.delete(set.id)).toMatchObject({ id: set.id, deleted: true });
  });
});
