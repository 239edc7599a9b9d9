/**
 * What `products import` does around the batch engine for another platform's file: detect and
 * convert it (convert.ts), pick the currency, create the category tree it needs, and put the
 * sale prices into their price list after the products are written.
 */
import path from "node:path";
import type { Medusa } from "../../../sdk/index.js";
import type { Factory } from "../../cmdutil/factory.js";
import { ValidationError } from "../problems.js";
import { copyImages, isRemote, leadsOut } from "./images.js";
import { readCsv } from "../csv.js";
import type { CsvDialect } from "../csv-dialect.js";
import { Problems } from "../problems.js";
import type { HeaderMap } from "./csv-columns.js";
import { UsageError } from "../../../term/errors.js";
import { listAll, listByKeys, pageAll } from "../lookup.js";
import { fromListPrice } from "../prices/plan.js";
import { repairDuplicateSkus, writeConverted, writePrivateCsv, type CategoryNode, type Conversion, type ConvertedFile, type SourceFormat } from "./convert.js";
import { fromShopify } from "./from-shopify.js";
import { fromWooCommerce } from "./from-woocommerce.js";
import { variantFor } from "./import-stock.js";
import { fieldDiff } from "../diff.js";

type Rec = Record<string, any>;

export const DEFAULT_SALE_PRICE_LIST = "Imported sale prices";

export interface SourceFile {
  format: SourceFormat;
  conversion: Conversion;
  converted: ConvertedFile;
  currency: string;
  /** Where the currency came from, for the plan ("--currency" or "the store's default"). */
  currencyFrom: string;
  withStock: boolean;
}

/** The store's default currency (lower case). */
export async function storeCurrency(sdk: Medusa, signal?: AbortSignal): Promise<string> {
  const { stores } = (await sdk.admin.store.list({ fields: "id,supported_currencies.*" } as never, undefined, { signal })) as Rec;
  const currencies = ((stores?.[0]?.supported_currencies ?? []) as Rec[]);
  const code = (currencies.find((c) => c.is_default) ?? currencies[0])?.currency_code as string | undefined;
  if (!code) throw new UsageError("the store has no default currency: pass --currency CODE");
  return code.toLowerCase();
}

export async function convertSource(
  format: SourceFormat,
  o: { file: string; problems: Problems; signal?: AbortSignal; currency?: string; sdk: Medusa; dialect?: CsvDialect; repair?: boolean },
): Promise<SourceFile> {
  const conversion = await (format === "shopify" ? fromShopify : fromWooCommerce)({ file: o.file, problems: o.problems, signal: o.signal, dialect: o.dialect, repair: o.repair });
  if (o.repair) repairDuplicateSkus(conversion);
  let currency = o.currency?.toLowerCase();
  let currencyFrom = "--currency";
  if (currency && !/^[a-z]{3}$/.test(currency)) throw new UsageError(`--currency ${o.currency}: expected a three-letter ISO code such as EUR`);
  if (!currency) {
    currency = await storeCurrency(o.sdk, o.signal);
    currencyFrom = "the store's default currency";
  }
  // Stock is always in the converted file, so its cells are checked whether or not --location is given.
  const converted = await writeConverted(conversion, { currency, withStock: true });
  return { format, conversion, converted, currency, currencyFrom, withStock: true };
}

/** Handles of the tree that the store lacks (parents first), and the ids of those it has. */
export async function missingCategories(sdk: Medusa, tree: CategoryNode[], signal?: AbortSignal): Promise<{ missing: CategoryNode[]; ids: Map<string, string> }> {
  if (!tree.length) return { missing: [], ids: new Map() };
  const found = await listByKeys(sdk, "productCategory", "handle", tree.map((c) => c.handle), { fields: "id,handle" }, { signal });
  const ids = new Map(found.map((c) => [c.handle as string, c.id as string]));
  return { missing: tree.filter((c) => !ids.has(c.handle)), ids };
}

