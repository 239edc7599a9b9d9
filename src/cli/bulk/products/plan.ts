/**
 * Planning a product import: the rows of one product in the file against the product as the
 * store has it (or nothing) → create, update or unchanged, the changed fields, and the request
 * bodies. Pure: lookups happen before, writes after.
 *
 * Medusa 2.21 facts this relies on (verified against the sandbox):
 * - an update that lists `variants` deletes the variants it leaves out, and a variant listed
 *   without `options` crashes the update (500), so every existing variant is sent with its
 *   options map;
 * - a variant's `prices` replace its price set, so prices are merged (existing ones kept, with
 *   their ids) and never wiped;
 * - `options` may no longer be sent on update (2.16+): new options and values go through
 *   `POST /admin/products/{id}/options/batch` first;
 * - `sales_channels` on update replace the links; metadata is merged server-side.
 */
import { PRODUCT_COLUMNS, VARIANT_COLUMNS, priceKey, type ParsedRow, type RefKind, type Scalar } from "./csv-columns.js";
import { Changes, type FieldDiff } from "../diff.js";

type Rec = Record<string, unknown>;

export interface ExistingPrice {
  id: string;
  amount: number;
  currency_code: string;
  min_quantity?: number | null;
  max_quantity?: number | null;
  rules?: Record<string, string> | null;
  /** Set on price-list prices, which the variant's own price set does not manage. */
  price_list_id?: string | null;
  updated_at?: string | null;
}

export interface ExistingVariant {
  id: string;
  title?: string | null;
  sku?: string | null;
  options?: { value: string; option_id?: string | null; option?: { title?: string } | null }[] | null;
  prices?: ExistingPrice[] | null;
  [field: string]: unknown;
}

export interface ExistingProduct {
  id: string;
  handle: string;
  options?: { id: string; title: string; values?: { id?: string; value: string }[] | null }[] | null;
  variants?: ExistingVariant[] | null;
  categories?: { id: string }[] | null;
  tags?: { id: string }[] | null;
  images?: { id?: string; url: string; rank?: number | null }[] | null;
  sales_channels?: { id: string }[] | null;
  shipping_profile?: { id: string } | null;
  [field: string]: unknown;
}

/** Names already resolved to ids (flags and `--portable` columns). */
export interface Resolved {
  /** `--sales-channel`: added to every product's channels. */
  salesChannelId?: string;
  /** `--shipping-profile`: used where neither the file nor the store names one. */
  shippingProfileId?: string;
  /** Region name (as written in price headers) → region id. */
  regions: Map<string, string>;
  refs: {
    collection: Map<string, string>;
    type: Map<string, string>;
    shippingProfile: Map<string, string>;
  } & Record<RefKind, Map<string, string>>;
}

export interface FileProduct {
  key: string;
  rows: ParsedRow[];
  /** Why it is not imported (`--on-error skip`): reported, never planned. */
  skipped?: string;
}

export interface RowOutcome {
  row: number;
  line: number;
  sku?: string;
  variantId?: string;
  /** Index into the update's `variants` (or the create's) for new variants: their id comes back by SKU. */
}

export interface ProductPlan {
  key: string;
  handle?: string;
  productId?: string;
  action: "create" | "update" | "unchanged";
  changes: string[];
  /** The changed fields with their values in the store and in the file (dry run, `--json`). */
  diff: FieldDiff[];
  create?: Rec;
  update?: Rec;
  /** Body for POST /admin/products/{id}/options/batch, run before the update. */
  optionOps?: { add?: { title: string; values: string[] }[]; update?: { product_option_id: string; add: { value: string }[] }[] };
  rows: RowOutcome[];
}

export const DEFAULT_OPTION = "Default option";
export const DEFAULT_OPTION_VALUE = "Default option value";

