/**
 * Other platforms' product CSVs (Shopify, WooCommerce) mapped onto Medusa's own column set
 * (csv-columns.ts), so the same validation, plan, batch engine, report and `--resume` apply to
 * them. A converter reads the source file once and returns products in a neutral shape; this
 * module writes them as a Medusa-format CSV into a private temporary file (0600 in a 0700
 * directory, removed by `dispose()`), with a map from each written record to the SOURCE record
 * it came from, so every problem, report row and progress message names the user's file's rows.
 *
 * Units: weights are written in grams, lengths in centimetres (Medusa stores bare numbers).
 */
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CsvWriter } from "../csv.js";
import type { Problems } from "../problems.js";
import type { CsvDialect } from "../csv-dialect.js";

export type SourceFormat = "shopify" | "woocommerce";

export interface SourceAt {
  row: number;
  line: number;
}

export interface ConvertedVariant {
  at: SourceAt;
  sku?: string;
  barcode?: string;
  title?: string;
  options: [string, string][];
  manageInventory?: boolean;
  allowBackorder?: boolean;
  /** Grams. */
  weight?: number;
  /** Centimetres. */
  length?: number;
  width?: number;
  height?: number;
  /** Decimal text in major units, in the import's currency. */
  price?: string;
  /** A lower price than `price`, for the sale price list. */
  salePrice?: string;
  stock?: number;
}

export interface ConvertedProduct {
  handle: string;
  title?: string;
  subtitle?: string;
  description?: string;
  status?: "published" | "draft";
  isGiftcard?: boolean;
  metadata?: Record<string, string>;
  type?: string;
  /** Category handles (leaves); the tree is in `Conversion.categories`. */
  categories: string[];
  tags: string[];
  images: string[];
  variants: ConvertedVariant[];
  /** Source rows folded into this product without a variant of their own (Shopify image rows). */
  extraRows: SourceAt[];
}

export interface SkippedRow extends SourceAt {
  key?: string;
  reason: string;
}

export interface CategoryNode {
  handle: string;
  name: string;
  parent?: string;
}

export interface ColumnUse {
  source: string;
  /** The Medusa field or column it becomes. */
  target?: string;
  /** Why it is not used. */
  reason?: string;
}

export interface Conversion {
  format: SourceFormat;
  /** The source file, as the user named it. */
  file: string;
  dataRows: number;
  lastRow: number;
  products: ConvertedProduct[];
  skipped: SkippedRow[];
  /** Every category the products need, parents before children. */
  categories: CategoryNode[];
  /** Parts of imported rows that have no Medusa counterpart (downloadable files…), per row. */
  notes: (SourceAt & { message: string })[];
  columns: ColumnUse[];
  /** Medusa column (lower case, price columns as "variant price") → the source column it came from, for messages. */
  sourceColumns: Record<string, string>;
}

/** Renames the Medusa columns in problems found in the converted file to the source file's columns. */
export function toSourceColumns(c: Conversion, problems: { column?: string }[]): void {
  for (const p of problems) {
    if (!p.column) continue;
    const lower = p.column.toLowerCase().replace(/^variant price [a-z]{3}$/, "variant price").replace(/ \d+$/, " n");
    const src = c.sourceColumns[lower];
    if (src) p.column = src;
  }
}

export interface ConvertOptions {
  file: string;
  problems: Problems;
  signal?: AbortSignal;
  /** `--delimiter` / `--encoding`. */
  dialect?: CsvDialect;
  /**
   * `--on-error skip`: what a documented rule can repair is repaired, with a note, instead of being
   * a problem (a measure that is not a number is left out; see importRun).
   */
  repair?: boolean;
}

/**
 * A product duplicated in the shop's admin (Shopify's "Duplicate" makes `…-copy` with the same
 * Variant SKUs) would make the whole file fail: the later variant is imported without a SKU, with
 * a note naming both rows. Its stock and sale price still find it (through its product).
 */
