/**
 * Admin catalogue resources against the real back-end: products with their variants, options,
 * images and inventory links, product batches, CSV import (both flows) and export, uploads,
 * and the catalogue's own lists (categories, collections, options, tags, types, variants).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSdk, uniq } from "./helpers/sdk.js";
import { createProduct, eventually, expectGone, expectStatus, seeded, type Seeded } from "./helpers/admin-fixtures.js";

const sdk = adminSdk();
let seed: Seeded;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  seed = await seeded(sdk);
});

afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
});

function makeProduct(tag: string, sizes = ["S", "M"]) {
  return createProduct(sdk, seed, cleanup, tag, sizes);
}

describe("admin.product", () => {
  it("creates, reads, lists, updates and deletes a product", async () => {
    const product = await makeProduct("prod");
    expect(product.status).toBe("published");
    expect(product.variants).toHaveLength(1);
    expect(product.variants![0]!.sku).toBe(`${product.handle}-S`);

    const { product: read } = await sdk.admin.product.retrieve(product.id, { fields: "id,handle,*sales_channels" });
    expect(read.handle).toBe(product.handle);
    expect(read.sales_channels!.map((c) => c.id)).toContain(seed.salesChannelId);

    const { products, count } = await sdk.admin.product.list({ handle: product.handle, fields: "id,handle" });
    expect(count).toBe(1);
    expect(products[0]!.id).toBe(product.id);

    const { product: updated } = await sdk.admin.product.update(product.id, { subtitle: "changed by e2e", status: "draft" });
    expect(updated.subtitle).toBe("changed by e2e");
    const { product: again } = await sdk.admin.product.retrieve(product.id, { fields: "id,subtitle,status" });
    expect(again).toMatchObject({ subtitle: "changed by e2e", status: "draft" });

    const deleted = await sdk.admin.product.delete(product.id);
    expect(deleted).toMatchObject({ id: product.id, object: "product", deleted: true });
    await expectStatus(sdk.admin.product.retrieve(product.id), 404);
  });

  it("manages a product's variants one by one and in a batch", async () => {
    const product = await makeProduct("var", ["S", "M", "L"]);

    const { product: withM } = await sdk.admin.product.createVariant(
      product.id,
      { title: "M", sku: `${product.handle}-M`, options: { Size: "M" }, prices: [{ currency_code: "eur", amount: 13 }], manage_inventory: false },
      { fields: "id,*variants" },
    );
    const m = withM.variants!.find((v) => v.sku === `${product.handle}-M`)!;
    expect(m.title).toBe("M");

    const { variant } = await sdk.admin.product.retrieveVariant(product.id, m.id, { fields: "id,sku,*prices" });
    expect(variant.prices!.map((p) => [p.currency_code, p.amount])).toEqual([["eur", 13]]);

    await sdk.admin.product.updateVariant(product.id, m.id, { title: "Medium" });
    const { variants, count } = await sdk.admin.product.listVariants(product.id, { fields: "id,title,sku", order: "title" });
    expect(count).toBe(2);
    expect(variants.find((v) => v.id === m.id)!.title).toBe("Medium");

    const s = product.variants![0]!;
    const batch = await sdk.admin.product.batchVariants(product.id, {
      create: [{ title: "L", sku: `${product.handle}-L`, options: { Size: "L" }, prices: [{ currency_code: "usd", amount: 20 }], manage_inventory: false }],
      update: [{ id: s.id, title: "Small" }],
      delete: [m.id],
    });
    expect(batch.created.map((v) => v.sku)).toEqual([`${product.handle}-L`]);
    expect(batch.updated.map((v) => [v.id, v.title])).toEqual([[s.id, "Small"]]);
    expect(batch.deleted).toMatchObject({ ids: [m.id], deleted: true });

    const l = batch.created[0]!;
    const del = await sdk.admin.product.deleteVariant(product.id, l.id);
    expect(del).toMatchObject({ id: l.id, object: "variant", deleted: true });
    await expectGone(sdk.admin.product.retrieveVariant(product.id, l.id), "variant");
    const after = await sdk.admin.product.listVariants(product.id, { fields: "id" });
    expect(after.variants.map((v) => v.id)).toEqual([s.id]);
  });

  it("links images to variants from either side", async () => {
    const product = await makeProduct("img");
    const variantId = product.variants![0]!.id;
    const [front, back] = product.images!;
    expect(product.images).toHaveLength(2);

    // Images without variants apply to every variant; the links show on the product's images.
    const linked = async () => {
      const { product: p } = await sdk.admin.product.retrieve(product.id, { fields: "id,images.id,images.variants.id" });
      return Object.fromEntries(p.images!.map((i) => [i.id, (i.variants ?? []).map((v) => v.id)]));
    };
    const byImage = await sdk.admin.product.batchImageVariants(product.id, front!.id, { add: [variantId] });
    expect(byImage.added).toEqual([variantId]);
    expect(await linked()).toEqual({ [front!.id]: [variantId], [back!.id]: [] });

    const byVariant = await sdk.admin.product.batchVariantImages(product.id, variantId, { add: [back!.id], remove: [front!.id] });
    expect(byVariant.added).toEqual([back!.id]);
    expect(byVariant.removed).toEqual([front!.id]);
    expect(await linked()).toEqual({ [front!.id]: [], [back!.id]: [variantId] });
  });

  it("links a shared product option to a product and lists the product's options", async () => {
    const product = await makeProduct("opt");
    const { product_option: color } = await sdk.admin.productOption.create({ title: uniq("Color"), values: ["Red", "Blue"] });
    cleanup.push(() => sdk.admin.productOption.delete(color.id));

    const { product: linked } = await sdk.admin.product.linkOptions(product.id, { add: [color.id] }, { fields: "id,*options" });
    expect(linked.options!.map((o) => o.id)).toContain(color.id);
    const { product_options } = await sdk.admin.product.listOptions(product.id, { fields: "id,title" });
    expect(product_options.map((o) => o.title).sort()).toEqual([color.title, "Size"].sort());

    await sdk.admin.product.linkOptions(product.id, { remove: [color.id] });
    const after = await sdk.admin.product.listOptions(product.id, { fields: "id" });
    expect(after.product_options.map((o) => o.id)).not.toContain(color.id);
  });

  it("links inventory items to a variant, changes the required quantity and unlinks them", async () => {
    const product = await makeProduct("inv");
    const variantId = product.variants![0]!.id;
    const { inventory_item: box } = await sdk.admin.inventoryItem.create({ sku: uniq("box"), title: "Gift box" });
    const { inventory_item: card } = await sdk.admin.inventoryItem.create({ sku: uniq("card"), title: "Card" });
    cleanup.push(() => sdk.admin.inventoryItem.delete(box.id), () => sdk.admin.inventoryItem.delete(card.id));

    await sdk.admin.product.createVariantInventoryItem(product.id, variantId, { inventory_item_id: box.id, required_quantity: 2 });
    await sdk.admin.product.updateVariantInventoryItem(product.id, variantId, box.id, { required_quantity: 3 });
    const links = async () => {
      const { variant } = await sdk.admin.product.retrieveVariant(product.id, variantId, { fields: "id,inventory_items.inventory_item_id,inventory_items.required_quantity" });
      return Object.fromEntries(variant.inventory_items!.map((l) => [l.inventory_item_id, l.required_quantity]));
    };
    expect(await links()).toEqual({ [box.id]: 3 });

    const batch = await sdk.admin.product.batchVariantInventoryItems(product.id, {
      create: [{ variant_id: variantId, inventory_item_id: card.id, required_quantity: 1 }],
      update: [{ variant_id: variantId, inventory_item_id: box.id, required_quantity: 4 }],
    });
    expect(batch.created).toHaveLength(1);
    expect(await links()).toEqual({ [box.id]: 4, [card.id]: 1 });

    const gone = await sdk.admin.product.deleteVariantInventoryItem(product.id, variantId, box.id);
    expect(gone).toMatchObject({ deleted: true });
    expect(await links()).toEqual({ [card.id]: 1 });
  });

  it("creates, updates and deletes products in one batch", async () => {
    const [a, b] = [uniq("batch-a"), uniq("batch-b")];
    const keep = await makeProduct("batch-keep");
    const res = await sdk.admin.product.batch({
      create: [a, b].map((handle) => ({ title: handle, handle, options: [{ title: "Size", values: ["One"] }], variants: [{ title: "One", options: { Size: "One" }, prices: [{ currency_code: "eur", amount: 1 }] }] })),
      update: [{ id: keep.id, title: "renamed in a batch" }],
    });
    expect(res.created.map((p) => p.handle).sort()).toEqual([a, b].sort());
    for (const p of res.created) cleanup.push(() => sdk.admin.product.delete(p.id));
    expect(res.updated.map((p) => p.title)).toEqual(["renamed in a batch"]);

    const toDelete = res.created.map((p) => p.id);
    const del = await sdk.admin.product.batch({ delete: toDelete });
    expect(del.deleted).toMatchObject({ ids: toDelete, deleted: true });
    const { count } = await sdk.admin.product.list({ id: toDelete, fields: "id" });
    expect(count).toBe(0);
  });

  it("lists variants across products by SKU", async () => {
    const product = await makeProduct("pv");
    const sku = product.variants![0]!.sku!;
    const { variants, count } = await sdk.admin.productVariant.list({ q: sku, fields: "id,sku,product_id" });
    expect(count).toBe(1);
    expect(variants[0]).toMatchObject({ sku, product_id: product.id });
  });
});

/** One CSV row per product (the minimal working header of NOTES §14). */
function csv(handles: string[]): string {
  const header = "Product Handle,Product Title,Product Status,Variant Title,Variant Sku,Variant Manage Inventory,Variant Price EUR,Variant Option 1 Name,Variant Option 1 Value";
  return [header, ...handles.map((h) => `${h},"Imported, ${h}",draft,One,${h}-sku,false,9.5,Pack,Single`)].join("\n") + "\n";
}

