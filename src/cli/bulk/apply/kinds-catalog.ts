/** Catalogue kinds: categories, collections, tags, types, products with variants, prices and stock. */
import { SeedError, changedFields, compact, envName, listAll, listByKeys, metadataChanged, Plan, same, sorted, type Change, type Item, type Kind, type PlanContext, type Ref } from "./engine.js";
import { simpleKind, idsOf, refList, METADATA, ENV_FIELD } from "./simple.js";
import { Issues, at, bool, country, currency, int, list, mapping, nonNegative, num, oneOf, opt, req, shape, shapeOf, str, strList, strOrNull, type Rec } from "./validate.js";
import { fromVariantPrice, mergedVariantPrices, planPrices, type PriceSpec } from "../prices/plan.js";
import type { StockPlan, StockWant } from "../inventory/plan.js";

type S = Rec;

export const categories = simpleKind<S, Rec>({
  kind: "product_category",
  section: "product_categories",
  envKind: "CATEGORY",
  fields: {
    handle: req(str),
    name: req(str),
    description: opt(strOrNull),
    parent: opt(strOrNull),
    is_active: opt(bool),
    is_internal: opt(bool),
    rank: opt(int),
    ...METADATA,
  },
  key: (s) => s.handle as string,
  refs: (s, path) => (s.parent ? [{ kind: "product_category", key: s.parent as string, path: `${path}.parent` }] : []),
  resource: "productCategory",
  load: (api, keys) =>
    listByKeys(api, "productCategory", "handle", keys, {
      fields: "id,name,handle,description,is_active,is_internal,rank,parent_category_id,metadata",
    }),
  keyOf: (e) => e.handle as string,
  body: (s, ctx) => ({
    name: s.name,
    handle: s.handle,
    description: s.description,
    is_active: s.is_active,
    is_internal: s.is_internal,
    rank: s.rank,
    parent_category_id: s.parent === null ? null : s.parent ? ctx.id("product_category", s.parent as string) : undefined,
    metadata: s.metadata,
  }),
  current: (e) => e,
  // Parents before children, whatever the order in the file.
  order: (items) => {
    const byHandle = new Map(items.map((i) => [i.spec.handle as string, i]));
    const out: Item<S>[] = [];
    const seen = new Set<string>();
    const visit = (i: Item<S>, depth: number) => {
      const h = i.spec.handle as string;
      if (seen.has(h) || depth > items.length) return;
      const parent = i.spec.parent ? byHandle.get(i.spec.parent as string) : undefined;
      if (parent) visit(parent, depth + 1);
      if (!seen.has(h)) {
        seen.add(h);
        out.push(i);
      }
    };
    for (const i of items) visit(i, 0);
    return out;
  },
});

export const collections = simpleKind<S, Rec>({
  kind: "collection",
  section: "collections",
  envKind: "COLLECTION",
  fields: { handle: req(str), title: req(str), ...METADATA },
  key: (s) => s.handle as string,
  resource: "productCollection",
  load: (api, keys) => listByKeys(api, "productCollection", "handle", keys, { fields: "id,title,handle,metadata" }),
  keyOf: (e) => e.handle as string,
  body: (s) => ({ title: s.title, handle: s.handle, metadata: s.metadata }),
  current: (e) => e,
});

const valueKind = (kind: string, section: string, envKind: string, resource: "productTag" | "productType") =>
  simpleKind<S, Rec>({
    kind,
    section,
    envKind,
    fields: { value: req(str), ...METADATA },
    coerce: (raw) => (typeof raw === "string" ? { value: raw } : raw),
    key: (s) => s.value as string,
    resource,
    load: (api, keys) => listByKeys(api, resource, "value", keys, { fields: "id,value,metadata" }),
    keyOf: (e) => e.value as string,
    body: (s) => ({ value: s.value, metadata: s.metadata }),
    current: (e) => e,
  });

export const tags = valueKind("product_tag", "product_tags", "TAG", "productTag");
export const types = valueKind("product_type", "product_types", "TYPE", "productType");

// ---------------------------------------------------------------------------------------------

const variantPriceShape = (v: unknown, path: string, issues: Issues) =>
  shape(v, path, issues, { currency_code: req(currency), amount: req(num), min_quantity: opt(nonNegative), max_quantity: opt(nonNegative), region: opt(str) });

