/**
 * The engine-independent steps of `products import`:
 * 1. `indexFile`: one streaming pass that validates every cell and cross-row rule (rows of one
 *    product that disagree, duplicate SKUs or option combinations, missing handle/title) and
 *    keeps only small per-product facts, not rows;
 * 2. `checkStore`: the references, ids, handles and SKUs of the file checked against the store
 *    (an unknown `Product Id`, a SKU that belongs to another product…), all before any write;
 * 3. `streamProducts` (import-stream.ts): a second pass that yields each product as soon as its
 *    last row has been read, so memory holds the products in flight, not the file;
 * 4. `fetchExisting` + `planProduct` per chunk, then `writeChunk` (batch engine).
 */
import type { Medusa } from "../../../sdk/index.js";
import { isApiError, mayHaveBeenApplied } from "../../../sdk/errors.js";
import { readCsv } from "../csv.js";
import type { CsvDialect } from "../csv-dialect.js";
import { Problems } from "../problems.js";
import {
  PORTABLE,
  STOCK_COLUMN,
  mapHeader,
  parseRow,
  productDifferences,
  productKeyOf,
  type HeaderMap,
  type ParsedRow,
  type RefKind,
} from "./csv-columns.js";
import { planProduct, type ExistingProduct, type FileProduct, type ProductPlan, type Resolved } from "./plan.js";
import { listByKeys, resolveRef, REFS, type ListResource } from "../lookup.js";
import { chunked, jsonBytes } from "../pool.js";
import { rowError, type ReportRow, type RowError } from "../report.js";
import { notLandedMessage, settle, tryAgainAfter, UNCERTAIN_TRIES } from "../../../shared/uncertain.js";

type Rec = Record<string, any>;

export interface ProductFacts {
  firstRow: number;
  firstLine: number;
  lastRow: number;
  rows: number;
  id?: string;
  handle?: string;
  hasTitle: boolean;
  /** The first row's product-level cells, to compare the other rows with. */
  first: ParsedRow;
  optionTitles: string;
  combos: Set<string>;
}

export interface FileIndex {
  header: HeaderMap;
  dataRows: number;
  products: Map<string, ProductFacts>;
  skus: Map<string, { row: number; line: number; key: string }>;
  variantIds: Map<string, { row: number; line: number; key: string }>;
  refs: Record<RefKind | "collection" | "type" | "shippingProfile", Map<string, { row: number; line: number }>>;
  regions: Set<string>;
  stockRows: number;
  /** How the user's file is read (`--delimiter`, `--encoding`); a converted copy is always plain CSV. */
  dialect?: CsvDialect;
  /** Row → the key of its product: a problem on a row skips its product (`--on-error skip`). */
  rowKeys: Map<number, string>;
  /** Rows whose SKU is left out (repaired duplicates): both passes parse them without it. */
  dropSku: Set<number>;
  /** Repairs made, for the summary (a row and what was done). */
  repairs: { row: number; line: number; message: string }[];
  /** Rows with stock but no SKU (the batch engine stocks them through their variant; Medusa's importer cannot). */
  stockWithoutSku: { row: number; line: number }[];
}

/**
 * A file converted from another platform's format (convert.ts): `read` is the converted file, and
 * `rows[n]` the source record that its record n came from, so messages name the user's rows.
 */
export interface SourceRows {
  read: string;
  rows: { row: number; line: number }[];
}

/** The records of `file`, or of its converted copy with the source's row numbers. */
export async function* records(file: string, problems: Problems, source: SourceRows | undefined, signal?: AbortSignal, dialect?: CsvDialect) {
  for await (const rec of readCsv(source?.read ?? file, { file, problems, signal, dialect: source ? undefined : dialect })) {
    if (!source || rec.row === 1) yield rec;
    else {
      const at = source.rows[rec.row];
      yield { ...rec, row: at?.row ?? rec.row, line: at?.line ?? rec.line };
    }
  }
}

export interface IndexOptions {
  file: string;
  source?: SourceRows;
  problems: Problems;
  matchHandle: boolean;
  signal?: AbortSignal;
  onRow?: () => void;
  dialect?: CsvDialect;
  /** `--on-error skip`: a duplicated SKU is repaired (the later variant keeps none) instead of being a problem. */
  repair?: boolean;
}