/** The product-level values of a group of rows (rows agree; validation checked it). */
export function mergeRows(rows: ParsedRow[]): Omit<ParsedRow, "row" | "line" | "variant" | "prices" | "options" | "optionExclusive" | "stock"> {
  const out = { product: {} as Record<string, Scalar>, lists: {} as ParsedRow["lists"], refs: {} as ParsedRow["refs"], refOne: {} as ParsedRow["refOne"] };
  for (const r of rows) {
    for (const [k, v] of Object.entries(r.product)) if (!(k in out.product)) out.product[k] = v;
    for (const [k, v] of Object.entries(r.lists)) if (!(k in out.lists)) (out.lists as Rec)[k] = v;
    for (const [k, v] of Object.entries(r.refs)) if (!(k in out.refs)) (out.refs as Rec)[k] = v;
    for (const [k, v] of Object.entries(r.refOne)) if (!(k in out.refOne)) (out.refOne as Rec)[k] = v;
  }
  return out;
}

/** Option titles and their values, in order of first appearance. */
export function fileOptions(rows: ParsedRow[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const r of rows)
    for (const [t, v] of r.options) {
      const vals = m.get(t) ?? [];
      if (!vals.includes(v)) vals.push(v);
      m.set(t, vals);
    }
  return m;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a === "number" || typeof b === "number") return Number(a) === Number(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether merging `incoming` into `current` (Medusa merges metadata) would change anything. */
function metadataChanges(current: unknown, incoming: Record<string, unknown>): boolean {
  const cur = (current && typeof current === "object" ? current : {}) as Rec;
  return Object.entries(incoming).some(([k, v]) => JSON.stringify(cur[k]) !== JSON.stringify(v));
}

/** The stored values of the keys a metadata update sends (Medusa merges; the others stay). */
function pick(current: unknown, incoming: Record<string, unknown>): Record<string, unknown> {
  const cur = (current && typeof current === "object" ? current : {}) as Rec;
  return Object.fromEntries(Object.keys(incoming).filter((k) => k in cur).map((k) => [k, cur[k]]));
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** Variant option map title → value from an existing variant. */
export function variantOptionMap(v: ExistingVariant, product: ExistingProduct): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of v.options ?? []) {
    const title = o.option?.title ?? product.options?.find((p) => p.id === o.option_id)?.title;
    if (title) out[title] = o.value;
  }
  return out;
}

/** Is this existing price the one a CSV price key names (no quantity tiers; region rule or none)? */
function priceMatches(p: ExistingPrice, currency: string, regionId: string | undefined): boolean {
  if (p.currency_code.toLowerCase() !== currency) return false;
  if (p.min_quantity != null || p.max_quantity != null) return false;
  const rules = p.rules ?? {};
  const keys = Object.keys(rules);
  if (regionId) return keys.length === 1 && rules.region_id === regionId;
  return keys.length === 0;
}

function priceEntries(row: ParsedRow, resolved: Resolved): { currency: string; regionId?: string; amount: number; key: string }[] {
  return Object.entries(row.prices).map(([key, amount]) => {
    const [currency, region] = key.split("@") as [string, string | undefined];
    return { key, currency, regionId: region ? resolved.regions.get(region) : undefined, amount };
  });
}

function newPrices(row: ParsedRow, resolved: Resolved): Rec[] {
  return priceEntries(row, resolved).map((p) => (p.regionId ? { currency_code: p.currency, amount: p.amount, rules: { region_id: p.regionId } } : { currency_code: p.currency, amount: p.amount }));
}

/** Prices to send for an existing variant, or undefined when the row changes none. */
function mergedPrices(row: ParsedRow, existing: ExistingPrice[], resolved: Resolved, changes: Changes, label: string): Rec[] | undefined {
  let changed = false;
  const out: Rec[] = existing.map((p) => ({
    id: p.id,
    currency_code: p.currency_code,
    amount: p.amount,
    ...(p.min_quantity != null ? { min_quantity: p.min_quantity } : {}),
    ...(p.max_quantity != null ? { max_quantity: p.max_quantity } : {}),
    ...(p.rules && Object.keys(p.rules).length ? { rules: p.rules } : {}),
  }));
  for (const p of priceEntries(row, resolved)) {
    const i = existing.findIndex((e) => priceMatches(e, p.currency, p.regionId));
    if (i >= 0) {
      if (!same(existing[i]!.amount, p.amount)) {
        out[i]!.amount = p.amount;
        changed = true;
        changes.add(`${label}.price.${p.key}`, existing[i]!.amount, p.amount, existing[i]!.updated_at);
      }
    } else {
      out.push(p.regionId ? { currency_code: p.currency, amount: p.amount, rules: { region_id: p.regionId } } : { currency_code: p.currency, amount: p.amount });
      changed = true;
      changes.add(`${label}.price.${p.key}`, undefined, p.amount);
    }
  }
  return changed ? out : undefined;
}

