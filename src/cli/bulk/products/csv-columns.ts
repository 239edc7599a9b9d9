/**
 * Medusa's product CSV (NOTES.md §14): which columns exist, how a row's cells become typed
 * product and variant fields, and — for export — how a product becomes rows. Pure functions, no
 * I/O. Header names match case-insensitively, like Medusa's importer (`Variant SKU` =
 * `Variant Sku`). Our additions: `Variant Inventory Quantity` (stock, with `--location`) and the
 * `--portable` reference columns (CONTRACT.md §6).
 */
import type { Problem } from "../problems.js";
import { exactAmount } from "../../../shared/format.js";
import { decimalPoint } from "../csv-dialect.js";

export type FieldKind = "string" | "number" | "boolean" | "json" | "status" | "handle" | "int";

interface StaticColumn {
  header: string;
  field: string;
  kind: FieldKind;
}

/** Product columns in export order; `field` is the API field. */
export const PRODUCT_COLUMNS: StaticColumn[] = [
  { header: "Product Id", field: "id", kind: "string" },
  { header: "Product Handle", field: "handle", kind: "handle" },
  { header: "Product Title", field: "title", kind: "string" },
  { header: "Product Subtitle", field: "subtitle", kind: "string" },
  { header: "Product Status", field: "status", kind: "status" },
  { header: "Product Description", field: "description", kind: "string" },
  { header: "Product External Id", field: "external_id", kind: "string" },
  { header: "Product Thumbnail", field: "thumbnail", kind: "string" },
  { header: "Product Collection Id", field: "collection_id", kind: "string" },
  { header: "Product Type Id", field: "type_id", kind: "string" },
  { header: "Product Discountable", field: "discountable", kind: "boolean" },
  { header: "Product Is Giftcard", field: "is_giftcard", kind: "boolean" },
  { header: "Product Weight", field: "weight", kind: "number" },
  { header: "Product Length", field: "length", kind: "number" },
  { header: "Product Height", field: "height", kind: "number" },
  { header: "Product Width", field: "width", kind: "number" },
  { header: "Product Hs Code", field: "hs_code", kind: "string" },
  { header: "Product Mid Code", field: "mid_code", kind: "string" },
  { header: "Product Origin Country", field: "origin_country", kind: "string" },
  { header: "Product Material", field: "material", kind: "string" },
  { header: "Product Metadata", field: "metadata", kind: "json" },
  { header: "Shipping Profile Id", field: "shipping_profile_id", kind: "string" },
];

export const VARIANT_COLUMNS: StaticColumn[] = [
  { header: "Variant Id", field: "id", kind: "string" },
  { header: "Variant Title", field: "title", kind: "string" },
  { header: "Variant Sku", field: "sku", kind: "string" },
  { header: "Variant Barcode", field: "barcode", kind: "string" },
  { header: "Variant Ean", field: "ean", kind: "string" },
  { header: "Variant Upc", field: "upc", kind: "string" },
  { header: "Variant Hs Code", field: "hs_code", kind: "string" },
  { header: "Variant Mid Code", field: "mid_code", kind: "string" },
  { header: "Variant Manage Inventory", field: "manage_inventory", kind: "boolean" },
  { header: "Variant Allow Backorder", field: "allow_backorder", kind: "boolean" },
  { header: "Variant Weight", field: "weight", kind: "number" },
  { header: "Variant Length", field: "length", kind: "number" },
  { header: "Variant Height", field: "height", kind: "number" },
  { header: "Variant Width", field: "width", kind: "number" },
  { header: "Variant Material", field: "material", kind: "string" },
  { header: "Variant Origin Country", field: "origin_country", kind: "string" },
  { header: "Variant Metadata", field: "metadata", kind: "json" },
  { header: "Variant Variant Rank", field: "variant_rank", kind: "int" },
];

/** Columns Medusa's importer accepts and ignores (system timestamps, the redundant product id). */
const IGNORED = new Set([
  "product created at",
  "product updated at",
  "product deleted at",
  "variant created at",
  "variant updated at",
  "variant deleted at",
  "variant product id",
]);

export const STOCK_COLUMN = "Variant Inventory Quantity";