/** Pass 1: validates the whole file and indexes it. */
export async function indexFile(opts: IndexOptions): Promise<FileIndex> {
  const { file, problems } = opts;
  let header: HeaderMap | undefined;
  const index: FileIndex = {
    header: undefined as unknown as HeaderMap,
    dataRows: 0,
    products: new Map(),
    skus: new Map(),
    variantIds: new Map(),
    refs: { category: new Map(), tag: new Map(), salesChannel: new Map(), collection: new Map(), type: new Map(), shippingProfile: new Map() },
    regions: new Set(),
    stockRows: 0,
    dialect: opts.dialect,
    rowKeys: new Map(),
    dropSku: new Set(),
    repairs: [],
    stockWithoutSku: [],
  };
  for await (const rec of records(file, problems, opts.source, opts.signal, opts.dialect)) {
    if (!header) {
      header = mapHeader(rec.cells, file, problems);
      index.header = header;
      for (const p of header.prices) if (p.region) index.regions.add(p.region);
      continue;
    }
    // A row of empty cells (what a spreadsheet leaves after deleting a row's contents) is not data.
    if (rec.cells.every((c) => !c.trim())) continue;
    index.dataRows++;
    opts.onRow?.();
    const before = problems.size;
    const row = parseRow(header, rec, file, problems);
    const at = { file, row: rec.row, line: rec.line };
    const key = productKeyOf(row, opts.matchHandle);
    if (!key) {
      // A handle that is there but not valid was reported as such: "missing" would only confuse.
      const said = problems.list.slice(before).some((p) => /^product (handle|id)$/i.test(p.column ?? ""));
      if (!said) problems.add({ ...at, column: "Product Handle", message: opts.matchHandle ? "missing (--match handle matches products by handle)" : "missing (a row needs a Product Handle or a Product Id)" });
      continue;
    }
    index.rowKeys.set(rec.row, key);
    let sku = typeof row.variant.sku === "string" ? row.variant.sku : undefined;
    if (sku) {
      const dup = index.skus.get(sku);
      if (dup && opts.repair) {
        // A product duplicated in the shop's admin keeps its original's SKUs: the later one goes without.
        index.repairs.push({ row: rec.row, line: rec.line, message: `SKU "${sku}" is also on row ${dup.row}: this variant is imported without a SKU` });
        index.dropSku.add(rec.row);
        delete row.variant.sku;
        sku = undefined;
      } else if (dup) problems.add({ ...at, column: "Variant Sku", message: `SKU "${sku}" is also on row ${dup.row}` });
      else index.skus.set(sku, { row: rec.row, line: rec.line, key });
    }
    const vid = !opts.matchHandle && typeof row.variant.id === "string" ? row.variant.id : undefined;
    if (vid) {
      const dup = index.variantIds.get(vid);
      if (dup) problems.add({ ...at, column: "Variant Id", message: `variant ${vid} is also on row ${dup.row}` });
      else index.variantIds.set(vid, { row: rec.row, line: rec.line, key });
    }
    // A row without SKU is stocked through the variant it creates or matches (import-stock.ts).
    if (row.stock !== undefined) {
      index.stockRows++;
      if (!sku) index.stockWithoutSku.push({ row: rec.row, line: rec.line });
    }
    for (const kind of ["category", "tag", "salesChannel"] as const) for (const v of row.refs[kind] ?? []) if (!index.refs[kind].has(v)) index.refs[kind].set(v, at);
    for (const kind of ["collection", "type", "shippingProfile"] as const) {
      const v = row.refOne[kind];
      if (v !== undefined && !index.refs[kind].has(v)) index.refs[kind].set(v, at);
    }
    const titles = JSON.stringify(row.options.map(([t]) => t).sort());
    const combo = JSON.stringify([...row.options].sort());
    const facts = index.products.get(key);
    if (!facts) {
      index.products.set(key, {
        firstRow: rec.row,
        firstLine: rec.line,
        lastRow: rec.row,
        rows: 1,
        id: !opts.matchHandle && typeof row.product.id === "string" ? row.product.id : undefined,
        handle: typeof row.product.handle === "string" ? row.product.handle : undefined,
        hasTitle: typeof row.product.title === "string",
        first: { ...row, variant: {}, prices: {}, options: [], optionExclusive: {} },
        optionTitles: titles,
        combos: new Set(row.options.length ? [combo] : []),
      });
      continue;
    }
    facts.lastRow = rec.row;
    facts.rows++;
    facts.hasTitle ||= typeof row.product.title === "string";
    facts.handle ??= typeof row.product.handle === "string" ? row.product.handle : undefined;
    const diff = productDifferences(facts.first, row);
    if (diff.length) problems.add({ ...at, column: diff[0], message: `disagrees with row ${facts.firstRow} of the same product (${diff.join(", ")})` });
    if (titles !== facts.optionTitles) problems.add({ ...at, message: `has other option names than row ${facts.firstRow} of the same product (every variant needs a value for each option)` });
    else if (!row.options.length && facts.rows === 2) problems.add({ ...at, message: `product has several variants (rows ${facts.firstRow} and ${rec.row}…) but no options to tell them apart` })
    else if (row.options.length && facts.combos.has(combo)) problems.add({ ...at, message: `another row of this product has the same option values (${row.options.map(([t, v]) => `${t}: ${v}`).join(", ")})` });
    else if (row.options.length) facts.combos.add(combo);
  }
  return index;
}