export function repairDuplicateSkus(c: Conversion): void {
  const seen = new Map<string, { row: number; handle: string }>();
  for (const p of c.products) {
    for (const v of p.variants) {
      if (!v.sku) continue;
      const first = seen.get(v.sku);
      if (!first) {
        seen.set(v.sku, { row: v.at.row, handle: p.handle });
        continue;
      }
      c.notes.push({ ...v.at, message: `SKU "${v.sku}" is also on row ${first.row} (product "${first.handle}"): this variant of "${p.handle}" is imported without a SKU` });
      delete v.sku;
    }
  }
}

/** A Medusa handle from any text: lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A taxonomy path ("Apparel & Accessories > Clothing > Shirts") → one node per level. A level's
 * handle is the slug of the path up to it, so "Shirts" under two parents are two categories.
 */
export function categoryPath(pathText: string, tree: Map<string, CategoryNode>): string | undefined {
  const names = pathText.split(">").map((s) => s.trim()).filter(Boolean);
  let parent: string | undefined;
  let handle: string | undefined;
  for (let i = 0; i < names.length; i++) {
    handle = slugify(names.slice(0, i + 1).join(" "));
    if (!handle) return undefined;
    if (!tree.has(handle)) tree.set(handle, { handle, name: names[i]!, ...(parent ? { parent } : {}) });
    parent = handle;
  }
  return handle;
}

/** Plain decimals as a source file writes them ("19.99", "200.0"); undefined when empty. */
export function decimal(text: string | undefined): number | undefined | "bad" {
  const t = (text ?? "").trim();
  if (!t) return undefined;
  return /^-?(\d+(\.\d+)?|\.\d+)$/.test(t) ? Number(t) : "bad";
}

/** Rounds away binary noise from unit conversions (0.1 kg → 100 g, not 100.00000000000001). */
export function round(n: number, digits = 3): number {
  return Number(n.toFixed(digits));
}

const WEIGHT_TO_GRAMS: Record<string, number> = { g: 1, kg: 1000, lb: 453.59237, lbs: 453.59237, oz: 28.349523125 };
const LENGTH_TO_CM: Record<string, number> = { cm: 1, mm: 0.1, m: 100, in: 2.54, yd: 91.44 };

export function toGrams(value: number, unit: string): number | undefined {
  const f = WEIGHT_TO_GRAMS[unit.toLowerCase()];
  return f === undefined ? undefined : round(value * f);
}

export function toCentimetres(value: number, unit: string): number | undefined {
  const f = LENGTH_TO_CM[unit.toLowerCase()];
  return f === undefined ? undefined : round(value * f);
}

/** The written file: where it is, and which source record each of its records came from. */
export interface ConvertedFile {
  path: string;
  /** Index = record number in the written file (header = 1) → source record. */
  rows: SourceAt[];
  dispose(): Promise<void>;
}

/**
 * Writes the products in Medusa's columns (with the `--portable` reference columns for
 * categories, tags and type). `currency` is the lower-case code of the price column; stock is
 * written only with a location to put it at.
 */