const stockShape = (v: unknown, path: string, issues: Issues) => {
  const m = mapping(v, path, issues);
  if (!m) return undefined;
  const out: Record<string, number> = {};
  for (const [loc, q] of Object.entries(m)) {
    const n = int(q, at(path, loc), issues);
    if (n !== undefined) out[loc] = n;
  }
  return out;
};

const optionValues = (v: unknown, path: string, issues: Issues) => {
  const m = mapping(v, path, issues);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(m)) {
    // YAML reads `Size: 10` as a number; Medusa wants option values as text.
    if (typeof x === "number") out[k] = String(x);
    else {
      const s = str(x, at(path, k), issues);
      if (s !== undefined) out[k] = s;
    }
  }
  return out;
};

const DIMENSIONS = { weight: opt(nonNegative), length: opt(nonNegative), height: opt(nonNegative), width: opt(nonNegative) };
const CODES = { hs_code: opt(strOrNull), mid_code: opt(strOrNull), origin_country: opt(country), material: opt(strOrNull) };

const variantShape = shapeOf({
  sku: req(str),
  title: req(str),
  options: opt(optionValues),
  prices: opt(list(variantPriceShape)),
  stock: opt(stockShape),
  manage_inventory: opt(bool),
  allow_backorder: opt(bool),
  barcode: opt(strOrNull),
  ean: opt(strOrNull),
  upc: opt(strOrNull),
  variant_rank: opt(int),
  ...DIMENSIONS,
  ...CODES,
  ...METADATA,
  ...ENV_FIELD,
});

const optionShape = shapeOf({
  title: req(str),
  values: req(list((v, p, i) => (typeof v === "number" ? String(v) : str(v, p, i)), { nonEmpty: true })),
});

const PRODUCT_FIELDS = {
  handle: req(str),
  title: req(str),
  subtitle: opt(strOrNull),
  description: opt(strOrNull),
  status: opt(oneOf("draft", "proposed", "published", "rejected")),
  thumbnail: opt(strOrNull),
  images: opt(strList),
  discountable: opt(bool),
  is_giftcard: opt(bool),
  external_id: opt(strOrNull),
  collection: opt(strOrNull),
  type: opt(strOrNull),
  tags: opt(strList),
  categories: opt(strList),
  sales_channels: opt(strList),
  shipping_profile: opt(str),
  options: opt(list(optionShape)),
  variants: opt(list(variantShape)),
  ...DIMENSIONS,
  ...CODES,
  ...METADATA,
};

const PRODUCT_PLAIN = ["title", "subtitle", "description", "status", "thumbnail", "discountable", "is_giftcard", "external_id", "weight", "length", "height", "width", "hs_code", "mid_code", "origin_country", "material"];
const VARIANT_PLAIN = ["title", "manage_inventory", "allow_backorder", "barcode", "ean", "upc", "variant_rank", "weight", "length", "height", "width", "hs_code", "mid_code", "origin_country", "material"];

// Without price_rules in the selection Medusa answers `rules: {}` even for region prices.
const VARIANT_PRICES_QUERY = "id,variants.id,variants.sku,*variants.prices,*variants.prices.price_rules";

const PRODUCT_QUERY = [
  "id,handle,metadata,collection_id,type_id",
  ...PRODUCT_PLAIN,
  "tags.id,categories.id,sales_channels.id,shipping_profile.id,images.url",
  "options.id,options.title,options.values.value",
  "variants.id,variants.sku,variants.metadata,variants.options.value,variants.options.option.title,*variants.prices,*variants.prices.price_rules",
  ...VARIANT_PLAIN.map((f) => `variants.${f}`),
].join(",");

function checkProduct(spec: S, path: string, issues: Issues): void {
  const options = (spec.options as Rec[] | undefined) ?? [];
  const titles = new Map(options.map((o) => [o.title as string, new Set(o.values as string[])]));
  const skus = new Set<string>();
  ((spec.variants as Rec[] | undefined) ?? []).forEach((v, i) => {
    const vp = at(at(path, "variants"), i);
    if (skus.has(v.sku as string)) issues.add(`${vp}.sku`, `"${v.sku}" appears twice in this product`);
    skus.add(v.sku as string);
    for (const [t, val] of Object.entries((v.options as Record<string, string>) ?? {})) {
      const values = titles.get(t);
      if (!values) issues.add(at(at(vp, "options"), t), `no option "${t}" in ${path}.options`);
      else if (!values.has(val)) issues.add(at(at(vp, "options"), t), `"${val}" is not one of the option's values (${[...values].join(", ")})`);
    }
    const keys = new Set<string>();
    ((v.prices as Rec[]) ?? []).forEach((p, j) => {
      const k = `${p.currency_code}|${p.region ?? ""}|${p.min_quantity ?? ""}|${p.max_quantity ?? ""}`;
      if (keys.has(k)) issues.add(at(at(vp, "prices"), j), "a second price with the same currency, region and quantities");
      keys.add(k);
    });
  });
}