export interface StoreFacts {
  resolved: Resolved;
  locationId?: string;
  /** Product key → id of the store's product, for the products that exist. */
  existing: Map<string, string>;
  /** Tag and type values of `--portable` files that are missing and will be created. */
  missingTags: string[];
  missingTypes: string[];
}

export interface StoreCheckOptions {
  file: string;
  sdk: Medusa;
  problems: Problems;
  matchHandle: boolean;
  salesChannel?: string;
  shippingProfile?: string;
  location?: string;
  concurrency: number;
  signal?: AbortSignal;
  /** Category handles that will be created before the import (a converted file's tree). */
  newCategories?: Set<string>;
  /** Stock in the file without --location is a problem (Medusa's format); another platform's file says it is not imported. */
  stockNeedsLocation?: boolean;
}

/** Look-ups in flight while the file is checked against the store. */
const READ_CONCURRENCY = 4;

function flagProblem(problems: Problems, file: string, e: unknown): void {
  problems.add({ file, message: (e as Error).message });
}

/** Pass 1, store side: everything the file names must exist (or be creatable), before any write. */
export async function checkStore(index: FileIndex, o: StoreCheckOptions): Promise<StoreFacts> {
  const { sdk, problems, file } = o;
  // Reads are light next to the writes: more of them in flight shortens the wait before the first write.
  const q = { concurrency: Math.max(READ_CONCURRENCY, o.concurrency), signal: o.signal };
  // The SKU and variant look-ups need nothing from the others: started now, checked below.
  const skusFound = index.skus.size ? listByKeys(sdk, "productVariant", "sku", index.skus.keys(), { fields: "id,sku,product_id,product.handle" }, q) : Promise.resolve([]);
  const variantsFound = index.variantIds.size ? listByKeys(sdk, "productVariant", "id", index.variantIds.keys(), { fields: "id,product_id" }, q) : Promise.resolve([]);
  // Unobserved until awaited below: a failure here must not crash the process as "unhandled" first.
  skusFound.catch(() => {});
  variantsFound.catch(() => {});
  const resolved: Resolved = {
    regions: new Map(),
    refs: { category: new Map(), tag: new Map(), salesChannel: new Map(), collection: new Map(), type: new Map(), shippingProfile: new Map() },
  };
  const facts: StoreFacts = { resolved, existing: new Map(), missingTags: [], missingTypes: [] };
  const ref = async (flag: string | undefined, what: (typeof REFS)[keyof typeof REFS]) => {
    if (!flag) return undefined;
    try {
      return (await resolveRef(sdk, what, flag, o.signal)).id;
    } catch (e) {
      flagProblem(problems, file, e);
      return undefined;
    }
  };
  resolved.salesChannelId = await ref(o.salesChannel, REFS.salesChannel);
  resolved.shippingProfileId = await ref(o.shippingProfile, REFS.shippingProfile);
  facts.locationId = await ref(o.location, REFS.stockLocation);
  if (index.stockRows && !o.location && o.stockNeedsLocation !== false) problems.add({ file, row: 1, column: STOCK_COLUMN, message: "stock quantities need --location <id|name>" });

  if (index.regions.size) {
    const regions = (await sdk.admin.region.list({ fields: "id,name,currency_code", limit: 1000 }, undefined, { signal: o.signal })).regions as Rec[];
    for (const name of index.regions) {
      const hits = regions.filter((r) => r.name === name);
      const col = index.header.prices.find((p) => p.region === name)!;
      if (hits.length === 1) {
        resolved.regions.set(name, hits[0]!.id);
        if (hits[0]!.currency_code !== col.currency) problems.add({ file, row: 1, column: col.header, message: `region "${name}" uses ${String(hits[0]!.currency_code).toUpperCase()}, not ${col.currency.toUpperCase()}` });
      } else problems.add({ file, row: 1, column: col.header, message: hits.length ? `${hits.length} regions are named "${name}"` : `no region is named "${name}"` });
    }
  }

  // --portable references: natural keys → ids.
  const refLookups: [keyof Resolved["refs"], ListResource, string, string][] = [
    ["collection", "productCollection", "handle", PORTABLE.collection],
    ["category", "productCategory", "handle", `${PORTABLE.category} N`],
    ["salesChannel", "salesChannel", "name", `${PORTABLE.salesChannel} N`],
    ["shippingProfile", "shippingProfile", "name", PORTABLE.shippingProfile],
    ["tag", "productTag", "value", `${PORTABLE.tag} N`],
    ["type", "productType", "value", PORTABLE.type],
  ];
  for (const [kind, resource, field, column] of refLookups) {
    const wanted = index.refs[kind];
    if (!wanted.size) continue;
    const found = await listByKeys(sdk, resource, field, wanted.keys(), { fields: `id,${field}` }, q);
    for (const [value, at] of wanted) {
      const hits = found.filter((r) => r[field] === value);
      if (hits.length === 1) resolved.refs[kind].set(value, hits[0]!.id);
      else if (hits.length > 1) problems.add({ file, ...at, column, message: `${hits.length} records match "${value}"` });
      else if (kind === "tag") facts.missingTags.push(value);
      else if (kind === "type") facts.missingTypes.push(value);
      else if (kind === "category" && o.newCategories?.has(value)) continue;
      else problems.add({ file, ...at, column, message: `"${value}" not found in the store` });
    }
  }

  // Products: ids must exist; handles tell creates from updates.
  const byId = [...index.products.values()].filter((p) => p.id).map((p) => p.id!);
  if (byId.length) {
    const found = new Set((await listByKeys(sdk, "product", "id", byId, { fields: "id" }, q)).map((p) => p.id as string));
    for (const [key, p] of index.products) {
      if (!p.id) continue;
      if (found.has(p.id)) facts.existing.set(key, p.id);
      else problems.add({ file, row: p.firstRow, line: p.firstLine, column: "Product Id", message: `product ${p.id} does not exist in this store (use --match handle for a file from another store)` });
    }
  }
  const byHandle = [...index.products.entries()].filter(([, p]) => !p.id && p.handle);
  if (byHandle.length) {
    const found = new Map((await listByKeys(sdk, "product", "handle", byHandle.map(([, p]) => p.handle!), { fields: "id,handle" }, q)).map((p) => [p.handle as string, p.id as string]));
    for (const [key, p] of byHandle) {
      const id = found.get(p.handle!);
      if (id) facts.existing.set(key, id);
    }
  }
  for (const [key, p] of index.products) {
    if (!facts.existing.has(key) && !p.hasTitle) problems.add({ file, row: p.firstRow, line: p.firstLine, column: "Product Title", message: `product "${p.handle}" is new and needs a title` });
  }

  // Medusa 2.21 cannot add a value to an option an existing product already has (the write answers
  // 500 after earlier chunks were written): found here, before anything is written.
  if (facts.existing.size) {
    const stored = new Map((await listByKeys(sdk, "product", "id", [...new Set(facts.existing.values())], { fields: "id,options.title,*options.values" }, q)).map((p) => [p.id as string, p]));
    for (const [key, p] of index.products) {
      const id = facts.existing.get(key);
      const options = (id && (stored.get(id)?.options as Rec[] | undefined)) || [];
      if (!options.length) continue;
      const wanted = new Map<string, Set<string>>();
      for (const combo of p.combos) for (const [title, value] of JSON.parse(combo) as [string, string][]) (wanted.get(title) ?? wanted.set(title, new Set()).get(title)!).add(value);
      for (const o of options) {
        const have = new Set(((o.values as Rec[]) ?? []).map((v) => v.value as string));
        const extra = [...(wanted.get(o.title as string) ?? [])].filter((v) => !have.has(v));
        if (extra.length) {
          problems.add({ file, row: p.firstRow, line: p.firstLine, message: `product "${p.handle ?? id}" already has the option "${String(o.title)}" without ${extra.map((v) => `"${v}"`).join(", ")}; Medusa 2.21 cannot add values to an existing product's option: add them in Medusa Admin first` });
        }
      }
    }
  }

  // Variant ids must exist on their product; SKUs must not belong to another product.
  if (index.variantIds.size) {
    const found = new Map((await variantsFound).map((v) => [v.id as string, v.product_id as string]));
    for (const [vid, at] of index.variantIds) {
      const owner = found.get(vid);
      if (!owner) problems.add({ file, row: at.row, line: at.line, column: "Variant Id", message: `variant ${vid} does not exist in this store` });
      else if (facts.existing.get(at.key) !== owner) problems.add({ file, row: at.row, line: at.line, column: "Variant Id", message: `variant ${vid} belongs to another product (${owner})` });
    }
  }
  if (index.skus.size) {
    const found = await skusFound;
    for (const v of found) {
      const at = index.skus.get(v.sku);
      if (!at) continue;
      if (facts.existing.get(at.key) !== v.product_id) {
        problems.add({ file, row: at.row, line: at.line, column: "Variant Sku", message: `SKU "${v.sku}" already belongs to product "${v.product?.handle ?? v.product_id}"` });
      }
    }
  }
  return facts;
}

