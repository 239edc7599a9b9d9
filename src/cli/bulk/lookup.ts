/**
 * Store lookups for bulk commands: many values of one filter (ids, handles, SKUs) fetched 100 per
 * request as `k[]=v` lists (CONTRACT.md §5), with bounded concurrency; and references given by id
 * or by name (`--sales-channel`, `--location`, `--shipping-profile`).
 */
import type { Medusa } from "../../sdk/index.js";
import { UsageError } from "../../term/errors.js";
import { chunked, runPool } from "./pool.js";

type Rec = Record<string, any>;

/**
 * Values per list-filter request: Medusa 2.21 took 300 (`sku[]`, verified on the sandbox; NOTES.md
 * §12 verified 100). The URL is the real limit (Node answers 431 past ~16 KB of headers), so
 * groups are also cut by their encoded length.
 */
export const LOOKUP_BATCH = 250;
const LOOKUP_URL_BUDGET = 8000;

/** Untyped access to `sdk.admin.<resource>.<method>`, for lookups driven by data. */
export function adminOf(sdk: Medusa): Record<string, Record<string, (...a: any[]) => Promise<any>>> {
  return sdk.admin as unknown as Record<string, Record<string, (...a: any[]) => Promise<any>>>;
}

/**
 * Every record of `path` whose `filter` is one of `values`, e.g. ("/admin/product-variants",
 * "variants", "sku", skus). Each request asks for a full page of its values, so no paging.
 */
export async function lookupMany(
  sdk: Medusa,
  path: string,
  listKey: string,
  filter: string,
  values: Iterable<string>,
  query: Rec,
  opts: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<Rec[]> {
  const unique = [...new Set(values)];
  const out: Rec[] = [];
  await runPool(
    chunked(unique, { maxItems: LOOKUP_BATCH, maxBytes: LOOKUP_URL_BUDGET, size: (v) => encodeURIComponent(v).length + filter.length + 12 }),
    opts.concurrency ?? 2,
    async (group) => {
      const page = await sdk.client.fetch<Rec>(path, { query: { ...query, [filter]: group, limit: group.length * 4 + 10 }, signal: opts.signal });
      out.push(...((page?.[listKey] as Rec[]) ?? []));
    },
    opts.signal,
  );
  return out;
}

/**
 * An id given as is (checked to exist) or a name looked up: `sc_…` or "Default Sales Channel".
 * Several records with that name → usage error (ambiguous); none → usage error.
 */
export async function resolveRef(
  sdk: Medusa,
  what: { flag: string; path: string; listKey: string; idPrefix: string; nameField: string },
  value: string,
  signal?: AbortSignal,
): Promise<{ id: string; name: string }> {
  const query = { [what.nameField]: value };
  if (value.startsWith(what.idPrefix)) {
    const page = await sdk.client.fetch<Rec>(what.path, { query: { id: [value], fields: `id,${what.nameField}`, limit: 1 }, signal });
    const hit = (page?.[what.listKey] as Rec[] | undefined)?.[0];
    if (hit) return { id: hit.id, name: hit[what.nameField] };
  }
  const page = await sdk.client.fetch<Rec>(what.path, { query: { ...query, fields: `id,${what.nameField}`, limit: 100 }, signal });
  const hits = ((page?.[what.listKey] as Rec[] | undefined) ?? []).filter((r) => r[what.nameField] === value);
  if (hits.length === 1) return { id: hits[0]!.id, name: value };
  if (hits.length > 1) throw new UsageError(`${what.flag} "${value}": ${hits.length} records have that name; give the id (${hits.map((h) => h.id).join(", ")})`);
  throw new UsageError(`${what.flag} "${value}": not found (give an id or the exact name)`);
}

export const REFS = {
  salesChannel: { flag: "--sales-channel", path: "/admin/sales-channels", listKey: "sales_channels", idPrefix: "sc_", nameField: "name" },
  stockLocation: { flag: "--location", path: "/admin/stock-locations", listKey: "stock_locations", idPrefix: "sloc_", nameField: "name" },
  shippingProfile: { flag: "--shipping-profile", path: "/admin/shipping-profiles", listKey: "shipping_profiles", idPrefix: "sp_", nameField: "name" },
} as const;