export async function writeConverted(c: Conversion, opts: { currency: string; withStock: boolean }): Promise<ConvertedFile> {
  const max = (f: (p: ConvertedProduct) => number) => c.products.reduce((m, p) => Math.max(m, f(p)), 0);
  const nCat = max((p) => p.categories.length);
  const nTag = max((p) => p.tags.length);
  const nImg = max((p) => p.images.length);
  const nOpt = max((p) => p.variants.reduce((m, v) => Math.max(m, v.options.length), 0));
  const numbered = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);
  const priceCol = `Variant Price ${opts.currency.toUpperCase()}`;
  const header = [
    "Product Handle",
    "Product Title",
    "Product Subtitle",
    "Product Status",
    "Product Description",
    "Product Thumbnail",
    "Product Is Giftcard",
    "Product Metadata",
    "Product Type Value",
    ...numbered("Product Category Handle", nCat),
    ...numbered("Product Tag Value", nTag),
    ...numbered("Product Image", nImg),
    "Variant Title",
    "Variant Sku",
    "Variant Barcode",
    "Variant Manage Inventory",
    "Variant Allow Backorder",
    "Variant Weight",
    "Variant Length",
    "Variant Width",
    "Variant Height",
    priceCol,
    ...Array.from({ length: nOpt }, (_, i) => [`Variant Option ${i + 1} Name`, `Variant Option ${i + 1} Value`]).flat(),
    ...(opts.withStock ? ["Variant Inventory Quantity"] : []),
  ];
  const rows: SourceAt[] = [{ row: 1, line: 1 }, { row: 1, line: 1 }];
  const str = (v: unknown) => (v === undefined ? "" : String(v));
  const written = await writePrivateCsv("medusactl-convert-", async (w) => {
    await w.write(header);
    for (const p of c.products) {
      const product: Record<string, string> = {
        "Product Handle": p.handle,
        "Product Title": str(p.title),
        "Product Subtitle": str(p.subtitle),
        "Product Status": str(p.status),
        "Product Description": str(p.description),
        "Product Thumbnail": p.images[0] ?? "",
        "Product Is Giftcard": str(p.isGiftcard),
        "Product Metadata": p.metadata && Object.keys(p.metadata).length ? JSON.stringify(p.metadata) : "",
        "Product Type Value": str(p.type),
      };
      p.categories.forEach((h, i) => (product[`Product Category Handle ${i + 1}`] = h));
      p.tags.forEach((t, i) => (product[`Product Tag Value ${i + 1}`] = t));
      p.images.forEach((u, i) => (product[`Product Image ${i + 1}`] = u));
      for (const v of p.variants) {
        const cells: Record<string, string> = {
          ...product,
          "Variant Title": str(v.title),
          "Variant Sku": str(v.sku),
          "Variant Barcode": str(v.barcode),
          "Variant Manage Inventory": str(v.manageInventory),
          "Variant Allow Backorder": str(v.allowBackorder),
          "Variant Weight": str(v.weight),
          "Variant Length": str(v.length),
          "Variant Width": str(v.width),
          "Variant Height": str(v.height),
          [priceCol]: str(v.price),
          ...(opts.withStock ? { "Variant Inventory Quantity": str(v.stock) } : {}),
        };
        v.options.forEach(([name, value], i) => {
          cells[`Variant Option ${i + 1} Name`] = name;
          cells[`Variant Option ${i + 1} Value`] = value;
        });
        await w.write(header.map((h) => cells[h] ?? ""));
        rows.push(v.at);
      }
    }
  });
  // rows[0] is unused (records count from 1); rows[1] is the header.
  return { ...written, rows };
}

/**
 * A CSV only this process reads (0600 in a fresh 0700 folder), filled by `fill`; `dispose`
 * removes it. Nothing is left behind when filling fails.
 */
export async function writePrivateCsv(prefix: string, fill: (w: CsvWriter) => Promise<void>): Promise<{ path: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const file = path.join(dir, "products.csv");
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const fh = await open(file, "wx", 0o600);
    const stream = fh.createWriteStream();
    const w = new CsvWriter(stream);
    await fill(w);
    await w.flush();
    await new Promise<void>((resolve, reject) => stream.end((e?: Error | null) => (e ? reject(e) : resolve())));
    return { path: file, dispose };
  } catch (e) {
    await dispose();
    throw e;
  }
}

/** The column-by-column account `--dry-run` prints. */
export function mappingText(c: Conversion): string {
  const used = c.columns.filter((x) => x.target);
  const ignored = c.columns.filter((x) => !x.target);
  const lines = [`format: ${c.format === "shopify" ? "Shopify" : "WooCommerce"} product CSV (weights in grams, lengths in centimetres)`, "columns used:"];
  for (const u of used) lines.push(`  ${u.source} → ${u.target}`);
  if (ignored.length) {
    lines.push("columns ignored:");
    for (const u of ignored) lines.push(`  ${u.source}: ${u.reason}`);
  }
  return lines.join("\n") + "\n";
}

/** Classifies a header against a table of known columns (lower case) and patterns. */
export function describeColumns(header: string[], known: (lower: string) => { target?: string; reason?: string } | undefined, format: string): ColumnUse[] {
  return header.map((source) => {
    const k = known(source.trim().replace(/\s+/g, " ").toLowerCase());
    return k ? { source, ...k } : { source, reason: `not a column of ${format}'s product export` };
  });
}