export const PLAN_FIELDS = [
  "id", "handle", "title", "subtitle", "status", "description", "external_id", "thumbnail", "collection_id", "type_id",
  "discountable", "is_giftcard", "weight", "length", "height", "width", "hs_code", "mid_code", "origin_country", "material", "metadata",
  "shipping_profile.id", "categories.id", "tags.id", "images.id", "images.url", "images.rank", "sales_channels.id",
  "options.id", "options.title", "options.values.id", "options.values.value",
  "variants.id", "variants.title", "variants.sku", "variants.barcode", "variants.ean", "variants.upc", "variants.hs_code", "variants.mid_code",
  "variants.manage_inventory", "variants.allow_backorder", "variants.weight", "variants.length", "variants.height", "variants.width",
  "variants.material", "variants.origin_country", "variants.metadata", "variants.variant_rank", "variants.created_at",
  "variants.options.value", "variants.options.option_id",
  "variants.prices.id", "variants.prices.amount", "variants.prices.currency_code", "variants.prices.min_quantity", "variants.prices.max_quantity", "variants.prices.price_rules.attribute", "variants.prices.price_rules.value",
].join(",");

/** The store's copies of the products of a chunk that exist, keyed by product key. */
export async function fetchExisting(sdk: Medusa, products: FileProduct[], ids: Map<string, string>, signal?: AbortSignal): Promise<Map<string, ExistingProduct>> {
  const wanted = products.flatMap((p) => (ids.has(p.key) ? [ids.get(p.key)!] : []));
  const out = new Map<string, ExistingProduct>();
  if (!wanted.length) return out;
  // The times say whether a change would undo a more recent one in the store (diff.ts).
  const found = await listByKeys(sdk, "product", "id", wanted, { fields: `${PLAN_FIELDS},updated_at,variants.updated_at,variants.prices.updated_at` }, { concurrency: 1, signal });
  const byId = new Map(found.map((p) => [p.id as string, p as ExistingProduct]));
  for (const p of products) {
    const id = ids.get(p.key);
    const e = id ? byId.get(id) : undefined;
    if (e) out.set(p.key, e);
  }
  return out;
}

