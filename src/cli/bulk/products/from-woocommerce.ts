/**
 * WooCommerce's product CSV (its built-in exporter: `ID, Type, SKU, Name, Parent, Regular price,
 * Sale price, Categories, Images, Attribute N name/value(s)…`) → products in the neutral shape of
 * convert.ts. `simple` → one variant; `variable` + its `variation` rows (found by `Parent`: the
 * parent's SKU or `id:N`) → one product whose options are the variations' attributes. `grouped`
 * and `external` products have no Medusa counterpart and are skipped with the reason.
 *
 * A variation whose attribute is blank applies to "any" value of it (WooCommerce's "Any Size"):
 * it becomes one variant per value the parent lists for that attribute (`Attribute N value(s)`),
 * so a shopper can choose each, with the variation's price, weight and stock. A combination that
 * a more specific sibling variation names is that sibling's (WooCommerce sells the first variation
 * that matches, and a specific one is what the shop meant); between two "any" variations the
 * earlier row wins. The variants of one "any" variation carry its SKU with the value's slug
 * appended (`VNECK-RED` → `VNECK-RED-large`), since a SKU names one variant; its stock, which
 * WooCommerce counted once for all of them, is given to each, and a note says so.
 *
 * WordPress writes line breaks of descriptions as `\n` (and a written `\n` as `\\n`): they are
 * turned back into line breaks; HTML stays as it is. WooCommerce's default category
 * "Uncategorized" is left out, so a product without a category stays without one.
 */
import { readCsv } from "../csv.js";
import { decimalPoint } from "../csv-dialect.js";
import {
  categoryPath,
  decimal,
  describeColumns,
  slugify,
  toCentimetres,
  toGrams,
  type CategoryNode,
  type ColumnUse,
  type Conversion,
  type ConvertOptions,
  type ConvertedProduct,
  type ConvertedVariant,
  type SkippedRow,
  type SourceAt,
} from "./convert.js";

const USED: Record<string, string> = {
  id: "finds variations' parents (Parent id:N); product metadata.woocommerce_id",
  type: "simple → one variant, variable + variation → variants; grouped and external are skipped",
  sku: "variant sku (and finds variations' parents)",
  "gtin, upc, ean, or isbn": "variant barcode",
  name: "product title (and the handle, as its slug)",
  published: "product status (1 → published, else draft)",
  "short description": "product subtitle (HTML kept as is)",
  description: "product description (HTML kept as is)",
  stock: "stock at --location; a number also means managed inventory",
  "backorders allowed?": "variant allow_backorder (1 or notify → true)",
  "sale price": "the sale price list, when lower than Regular price",
  "regular price": "variant price in the import currency",
  categories: 'product categories (A > B, C: nested, by handle; created when missing; WooCommerce\'s default "Uncategorized" is left out)',
  tags: "product tags",
  images: "product images (the first is the thumbnail)",
  parent: "the variable product a variation belongs to",
};

const IGNORED: Record<string, string> = {
  "is featured?": "Medusa has no featured flag",
  "visibility in catalog": "Medusa shows published products in their sales channels",
  "date sale price starts": "sale dates are not imported (the sale price list has no dates)",
  "date sale price ends": "sale dates are not imported (the sale price list has no dates)",
  "tax status": "Medusa taxes by tax region",
  "tax class": "Medusa taxes by tax region",
  "in stock?": "follows from Stock and Backorders allowed?",
  "low stock amount": "Medusa has no low-stock threshold",
  "sold individually?": "Medusa has no per-order quantity limit on products",
  "allow customer reviews?": "Medusa has no reviews",
  "purchase note": "Medusa has no purchase notes",
  "shipping class": "Medusa ships by shipping profile",
  "download limit": "downloadable files have no Medusa counterpart",
  "download expiry days": "downloadable files have no Medusa counterpart",
  "grouped products": "grouped products have no Medusa counterpart",
  upsells: "Medusa has no upsell links",
  "cross-sells": "Medusa has no cross-sell links",
  "external url": "external products have no Medusa counterpart",
  "button text": "external products have no Medusa counterpart",
  position: "menu order has no Medusa counterpart",
  brands: "Medusa has no brands",
};