/** The imported product once it and its variants are written (the import writes them in steps). */
async function productByHandle(handle: string) {
  const { products } = await sdk.admin.product.list({ handle, fields: "id,handle,title,*variants" });
  const product = products[0];
  if (product && !cleanup.some((c) => (c as { productId?: string }).productId === product.id)) {
    cleanup.push(Object.assign(() => sdk.admin.product.delete(product.id), { productId: product.id }));
  }
  return product?.variants?.length ? product : undefined;
}

describe("admin.product imports and exports", () => {
  it("imports a CSV given as a Buffer through the presigned-upload flow, then confirms it", async () => {
    const handle = uniq("imp");
    const started = await sdk.admin.product.createImport({ file: { name: `${handle}.csv`, content: Buffer.from(csv([handle])) } });
    expect(started.summary).toEqual({ toCreate: 1, toUpdate: 0 });
    expect(started.transaction_id).toMatch(/^auto-/);

    await sdk.admin.product.confirmImport(started.transaction_id);
    const product = await eventually(() => productByHandle(handle), `imported product ${handle}`);
    expect(product.title).toBe(`Imported, ${handle}`);
    expect(product.variants!.map((v) => v.sku)).toEqual([`${handle}-sku`]);
  });

  it("imports a CSV given as a path through the legacy one-step route, then confirms it", async () => {
    const handle = uniq("legacy");
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sdka-import-")), "catalogue.csv");
    writeFileSync(file, csv([handle]));
    const started = await sdk.admin.product.import({ file });
    expect(started.summary).toEqual({ toCreate: 1, toUpdate: 0 });

    await sdk.admin.product.confirmLegacyImport(started.transaction_id);
    const product = await eventually(() => productByHandle(handle), `imported product ${handle}`);
    expect(product.variants!.map((v) => v.sku)).toEqual([`${handle}-sku`]);
  });

  it("exports one product to CSV and announces the file in a notification", async () => {
    const product = await makeProduct("exp");
    const since = new Date(Date.now() - 1000).toISOString();
    const { transaction_id } = await sdk.admin.product.export({}, { handle: product.handle });
    expect(transaction_id).toBeTruthy();

    // Other suites may export at the same time: take the new export file that holds this product.
    const note = await eventually(async () => {
      const { notifications } = await sdk.admin.notification.list({ fields: "id,data,created_at", order: "-created_at", limit: 20 });
      for (const n of notifications) {
        const url = (n.data as { file?: { url?: string } }).file?.url;
        if (n.data?.title !== "Product export" || String(n.created_at) < since || !url) continue;
        if ((await (await fetch(url)).text()).includes(product.handle)) return n;
      }
      return undefined;
    }, "the export notification");
    const { notification } = await sdk.admin.notification.retrieve(note.id);
    expect(String((notification.data as { description?: string }).description)).toContain("successfully");
    const text = await (await fetch((notification.data as { file: { url: string } }).file.url)).text();
    expect(text.split("\n")[0]).toContain("Product Handle");
    // Only the product the handle filter selected, none of the seeded catalogue.
    expect(text).toContain(product.handle);
    expect(text).not.toContain("organic-poster");
  });
});