export interface ChunkResult {
  plan: ProductPlan;
  productId?: string;
  error?: RowError;
  /** Variant ids by SKU after the write (for the report and stock). */
  variantIds: Map<string, string>;
}

export interface WriteContext {
  sdk: Medusa;
  resolved: Resolved;
  matchHandle: boolean;
  /** Product key → id, kept up to date as products are created. */
  ids: Map<string, string>;
  signal?: AbortSignal;
  /** The wait before a read-back (default `settle`; tests make it instant). */
  pause?: (attempt: number, signal?: AbortSignal, lost?: unknown) => Promise<void>;
  /** When the file was saved (ms): a change undoing a later one in the store is flagged. */
  since?: number;
}

/**
 * What one chunk of products would do, from the store as it is now: the one plan step shared by
 * `--dry-run` (which stops here) and the write (which sends it).
 */
export async function planChunk(products: FileProduct[], ctx: Pick<WriteContext, "sdk" | "ids" | "resolved" | "matchHandle" | "signal" | "since">): Promise<ChunkResult[]> {
  const existing = await fetchExisting(ctx.sdk, products, ctx.ids, ctx.signal);
  return products.map((p) => {
    const plan = planProduct(p, existing.get(p.key), ctx.resolved, { matchHandle: ctx.matchHandle, since: ctx.since });
    const variantIds = new Map<string, string>();
    for (const v of existing.get(p.key)?.variants ?? []) if (v.sku) variantIds.set(v.sku, v.id);
    return { plan, productId: plan.productId, variantIds };
  });
}

