/**
 * The one place bulk jobs find existing records: every page of a list, many values of one filter
 * (ids, handles, SKUs) fetched as `k[]=v` lists with bounded concurrency, and references given by
 * id or by name (`--sales-channel`, `--location`, `--shipping-profile`). Requests go through the
 * SDK's declared list methods, so paths live only in the SDK.
 */
import type { Admin, Medusa } from "../../sdk/index.js";
import { InconsistentResponseError } from "../../sdk/errors.js";
import { readPage, WalkState } from "../../sdk/resource.js";
import { UsageError } from "../../term/errors.js";
import { NameLookupError, resolveName } from "../../shared/resolve.js";
import { chunked, runPool } from "./pool.js";

type Rec = Record<string, any>;

/** An admin resource with a list route (`sdk.admin.<key>.paginate`). */
export type ListResource = keyof Admin;

/**
 * Values per list-filter request: Medusa 2.21 took 300 (`sku[]`, verified on the sandbox; NOTES.md
 * §12 verified 100). The URL is the real limit (Node answers 431 past ~16 KB of headers), so
 * groups are also cut by their encoded length.
 */
export const LOOKUP_BATCH = 250;
const LOOKUP_URL_BUDGET = 8000;

export interface LookupOptions {
  signal?: AbortSignal;
  /** Requests in flight for `listByKeys` (default 2). */
  concurrency?: number;
  /** Page size for `listAll` (default 200). */
  pageSize?: number;
  /** Values per request for `listByKeys` (default LOOKUP_BATCH; fewer for heavy field sets). */
  batch?: number;
}

/** Untyped access to `sdk.admin.<resource>.<method>`, for lookups driven by data. */
export function adminOf(sdk: Medusa): Record<string, Record<string, (...a: any[]) => Promise<any>> & { paginate(q?: Rec, o?: Rec): AsyncGenerator<Rec> }> {
  return sdk.admin as never;
}

/**
 * Every record of a list answered by `page(query)` under `key`, following limit/offset: for the
 * lists that hang under one record (`sdk.admin.priceList.prices(id, query)`).
 */
export async function pageAll<T = Rec>(page: (query: Rec) => Promise<unknown>, key: string, query: Rec = {}, pageSize = 200): Promise<T[]> {
  const out: T[] = [];
  const walk = new WalkState();
  for (let offset = 0; ; offset += pageSize) {
    const { rows, verdict } = await readPage(() => page({ ...query, limit: pageSize, offset }) as Promise<Rec>, key, pageSize, offset, undefined, walk);
    if (typeof verdict === "object") throw new InconsistentResponseError(`the server's answer was inconsistent: a page of ${key}: ${verdict.problem}; stopped rather than return a partial list`);
    out.push(...(rows as T[]));
    if (verdict === "done") return out;
  }
}

/** Every record of a resource's list that matches `query`, page by page. */
export async function listAll<T = Rec>(sdk: Medusa, resource: ListResource, query: Rec = {}, opts: LookupOptions = {}): Promise<T[]> {
  const res = adminOf(sdk)[resource];
  if (!res?.paginate) throw new Error(`sdk.admin.${String(resource)} has no list`);
  const out: T[] = [];
  for await (const r of res.paginate({ ...query, limit: query.limit ?? opts.pageSize ?? 200 }, { signal: opts.signal })) out.push(r as T);
  return out;
}

/**
 * Every record whose `filter` is one of `values`, e.g. ("productVariant", "sku", skus). Each group
 * asks for a page large enough for its values, so a group is one request unless values repeat.
 */
export async function listByKeys<T = Rec>(sdk: Medusa, resource: ListResource, filter: string, values: Iterable<string>, query: Rec = {}, opts: LookupOptions = {}): Promise<T[]> {
  const unique = [...new Set(values)];
  const out: T[] = [];
  await runPool(
    chunked(unique, { maxItems: opts.batch ?? LOOKUP_BATCH, maxBytes: LOOKUP_URL_BUDGET, size: (v) => encodeURIComponent(v).length + filter.length + 12 }),
    opts.concurrency ?? 2,
    async (group) => {
      out.push(...(await listAll<T>(sdk, resource, { ...query, [filter]: group, limit: group.length * 4 + 10 }, { signal: opts.signal })));
    },
    opts.signal,
  );
  return out;
}

/** What a flag that takes "an id or a name" refers to. */
export interface RefKind {
  flag: string;
  resource: ListResource;
  idPrefix: string;
  nameField: string;
  /** The list's key in the answer (`sales_channels`). */
  many: string;
}

/**
 * An id given as is (checked to exist) or a name looked up: `sc_…` or "Default Sales Channel".
 * Several records with that name → usage error (ambiguous); none → usage error.
 */
export async function resolveRef(sdk: Medusa, what: RefKind, value: string, signal?: AbortSignal): Promise<{ id: string; name: string }> {
  if (value.startsWith(what.idPrefix)) {
    const [hit] = await listAll<Rec>(sdk, what.resource, { id: [value], fields: `id,${what.nameField}` }, { signal, pageSize: 1 });
    if (hit) return { id: hit.id, name: hit[what.nameField] };
  }
  try {
    const hit = await resolveName<Rec>({
      what: what.flag.replace(/^--/, "").replace(/-/g, " "),
      value,
      page: async (q) => ((await adminOf(sdk)[what.resource]!.list!({ ...q, [what.nameField]: value, fields: `id,${what.nameField}` }, undefined, { signal })) as Rec)[what.many] ?? [],
      matches: (r) => r[what.nameField] === value,
      describe: (r) => r.id,
      signal,
    });
    return { id: hit.id, name: value };
  } catch (e) {
    if (!(e instanceof NameLookupError)) throw e;
    if (e.kind === "ambiguous") throw new UsageError(`${what.flag} "${value}": ${e.candidates.length} records have that name; give the id (${e.candidates.join(", ")})`);
    throw new UsageError(`${what.flag} "${value}": not found (give an id or the exact name)`);
  }
}

export const REFS = {
  salesChannel: { flag: "--sales-channel", resource: "salesChannel", idPrefix: "sc_", nameField: "name", many: "sales_channels" },
  stockLocation: { flag: "--location", resource: "stockLocation", idPrefix: "sloc_", nameField: "name", many: "stock_locations" },
  shippingProfile: { flag: "--shipping-profile", resource: "shippingProfile", idPrefix: "sp_", nameField: "name", many: "shipping_profiles" },
} as const satisfies Record<string, RefKind>;