/** `--portable` reference columns: natural keys instead of ids (CONTRACT.md §6). */
export const PORTABLE = {
  collection: "Product Collection Handle",
  type: "Product Type Value",
  category: "Product Category Handle",
  tag: "Product Tag Value",
  salesChannel: "Product Sales Channel Name",
  shippingProfile: "Shipping Profile Name",
} as const;

/** Numbered id/url columns: `Product Category 1` … */
const NUMBERED = {
  category: "Product Category",
  tag: "Product Tag",
  image: "Product Image",
  salesChannel: "Product Sales Channel",
} as const;

export type ListKind = keyof typeof NUMBERED;
export type RefKind = "category" | "tag" | "salesChannel";

export type ColumnRole =
  | { role: "product"; col: StaticColumn }
  | { role: "variant"; col: StaticColumn }
  | { role: "ignored" }
  | { role: "list"; list: ListKind; n: number }
  | { role: "ref"; ref: RefKind; n: number }
  | { role: "refOne"; ref: "collection" | "type" | "shippingProfile" }
  | { role: "price"; currency: string; region?: string }
  | { role: "optionName"; n: number }
  | { role: "optionValue"; n: number }
  | { role: "optionId"; n: number }
  | { role: "optionExclusive"; n: number }
  | { role: "stock" };

const BY_LOWER = new Map<string, ColumnRole>();
for (const col of PRODUCT_COLUMNS) BY_LOWER.set(col.header.toLowerCase(), { role: "product", col });
for (const col of VARIANT_COLUMNS) BY_LOWER.set(col.header.toLowerCase(), { role: "variant", col });
BY_LOWER.set(STOCK_COLUMN.toLowerCase(), { role: "stock" });
BY_LOWER.set(PORTABLE.collection.toLowerCase(), { role: "refOne", ref: "collection" });
BY_LOWER.set(PORTABLE.type.toLowerCase(), { role: "refOne", ref: "type" });
BY_LOWER.set(PORTABLE.shippingProfile.toLowerCase(), { role: "refOne", ref: "shippingProfile" });

/** What a header cell means, or undefined for an unknown column. */
export function classifyColumn(header: string): ColumnRole | undefined {
  const lower = header.trim().replace(/\s+/g, " ").toLowerCase();
  const known = BY_LOWER.get(lower);
  if (known) return known;
  if (IGNORED.has(lower)) return { role: "ignored" };
  let m: RegExpMatchArray | null;
  for (const [ref, prefix] of [["category", PORTABLE.category], ["tag", PORTABLE.tag], ["salesChannel", PORTABLE.salesChannel]] as const) {
    if ((m = lower.match(new RegExp(`^${prefix.toLowerCase()} (\\d+)$`)))) return { role: "ref", ref, n: Number(m[1]) };
  }
  for (const [list, prefix] of Object.entries(NUMBERED) as [ListKind, string][]) {
    if ((m = lower.match(new RegExp(`^${prefix.toLowerCase()} (\\d+)$`)))) return { role: "list", list, n: Number(m[1]) };
  }
  if ((m = lower.match(/^variant price \[(.+)\] ([a-z]{3})$/))) return { role: "price", currency: m[2]!, region: header.trim().match(/\[(.+)\]/)![1]!.trim() };
  if ((m = lower.match(/^variant price ([a-z]{3})$/))) return { role: "price", currency: m[1]! };
  if ((m = lower.match(/^variant option (\d+) (name|value|id|is exclusive)$/))) {
    const n = Number(m[1]);
    return m[2] === "name" ? { role: "optionName", n } : m[2] === "value" ? { role: "optionValue", n } : m[2] === "id" ? { role: "optionId", n } : { role: "optionExclusive", n };
  }
  return undefined;
}

/** A classified header: each column's role, plus what the file as a whole carries. */
export interface HeaderMap {
  names: string[];
  roles: (ColumnRole | undefined)[];
  has: { productId: boolean; handle: boolean; title: boolean; variantId: boolean; sku: boolean; stock: boolean; portable: boolean };
  /** Price columns: currency (lower case) and region name. */
  prices: { index: number; currency: string; region?: string; header: string }[];
}