describe("admin.upload", () => {
  it("uploads files given as a path, a Buffer and a Blob, reads one back and deletes them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sdka-upload-"));
    const file = path.join(dir, "from-path.txt");
    writeFileSync(file, "from a path");
    const { files } = await sdk.admin.upload.create({
      files: [file, { name: "from-buffer.txt", content: Buffer.from("from a buffer") }, new Blob(["from a blob"], { type: "text/plain" })],
    });
    expect(files).toHaveLength(3);
    for (const f of files) cleanup.push(() => sdk.admin.upload.delete(f.id));
    const bodies = await Promise.all(files.map(async (f) => (await fetch(f.url)).text()));
    expect(bodies.sort()).toEqual(["from a blob", "from a buffer", "from a path"]);

    const { file: read } = await sdk.admin.upload.retrieve(files[0]!.id);
    expect(read).toMatchObject({ id: files[0]!.id, url: files[0]!.url });

    const del = await sdk.admin.upload.delete(files[1]!.id);
    expect(del).toMatchObject({ id: files[1]!.id, deleted: true });
    expect((await fetch(files[1]!.url)).status).toBe(404);
  });

  it("asks for a presigned upload URL", async () => {
    const res = await sdk.admin.upload.presignedUrl({ originalname: "list.csv", mime_type: "text/csv", size: 12 });
    expect(res).toMatchObject({ originalname: "list.csv", extension: "csv", mime_type: "text/csv", size: 12 });
    expect(res.url).toBe("/admin/uploads");
  });
});