/**
 * Writes one chunk of products as `given` plans it (planned here when not given; batch engine). A request whose outcome is unknown
 * (network loss, timeout, 502/503/504) is never repeated blindly: the chunk's products are read
 * back and planned again, so what was written is now "unchanged" and only the rest is sent
 * (uncertain.ts). After the last try the read-back decides: a product that is there is reported
 * as written, never as failed. A chunk refused as a whole is retried product by product, so one
 * bad product fails alone.
 */
export async function writeChunk(products: FileProduct[], ctx: WriteContext, attempt = 0, given?: ChunkResult[]): Promise<ChunkResult[]> {
  const { sdk, signal } = ctx;
  const planned = given ?? (await planChunk(products, ctx));
  const plans = planned.map((r) => r.plan);
  const results = new Map<string, ChunkResult>(planned.map((r) => [r.plan.key, r]));

  // Options first: an update may need values the product does not have yet.
  for (const plan of plans) {
    if (!plan.optionOps || !plan.productId) continue;
    try {
      await sdk.admin.product.linkOptions(plan.productId, plan.optionOps as never, undefined, undefined, { signal });
    } catch (e) {
      if (tryAgainAfter(e, attempt)) {
        await (ctx.pause ?? settle)(attempt, signal, e);
        return writeChunk(products, ctx, attempt + 1);
      }
      results.get(plan.key)!.error = rowError(e);
    }
  }
  const writable = plans.filter((p) => !results.get(p.key)!.error && (p.create || p.update));
  const items = writable.map((p) => ({ plan: p, body: p.create ?? p.update! }));
  const uncertain = async (group: typeof items, e: unknown) => {
    await (ctx.pause ?? settle)(attempt, signal, e);
    await refreshIds(group.map((i) => i.plan), ctx);
    const again = products.filter((p) => group.some((i) => i.plan.key === p.key));
    const redo = tryAgainAfter(e, attempt) ? await writeChunk(again, ctx, attempt + 1) : await landed(again, e, ctx);
    for (const r of redo) mergeRedo(results.get(r.plan.key)!, r);
  };
  const refused = async (one: (typeof items)[number], e: unknown) => {
    // A create refused because the product is there now: the request of an interrupted run that
    // this one resumes, which Medusa finished after our read. Planned again against what is there.
    // Medusa says "already exists" as a 400 (or 409); a failed read-back leaves the refusal as it was.
    const conflict = one.plan.create && isApiError(e) && (e.status === 400 || e.status === 409) && attempt + 1 < UNCERTAIN_TRIES;
    if (conflict && (await appeared(one.plan, ctx).catch(() => false))) {
      const redo = await writeChunk(products.filter((p) => p.key === one.plan.key), ctx, attempt + 1);
      for (const r of redo) mergeRedo(results.get(r.plan.key)!, r);
    } else results.get(one.plan.key)!.error = rowError(e);
  };
  for (const group of chunked(items, { maxItems: 1000, size: (i) => jsonBytes(i.body) + 1 })) {
    try {
      await sendBatch(group, results, ctx);
    } catch (e) {
      if (mayHaveBeenApplied(e)) {
        await uncertain(group, e);
        continue;
      }
      if (group.length === 1) {
        await refused(group[0]!, e);
        continue;
      }
      for (const one of group) {
        try {
          await sendBatch([one], results, ctx);
        } catch (e2) {
          if (mayHaveBeenApplied(e2)) await uncertain([one], e2);
          else await refused(one, e2);
        }
      }
    }
  }
  return plans.map((p) => results.get(p.key)!);
}

