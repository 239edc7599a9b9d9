/**
 * Admin pricing, regions and taxes against the real back-end: price lists and their prices, price
 * preferences, regions, currencies, tax regions and rates (with rules), tax providers, the store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSdk, uniq } from "./helpers/sdk.js";
import { createProduct, expectGone, expectStatus, seeded, type Seeded } from "./helpers/admin-fixtures.js";

const sdk = adminSdk();
let seed: Seeded;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  seed = await seeded(sdk);
});

afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
});

describe("admin.priceList", () => {
  it("creates a sale with prices, edits them in a batch, drops a product's prices and deletes the list", async () => {
    const a = await createProduct(sdk, seed, cleanup, "plist-a");
    const b = await createProduct(sdk, seed, cleanup, "plist-b");
    const [va, vb] = [a.variants![0]!.id, b.variants![0]!.id];
    const title = uniq("Sale");
    const { price_list: list } = await sdk.admin.priceList.create({
      title,
      description: "e2e sale",
      type: "sale",
      status: "active",
      prices: [{ variant_id: va, currency_code: "eur", amount: 9 }],
    });
    cleanup.push(() => sdk.admin.priceList.delete(list.id));
    expect(list).toMatchObject({ title, type: "sale", status: "active" });

    const { price_list: read } = await sdk.admin.priceList.retrieve(list.id, { fields: "id,title,*prices" });
    expect(read.prices!.map((p) => p.amount)).toEqual([9]);
    const { price_lists } = await sdk.admin.priceList.list({ q: title, fields: "id" });
    expect(price_lists.map((l) => l.id)).toEqual([list.id]);

    await sdk.admin.priceList.update(list.id, { description: "changed", status: "draft" });
    expect((await sdk.admin.priceList.retrieve(list.id, { fields: "description,status" })).price_list).toMatchObject({ description: "changed", status: "draft" });

    const euro = read.prices![0]!;
    const batch = await sdk.admin.priceList.batchPrices(list.id, {
      create: [{ variant_id: vb, currency_code: "usd", amount: 11 }],
      update: [{ id: euro.id, variant_id: va, amount: 8.5 }],
    });
    expect(batch.created.map((p) => [p.currency_code, p.amount])).toEqual([["usd", 11]]);
    expect(batch.updated.map((p) => p.amount)).toEqual([8.5]);

    const amounts = async () => {
      const { prices } = await sdk.admin.priceList.prices(list.id, { fields: "id,amount,currency_code" } as never);
      return prices.map((p) => `${p.currency_code} ${p.amount}`).sort();
    };
    expect(await amounts()).toEqual(["eur 8.5", "usd 11"]);

    // Removing a product from a price list deletes that product's prices in it.
    await sdk.admin.priceList.linkProducts(list.id, { remove: [b.id] });
    expect(await amounts()).toEqual(["eur 8.5"]);
    const del = await sdk.admin.priceList.batchPrices(list.id, { delete: [euro.id] });
    expect(del.deleted).toMatchObject({ ids: [euro.id], deleted: true });
    expect(await amounts()).toEqual([]);

    expect(await sdk.admin.priceList.delete(list.id)).toMatchObject({ id: list.id, deleted: true });
    await expectStatus(sdk.admin.priceList.retrieve(list.id), 404);
  });
});

describe("admin.pricePreference", () => {
  it("round-trips a tax-inclusive preference for a currency", async () => {
    // One preference per attribute and value: clear one a failed earlier run may have left.
    const { price_preferences: stale } = await sdk.admin.pricePreference.list({ attribute: "currency_code", value: "jpy" } as never);
    for (const p of stale) await sdk.admin.pricePreference.delete(p.id);

    const { price_preference: pref } = await sdk.admin.pricePreference.create({ attribute: "currency_code", value: "jpy", is_tax_inclusive: true });
    cleanup.push(() => sdk.admin.pricePreference.delete(pref.id));
    expect(pref).toMatchObject({ attribute: "currency_code", value: "jpy", is_tax_inclusive: true });
    expect((await sdk.admin.pricePreference.retrieve(pref.id)).price_preference.value).toBe("jpy");
    const { price_preferences } = await sdk.admin.pricePreference.list({ attribute: "currency_code", value: "jpy" } as never);
    expect(price_preferences.map((p) => p.id)).toEqual([pref.id]);

    await sdk.admin.pricePreference.update(pref.id, { is_tax_inclusive: false });
    expect((await sdk.admin.pricePreference.retrieve(pref.id)).price_preference.is_tax_inclusive).toBe(false);
    expect(await sdk.admin.pricePreference.delete(pref.id)).toMatchObject({ id: pref.id, deleted: true });
    await expectGone(sdk.admin.pricePreference.retrieve(pref.id), "price_preference");
  });
});

describe("admin.region and admin.currency", () => {
  it("round-trips a region", async () => {
    const name = uniq("Region");
    const { region } = await sdk.admin.region.create({ name, currency_code: "jpy", payment_providers: ["pp_system_default"] }, { fields: "id,name,currency_code,*payment_providers" });
    cleanup.push(() => sdk.admin.region.delete(region.id));
    expect(region.currency_code).toBe("jpy");
    expect(region.payment_providers!.map((p) => p.id)).toEqual(["pp_system_default"]);

    expect((await sdk.admin.region.retrieve(region.id)).region.name).toBe(name);
    const { regions } = await sdk.admin.region.list({ q: name, fields: "id" } as never);
    expect(regions.map((r) => r.id)).toEqual([region.id]);

    await sdk.admin.region.update(region.id, { name: `${name} renamed`, automatic_taxes: false });
    expect((await sdk.admin.region.retrieve(region.id, { fields: "name,automatic_taxes" })).region).toMatchObject({ name: `${name} renamed`, automatic_taxes: false });
    expect(await sdk.admin.region.delete(region.id)).toMatchObject({ id: region.id, deleted: true });
    await expectStatus(sdk.admin.region.retrieve(region.id), 404);
  });

  it("lists currencies and reads one", async () => {
    const { currencies, count } = await sdk.admin.currency.list({ code: ["eur", "usd"], fields: "code,name" } as never);
    expect(count).toBe(2);
    expect(currencies.map((c) => c.code).sort()).toEqual(["eur", "usd"]);
    const { currency } = await sdk.admin.currency.retrieve("eur");
    expect(currency).toMatchObject({ code: "eur", symbol: "€", name: "Euro" });
  });
});

describe("admin.taxRegion, admin.taxRate and admin.taxProvider", () => {
  it("round-trips a tax region with a province and a rate with a product rule", async () => {
    // A country has one top-level tax region: clear what a failed earlier run may have left.
    const { tax_regions: stale } = await sdk.admin.taxRegion.list({ country_code: "jp", parent_id: null } as never);
    for (const r of stale) await sdk.admin.taxRegion.delete(r.id);

    const { tax_region: country } = await sdk.admin.taxRegion.create({ country_code: "jp", provider_id: "tp_system", default_tax_rate: { name: "JP standard", code: "JP", rate: 10 } });
    cleanup.push(() => sdk.admin.taxRegion.delete(country.id));
    const { tax_region: tokyo } = await sdk.admin.taxRegion.create({ country_code: "jp", province_code: "jp-13", parent_id: country.id });
    expect(tokyo.parent_id).toBe(country.id);

    const { tax_region: read } = await sdk.admin.taxRegion.retrieve(country.id, { fields: "id,country_code,*tax_rates,*children" });
    expect(read.country_code).toBe("jp");
    expect(read.tax_rates.map((r) => [r.code, r.rate, r.is_default])).toEqual([["JP", 10, true]]);
    expect(read.children.map((c) => c.province_code)).toEqual(["jp-13"]);
    const { tax_regions } = await sdk.admin.taxRegion.list({ country_code: "jp", fields: "id" } as never);
    expect(tax_regions.map((r) => r.id).sort()).toEqual([country.id, tokyo.id].sort());
    await sdk.admin.taxRegion.update(tokyo.id, { metadata: { note: "e2e" } });
    expect((await sdk.admin.taxRegion.retrieve(tokyo.id, { fields: "metadata" })).tax_region.metadata).toEqual({ note: "e2e" });

    const product = await createProduct(sdk, seed, cleanup, "taxed");
    const { tax_rate: reduced } = await sdk.admin.taxRate.create({ tax_region_id: tokyo.id, name: "Tokyo books", code: "JP-BOOKS", rate: 8 });
    expect((await sdk.admin.taxRate.retrieve(reduced.id)).tax_rate).toMatchObject({ code: "JP-BOOKS", rate: 8, tax_region_id: tokyo.id });
    const { tax_rates } = await sdk.admin.taxRate.list({ tax_region_id: tokyo.id, fields: "id,code" });
    expect(tax_rates.map((r) => r.code)).toEqual(["JP-BOOKS"]);
    await sdk.admin.taxRate.update(reduced.id, { rate: 5 });
    expect((await sdk.admin.taxRate.retrieve(reduced.id)).tax_rate.rate).toBe(5);

    const { tax_rate: withRule } = await sdk.admin.taxRate.createRule(reduced.id, { reference: "product", reference_id: product.id }, { fields: "id,*rules" });
    const rule = withRule.rules!.find((r) => r.reference_id === product.id)!;
    expect(rule.reference).toBe("product");
    const ruleGone = await sdk.admin.taxRate.deleteRule(reduced.id, rule.id, { fields: "id,*rules" });
    expect(ruleGone).toMatchObject({ id: rule.id, object: "tax_rate_rule", deleted: true });
    expect((ruleGone as { parent: { rules: unknown[] } }).parent.rules).toEqual([]);

    expect(await sdk.admin.taxRate.delete(reduced.id)).toMatchObject({ id: reduced.id, deleted: true });
    await expectGone(sdk.admin.taxRate.retrieve(reduced.id), "tax_rate");
    expect(await sdk.admin.taxRegion.delete(tokyo.id)).toMatchObject({ id: tokyo.id, deleted: true });
    await expectGone(sdk.admin.taxRegion.retrieve(tokyo.id), "tax_region");
    await sdk.admin.taxRegion.delete(country.id);
  });

  it("lists the system tax provider", async () => {
    const { tax_providers } = await sdk.admin.taxProvider.list();
    expect(tax_providers).toContainEqual(expect.objectContaining({ id: "tp_system", is_enabled: true }));
  });
});

describe("admin.store", () => {
  it("reads the store, updates its metadata and puts it back", async () => {
    const { stores } = await sdk.admin.store.list({ fields: "id,name,metadata,*supported_currencies" } as never);
    expect(stores).toHaveLength(1);
    const store = stores[0]!;
    expect(store.supported_currencies!.map((c) => c.currency_code).sort()).toEqual(expect.arrayContaining(["eur", "usd"]));

    const marker = uniq("sdka");
    const before = store.metadata ?? null;
    const { store: updated } = await sdk.admin.store.update(store.id, { metadata: { ...before, sdka_e2e: marker } }, { fields: "id,metadata" });
    expect(updated.metadata).toMatchObject({ sdka_e2e: marker });
    try {
      const { store: read } = await sdk.admin.store.retrieve(store.id, { fields: "id,metadata" });
      expect(read.metadata).toMatchObject({ sdka_e2e: marker });
    } finally {
      // The store's metadata is replaced as a whole, so this restores it exactly.
      await sdk.admin.store.update(store.id, { metadata: before });
    }
    const { store: after } = await sdk.admin.store.retrieve(store.id, { fields: "id,metadata" });
    expect(after.metadata).toEqual(before);
  });
});