export function wooColumn(lower: string): { target?: string; reason?: string } | undefined {
  if (USED[lower]) return { target: USED[lower] };
  if (IGNORED[lower]) return { reason: IGNORED[lower] };
  let m: RegExpMatchArray | null;
  if ((m = lower.match(/^(weight) \((kg|g|lbs|lb|oz)\)$/))) return { target: `variant weight (grams, from ${m[2]})` };
  if ((m = lower.match(/^(length|width|height) \((cm|mm|m|in|yd)\)$/))) return { target: `variant ${m[1]} (centimetres, from ${m[2]})` };
  if ((m = lower.match(/^(weight|length|width|height) \((.*)\)$/))) return { reason: `unknown unit "${m[2]}": ${m[1]}s are left out (rename the column to a known unit: ${m[1] === "weight" ? "kg, g, lbs, oz" : "cm, mm, m, in, yd"})` };
  if ((m = lower.match(/^attribute (\d+) (name|value\(s\))$/))) return { target: m[2] === "name" ? `option title (variations)` : "option value (variations)" };
  if (/^attribute \d+ (visible|global|default)$/.test(lower)) return { reason: "attribute display settings have no Medusa counterpart" };
  if (/^download \d+ (id|name|url)$/.test(lower)) return { reason: "downloadable files have no Medusa counterpart (rows that have one say so)" };
  if (lower.startsWith("meta:")) return { reason: "custom fields (Meta:) are not imported" };
  return undefined;
}

/** A description as WooCommerce's exporter wrote it: `\n` is a line break, `\\n` a written `\n`. */
export function wooText(text: string): string {
  return text
    .split("\\\\n")
    .map((part) => part.replace(/\\n/g, "\n"))
    .join("\\n");
}

/** WooCommerce's default category, which every product without one is put in. */
const DEFAULT_CATEGORY = "uncategorized";

/** WordPress writes term names HTML-escaped ("Home &amp; Garden"). */
export function entities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#0?39|apos);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#039": "'", "#39": "'", apos: "'" })[e]!);
}

export function isWooHeader(lower: Set<string>): boolean {
  return ["type", "sku", "name", "parent", "regular price"].every((c) => lower.has(c));
}

interface WooRow extends SourceAt {
  id: string;
  kinds: Set<string>;
  sku: string;
  name: string;
  parent: string;
  cell: (name: string) => string;
  attributes: [string, string][];
}

/** Values of a comma-separated WooCommerce list cell; commas inside a name are written as "\,". */
function wooList(text: string): string[] {
  return text.split(/(?<!\\),/).map((s) => entities(s.replace(/\\,/g, ",")).trim()).filter(Boolean);
}

/**
 * The variants a shopper can buy of a variable product whose variations may leave attributes blank
 * ("any"): see the rule at the top of this file. Specific variations keep their combination; each
 * "any" variation fills the combinations of the parent's values no earlier one took.
 */
function expandAny(variations: ConvertedVariant[], parent: WooRow, out: { skipped: SkippedRow[]; notes: Conversion["notes"] }): ConvertedVariant[] {
  const listed = new Map(parent.attributes.map(([name, values]) => [name, wooList(values)]));
  const combo = (options: [string, string][]) => JSON.stringify([...options].sort(([a], [b]) => a.localeCompare(b)));
  const taken = new Set(variations.filter((v) => v.options.every(([, value]) => value)).map((v) => combo(v.options)));
  const result: ConvertedVariant[] = [];
  for (const v of variations) {
    const any = v.options.filter(([, value]) => !value).map(([name]) => name);
    if (!any.length) {
      result.push(v);
      continue;
    }
    const unlisted = any.filter((name) => !listed.get(name)?.length);
    if (unlisted.length) {
      out.skipped.push({ ...v.at, key: v.sku, reason: `applies to any ${unlisted.join(", ")}, but its product lists no values of ${unlisted.length === 1 ? "it" : "them"} (Attribute N value(s) on row ${parent.row})` });
      continue;
    }
    // Every combination of the blank attributes' values, in the parent's order.
    let combos: [string, string][][] = [v.options.filter(([, value]) => value)];
    for (const name of any) combos = combos.flatMap((c) => listed.get(name)!.map((value) => [...c, [name, value] as [string, string]]));
    const made: string[] = [];
    for (const options of combos) {
      const k = combo(options);
      if (taken.has(k)) continue;
      taken.add(k);
      const picked = any.map((name) => options.find(([n]) => n === name)![1]);
      made.push(picked.join(" / "));
      const ordered = v.options.map(([name]) => [name, options.find(([n]) => n === name)![1]] as [string, string]);
      result.push({ ...v, options: ordered, title: undefined, ...(v.sku ? { sku: [v.sku, ...picked.map((x) => slugify(x) || x)].join("-") } : {}) });
    }
    if (!made.length) {
      out.skipped.push({ ...v.at, key: v.sku, reason: `applies to any ${any.join(", ")}, but every value is taken by a sibling variation` });
      continue;
    }
    const stock = v.stock !== undefined && made.length > 1 ? `; each has the stock of ${v.stock} that WooCommerce shared between them` : "";
    out.notes.push({ ...v.at, message: `applies to any ${any.join(", ")}: imported as ${made.length} variant${made.length === 1 ? "" : "s"} (${made.join(", ")})${v.sku ? ` with SKUs ${v.sku}-…` : ""}${stock}` });
  }
  return result;
}