export function mapHeader(names: string[], file: string, problems: { add(p: Problem): void }): HeaderMap {
  const roles = names.map((n) => classifyColumn(n));
  const seen = new Map<string, number>();
  names.forEach((name, i) => {
    const key = name.trim().replace(/\s+/g, " ").toLowerCase();
    if (!roles[i]) {
      problems.add({ file, row: 1, column: name, message: "unknown column (see `medusactl products import --help` for the accepted columns)" });
    } else if (seen.has(key)) {
      problems.add({ file, row: 1, column: name, message: `appears twice (also column ${seen.get(key)! + 1})` });
    }
    seen.set(key, i);
  });
  const prodField = (f: string) => roles.some((r) => r?.role === "product" && r.col.field === f);
  const varField = (f: string) => roles.some((r) => r?.role === "variant" && r.col.field === f);
  const has = {
    productId: prodField("id"),
    handle: prodField("handle"),
    title: prodField("title"),
    variantId: varField("id"),
    sku: varField("sku"),
    stock: roles.some((r) => r?.role === "stock"),
    portable: roles.some((r) => r?.role === "ref" || r?.role === "refOne"),
  };
  if (names.length && !has.productId && !has.handle) {
    problems.add({ file, row: 1, message: 'needs a "Product Handle" (or "Product Id") column' });
  }
  const prices = roles.flatMap((r, index) => (r?.role === "price" ? [{ index, currency: r.currency, region: r.region, header: names[index]! }] : []));
  // Option names need their values and vice versa.
  const optionNs = (role: "optionName" | "optionValue") => new Set(roles.flatMap((r) => (r?.role === role ? [r.n] : [])));
  const names_ = optionNs("optionName");
  const values = optionNs("optionValue");
  for (const n of names_) if (!values.has(n)) problems.add({ file, row: 1, message: `"Variant Option ${n} Name" has no "Variant Option ${n} Value" column` });
  for (const n of values) if (!names_.has(n)) problems.add({ file, row: 1, message: `"Variant Option ${n} Value" has no "Variant Option ${n} Name" column` });
  return { names, roles, has, prices };
}

export type Scalar = string | number | boolean | Record<string, unknown>;

/** One CSV row, typed. Empty cells are absent: an empty cell never clears a stored value. */
export interface ParsedRow {
  row: number;
  line: number;
  product: Record<string, Scalar>;
  variant: Record<string, Scalar>;
  lists: Partial<Record<ListKind, string[]>>;
  refs: Partial<Record<RefKind, string[]>>;
  refOne: Partial<Record<"collection" | "type" | "shippingProfile", string>>;
  /** Keyed `cur` or `cur@Region name`. */
  prices: Record<string, number>;
  /** Option title → value, in column order. */
  options: [string, string][];
  optionExclusive: Record<string, boolean>;
  stock?: number;
  /** The record's cells as read (kept only while a product is in flight, for rewriting). */
  cells?: string[];
}

/** Plain decimals only: `0x1F`, `1e3`, `Infinity`, `12,50` and `` are refused, unlike Medusa's Number(). */
const DECIMAL = /^-?(\d+(\.\d+)?|\.\d+)$/;
const INTEGER = /^-?\d+$/;
const STATUSES = new Set(["draft", "proposed", "published", "rejected"]);
/** Medusa's own handle rule (isValidHandle in @medusajs/utils 2.21): lower-case letters or digits, single inner hyphens. */
const HANDLE = /^[\p{Ll}\p{Lo}\p{Lm}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{N}]+)*$/u;

export function parseBoolean(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (t === "true") return true;
  if (t === "false") return false;
  return undefined;
}