function productRefs(s: S, path: string): Ref[] {
  const refs: Ref[] = [
    ...refList("product_tag", s.tags as string[], `${path}.tags`),
    ...refList("product_category", s.categories as string[], `${path}.categories`),
    ...refList("sales_channel", s.sales_channels as string[], `${path}.sales_channels`),
  ];
  if (s.collection) refs.push({ kind: "collection", key: s.collection as string, path: `${path}.collection` });
  if (s.type) refs.push({ kind: "product_type", key: s.type as string, path: `${path}.type` });
  if (s.shipping_profile) refs.push({ kind: "shipping_profile", key: s.shipping_profile as string, path: `${path}.shipping_profile` });
  ((s.variants as Rec[]) ?? []).forEach((v, i) => {
    const vp = `${path}.variants[${i}]`;
    ((v.prices as Rec[]) ?? []).forEach((p, j) => p.region && refs.push({ kind: "region", key: p.region as string, path: `${vp}.prices[${j}].region` }));
    for (const loc of Object.keys((v.stock as Rec) ?? {})) refs.push({ kind: "stock_location", key: loc, path: `${vp}.stock.${loc}` });
  });
  return refs;
}

/** The product's own fields in the body's terms; relations as sorted id lists. */
function productBody(s: S, ctx: PlanContext): Rec {
  const out: Rec = {};
  for (const f of PRODUCT_PLAIN) out[f] = s[f];
  out.handle = s.handle;
  if (s.collection !== undefined) out.collection_id = s.collection === null ? null : ctx.id("collection", s.collection as string);
  if (s.type !== undefined) out.type_id = s.type === null ? null : ctx.id("product_type", s.type as string);
  if (s.tags) out.tags = sorted((s.tags as string[]).map((t) => ctx.id("product_tag", t)));
  if (s.categories) out.categories = sorted((s.categories as string[]).map((t) => ctx.id("product_category", t)));
  if (s.sales_channels) out.sales_channels = sorted((s.sales_channels as string[]).map((t) => ctx.id("sales_channel", t)));
  if (s.shipping_profile) out.shipping_profile_id = ctx.id("shipping_profile", s.shipping_profile as string);
  if (s.images) out.images = s.images;
  return compact(out);
}

function productCurrent(e: Rec): Rec {
  return {
    ...e,
    tags: idsOf(e.tags),
    categories: idsOf(e.categories),
    sales_channels: idsOf(e.sales_channels),
    shipping_profile_id: (e.shipping_profile as Rec | null)?.id ?? null,
    images: ((e.images as Rec[]) ?? []).map((i) => i.url),
  };
}

/** Relations go over the wire as `[{id}]`, images as `[{url}]`. */
function wire(body: Rec): Rec {
  const out: Rec = { ...body };
  for (const k of ["tags", "categories", "sales_channels"]) if (Array.isArray(out[k])) out[k] = (out[k] as string[]).map((id) => ({ id }));
  if (Array.isArray(out.images)) out.images = (out.images as string[]).map((url) => ({ url }));
  return out;
}

function variantPrices(v: S, variantId: string, ctx: PlanContext): PriceSpec[] {
  return ((v.prices as Rec[]) ?? []).map((p) => ({
    variant_id: variantId,
    currency_code: p.currency_code as string,
    amount: p.amount as number,
    min_quantity: (p.min_quantity as number | undefined) ?? null,
    max_quantity: (p.max_quantity as number | undefined) ?? null,
    region_id: p.region ? ctx.id("region", p.region as string) : null,
  }));
}

function variantPlain(v: S): Rec {
  const out: Rec = {};
  for (const f of VARIANT_PLAIN) out[f] = v[f];
  return compact(out);
}

function variantOptionsOf(e: Rec): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of (e.options as Rec[]) ?? []) {
    const title = (o.option as Rec | undefined)?.title as string | undefined;
    if (title) out[title] = o.value as string;
  }
  return out;
}

