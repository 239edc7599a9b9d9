/**
 * Which product CSV a file is, from its header: Medusa's own columns, Shopify's product export or
 * WooCommerce's built-in exporter (`--from` forces one).
 */
import { readCsv } from "../csv.js";
import type { CsvDialect, CsvFormat } from "../csv-dialect.js";
import { Problems } from "../problems.js";
import { isShopifyHeader } from "./from-shopify.js";
import { isWooHeader } from "./from-woocommerce.js";
import type { SourceFormat } from "./convert.js";

export type ProductFormat = "medusa" | SourceFormat;

export function detectFromHeader(header: string[]): ProductFormat {
  const lower = new Set(header.map((h) => h.trim().replace(/\s+/g, " ").toLowerCase()));
  if (lower.has("product handle") || lower.has("product id")) return "medusa";
  if (isShopifyHeader(lower)) return "shopify";
  if (isWooHeader(lower)) return "woocommerce";
  return "medusa";
}

/** What one read of a file's header tells: whose export it is, and how it is read (separator, encoding). */
export interface FileHead {
  format: ProductFormat;
  csv: CsvFormat;
}

/**
 * Reads the header once (issue 39's detection of separator, BOM and Windows-1252 included); a file
 * that cannot be opened, or is no regular file, is refused here. A bad row is left to the full read.
 */
export async function readHead(file: string, signal?: AbortSignal, dialect?: CsvDialect): Promise<FileHead> {
  let csv: CsvFormat | undefined;
  let format: ProductFormat = "medusa";
  for await (const rec of readCsv(file, { file, problems: new Problems(), signal, dialect, onFormat: (x) => (csv = x) })) {
    format = detectFromHeader(rec.cells);
    break;
  }
  return { format, csv: csv ?? { delimiter: dialect?.delimiter ?? ",", encoding: dialect?.encoding ?? "utf-8", encodingDetected: false } };
}

/** Whose export a file is, from its header. */
export async function detectFormat(file: string, signal?: AbortSignal, dialect?: CsvDialect): Promise<ProductFormat> {
  return (await readHead(file, signal, dialect)).format;
}