function typed(kind: FieldKind, text: string): { value?: Scalar; error?: string } {
  switch (kind) {
    case "string":
      return { value: text };
    case "handle":
      return HANDLE.test(text) && !/[A-Z]/.test(text) ? { value: text } : { error: `"${text}" is not a valid handle (lower-case letters and digits, joined by single hyphens)` };
    case "status":
      return STATUSES.has(text) ? { value: text } : { error: `"${text}" is not a status (draft, proposed, published or rejected)` };
    case "boolean": {
      const b = parseBoolean(text);
      return b === undefined ? { error: `"${text}" is not true or false` } : { value: b };
    }
    case "number":
      return DECIMAL.test(text.trim()) ? { value: Number(text) } : { error: `"${text}" is not a number` };
    case "int":
      return INTEGER.test(text.trim()) ? { value: Number(text) } : { error: `"${text}" is not a whole number` };
    case "json": {
      try {
        const v = JSON.parse(text) as unknown;
        if (v === null || typeof v !== "object" || Array.isArray(v)) return { error: "must be a JSON object" };
        return { value: v as Record<string, unknown> };
      } catch (e) {
        return { error: `is not valid JSON (${(e as Error).message})` };
      }
    }
  }
}

/** Types one record's cells; problems go to `problems` with the record's row and the column. */
export function parseRow(map: HeaderMap, rec: { row: number; line: number; cells: string[]; decimalComma?: boolean }, file: string, problems: { add(p: Problem): void }): ParsedRow {
  const out: ParsedRow = { row: rec.row, line: rec.line, product: {}, variant: {}, lists: {}, refs: {}, refOne: {}, prices: {}, options: [], optionExclusive: {} };
  const bad = (i: number, message: string) => problems.add({ file, row: rec.row, line: rec.line, column: map.names[i], message });
  const optNames = new Map<number, string>();
  const optValues = new Map<number, { value: string; index: number }>();
  const optExclusive = new Map<number, boolean>();
  const numbered: { kind: "list" | "ref"; name: string; n: number; value: string }[] = [];
  rec.cells.forEach((cell, i) => {
    const role = map.roles[i];
    if (!role || cell === "") return;
    switch (role.role) {
      case "product":
      case "variant": {
        const r = typed(role.col.kind, role.col.kind === "number" ? decimalPoint(cell, rec.decimalComma) : cell);
        if (r.error) bad(i, r.error);
        else (role.role === "product" ? out.product : out.variant)[role.col.field] = r.value!;
        return;
      }
      case "list":
        numbered.push({ kind: "list", name: role.list, n: role.n, value: cell });
        return;
      case "ref":
        numbered.push({ kind: "ref", name: role.ref, n: role.n, value: cell });
        return;
      case "refOne":
        out.refOne[role.ref] = cell;
        return;
      case "price": {
        const text = decimalPoint(cell, rec.decimalComma);
        if (!DECIMAL.test(text.trim())) return bad(i, `"${cell}" is not an amount (write decimals in major units, e.g. 19.99)`);
        // Exact or refused: 1e20, …568 or 0 stored in place of what the sheet says would be worse than no import.
        const exact = exactAmount(text, role.currency);
        if ("error" in exact) return bad(i, exact.error);
        const amount = exact.value;
        if (amount < 0) return bad(i, "an amount cannot be negative");
        out.prices[priceKey(role.currency, role.region)] = amount;
        return;
      }
      case "optionName":
        optNames.set(role.n, cell);
        return;
      case "optionValue":
        optValues.set(role.n, { value: cell, index: i });
        return;
      case "optionExclusive": {
        const b = parseBoolean(cell);
        if (b === undefined) bad(i, `"${cell}" is not true or false`);
        else optExclusive.set(role.n, b);
        return;
      }
      case "stock":
        if (!INTEGER.test(cell.trim()) || Number(cell) < 0) return bad(i, `"${cell}" is not a stock quantity (a whole number, 0 or more)`);
        out.stock = Number(cell);
        return;
      case "optionId":
      case "ignored":
        return;
    }
  });
  numbered.sort((a, b) => a.n - b.n);
  for (const x of numbered) {
    const bucket = x.kind === "list" ? out.lists : out.refs;
    const arr = ((bucket as Record<string, string[]>)[x.name] ??= []);
    if (!arr.includes(x.value)) arr.push(x.value);
  }
  for (const n of [...new Set([...optNames.keys(), ...optValues.keys()])].sort((a, b) => a - b)) {
    const name = optNames.get(n);
    const value = optValues.get(n);
    const nameCol = map.roles.findIndex((r) => r?.role === "optionName" && r.n === n);
    if (name === undefined && value) bad(value.index, `a value without an option name (Variant Option ${n} Name is empty)`);
    else if (name !== undefined && !value) bad(nameCol, `option "${name}" has no value on this row`);
    else if (name !== undefined && value) {
      if (out.options.some(([t]) => t === name)) bad(nameCol, `option "${name}" appears twice on this row`);
      else out.options.push([name, value.value]);
      if (optExclusive.has(n)) out.optionExclusive[name] = optExclusive.get(n)!;
    }
  }
  return out;
}