/** After the last lost answer: the server decides. A product whose plan is now "unchanged" landed. */
async function landed(products: FileProduct[], e: unknown, ctx: WriteContext): Promise<ChunkResult[]> {
  const now = await planChunk(products, ctx);
  for (const r of now) if (r.plan.action !== "unchanged") r.error = { ...rowError(e), message: notLandedMessage(e) };
  return now;
}

function mergeRedo(into: ChunkResult, redo: ChunkResult): void {
  // The first plan's action is what happened (the redo may only see "unchanged").
  into.productId = redo.productId ?? into.productId;
  into.error = redo.error;
  for (const [k, v] of redo.variantIds) into.variantIds.set(k, v);
  if (redo.plan.action !== "unchanged") into.plan = redo.plan;
}

/** Whether a product planned as new exists on the server now (its id is then known to `ctx`). */
async function appeared(plan: ProductPlan, ctx: WriteContext): Promise<boolean> {
  await refreshIds([plan], ctx);
  return ctx.ids.has(plan.key);
}

async function refreshIds(plans: ProductPlan[], ctx: WriteContext): Promise<void> {
  const handles = plans.filter((p) => !p.productId && p.handle).map((p) => p.handle!);
  if (!handles.length) return;
  const found = await listByKeys(ctx.sdk, "product", "handle", handles, { fields: "id,handle" }, { concurrency: 1, signal: ctx.signal });
  for (const p of plans) {
    const hit = found.find((f) => f.handle === p.handle);
    if (hit) ctx.ids.set(p.key, hit.id);
  }
}

async function sendBatch(group: { plan: ProductPlan; body: Rec }[], results: Map<string, ChunkResult>, ctx: WriteContext): Promise<void> {
  const create = group.filter((i) => i.plan.create).map((i) => i.body);
  const update = group.filter((i) => i.plan.update).map((i) => i.body);
  const res: Rec = await ctx.sdk.admin.product.batch(
    { ...(create.length ? { create } : {}), ...(update.length ? { update } : {}) } as never,
    { fields: "id,handle,variants.id,variants.sku" },
    undefined,
    { signal: ctx.signal },
  );
  // `created` is not in input order (NOTES.md §13): match by handle.
  for (const p of [...((res.created as Rec[]) ?? []), ...((res.updated as Rec[]) ?? [])]) {
    const item = group.find((i) => (i.plan.productId ? i.plan.productId === p.id : i.plan.handle === p.handle));
    if (!item) continue;
    const r = results.get(item.plan.key)!;
    r.productId = p.id;
    ctx.ids.set(item.plan.key, p.id);
    for (const v of (p.variants as Rec[]) ?? []) if (v.sku) r.variantIds.set(v.sku, v.id);
  }
}

/** Report rows of one written (or planned) product: one per source row (a WooCommerce "any" variation made several variants of one). */
export function reportRows(result: ChunkResult, product: string): (ReportRow & { product: string })[] {
  const { plan } = result;
  const seen = new Set<number>();
  return plan.rows.filter((r) => !seen.has(r.row) && Boolean(seen.add(r.row))).map((r) => ({
    product,
    row: r.row,
    line: r.line !== r.row ? r.line : undefined,
    action: result.error ? "failed" : plan.action,
    key: r.sku ?? plan.handle,
    ids: { product_id: result.productId ?? plan.productId, variant_id: (r.sku ? result.variantIds.get(r.sku) : undefined) ?? r.variantId },
    ...(plan.changes.length ? { changes: plan.changes } : {}),
    ...(result.error ? { error: result.error } : {}),
  }));
}