/** Creates the missing categories, parents first (active, public). */
export async function createCategories(sdk: Medusa, missing: CategoryNode[], ids: Map<string, string>, signal?: AbortSignal): Promise<void> {
  for (const c of missing) {
    const parent = c.parent ? ids.get(c.parent) : undefined;
    const { product_category } = (await sdk.admin.productCategory.create(
      { name: c.name, handle: c.handle, is_active: true, is_internal: false, ...(parent ? { parent_category_id: parent } : {}) } as never,
      undefined,
      undefined,
      { signal },
    )) as Rec;
    ids.set(c.handle, product_category.id);
  }
}

export interface PictureOutcome {
  copied: number;
  /** Copied by an earlier run: not uploaded again. */
  remembered: number;
  /** Kept linked to the source URL, with the reason and the product's first row. */
  failed: { source: string; reason: string; row: number; handle: string }[];
}

/**
 * Copies every picture of the converted products into Medusa's file module (remembered per store
 * in the jobs folder), then rewrites the converted file with the uploaded URLs.
 */
export async function copySourceImages(f: Factory, sdk: Medusa, src: SourceFile, o: { dryRun: boolean; strict: boolean; allowPrivate?: boolean; signal?: AbortSignal; skip?: Set<string> }): Promise<PictureOutcome> {
  // A skipped product's pictures are not copied: nothing would show them.
  const products = src.conversion.products.filter((p) => !o.skip?.has(p.handle));
  const target = await f.target();
  // A relative picture path is the sheet's, whatever its format: read from the sheet's folder, never the current one.
  const res = await copyImages(sdk, products.flatMap((p) => p.images), { dir: path.join(f.dataDir(), "jobs"), store: target.url, baseDir: path.dirname(path.resolve(src.conversion.file)), dryRun: o.dryRun, allowPrivate: o.allowPrivate, signal: o.signal });
  const failedBy = new Map(res.failed.map((x) => [x.source, x.reason]));
  const out: PictureOutcome = { copied: res.uploaded, remembered: res.remembered, failed: [] };
  for (const p of products) {
    for (const url of p.images) {
      const reason = failedBy.get(url);
      if (reason) out.failed.push({ source: url, reason, row: p.variants[0]?.at.row ?? 0, handle: p.handle });
    }
    p.images = p.images.map((u) => res.urls.get(u) ?? u);
  }
  if (o.strict && out.failed.length) {
    throw new ValidationError(out.failed.map((x) => ({ file: src.conversion.file, row: x.row, message: `picture ${x.source} cannot be copied: ${x.reason} (--strict-images)` })));
  }
  if (!o.dryRun && res.urls.size) {
    const old = src.converted;
    src.converted = await writeConverted(src.conversion, { currency: src.currency, withStock: src.withStock });
    await old.dispose();
  }
  return out;
}

/**
 * Medusa's own format: `Product Image N` and `Product Thumbnail` cells that are paths (relative
 * to the CSV file) are uploaded like other platforms' pictures, and the file is rewritten into a
 * private copy with the uploaded URLs (`copyUrls`: URLs are copied too). A path that cannot be read
 * is a problem: a local path cannot stay linked.
 */