/** A variant's title: the file's, else its option values, its SKU, the product's title. */
export function variantTitle(row: ParsedRow, productTitle: unknown): string {
  if (typeof row.variant.title === "string") return row.variant.title;
  if (row.options.length) return row.options.map(([, v]) => v).join(" / ");
  if (typeof row.variant.sku === "string") return row.variant.sku;
  return typeof productTitle === "string" ? productTitle : "Default";
}

/** Product-level fields of the body: resolved references, lists and flags. */
function productBody(merged: ReturnType<typeof mergeRows>, resolved: Resolved): Rec {
  const body: Rec = {};
  for (const col of PRODUCT_COLUMNS) {
    if (col.field === "id") continue;
    const v = merged.product[col.field];
    if (v !== undefined) body[col.field] = v;
  }
  const r = merged.refOne;
  if (r.collection !== undefined) body.collection_id = resolved.refs.collection.get(r.collection);
  if (r.type !== undefined) body.type_id = resolved.refs.type.get(r.type);
  if (r.shippingProfile !== undefined) body.shipping_profile_id = resolved.refs.shippingProfile.get(r.shippingProfile);
  // A reference by name (--portable) wins over an id column: ids are what another store lacks.
  const ids = (list: string[] | undefined, ref: string[] | undefined, map: Map<string, string>) =>
    ref ? ref.map((x) => map.get(x)!).filter(Boolean) : list;
  const cats = ids(merged.lists.category, merged.refs.category, resolved.refs.category);
  if (cats) body.categories = cats.map((id) => ({ id }));
  const tags = ids(merged.lists.tag, merged.refs.tag, resolved.refs.tag);
  if (tags) body.tags = tags.map((id) => ({ id }));
  if (merged.lists.image) body.images = merged.lists.image.map((url) => ({ url }));
  const channels = ids(merged.lists.salesChannel, merged.refs.salesChannel, resolved.refs.salesChannel);
  if (channels) body.sales_channels = channels.map((id) => ({ id }));
  return body;
}

function variantFields(row: ParsedRow): Rec {
  const out: Rec = {};
  for (const col of VARIANT_COLUMNS) {
    if (col.field === "id") continue;
    const v = row.variant[col.field];
    if (v !== undefined) out[col.field] = v;
  }
  return out;
}

function rowOutcome(row: ParsedRow, variantId?: string): RowOutcome {
  return { row: row.row, line: row.line, sku: typeof row.variant.sku === "string" ? row.variant.sku : undefined, variantId };
}

