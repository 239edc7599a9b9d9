import type { BulkFlags } from "../options.js";

/** What `products import` was asked to do: its flags, as both engines read them. */
export interface ImportOptions extends BulkFlags {
  file: string;
  engine: "batch" | "server";
  match?: "handle";
  salesChannel?: string;
  shippingProfile?: string;
  location?: string;
  chunkSize: number;
  output?: "table" | "json";
  json?: boolean;
  wait: boolean;
  /** Milliseconds; 30 minutes when not given. */
  waitTimeout?: number;
  /** --engine server: no progress for this long (ms) means Medusa's import is stuck. */
  stallTimeout?: number;
  /** The file's format; detected from its header when not given. */
  from?: "medusa" | "shopify" | "woocommerce";
  /** Shopify/WooCommerce: the currency of the file's prices (default: the store's default currency). */
  currency?: string;
  /** Shopify/WooCommerce: the price list for compare-at/sale pairs. */
  salePriceList?: string;
  /** Shopify/WooCommerce: copy pictures into Medusa's file module (default) or link the source URLs. */
  images?: "copy" | "link";
  /** A picture that cannot be copied is a problem (nothing written) instead of staying linked. */
  strictImages?: boolean;
  /** Pictures on loopback, private, link-local or metadata addresses are fetched too (refused by default). */
  imagesAllowPrivate?: boolean;
  /**
   * skip: a product that cannot be imported is skipped with its reasons and the rest imported (exit
   * 3); stop: the whole file is refused (exit 2). Default: skip for Shopify and WooCommerce files,
   * stop for Medusa's own.
   */
  onError?: "skip" | "stop";
}