export const products: Kind<S, Rec> = {
  kind: "product",
  section: "products",
  envKind: "PRODUCT",
  parse(raw, path, issues) {
    const before = issues.list.length;
    const spec = shape(raw, path, issues, { ...PRODUCT_FIELDS, ...ENV_FIELD });
    if (!spec || issues.list.length > before) return undefined;
    checkProduct(spec, path, issues);
    return issues.list.length > before ? undefined : spec;
  },
  key: (s) => s.handle as string,
  refs: productRefs,
  load: async (api, keys) => {
    const list = await listByKeys<Rec>(api, "product", "handle", keys, { fields: PRODUCT_QUERY }, 50);
    return new Map(list.map((p) => [p.handle as string, p]));
  },
  async plan(item, existing, ctx) {
    const plan = new Plan();
    const { sdk, signal } = ctx.api;
    const s = item.spec;
    const handle = s.handle as string;
    const body = productBody(s, ctx);
    const variants = (s.variants as Rec[]) ?? [];
    const stock: StockWant[] = [];
    /** SKUs whose inventory items only the writes bring into being (their variants are created). */
    const newSkus = new Set<string>();
    const self = plan.change({ kind: "product", key: handle, action: existing ? "unchanged" : "create", fields: [], id: existing?.id as string | undefined });
    const variantChanges = new Map<string, Change>();
    if (!existing) {
      const create: Rec = {
        ...wire(body),
        metadata: s.metadata,
        options: s.options,
        variants: variants.map((v) =>
          compact({
            ...variantPlain(v),
            sku: v.sku,
            options: v.options,
            metadata: v.metadata,
            prices: variantPrices(v, "", ctx).filter((p) => !p.region_id).map(priceWire),
          }),
        ),
      };
      // Medusa creates a product without options only with a default option; say nothing extra.
      if (!s.options) delete create.options;
      self.fields.push(...Object.keys(compact(create)));
      for (const v of variants) {
        const sku = v.sku as string;
        newSkus.add(sku);
        variantChanges.set(sku, plan.change({ kind: "variant", key: sku, action: "create", fields: ["title", "sku", ...(v.prices ? ["prices"] : []), ...(v.stock ? ["stock"] : [])] }));
      }
      plan.write(async () => {
        const res = (await sdk.admin.product.create(compact(create) as never, { fields: VARIANT_PRICES_QUERY }, undefined, { signal })) as unknown as { product: Rec };
        ctx.created(self, res.product.id as string);
        const made = (res.product.variants as Rec[]) ?? [];
        for (const v of made) if (variantChanges.has(v.sku as string)) ctx.created(variantChanges.get(v.sku as string)!, v.id as string);
        for (const v of variants) await addRegionPrices(ctx, self.id!, made.find((x) => x.sku === v.sku), v);
      });
    } else {
      const fields = self.fields;
      fields.push(...changedFields(body, productCurrent(existing)));
      if (metadataChanged(s.metadata as Rec | undefined, existing.metadata as Rec | undefined)) fields.push("metadata");
      // Options: missing ones are created, missing values added; nothing is removed.
      const haveOptions = (existing.options as Rec[]) ?? [];
      const optionLinks: unknown[] = [];
      for (const o of (s.options as Rec[]) ?? []) {
        const cur = haveOptions.find((h) => h.title === o.title);
        const values = o.values as string[];
        if (!cur) {
          // Medusa 2.21 keeps options as shared records, one per title: an existing one is linked with the
          // wanted values, otherwise a new one is created and linked in the same request.
          const shared = (await listAll<Rec>(ctx.api, "productOption", { title: o.title, fields: "id,title,*values" })).find((x) => x.title === o.title);
          let add: unknown = { title: o.title as string, values };
          if (shared) {
            const byValue = new Map(((shared.values as Rec[]) ?? []).map((v) => [v.value as string, v.id as string]));
            const unknown = values.filter((v) => !byValue.has(v));
            if (unknown.length) {
              throw new SeedError([`${item.path}.options: the shared option "${String(o.title)}" has no value ${unknown.map((v) => `"${v}"`).join(", ")}, and Medusa 2.21 cannot add values while linking; add them to the option first (medusactl product-options update)`]);
            }
            add = { id: shared.id, value_ids: values.map((v) => byValue.get(v)!) };
          }
          optionLinks.push(add);
        } else {
          const have = ((cur.values as Rec[]) ?? []).map((v) => v.value as string);
          const missing = values.filter((v) => !have.includes(v));
          // Medusa 2.21 links an option's values per product and refuses to link an option twice: a new value on an
          // option the product already has cannot be written (its routes answer 400 or 500), so say so before writing.
          if (missing.length) {
            throw new SeedError([`${item.path}.options: Medusa 2.21 cannot add ${missing.map((v) => `"${v}"`).join(", ")} to the option "${String(o.title)}" that product ${handle} already has; add them in Medusa Admin, or create the product with every value`]);
          }
        }
      }
      if (fields.length) {
        const update: Rec = {};
        const w = wire(body);
        for (const f of fields) update[f] = f === "metadata" ? s.metadata : w[f];
        plan.write(() => sdk.admin.product.update(self.id!, update as never, undefined, undefined, { signal }));
      }
      for (const add of optionLinks) plan.write(() => sdk.admin.product.linkOptions(self.id!, { add: [add] } as never, undefined, undefined, { signal }));
      if (optionLinks.length) fields.push("options");
      if (fields.length) self.action = "update";
      const haveVariants = new Map(((existing.variants as Rec[]) ?? []).map((v) => [v.sku as string, v]));
      for (const v of variants) {
        const sku = v.sku as string;
        const cur = haveVariants.get(sku);
        if (!cur) {
          const vbody = compact({ ...variantPlain(v), sku, options: v.options, metadata: v.metadata, prices: variantPrices(v, "", ctx).filter((p) => !p.region_id).map(priceWire) });
          const change = plan.change({ kind: "variant", key: sku, action: "create", fields: Object.keys(vbody) });
          newSkus.add(sku);
          variantChanges.set(sku, change);
          plan.write(async () => {
            const res = (await sdk.admin.product.createVariant(self.id!, vbody as never, { fields: VARIANT_PRICES_QUERY }, undefined, { signal })) as unknown as { product: Rec };
            const made = ((res.product.variants as Rec[]) ?? []).find((x) => x.sku === sku);
            ctx.created(change, made?.id as string | undefined);
            await addRegionPrices(ctx, self.id!, made, v);
          });
        } else {
          const vid = cur.id as string;
          const plain = variantPlain(v);
          const vfields = changedFields(plain, cur);
          const update: Rec = {};
          for (const f of vfields) update[f] = plain[f];
          if (v.options && !same({ ...variantOptionsOf(cur), ...(v.options as Rec) }, variantOptionsOf(cur))) {
            vfields.push("options");
            update.options = v.options;
          }
          if (metadataChanged(v.metadata as Rec | undefined, cur.metadata as Rec | undefined)) {
            vfields.push("metadata");
            update.metadata = v.metadata;
          }
          if (v.prices) {
            const have = ((cur.prices as Rec[]) ?? []).map((p) => fromVariantPrice(vid, p));
            const prices = planPrices(variantPrices(v, vid, ctx), have.filter((p) => !p.otherRules));
            if (prices.create.length || prices.update.length) {
              vfields.push("prices");
              update.prices = mergedVariantPrices(have, prices);
            }
          }
          // Medusa gives a variant that starts to manage inventory its inventory item: its stock waits for that.
          if (update.manage_inventory === true) newSkus.add(sku);
          if (vfields.length) plan.write(() => sdk.admin.product.updateVariant(self.id!, vid, update as never, undefined, undefined, { signal }));
          variantChanges.set(sku, plan.change({ kind: "variant", key: sku, action: vfields.length ? "update" : "unchanged", fields: vfields, id: vid }));
        }
      }
    }
    for (const v of variants) for (const [loc, q] of Object.entries((v.stock as Record<string, number>) ?? {})) stock.push({ sku: v.sku as string, location_id: ctx.id("stock_location", loc), stocked_quantity: q });
    ctx.setId("product", handle, self.id);
    plan.envVar(envName("PRODUCT", item.envKey, "ID"), () => self.id);
    for (const v of variants) {
      const change = variantChanges.get(v.sku as string)!;
      ctx.setId("variant", v.sku as string, change.id);
      plan.envVar(envName("VARIANT", (v.env as string) ?? (v.sku as string), "ID"), () => change.id);
    }
    if (stock.length) await planStock(stock, newSkus, ctx, plan, (sku) => `${item.path}.variants[${variants.findIndex((v) => v.sku === sku)}].stock`);
    return plan;
  },
};