/** Plans one product of the file against the store's copy (undefined: not in the store). */
export function planProduct(fp: FileProduct, existing: ExistingProduct | undefined, resolved: Resolved, opts: { matchHandle: boolean; since?: number }): ProductPlan {
  const merged = mergeRows(fp.rows);
  const body = productBody(merged, resolved);
  const handle = typeof merged.product.handle === "string" ? merged.product.handle : existing?.handle;
  if (!existing) {
    const channels = [...((body.sales_channels as { id: string }[] | undefined) ?? [])];
    if (resolved.salesChannelId && !channels.some((c) => c.id === resolved.salesChannelId)) channels.push({ id: resolved.salesChannelId });
    const options = fileOptions(fp.rows);
    // Medusa 2.21 refuses a product without options; its admin uses this same default.
    const defaulted = options.size === 0;
    if (defaulted) options.set(DEFAULT_OPTION, [DEFAULT_OPTION_VALUE]);
    const create: Rec = {
      ...body,
      ...(channels.length ? { sales_channels: channels } : {}),
      ...(body.shipping_profile_id === undefined && resolved.shippingProfileId ? { shipping_profile_id: resolved.shippingProfileId } : {}),
      ...(options.size ? { options: [...options].map(([title, values]) => ({ title, values })) } : {}),
      variants: fp.rows.map((row) => ({
        ...variantFields(row),
        title: variantTitle(row, body.title),
        options: defaulted ? { [DEFAULT_OPTION]: DEFAULT_OPTION_VALUE } : Object.fromEntries(row.options),
        prices: newPrices(row, resolved),
      })),
    };
    const exclusive = new Map<string, boolean>();
    for (const r of fp.rows) for (const [t, b] of Object.entries(r.optionExclusive)) if (!exclusive.has(t)) exclusive.set(t, b);
    if (exclusive.size && Array.isArray(create.options)) for (const o of create.options as Rec[]) if (exclusive.has(o.title as string)) o.is_exclusive = exclusive.get(o.title as string);
    return { key: fp.key, handle, action: "create", changes: [], diff: [], create, rows: fp.rows.map((r) => rowOutcome(r)) };
  }

  const changes = new Changes(opts.since);
  // A product's own fields carry no time of their own: the product's is the best the store says.
  const productAt = existing.updated_at;
  const update: Rec = { id: existing.id };
  // Scalars: only non-empty cells count (an empty cell leaves the stored value alone).
  for (const [field, v] of Object.entries(body)) {
    if (["categories", "tags", "images", "sales_channels", "shipping_profile_id", "metadata"].includes(field)) continue;
    if (field === "handle" && opts.matchHandle) continue;
    if (!same(existing[field], v)) {
      update[field] = v;
      changes.add(field, existing[field], v, productAt);
    }
  }
  if (body.metadata !== undefined && metadataChanges(existing.metadata, body.metadata as Rec)) {
    update.metadata = body.metadata;
    changes.add("metadata", pick(existing.metadata, body.metadata as Rec), body.metadata, productAt);
  }
  const idsOf = (xs: { id: string }[] | null | undefined) => (xs ?? []).map((x) => x.id);
  for (const [field, cur] of [
    ["categories", idsOf(existing.categories)],
    ["tags", idsOf(existing.tags)],
  ] as const) {
    const want = body[field] as { id: string }[] | undefined;
    if (want && !sameSet(want.map((x) => x.id), cur)) {
      update[field] = want;
      changes.add(field, cur, want.map((x) => x.id), productAt);
    }
  }
  if (body.images) {
    const want = (body.images as { url: string }[]).map((i) => i.url);
    const cur = [...(existing.images ?? [])].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
    if (JSON.stringify(want) !== JSON.stringify(cur.map((i) => i.url))) {
      update.images = want.map((url) => {
        const id = cur.find((i) => i.url === url)?.id;
        return id ? { id, url } : { url };
      });
      changes.add("images", cur.map((i) => i.url), want, productAt);
    }
  }
  {
    const cur = idsOf(existing.sales_channels);
    const want = new Set((body.sales_channels as { id: string }[] | undefined)?.map((c) => c.id) ?? cur);
    if (resolved.salesChannelId) want.add(resolved.salesChannelId);
    if (!sameSet([...want], cur)) {
      update.sales_channels = [...want].map((id) => ({ id }));
      changes.add("sales_channels", cur, [...want], productAt);
    }
  }
  {
    const cur = existing.shipping_profile?.id;
    const want = (body.shipping_profile_id as string | undefined) ?? (cur ? undefined : resolved.shippingProfileId);
    if (want !== undefined && want !== cur) {
      update.shipping_profile_id = want;
      changes.add("shipping_profile_id", cur, want, productAt);
    }
  }

  // Options: new titles and new values go through the options batch route first.
  const optionOps: NonNullable<ProductPlan["optionOps"]> = {};
  const wantOptions = fileOptions(fp.rows);
  const knownValues = new Map<string, Set<string>>();
  for (const o of existing.options ?? []) knownValues.set(o.title, new Set((o.values ?? []).map((v) => v.value)));
  for (const [title, values] of wantOptions) {
    const cur = existing.options?.find((o) => o.title === title);
    if (!cur) {
      (optionOps.add ??= []).push({ title, values });
      changes.add(`options.${title}`, undefined, values);
      continue;
    }
    const missing = values.filter((v) => !knownValues.get(title)!.has(v));
    if (missing.length) {
      (optionOps.update ??= []).push({ product_option_id: cur.id, add: missing.map((value) => ({ value })) });
      changes.add(`options.${title}`, [...knownValues.get(title)!], [...knownValues.get(title)!, ...missing]);
    }
  }

  // Variants: by id (unless --match handle), else SKU, else the same option values.
  const existingVariants = existing.variants ?? [];
  const claimed = new Set<string>();
  const variantUpdates = new Map<string, Rec>();
  const created: Rec[] = [];
  const rows: RowOutcome[] = [];
  for (const row of fp.rows) {
    let match: ExistingVariant | undefined;
    const vid = !opts.matchHandle && typeof row.variant.id === "string" ? row.variant.id : undefined;
    const sku = typeof row.variant.sku === "string" ? row.variant.sku : undefined;
    if (vid) match = existingVariants.find((v) => v.id === vid);
    if (!match && sku) match = existingVariants.find((v) => v.sku === sku && !claimed.has(v.id));
    if (!match && !vid && !sku && row.options.length) {
      const want = JSON.stringify(Object.fromEntries([...row.options].sort()));
      match = existingVariants.find((v) => !claimed.has(v.id) && JSON.stringify(Object.fromEntries(Object.entries(variantOptionMap(v, existing)).sort())) === want);
    }
    // A product of one variant without SKU or options (a duplicate whose SKU was left out): its only variant.
    if (!match && !vid && !sku && !row.options.length && fp.rows.length === 1 && existingVariants.length === 1) match = existingVariants[0];
    if (!match) {
      const label = sku ?? `row ${row.row}`;
      created.push({
        ...variantFields(row),
        title: variantTitle(row, body.title ?? existing.title),
        ...(row.options.length ? { options: Object.fromEntries(row.options) } : {}),
        prices: newPrices(row, resolved),
      });
      changes.add(`+variant ${label}`, undefined, { ...(sku ? { sku } : {}), ...(row.options.length ? { options: Object.fromEntries(row.options) } : {}) });
      rows.push(rowOutcome(row));
      continue;
    }
    claimed.add(match.id);
    rows.push(rowOutcome(row, match.id));
    const label = match.sku ?? match.id;
    const upd: Rec = {};
    for (const [field, v] of Object.entries(variantFields(row))) {
      if (field === "metadata") {
        if (metadataChanges(match.metadata, v as Rec)) {
          upd.metadata = v;
          changes.add(`${label}.metadata`, pick(match.metadata, v as Rec), v, match.updated_at);
        }
      } else if (!same(match[field], v)) {
        upd[field] = v;
        changes.add(`${label}.${field}`, match[field], v, match.updated_at);
      }
    }
    const curOptions = variantOptionMap(match, existing);
    const optionChanged = row.options.some(([t, v]) => curOptions[t] !== v);
    if (optionChanged) {
      upd.options = { ...curOptions, ...Object.fromEntries(row.options) };
      changes.add(`${label}.options`, curOptions, upd.options, match.updated_at);
    }
    // Price-list prices are not the variant's own: Medusa's update leaves them alone, so must we.
    const prices = mergedPrices(row, (match.prices ?? []).filter((p) => !p.price_list_id), resolved, changes, label);
    if (prices) upd.prices = prices;
    if (Object.keys(upd).length) variantUpdates.set(match.id, upd);
  }
  if (variantUpdates.size || created.length) {
    // Every existing variant must be listed (and with its options), or Medusa deletes or chokes on it.
    update.variants = [
      ...existingVariants.map((v) => {
        const upd = variantUpdates.get(v.id) ?? {};
        return { id: v.id, ...upd, options: (upd.options as Rec | undefined) ?? variantOptionMap(v, existing) };
      }),
      ...created,
    ];
  }
  const action = changes.names.length ? "update" : "unchanged";
  return {
    key: fp.key,
    handle,
    productId: existing.id,
    action,
    changes: changes.names,
    diff: changes.diff,
    update: Object.keys(update).length > 1 ? update : undefined,
    optionOps: optionOps.add || optionOps.update ? optionOps : undefined,
    rows,
  };
}

/** Keys of price columns whose region is unknown (for validation). */
export function unknownRegions(prices: { region?: string }[], regions: Map<string, string>): string[] {
  return [...new Set(prices.flatMap((p) => (p.region && !regions.has(p.region) ? [p.region] : [])))];
}

export { priceKey };