export function priceKey(currency: string, region?: string): string {
  return region ? `${currency.toLowerCase()}@${region}` : currency.toLowerCase();
}

/** The key a row's product is grouped and matched by: its id, else its handle. */
export function productKeyOf(row: ParsedRow, byHandleOnly: boolean): string | undefined {
  if (!byHandleOnly && typeof row.product.id === "string") return `id:${row.product.id}`;
  if (typeof row.product.handle === "string") return `handle:${row.product.handle}`;
  return undefined;
}

/** A stable digest of a row's product-level cells, to find rows of one product that disagree. */
export function productSignature(row: ParsedRow): string {
  return JSON.stringify([row.product, row.lists, row.refs, row.refOne]);
}

/** Which product-level values two rows of one product disagree on. */
export function productDifferences(a: ParsedRow, b: ParsedRow): string[] {
  const out: string[] = [];
  const cmp = (label: string, x: unknown, y: unknown) => {
    if (x !== undefined && y !== undefined && JSON.stringify(x) !== JSON.stringify(y)) out.push(label);
  };
  for (const col of PRODUCT_COLUMNS) cmp(col.header, a.product[col.field], b.product[col.field]);
  for (const [k, label] of Object.entries(NUMBERED)) cmp(`${label} N`, (a.lists as Record<string, unknown>)[k], (b.lists as Record<string, unknown>)[k]);
  for (const [k, label] of [["category", PORTABLE.category], ["tag", PORTABLE.tag], ["salesChannel", PORTABLE.salesChannel]] as const) cmp(`${label} N`, a.refs[k], b.refs[k]);
  for (const [k, label] of [["collection", PORTABLE.collection], ["type", PORTABLE.type], ["shippingProfile", PORTABLE.shippingProfile]] as const) cmp(label, a.refOne[k], b.refOne[k]);
  return out;
}

/** A product as `products export` reads it (PLAN_FIELDS plus the portable names). */
export interface ExportProduct {
  [field: string]: unknown;
  options?: { id: string; title: string; created_at?: string }[] | null;
  variants?: ExportVariant[] | null;
  images?: { url: string; rank?: number | null }[] | null;
  categories?: { id: string; handle?: string }[] | null;
  tags?: { id: string; value?: string }[] | null;
  sales_channels?: { id: string; name?: string }[] | null;
  shipping_profile?: { id: string; name?: string } | null;
  collection?: { handle?: string } | null;
  type?: { value?: string } | null;
}

interface ExportVariant {
  [field: string]: unknown;
  id: string;
  variant_rank?: number | null;
  created_at?: string;
  options?: { value: string; option_id?: string | null }[] | null;
  prices?: { amount: number; currency_code: string; min_quantity?: number | null; max_quantity?: number | null; rules?: Record<string, string> | null; price_list_id?: string | null }[] | null;
}

/** A cell's text: the value itself, never reformatted (numbers as JavaScript prints them). */
export function cellText(value: unknown, kind: FieldKind): string {
  if (value === null || value === undefined) return "";
  if (kind === "json") return Object.keys(value as object).length ? JSON.stringify(value) : "";
  return String(value);
}

const byCreated = (a: { created_at?: string; id: string }, b: { created_at?: string; id: string }) =>
  (a.created_at ?? "").localeCompare(b.created_at ?? "") || a.id.localeCompare(b.id);
const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

/**
 * One product → its rows (header → text), one per variant (a product without variants gets one
 * row). Prices with quantity tiers or rules other than a region cannot be expressed and are left
 * out, like Medusa's own export.
 */