/**
 * Medusa 2.21 drops price rules from variants created with their product, so region prices are
 * added afterwards by a variant update, which keeps them.
 */
async function addRegionPrices(ctx: PlanContext, productId: string, created: Rec | undefined, v: S): Promise<void> {
  if (!created) return;
  const wanted = variantPrices(v, created.id as string, ctx);
  if (!wanted.some((p) => p.region_id)) return;
  const have = ((created.prices as Rec[]) ?? []).map((p) => fromVariantPrice(created.id as string, p));
  const plan = planPrices(wanted, have.filter((p) => !p.otherRules));
  await ctx.api.sdk.admin.product.updateVariant(productId, created.id as string, { prices: mergedVariantPrices(have, plan) } as never, undefined, undefined, { signal: ctx.api.signal });
}

function priceWire(p: PriceSpec): Rec {
  return compact({ currency_code: p.currency_code, amount: p.amount, min_quantity: p.min_quantity ?? undefined, max_quantity: p.max_quantity ?? undefined, rules: p.region_id ? { region_id: p.region_id } : undefined });
}

const LEVELS_QUERY = { fields: "id,sku,location_levels.id,location_levels.location_id,location_levels.stocked_quantity" };

/**
 * Stock levels through the inventory batch endpoint: levels that differ are updated, missing
 * ones created. A variant's change line gains "stock" when its levels change. Levels of a variant
 * the plan creates, or at a location not written yet, are planned as changed: their inventory
 * item or location exists only once the writes before have run, so their write reads it then.
 */