export async function fromWooCommerce(o: ConvertOptions): Promise<Conversion> {
  const { file, problems } = o;
  let names: string[] = [];
  let col: Map<string, number> | undefined;
  let columns: ColumnUse[] = [];
  let weightUnit: string | undefined;
  const dims: Record<string, { index: number; unit: string }> = {};
  const rows: WooRow[] = [];
  let dataRows = 0;
  let lastRow = 1;
  for await (const rec of readCsv(file, { file, problems, signal: o.signal, dialect: o.dialect })) {
    if (!col) {
      names = rec.cells;
      col = new Map(rec.cells.map((h, i) => [h.trim().replace(/\s+/g, " ").toLowerCase(), i]));
      columns = describeColumns(rec.cells, wooColumn, "WooCommerce");
      for (const [lower, i] of col) {
        let m: RegExpMatchArray | null;
        if ((m = lower.match(/^weight \((kg|g|lbs|lb|oz)\)$/))) weightUnit = `${m[1]}@${i}`;
        if ((m = lower.match(/^(length|width|height) \((cm|mm|m|in|yd)\)$/))) dims[m[1]!] = { index: i, unit: m[2]! };
      }
      continue;
    }
    // A row of empty cells (what a spreadsheet leaves after deleting a row's contents) is not data.
    if (rec.cells.every((c) => !c.trim())) continue;
    dataRows++;
    lastRow = rec.row;
    const cells = rec.cells;
    const cell = (name: string) => {
      const i = col!.get(name);
      return i === undefined ? "" : (cells[i] ?? "").trim();
    };
    // Decimals of a semicolon-separated file may be written with a comma ("19,99").
    const num = (text: string) => decimalPoint(text, rec.decimalComma);
    const attributes: [string, string][] = [];
    for (const [lower, i] of col) {
      const m = lower.match(/^attribute (\d+) name$/);
      if (!m) continue;
      const name = (cells[i] ?? "").trim();
      const vi = col.get(`attribute ${m[1]} value(s)`);
      if (name) attributes.push([name, vi === undefined ? "" : (cells[vi] ?? "").trim()]);
    }
    rows.push({
      row: rec.row,
      line: rec.line,
      id: cell("id"),
      kinds: new Set(cell("type").toLowerCase().split(",").map((s) => s.trim()).filter(Boolean)),
      sku: cell("sku"),
      name: cell("name"),
      parent: cell("parent"),
      cell: (name: string) => {
        if (name === "@weight") return weightUnit ? num((cells[Number(weightUnit.split("@")[1])] ?? "").trim()) : "";
        if (name.startsWith("@")) {
          const d = dims[name.slice(1)];
          return d ? num((cells[d.index] ?? "").trim()) : "";
        }
        return name === "regular price" || name === "sale price" ? num(cell(name)) : cell(name);
      },
      attributes,
    });
  }
  void names;

  const skipped: SkippedRow[] = [];
  const notes: Conversion["notes"] = [];
  const tree = new Map<string, CategoryNode>();
  const out: ConvertedProduct[] = [];
  const byId = new Map<string, ConvertedProduct & { src: WooRow }>();
  const bySku = new Map<string, ConvertedProduct & { src: WooRow }>();
  const handles = new Set<string>();
  const bad = (r: SourceAt, column: string, message: string) => problems.add({ file, row: r.row, line: r.line, column, message });

  const variantOf = (r: WooRow): ConvertedVariant => {
    const v: ConvertedVariant = { at: { row: r.row, line: r.line }, options: [] };
    if (r.sku) v.sku = r.sku;
    if (r.cell("gtin, upc, ean, or isbn")) v.barcode = r.cell("gtin, upc, ean, or isbn");
    const stock = r.cell("stock");
    if (stock) {
      if (!/^-?\d+$/.test(stock)) bad(r, "Stock", `"${stock}" is not a whole number`);
      else {
        v.stock = Math.max(0, Number(stock));
        v.manageInventory = true;
      }
    } else v.manageInventory = false;
    const back = r.cell("backorders allowed?").toLowerCase();
    if (back) v.allowBackorder = back === "1" || back === "notify" || back === "yes";
    // A measure that is not a number: a problem, or with --on-error skip left out with a note.
    const measure = (column: string, text: string) => {
      if (o.repair) notes.push({ row: r.row, line: r.line, message: `${column} "${text}" is not a number: left out` });
      else bad(r, column, `"${text}" is not a number`);
    };
    const w = decimal(r.cell("@weight"));
    if (w === "bad") measure("Weight", r.cell("@weight"));
    else if (w !== undefined && weightUnit) v.weight = toGrams(w, weightUnit.split("@")[0]!);
    for (const dim of ["length", "width", "height"] as const) {
      const d = decimal(r.cell(`@${dim}`));
      if (d === "bad") measure(dim[0]!.toUpperCase() + dim.slice(1), r.cell(`@${dim}`));
      else if (d !== undefined) v[dim] = toCentimetres(d, dims[dim]!.unit);
    }
    const regular = decimal(r.cell("regular price"));
    const sale = decimal(r.cell("sale price"));
    if (regular === "bad") bad(r, "Regular price", `"${r.cell("regular price")}" is not an amount`);
    if (sale === "bad") bad(r, "Sale price", `"${r.cell("sale price")}" is not an amount`);
    if (typeof regular === "number") {
      v.price = r.cell("regular price");
      if (typeof sale === "number" && sale < regular) v.salePrice = r.cell("sale price");
    } else if (typeof sale === "number") v.price = r.cell("sale price");
    for (const i of [1, 2, 3, 4, 5]) if (r.cell(`download ${i} url`)) notes.push({ row: r.row, line: r.line, message: `downloadable file "${r.cell(`download ${i} name`) || r.cell(`download ${i} url`)}" skipped: Medusa has no downloadable files` });
    return v;
  };

  for (const r of rows) {
    const kinds = r.kinds;
    const key = r.sku || (r.id ? `id:${r.id}` : undefined);
    if (kinds.has("variation")) continue;
    if (kinds.has("grouped")) {
      skipped.push({ row: r.row, line: r.line, key, reason: "grouped product: Medusa has no grouped products (its children are imported on their own rows)" });
      continue;
    }
    if (kinds.has("external")) {
      skipped.push({ row: r.row, line: r.line, key, reason: "external/affiliate product: Medusa has no external products" });
      continue;
    }
    if (!kinds.has("simple") && !kinds.has("variable")) {
      skipped.push({ row: r.row, line: r.line, key, reason: `product type "${r.cell("type")}" is not simple, variable or variation` });
      continue;
    }
    if (!r.name) {
      bad(r, "Name", "missing (a product needs a name)");
      continue;
    }
    let handle = slugify(r.name) || slugify(r.sku) || `product-${r.id}`;
    if (handles.has(handle)) handle = `${handle}-${slugify(r.sku) || r.id || r.row}`;
    handles.add(handle);
    const p: ConvertedProduct & { src: WooRow } = { src: r, handle, title: r.name, categories: [], tags: [], images: [], variants: [], extraRows: [] };
    if (r.cell("description")) p.description = wooText(r.cell("description"));
    if (r.cell("short description")) p.subtitle = wooText(r.cell("short description"));
    const pub = r.cell("published");
    if (pub) p.status = pub === "1" ? "published" : "draft";
    if (r.id) p.metadata = { woocommerce_id: r.id };
    const list = wooList;
    for (const path of list(r.cell("categories"))) {
      if (path.trim().toLowerCase() === DEFAULT_CATEGORY) continue;
      const leaf = categoryPath(path, tree);
      if (leaf && !p.categories.includes(leaf)) p.categories.push(leaf);
    }
    p.tags = [...new Set(list(r.cell("tags")))];
    p.images = [...new Set(list(r.cell("images")))];
    if (kinds.has("simple")) p.variants.push(variantOf(r));
    // A variable product's own row carries the product; its variants come from the variation rows.
    else p.extraRows.push({ row: r.row, line: r.line });
    if (r.id) byId.set(r.id, p);
    if (r.sku) bySku.set(r.sku, p);
    out.push(p);
  }

  for (const r of rows) {
    if (!r.kinds.has("variation")) continue;
    const key = r.sku || (r.id ? `id:${r.id}` : undefined);
    const ref = r.parent;
    const parent = ref.startsWith("id:") ? byId.get(ref.slice(3)) : bySku.get(ref);
    if (!parent) {
      const what = rows.find((x) => (ref.startsWith("id:") ? x.id === ref.slice(3) : x.sku === ref));
      skipped.push({ row: r.row, line: r.line, key, reason: ref ? (what ? `its parent "${ref}" (row ${what.row}) is not imported` : `its parent "${ref}" is not in the file`) : "a variation without a Parent" });
      continue;
    }
    if (!parent.src.kinds.has("variable")) {
      skipped.push({ row: r.row, line: r.line, key, reason: `its parent "${ref}" (row ${parent.src.row}) is not a variable product` });
      continue;
    }
    const v = variantOf(r);
    // A variation's blank weight and sizes are its product's ("Same as parent" in WooCommerce).
    for (const m of ["weight", "length", "width", "height"] as const) {
      if (v[m] !== undefined) continue;
      const text = parent.src.cell(`@${m}`);
      const n = decimal(text);
      if (typeof n !== "number") continue;
      if (m === "weight") v.weight = weightUnit ? toGrams(n, weightUnit.split("@")[0]!) : undefined;
      else v[m] = toCentimetres(n, dims[m]!.unit);
    }
    v.options = r.attributes.map(([n, value]) => [n, value]);
    if (r.name) v.title = r.name.startsWith(`${parent.title} - `) ? r.name.slice(parent.title!.length + 3) : undefined;
    // A variation's own pictures join the product's.
    for (const url of r.cell("images").split(",").map((s) => s.trim()).filter(Boolean)) if (!parent.images.includes(url)) parent.images.push(url);
    parent.variants.push(v);
  }

  const products: ConvertedProduct[] = [];
  for (const p of out) {
    const { src, ...rest } = p as ConvertedProduct & { src: WooRow };
    if (!rest.variants.length) {
      skipped.push({ row: src.row, line: src.line, key: src.sku || `id:${src.id}`, reason: "variable product without variations: nothing to sell" });
      continue;
    }
    if (src.kinds.has("variable")) rest.variants = expandAny(rest.variants, src, { skipped, notes });
    if (!rest.variants.length) {
      skipped.push({ row: src.row, line: src.line, key: src.sku || `id:${src.id}`, reason: "none of its variations can be imported" });
      continue;
    }
    // Variations must agree on their options: Medusa needs every option on every variant.
    if (src.kinds.has("variable")) {
      const titles = [...new Set(rest.variants.flatMap((v) => v.options.map(([n]) => n)))];
      const ok = rest.variants.filter((v) => titles.every((t) => v.options.some(([n]) => n === t)));
      for (const v of rest.variants) if (!ok.includes(v)) skipped.push({ ...v.at, key: v.sku, reason: `has no value for ${titles.filter((t) => !v.options.some(([n]) => n === t)).join(", ")}, which its sibling variations have` });
      rest.variants = ok.map((v) => ({ ...v, options: titles.map((t) => [t, v.options.find(([n]) => n === t)![1]] as [string, string]) }));
      if (!rest.variants.length) {
        skipped.push({ row: src.row, line: src.line, key: src.sku || `id:${src.id}`, reason: "none of its variations can be imported" });
        continue;
      }
    }
    products.push(rest);
  }
  const sourceColumns = {
    "product handle": "Name",
    "product title": "Name",
    "product subtitle": "Short description",
    "product description": "Description",
    "product status": "Published",
    "product tag value n": "Tags",
    "product category handle n": "Categories",
    "product image n": "Images",
    "product thumbnail": "Images",
    "variant sku": "SKU",
    "variant barcode": "GTIN, UPC, EAN, or ISBN",
    "variant price": "Regular price",
    "variant inventory quantity": "Stock",
    "variant option n value": "Attribute N value(s)",
    "variant option n name": "Attribute N name",
  };
  return { file, sourceColumns, format: "woocommerce", dataRows, lastRow, products, skipped, categories: [...tree.values()], notes, columns };
}
