/**
 * Admin inventory against the real back-end: stock locations, inventory items with their stock
 * levels (one by one and in batches), reservations, and the inventory export.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSdk, uniq } from "./helpers/sdk.js";
import { eventually, expectGone, expectStatus, seeded, type Seeded } from "./helpers/admin-fixtures.js";

const sdk = adminSdk();
let seed: Seeded;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  seed = await seeded(sdk);
});

afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
});

async function makeLocation(tag: string) {
  const { stock_location } = await sdk.admin.stockLocation.create({
    name: uniq(tag),
    address: { address_1: "Hafenstraße 1", city: "Hamburg", country_code: "de", postal_code: "20359" },
  });
  cleanup.push(() => sdk.admin.stockLocation.delete(stock_location.id));
  return stock_location;
}

async function makeItem(tag: string) {
  const sku = uniq(tag);
  const { inventory_item } = await sdk.admin.inventoryItem.create({ sku, title: `Item ${sku}`, requires_shipping: true });
  cleanup.push(() => sdk.admin.inventoryItem.delete(inventory_item.id));
  return inventory_item;
}

describe("admin.stockLocation", () => {
  it("round-trips a stock location with its channels, providers and a fulfillment set", async () => {
    const location = await makeLocation("loc");
    expect(location.address).toMatchObject({ city: "Hamburg", country_code: "de" });

    const { stock_location: read } = await sdk.admin.stockLocation.retrieve(location.id, { fields: "id,name,*address" });
    expect(read.name).toBe(location.name);
    const { stock_locations } = await sdk.admin.stockLocation.list({ name: location.name, fields: "id" } as never);
    expect(stock_locations.map((l) => l.id)).toEqual([location.id]);
    await sdk.admin.stockLocation.update(location.id, { name: `${location.name} renamed` });
    expect((await sdk.admin.stockLocation.retrieve(location.id)).stock_location.name).toBe(`${location.name} renamed`);

    const withChannel = await sdk.admin.stockLocation.updateSalesChannels(location.id, { add: [seed.salesChannelId] });
    expect(withChannel.stock_location.id).toBe(location.id);
    const channels = async () =>
      (await sdk.admin.stockLocation.retrieve(location.id, { fields: "id,sales_channels.id" })).stock_location.sales_channels!.map((c) => c.id);
    expect(await channels()).toEqual([seed.salesChannelId]);
    await sdk.admin.stockLocation.updateSalesChannels(location.id, { remove: [seed.salesChannelId] });
    expect(await channels()).toEqual([]);

    await sdk.admin.stockLocation.updateFulfillmentProviders(location.id, { add: ["manual_manual"] });
    const providers = async () =>
      (await sdk.admin.stockLocation.retrieve(location.id, { fields: "id,fulfillment_providers.id" })).stock_location.fulfillment_providers!.map((p) => p.id);
    expect(await providers()).toEqual(["manual_manual"]);
    await sdk.admin.stockLocation.updateFulfillmentProviders(location.id, { remove: ["manual_manual"] });
    expect(await providers()).toEqual([]);

    const setName = uniq("pickup");
    const { stock_location: withSet } = await sdk.admin.stockLocation.createFulfillmentSet(location.id, { name: setName, type: "pickup" });
    expect(withSet.id).toBe(location.id);
    const sets = (await sdk.admin.stockLocation.retrieve(location.id, { fields: "id,*fulfillment_sets" })).stock_location.fulfillment_sets!;
    expect(sets.map((s) => [s.name, s.type])).toEqual([[setName, "pickup"]]);
    expect(await sdk.admin.fulfillmentSet.delete(sets[0]!.id)).toMatchObject({ id: sets[0]!.id, deleted: true });

    expect(await sdk.admin.stockLocation.delete(location.id)).toMatchObject({ id: location.id, deleted: true });
    await expectStatus(sdk.admin.stockLocation.retrieve(location.id), 404);
  });
});

describe("admin.inventoryItem", () => {
  it("round-trips an inventory item", async () => {
    const item = await makeItem("item");
    const { inventory_item: read } = await sdk.admin.inventoryItem.retrieve(item.id);
    expect(read).toMatchObject({ sku: item.sku, requires_shipping: true });
    const { inventory_items } = await sdk.admin.inventoryItem.list({ sku: [item.sku!], fields: "id" } as never);
    expect(inventory_items.map((i) => i.id)).toEqual([item.id]);
    await sdk.admin.inventoryItem.update(item.id, { title: "Renamed", weight: 250 });
    expect((await sdk.admin.inventoryItem.retrieve(item.id)).inventory_item).toMatchObject({ title: "Renamed", weight: 250 });
    expect(await sdk.admin.inventoryItem.delete(item.id)).toMatchObject({ id: item.id, deleted: true });
    await expectStatus(sdk.admin.inventoryItem.retrieve(item.id), 404);
  });

  it("creates, changes and deletes stock levels one by one and in batches", async () => {
    const item = await makeItem("levels");
    const other = await makeItem("levels-other");
    const [a, b] = [await makeLocation("lvl-a"), await makeLocation("lvl-b")];
    const stock = async (id: string) => {
      const { inventory_levels } = await sdk.admin.inventoryItem.listLevels(id, { fields: "location_id,stocked_quantity" } as never);
      return Object.fromEntries(inventory_levels.map((l) => [l.location_id, l.stocked_quantity]));
    };

    await sdk.admin.inventoryItem.createLevel(item.id, { location_id: a.id, stocked_quantity: 5 });
    expect(await stock(item.id)).toEqual({ [a.id]: 5 });
    await sdk.admin.inventoryItem.updateLevel(item.id, a.id, { stocked_quantity: 7 });
    expect(await stock(item.id)).toEqual({ [a.id]: 7 });

    const one = await sdk.admin.inventoryItem.batchInventoryItemLocationLevels(item.id, {
      create: [{ location_id: b.id, stocked_quantity: 3 }],
      update: [{ location_id: a.id, stocked_quantity: 8 }],
    });
    expect(one.created).toHaveLength(1);
    expect(await stock(item.id)).toEqual({ [a.id]: 8, [b.id]: 3 });

    await sdk.admin.inventoryItem.batchUpdateLevels(item.id, { update: [{ location_id: b.id, stocked_quantity: 4 }] });
    expect(await stock(item.id)).toEqual({ [a.id]: 8, [b.id]: 4 });

    const many = await sdk.admin.inventoryItem.batchInventoryItemsLocationLevels({
      create: [{ inventory_item_id: other.id, location_id: a.id, stocked_quantity: 9 }],
      update: [{ inventory_item_id: item.id, location_id: b.id, stocked_quantity: 1 }],
    });
    expect(many.created).toHaveLength(1);
    expect(await stock(other.id)).toEqual({ [a.id]: 9 });
    expect(await stock(item.id)).toEqual({ [a.id]: 8, [b.id]: 1 });

    // A level holding stock cannot be deleted (400 without the batch route's force flag): empty it first.
    await sdk.admin.inventoryItem.updateLevel(item.id, b.id, { stocked_quantity: 0 });
    const gone = await sdk.admin.inventoryItem.deleteLevel(item.id, b.id);
    expect(gone).toMatchObject({ object: "inventory-level", deleted: true });
    expect(await stock(item.id)).toEqual({ [a.id]: 8 });
  });

  it("exports inventory items to CSV, announced in a notification", async () => {
    const item = await makeItem("export");
    const since = new Date(Date.now() - 1000).toISOString();
    const res = await sdk.admin.inventoryItem.export({}, { sku: [item.sku!] } as never);
    expect(res.transaction_id).toBeTruthy();
    // Other suites may export at the same time: take the new export file that holds this item.
    const text = await eventually(async () => {
      const { notifications } = await sdk.admin.notification.list({ fields: "id,data,created_at", order: "-created_at", limit: 20 });
      for (const n of notifications) {
        const url = (n.data as { file?: { url?: string } }).file?.url;
        if (String(n.created_at) < since || !url?.includes("inventory-item-exports")) continue;
        const csv = await (await fetch(url)).text();
        if (csv.includes(item.sku!)) return csv;
      }
      return undefined;
    }, "the inventory export notification");
    expect(text).toContain(item.sku!);
  });
});

describe("admin.reservation", () => {
  it("reserves stock, changes the reservation and releases it", async () => {
    const item = await makeItem("resv");
    const location = await makeLocation("resv");
    await sdk.admin.inventoryItem.createLevel(item.id, { location_id: location.id, stocked_quantity: 10 });

    const { reservation } = await sdk.admin.reservation.create({ inventory_item_id: item.id, location_id: location.id, quantity: 2, description: "held for e2e" });
    cleanup.push(() => sdk.admin.reservation.delete(reservation.id));
    expect(reservation).toMatchObject({ quantity: 2, description: "held for e2e" });
    const reserved = async () => {
      const { inventory_levels } = await sdk.admin.inventoryItem.listLevels(item.id, { fields: "reserved_quantity,stocked_quantity" } as never);
      const level = inventory_levels[0]!;
      return [level.reserved_quantity, level.stocked_quantity - level.reserved_quantity];
    };
    expect(await reserved()).toEqual([2, 8]);

    expect((await sdk.admin.reservation.retrieve(reservation.id)).reservation.inventory_item_id).toBe(item.id);
    const { reservations } = await sdk.admin.reservation.list({ inventory_item_id: [item.id], fields: "id" } as never);
    expect(reservations.map((r) => r.id)).toEqual([reservation.id]);
    await sdk.admin.reservation.update(reservation.id, { quantity: 6 });
    expect(await reserved()).toEqual([6, 4]);

    expect(await sdk.admin.reservation.delete(reservation.id)).toMatchObject({ id: reservation.id, deleted: true });
    await expectGone(sdk.admin.reservation.retrieve(reservation.id), "reservation");
    expect(await reserved()).toEqual([0, 10]);
  });
});