async function planStock(wants: StockWant[], newSkus: Set<string>, ctx: PlanContext, plan: Plan, pathOf: (sku: string) => string): Promise<void> {
  const { planStock: levels } = await import("../inventory/plan.js");
  const later = (w: StockWant) => newSkus.has(w.sku) || ctx.isPlaceholder(w.location_id);
  const now = wants.filter((w) => !later(w));
  const items = now.length ? await listByKeys<Rec>(ctx.api, "inventoryItem", "sku", [...new Set(now.map((w) => w.sku))], LEVELS_QUERY) : [];
  const known = levels(now, items);
  // A variant that exists without an inventory item has none after this plan either: said before the product is written.
  if (known.missing.length) throw new SeedError([...new Set(known.missing.map((w) => w.sku))].map((sku) => `${pathOf(sku)}: variant ${sku} has no inventory item (set manage_inventory: true to keep stock)`));
  const pending = wants.filter(later);
  const changed = new Set([...known.create, ...known.update, ...pending].map((c) => c.sku));
  if (known.create.length || known.update.length) plan.write(() => sendLevels(ctx, known));
  if (pending.length) {
    plan.write(async () => {
      const found = levels(pending, await listByKeys<Rec>(ctx.api, "inventoryItem", "sku", [...new Set(pending.map((w) => w.sku))], LEVELS_QUERY));
      if (found.missing.length) throw new Error(`variant ${found.missing[0]!.sku} has no inventory item (set manage_inventory: true to keep stock)`);
      if (found.create.length || found.update.length) await sendLevels(ctx, found);
    });
  }
  // The variants whose levels change say "stock".
  for (const c of plan.changes) {
    if (c.kind !== "variant" || !changed.has(c.key)) continue;
    if (!c.fields.includes("stock")) c.fields.push("stock");
    if (c.action === "unchanged") c.action = "update";
  }
}

function sendLevels(ctx: PlanContext, levels: StockPlan): Promise<unknown> {
  const body = (steps: StockPlan["create"]) => steps.map(({ inventory_item_id, location_id, stocked_quantity }) => ({ inventory_item_id, location_id, stocked_quantity }));
  return ctx.api.sdk.admin.inventoryItem.batchInventoryItemsLocationLevels({ create: body(levels.create), update: body(levels.update) } as never, undefined, { signal: ctx.api.signal });
}

/** Variants are declared inside products; this kind only finds existing ones by SKU for references. */
export const variants: Kind<S, Rec> = {
  kind: "variant",
  section: "products[].variants",
  envKind: "VARIANT",
  parse: (raw) => raw as Rec,
  key: (s) => s.sku as string,
  load: async (api, keys) => {
    const list = await listByKeys<Rec>(api, "productVariant", "sku", keys, { fields: "id,sku,product_id" });
    return new Map(list.map((v) => [v.sku as string, v]));
  },
  // Written by their product.
  plan: async () => new Plan(),
};