export async function uploadLocalImages(
  f: Factory,
  sdk: Medusa,
  file: string,
  header: HeaderMap,
  o: { dryRun: boolean; copyUrls: boolean; strict?: boolean; allowPrivate?: boolean; problems: Problems; signal?: AbortSignal; dialect?: CsvDialect },
): Promise<{ converted?: ConvertedFile; outcome?: PictureOutcome }> {
  const columns = header.roles.flatMap((r, i) => ((r?.role === "list" && r.list === "image") || (r?.role === "product" && r.col.field === "thumbnail") ? [i] : []));
  if (!columns.length) return {};
  const wanted = (cell: string) => cell !== "" && (o.copyUrls || !isRemote(cell)) && !cell.startsWith("data:");
  const firstRow = new Map<string, number>();
  for await (const rec of readCsv(file, { file, problems: new Problems(), signal: o.signal, dialect: o.dialect })) {
    if (rec.row === 1) continue;
    for (const i of columns) {
      const cell = rec.cells[i] ?? "";
      if (wanted(cell) && !firstRow.has(cell)) firstRow.set(cell, rec.row);
    }
  }
  if (!firstRow.size) return {};
  const target = await f.target();
  const res = await copyImages(sdk, firstRow.keys(), { dir: path.join(f.dataDir(), "jobs"), store: target.url, baseDir: path.dirname(path.resolve(file)), dryRun: o.dryRun, allowPrivate: o.allowPrivate, signal: o.signal });
  const outcome: PictureOutcome = { copied: res.uploaded, remembered: res.remembered, failed: [] };
  for (const x of res.failed) {
    if (isRemote(x.source) && !o.strict) outcome.failed.push({ ...x, row: firstRow.get(x.source)!, handle: "" });
    else if (isRemote(x.source)) o.problems.add({ file, row: firstRow.get(x.source), message: `picture ${x.source} cannot be copied: ${x.reason} (--strict-images)` });
    else o.problems.add({ file, row: firstRow.get(x.source), message: `picture ${x.source}: ${x.reason}` });
  }
  if (o.dryRun) {
    // Nothing is read in a dry run; a path that is not there is still worth saying now.
    const { lstat } = await import("node:fs/promises");
    const { kindOf } = await import("../../cmdutil/input-file.js");
    for (const [ref, row] of firstRow) {
      if (isRemote(ref)) continue;
      if (leadsOut(path.dirname(path.resolve(file)), ref)) {
        o.problems.add({ file, row, message: `picture ${ref}: must be a file in the CSV file's folder or below it` });
        continue;
      }
      // lstat: a link is refused when read (not followed), so it is reported now as well.
      const st = await lstat(path.resolve(path.dirname(path.resolve(file)), ref)).catch(() => undefined);
      if (!st) o.problems.add({ file, row, message: `picture ${ref}: no such file next to the CSV` });
      else if (!st.isFile()) o.problems.add({ file, row, message: `picture ${ref}: it is ${st.isSymbolicLink() ? "a symbolic link, which is not followed" : kindOf(st)}, not a regular file` });
    }
    return { outcome };
  }
  o.problems.throwIfAny();
  // The rewritten copy: same records, uploaded URLs in place of paths; rows map to the original's.
  const rows: { row: number; line: number }[] = [{ row: 1, line: 1 }];
  const written = await writePrivateCsv("medusactl-images-", async (w) => {
    for await (const rec of readCsv(file, { file, problems: new Problems(), signal: o.signal, dialect: o.dialect })) {
      rows[rec.row] = { row: rec.row, line: rec.line };
      const cells = rec.row === 1 ? rec.cells : rec.cells.map((c, i) => (columns.includes(i) ? (res.urls.get(c) ?? c) : c));
      await w.write(cells);
    }
  });
  return { converted: { ...written, rows }, outcome };
}

export function pictureText(p: PictureOutcome, dryRun: boolean): string {
  const lines = [`pictures: ${dryRun ? "would copy" : "copied"} ${p.copied}, ${p.remembered} copied before${p.failed.length ? `, ${p.failed.length} kept linked to their source` : ""}`];
  for (const x of p.failed) lines.push(`row ${x.row} (${x.handle}): picture ${x.source} kept linked: ${x.reason}`);
  return lines.join("\n") + "\n";
}

export interface SaleOutcome {
  title: string;
  listId?: string;
  created: boolean;
  add: number;
  update: number;
  unchanged: number;
  /** Sale prices that could not be placed (a variant without SKU…), with the source row. */
  notPlaced: { row: number; message: string }[];
  /** Updates that would undo a change the list got after the file was saved. */
  undoes?: number;
}

/**
 * Puts each variant's sale price into the price list `title` (type sale, created when missing),
 * keyed by variant and currency; prices already equal are left alone.
 */