export function productRows(p: ExportProduct, regionsById: Map<string, { name: string; currency_code: string }>, portable: boolean): Record<string, string>[] {
  const base: Record<string, string> = {};
  for (const col of PRODUCT_COLUMNS) base[col.header] = col.field === "shipping_profile_id" ? (p.shipping_profile?.id ?? "") : cellText(p[col.field], col.kind);
  const put = (prefix: string, values: string[]) => values.forEach((v, i) => (base[`${prefix} ${i + 1}`] = v));
  const cats = [...(p.categories ?? [])].sort(byId);
  const tags = [...(p.tags ?? [])].sort(byId);
  const channels = [...(p.sales_channels ?? [])].sort(byId);
  put(NUMBERED.category, cats.map((c) => c.id));
  put(NUMBERED.tag, tags.map((t) => t.id));
  put(NUMBERED.image, [...(p.images ?? [])].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).map((i) => i.url));
  put(NUMBERED.salesChannel, channels.map((c) => c.id));
  if (portable) {
    base[PORTABLE.collection] = p.collection?.handle ?? "";
    base[PORTABLE.type] = p.type?.value ?? "";
    base[PORTABLE.shippingProfile] = p.shipping_profile?.name ?? "";
    put(PORTABLE.category, cats.map((c) => c.handle ?? ""));
    put(PORTABLE.tag, tags.map((t) => t.value ?? ""));
    put(PORTABLE.salesChannel, channels.map((c) => c.name ?? ""));
  }
  const options = [...(p.options ?? [])].sort(byCreated);
  const variants = [...(p.variants ?? [])].sort((a, b) => (a.variant_rank ?? 0) - (b.variant_rank ?? 0) || byCreated(a, b));
  if (!variants.length) return [base];
  return variants.map((v) => {
    const row = { ...base };
    for (const col of VARIANT_COLUMNS) row[col.header] = cellText(v[col.field], col.kind);
    for (const price of v.prices ?? []) {
      if (price.min_quantity != null || price.max_quantity != null || price.price_list_id) continue;
      const rules = price.rules ?? {};
      const keys = Object.keys(rules);
      const cur = price.currency_code.toUpperCase();
      if (!keys.length) row[`Variant Price ${cur}`] = String(price.amount);
      else if (keys.length === 1 && rules.region_id && regionsById.has(rules.region_id)) row[`Variant Price [${regionsById.get(rules.region_id)!.name}] ${cur}`] = String(price.amount);
    }
    options.forEach((o, i) => {
      const value = v.options?.find((x) => x.option_id === o.id)?.value;
      row[`Variant Option ${i + 1} Name`] = o.title;
      row[`Variant Option ${i + 1} Value`] = value ?? "";
    });
    return row;
  });
}

/** The export header for the columns seen: fixed columns always, numbered ones as far as data goes. */
export function exportHeader(seen: Set<string>, portable: boolean): string[] {
  const count = (prefix: string) => {
    let n = 0;
    while (seen.has(`${prefix} ${n + 1}`)) n++;
    return n;
  };
  const numbered = (prefix: string) => Array.from({ length: count(prefix) }, (_, i) => `${prefix} ${i + 1}`);
  const out = [...PRODUCT_COLUMNS.map((c) => c.header)];
  for (const prefix of Object.values(NUMBERED)) out.push(...numbered(prefix));
  if (portable) {
    out.push(PORTABLE.collection, PORTABLE.type, PORTABLE.shippingProfile);
    for (const prefix of [PORTABLE.category, PORTABLE.tag, PORTABLE.salesChannel]) out.push(...numbered(prefix));
  }
  out.push(...VARIANT_COLUMNS.map((c) => c.header));
  const prices = [...seen].filter((h) => h.startsWith("Variant Price "));
  out.push(...prices.filter((h) => !h.includes("[")).sort(), ...prices.filter((h) => h.includes("[")).sort());
  let n = 0;
  while (seen.has(`Variant Option ${n + 1} Name`)) {
    n++;
    out.push(`Variant Option ${n} Name`, `Variant Option ${n} Value`);
  }
  return out;
}
