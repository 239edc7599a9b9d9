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
}