export async function applySalePrices(sdk: Medusa, src: SourceFile, title: string, opts: { dryRun: boolean; signal?: AbortSignal; skip?: Set<string>; since?: number }): Promise<SaleOutcome | undefined> {
  // A skipped product was not written: its SKU may even belong to another product.
  const sales = src.conversion.products.filter((p) => !opts.skip?.has(p.handle)).flatMap((p) => p.variants.filter((v) => v.salePrice !== undefined).map((v) => ({ v, handle: p.handle })));
  if (!sales.length) return undefined;
  const out: SaleOutcome = { title, created: false, add: 0, update: 0, unchanged: 0, notPlaced: [] };
  const skus = sales.flatMap(({ v }) => (v.sku ? [v.sku] : []));
  const variants = skus.length ? await listByKeys(sdk, "productVariant", "sku", skus, { fields: "id,sku" }, { signal: opts.signal }) : [];
  const idBySku = new Map(variants.map((v) => [v.sku as string, v.id as string]));
  // A variant without SKU (a repaired duplicate) is found through its product and option values.
  const bare = [...new Set(sales.filter(({ v }) => !v.sku).map(({ handle }) => handle))];
  const byHandle = new Map(
    (bare.length ? await listByKeys(sdk, "product", "handle", bare, { fields: "id,handle,options.id,options.title,variants.id,variants.options.value,variants.options.option_id" }, { signal: opts.signal }) : []).map((p) => [p.handle as string, p]),
  );
  const idOf = (v: (typeof sales)[number]["v"], handle: string) => (v.sku ? idBySku.get(v.sku) : (byHandle.has(handle) ? variantFor(byHandle.get(handle)!, v.options)?.id : undefined) as string | undefined);
  const lists = (await listAll<Rec>(sdk, "priceList", { q: title }, { signal: opts.signal })).filter((l) => l.title === title);
  if (lists.length > 1) throw new UsageError(`${lists.length} price lists are titled "${title}": name another with --sale-price-list`);
  let list = lists[0];
  const existing = new Map<string, { id: string; amount: number; at?: string | null }>();
  if (list) {
    for (const raw of await pageAll<Rec>((q) => sdk.admin.priceList.prices(list!.id, q as never, undefined, { signal: opts.signal }), "prices", {}, 1000)) {
      const p = fromListPrice(raw);
      if (p.min_quantity != null || p.max_quantity != null || p.region_id) continue;
      existing.set(`${p.variant_id}|${p.currency_code.toLowerCase()}`, { id: p.id, amount: p.amount, at: p.updated_at });
    }
  }
  const create: Rec[] = [];
  const update: Rec[] = [];
  for (const { v, handle } of sales) {
    const variantId = idOf(v, handle);
    if (!variantId) {
      // In a dry run a new variant has no id yet: it would get its sale price.
      if (opts.dryRun) out.add++;
      else out.notPlaced.push({ row: v.at.row, message: `sale price ${v.salePrice} of ${v.sku ?? `a variant of ${handle} without SKU`} not placed: the variant was not written` });
      continue;
    }
    const amount = Number(v.salePrice);
    const cur = existing.get(`${variantId}|${src.currency}`);
    if (!cur) {
      create.push({ variant_id: variantId, currency_code: src.currency, amount });
      out.add++;
    } else if (cur.amount !== amount) {
      update.push({ id: cur.id, variant_id: variantId, currency_code: src.currency, amount });
      out.update++;
      if (fieldDiff("amount", cur.amount, amount, cur.at, opts.since).newer) out.undoes = (out.undoes ?? 0) + 1;
    } else out.unchanged++;
  }
  if (opts.dryRun) {
    out.created = !list;
    return out;
  }
  if (!list && create.length) {
    list = ((await sdk.admin.priceList.create({ title, description: title, type: "sale", status: "active", prices: [] } as never, undefined, undefined, { signal: opts.signal })) as Rec).price_list;
    out.created = true;
  }
  out.listId = list?.id;
  for (let i = 0; i < Math.max(create.length, update.length); i += 250) {
    const c = create.slice(i, i + 250);
    const u = update.slice(i, i + 250);
    if (c.length || u.length) await sdk.admin.priceList.batchPrices(list!.id, { create: c, update: u } as never, undefined, undefined, { signal: opts.signal });
  }
  return out;
}
