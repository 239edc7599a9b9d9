/**
 * Which product CSV a file is, from its header: Medusa's own columns, Shopify's product export or
 * WooCommerce's built-in exporter (`--from` forces one).
 */
import { readCsv } from "../csv.js";
import type { CsvDialect } from "../csv-dialect.js";
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

/** Reads the header only; an unreadable file is left to the full read to report. */
export async function detectFormat(file: string, signal?: AbortSignal, dialect?: CsvDialect): Promise<ProductFormat> {
  for await (const rec of readCsv(file, { file, problems: new Problems(), signal, dialect })) return detectFromHeader(rec.cells);
  return "medusa";
}
