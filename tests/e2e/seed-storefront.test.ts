/**
 * What the sandbox seeds for a storefront (issue #19), read through the store API as a shop would:
 * pictures served by the back-end's file provider, nested categories, featured collections, the
 * WELCOME10 code and the free-shipping threshold.
 */
import { describe, expect, it } from "vitest";
import { storeSdk } from "./helpers/sdk.js";

const sdk = storeSdk();

async function europe() {
  const { regions } = await sdk.store.region.list({ fields: "id,currency_code,metadata" });
  return regions.find((r) => r.currency_code === "eur")!;
}

describe("seeded catalogue for a storefront", () => {
  it("gives every product a thumbnail and 2-4 pictures that the file provider serves as PNG", async () => {
    const { products } = await sdk.store.product.list({ limit: 100, fields: "handle,thumbnail,*images" });
    const seeded = products.filter((p) => /^(classic|organic|vintage)-/.test(p.handle!));
    expect(seeded).toHaveLength(24);
    const urls: string[] = [];
    for (const p of seeded) {
      expect(p.images!.length, p.handle!).toBeGreaterThanOrEqual(2);
      expect(p.images!.length, p.handle!).toBeLessThanOrEqual(4);
      expect(p.thumbnail).toBe(p.images![0]!.url);
      urls.push(...p.images!.map((i) => i.url));
    }
    expect(new Set(urls).size).toBe(urls.length);
    // Fetched as a browser would, without credentials.
    for (const url of urls) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type"), url).toBe("image/png");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(1, 4).toString("latin1"), url).toBe("PNG");
      expect(bytes.length).toBeLessThan(20_000);
    }
  });

  it("nests categories: apparel holds shirts and sweatshirts, which hold products", async () => {
    const { product_categories } = await sdk.store.category.list({ handle: "apparel", fields: "handle,*category_children" });
    expect(product_categories[0]!.category_children!.map((c) => c.handle).sort()).toEqual(["shirts", "sweatshirts"]);
    const { product_categories: [shirts] } = await sdk.store.category.list({ handle: "shirts", fields: "id,parent_category.handle" });
    expect(shirts!.parent_category?.handle).toBe("apparel");
    const { count } = await sdk.store.product.list({ category_id: [shirts!.id], limit: 1, fields: "id" });
    expect(count).toBeGreaterThanOrEqual(6);
  });

  it("marks two collections with products as featured, in rank order", async () => {
    const { collections } = await sdk.store.collection.list({ fields: "id,handle,metadata", limit: 100 });
    const featured = collections
      .filter((c) => c.metadata?.featured === true)
      .sort((a, b) => Number(a.metadata!.featured_rank) - Number(b.metadata!.featured_rank));
    expect(featured.map((c) => c.handle)).toEqual(["sandbox-essentials", "summer-edition"]);
    for (const c of featured) {
      const { count } = await sdk.store.product.list({ collection_id: [c.id], limit: 1, fields: "id" });
      expect(count, c.handle!).toBeGreaterThan(0);
    }
  });

  it("takes 10% off a guest's order with WELCOME10, and ships Standard for free from the region's threshold", async () => {
    const region = await europe();
    expect(region.metadata?.free_shipping_threshold).toBe(100);
    const { products } = await sdk.store.product.list({ handle: "classic-t-shirt", region_id: region.id, fields: "id,*variants" });
    const variant = products[0]!.variants![0]!;
    let { cart } = await sdk.store.cart.create({
      region_id: region.id,
      email: "guest@example.com",
      items: [{ variant_id: variant.id, quantity: 1 }],
      shipping_address: { first_name: "Gia", last_name: "Guest", address_1: "Torstraße 1", city: "Berlin", postal_code: "10119", country_code: "de" },
    });
    const standard = async () => {
      const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id });
      return shipping_options.find((o) => o.name === "Standard Shipping")!.amount;
    };
    expect(cart.item_total).toBeLessThan(100);
    expect(await standard()).toBe(5);

    ({ cart } = await sdk.store.cart.updateLineItem(cart.id, cart.items![0]!.id, { quantity: 5 }));
    expect(cart.item_total).toBeGreaterThanOrEqual(100);
    expect(await standard()).toBe(0);

    const before = cart.item_total;
    ({ cart } = await sdk.store.cart.addPromotions(cart.id, { promo_codes: ["WELCOME10"] }));
    expect(cart.promotions!.map((p) => p.code)).toEqual(["WELCOME10"]);
    expect(cart.discount_total).toBeCloseTo(before * 0.1, 2);
  });
});