describe("admin catalogue structure", () => {
  it("round-trips a product category and assigns products to it", async () => {
    const product = await makeProduct("cat");
    const handle = uniq("cat");
    const { product_category: parent } = await sdk.admin.productCategory.create({ name: `Parent ${handle}`, handle, is_active: true });
    cleanup.push(() => sdk.admin.productCategory.delete(parent.id));
    const { product_category: child } = await sdk.admin.productCategory.create({ name: `Child ${handle}`, parent_category_id: parent.id });
    cleanup.push(() => sdk.admin.productCategory.delete(child.id));

    const { product_category: read } = await sdk.admin.productCategory.retrieve(parent.id, { fields: "id,handle,*category_children" });
    expect(read.handle).toBe(handle);
    expect(read.category_children.map((c) => c.id)).toEqual([child.id]);
    const { product_categories } = await sdk.admin.productCategory.list({ q: handle, fields: "id" });
    expect(product_categories.map((c) => c.id).sort()).toEqual([parent.id, child.id].sort());

    await sdk.admin.productCategory.update(child.id, { description: "updated", is_internal: true });
    expect((await sdk.admin.productCategory.retrieve(child.id, { fields: "description,is_internal" })).product_category).toMatchObject({
      description: "updated",
      is_internal: true,
    });

    await sdk.admin.productCategory.updateProducts(child.id, { add: [product.id] });
    const inCat = await sdk.admin.product.list({ category_id: [child.id], fields: "id" });
    expect(inCat.products.map((p) => p.id)).toEqual([product.id]);

    await sdk.admin.productCategory.updateProducts(child.id, { remove: [product.id] });
    const del = await sdk.admin.productCategory.delete(child.id);
    expect(del).toMatchObject({ id: child.id, deleted: true });
    await expectStatus(sdk.admin.productCategory.retrieve(child.id), 404);
  });

  it("round-trips a collection and moves products into it", async () => {
    const product = await makeProduct("col");
    const handle = uniq("col");
    const { collection } = await sdk.admin.productCollection.create({ title: `Collection ${handle}`, handle });
    cleanup.push(() => sdk.admin.productCollection.delete(collection.id));
    expect((await sdk.admin.productCollection.retrieve(collection.id)).collection.handle).toBe(handle);
    const { collections } = await sdk.admin.productCollection.list({ handle, fields: "id" } as never);
    expect(collections.map((c) => c.id)).toEqual([collection.id]);

    await sdk.admin.productCollection.update(collection.id, { title: "Renamed collection" });
    const { collection: withProducts } = await sdk.admin.productCollection.updateProducts(collection.id, { add: [product.id] });
    expect(withProducts.title).toBe("Renamed collection");
    expect((await sdk.admin.product.retrieve(product.id, { fields: "collection_id" })).product.collection_id).toBe(collection.id);

    const del = await sdk.admin.productCollection.delete(collection.id);
    expect(del).toMatchObject({ id: collection.id, deleted: true });
    await expectGone(sdk.admin.productCollection.retrieve(collection.id), "collection");
  });

  it("round-trips a shared product option and its values", async () => {
    const title = uniq("Material");
    const { product_option: option } = await sdk.admin.productOption.create({ title, values: ["Wool", "Cotton"] });
    cleanup.push(() => sdk.admin.productOption.delete(option.id));
    expect(option.values!.map((v) => v.value).sort()).toEqual(["Cotton", "Wool"]);

    expect((await sdk.admin.productOption.retrieve(option.id)).product_option.title).toBe(title);
    const { product_options } = await sdk.admin.productOption.list({ q: title, fields: "id,title" } as never);
    expect(product_options.map((o) => o.id)).toEqual([option.id]);
    await sdk.admin.productOption.update(option.id, { title: `${title} (renamed)` });
    expect((await sdk.admin.productOption.retrieve(option.id)).product_option.title).toBe(`${title} (renamed)`);

    const { product_option_values } = await sdk.admin.productOption.listValues(option.id, { fields: "id,value" });
    const wool = product_option_values.find((v) => v.value === "Wool")!;
    const { product_option_value } = await sdk.admin.productOption.retrieveValue(option.id, wool.id);
    expect(product_option_value.value).toBe("Wool");
    await sdk.admin.productOption.updateValue(option.id, wool.id, { value: "Merino" });
    expect((await sdk.admin.productOption.retrieveValue(option.id, wool.id)).product_option_value.value).toBe("Merino");
    const delValue = await sdk.admin.productOption.deleteValue(option.id, wool.id);
    expect(delValue).toMatchObject({ id: wool.id, deleted: true });
    await expectGone(sdk.admin.productOption.retrieveValue(option.id, wool.id), "product_option_value");

    const del = await sdk.admin.productOption.delete(option.id);
    expect(del).toMatchObject({ id: option.id, deleted: true });
    await expectGone(sdk.admin.productOption.retrieve(option.id), "product_option");
  });

  it("round-trips a product tag", async () => {
    const value = uniq("tag");
    const { product_tag: tag } = await sdk.admin.productTag.create({ value });
    cleanup.push(() => sdk.admin.productTag.delete(tag.id));
    expect((await sdk.admin.productTag.retrieve(tag.id)).product_tag.value).toBe(value);
    const { product_tags } = await sdk.admin.productTag.list({ value, fields: "id" } as never);
    expect(product_tags.map((t) => t.id)).toEqual([tag.id]);
    await sdk.admin.productTag.update(tag.id, { value: `${value}-renamed` });
    expect((await sdk.admin.productTag.retrieve(tag.id)).product_tag.value).toBe(`${value}-renamed`);
    expect(await sdk.admin.productTag.delete(tag.id)).toMatchObject({ id: tag.id, deleted: true });
    await expectGone(sdk.admin.productTag.retrieve(tag.id), "product_tag");
  });

  it("round-trips a product type", async () => {
    const value = uniq("type");
    const { product_type: type } = await sdk.admin.productType.create({ value });
    cleanup.push(() => sdk.admin.productType.delete(type.id));
    expect((await sdk.admin.productType.retrieve(type.id)).product_type.value).toBe(value);
    const { product_types } = await sdk.admin.productType.list({ value, fields: "id" } as never);
    expect(product_types.map((t) => t.id)).toEqual([type.id]);
    await sdk.admin.productType.update(type.id, { value: `${value}-renamed` });
    expect((await sdk.admin.productType.retrieve(type.id)).product_type.value).toBe(`${value}-renamed`);
    expect(await sdk.admin.productType.delete(type.id)).toMatchObject({ id: type.id, deleted: true });
    await expectGone(sdk.admin.productType.retrieve(type.id), "product_type");
  });
});
