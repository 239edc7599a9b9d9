/**
 * Shopify's product CSV (the admin's export: the current one with `Product Category` and
 * `OptionN Linked To`, and the older one with the `Google Shopping / …` columns) → products in
 * the neutral shape of convert.ts. A product spans the rows that share its `Handle`: the first
 * carries the product's cells and option names, the others a variant each, or only an image.
 */
import { readCsv } from "../csv.js";
import { decimalPoint } from "../csv-dialect.js";
import {
  categoryPath,
  decimal,
  describeColumns,
  toGrams,
  type CategoryNode,
  type ColumnUse,
  type Conversion,
  type ConvertOptions,
  type ConvertedProduct,
  type ConvertedVariant,
} from "./convert.js";

/** Column (lower case) → the Medusa field it becomes. */
const USED: Record<string, string> = {
  handle: "product handle",
  title: "product title",
  "body (html)": "product description (HTML kept as is)",
  vendor: "product metadata.vendor",
  "product category": "product categories (nested, by handle; created when missing)",
  type: "product type",
  tags: "product tags",
  published: "product status (when there is no Status column: TRUE → published, else draft)",
  status: "product status (active → published, draft and archived → draft)",
  "option1 name": "option 1 title",
  "option1 value": "option 1 value",
  "option2 name": "option 2 title",
  "option2 value": "option 2 value",
  "option3 name": "option 3 title",
  "option3 value": "option 3 value",
  "variant sku": "variant sku",
  "variant grams": "variant weight (grams)",
  "variant weight": "variant weight (in Variant Weight Unit, when there is no Variant Grams column)",
  "variant inventory tracker": "variant manage_inventory (any tracker → true)",
  "variant inventory qty": "stock at --location",
  "variant inventory policy": "variant allow_backorder (continue → true, deny → false)",
  "variant price": "variant price in the import currency",
  "variant compare at price": "regular price when higher than Variant Price (which then goes to the sale price list)",
  "variant barcode": "variant barcode",
  "image src": "product images (in Image Position order)",
  "image position": "order of the product images",
  "gift card": "product is_giftcard",
  "seo title": "product metadata.seo_title",
  "seo description": "product metadata.seo_description",
};

const IGNORED: Record<string, string> = {
  "option1 linked to": "Shopify metafield links have no Medusa counterpart",
  "option2 linked to": "Shopify metafield links have no Medusa counterpart",
  "option3 linked to": "Shopify metafield links have no Medusa counterpart",
  "variant weight unit": "only how Shopify displays the weight; Variant Grams is always in grams (without Variant Grams: the unit of Variant Weight)",
  "variant fulfillment service": "Medusa fulfils through shipping options",
  "variant requires shipping": "Medusa decides shipping by shipping profile",
  "variant taxable": "Medusa taxes by tax region",
  "variant tax code": "Medusa taxes by tax region",
  "variant image": "variant pictures are not imported; the product's Image Src rows carry them",
  "image alt text": "Medusa images have no alt text",
  "cost per item": "Medusa keeps no cost price",
  "unit price total measure": "unit pricing has no Medusa counterpart",
  "unit price total measure unit": "unit pricing has no Medusa counterpart",
  "unit price base measure": "unit pricing has no Medusa counterpart",
  "unit price base measure unit": "unit pricing has no Medusa counterpart",
  "included / united states": "Shopify Markets have no Medusa counterpart",
  "price / united states": "Shopify Markets have no Medusa counterpart",
  "compare at price / united states": "Shopify Markets have no Medusa counterpart",
  "included / international": "Shopify Markets have no Medusa counterpart",
  "price / international": "Shopify Markets have no Medusa counterpart",
  "compare at price / international": "Shopify Markets have no Medusa counterpart",
};

/** Columns holding decimals, which a semicolon-separated file may write with a comma ("19,99"). */
const NUMERIC = new Set(["image position", "variant grams", "variant weight", "variant price", "variant compare at price"]);

export function shopifyColumn(lower: string): { target?: string; reason?: string } | undefined {
  if (USED[lower]) return { target: USED[lower] };
  if (IGNORED[lower]) return { reason: IGNORED[lower] };
  if (lower.startsWith("google shopping /")) return { reason: "Google Shopping feed settings have no Medusa counterpart" };
  if (/\(product\.metafields\.|\(variant\.metafields\.|metafield/.test(lower)) return { reason: "Shopify metafields are not imported" };
  if (/^(included|price|compare at price) \/ /.test(lower)) return { reason: "Shopify Markets have no Medusa counterpart" };
  return undefined;
}

/** Does this header look like Shopify's product export? */
export function isShopifyHeader(lower: Set<string>): boolean {
  return lower.has("handle") && lower.has("title") && (lower.has("variant sku") || lower.has("option1 name") || lower.has("variant price"));
}

export async function fromShopify(o: ConvertOptions): Promise<Conversion> {
  const { file, problems } = o;
  let col: Map<string, number> | undefined;
  let columns: ColumnUse[] = [];
  const products = new Map<string, ConvertedProduct & { optionNames: string[]; imagePos: { pos: number; url: string; order: number }[] }>();
  const tree = new Map<string, CategoryNode>();
  const notes: Conversion["notes"] = [];
  let dataRows = 0;
  let lastRow = 1;
  for await (const rec of readCsv(file, { file, problems, signal: o.signal, dialect: o.dialect })) {
    if (!col) {
      col = new Map(rec.cells.map((h, i) => [h.trim().replace(/\s+/g, " ").toLowerCase(), i]));
      columns = describeColumns(rec.cells, shopifyColumn, "Shopify");
      if (!col.has("handle")) problems.add({ file, row: 1, message: 'a Shopify file needs a "Handle" column' });
      continue;
    }
    // A row of empty cells (what a spreadsheet leaves after deleting a row's contents) is not data.
    if (rec.cells.every((c) => !c.trim())) continue;
    dataRows++;
    lastRow = rec.row;
    const at = { row: rec.row, line: rec.line };
    const cell = (name: string) => {
      const i = col!.get(name);
      const text = i === undefined ? "" : (rec.cells[i] ?? "").trim();
      return NUMERIC.has(name) ? decimalPoint(text, rec.decimalComma) : text;
    };
    const bad = (column: string, message: string) => problems.add({ file, row: rec.row, line: rec.line, column, message });
    const handle = cell("handle");
    if (!handle) {
      bad("Handle", "missing (every row of a Shopify file names its product's handle)");
      continue;
    }
    let p = products.get(handle);
    if (!p) {
      p = { handle, categories: [], tags: [], images: [], variants: [], extraRows: [], optionNames: [], imagePos: [] };
      products.set(handle, p);
    }
    // Product cells: the first row that has them wins (Shopify writes them on the first row only).
    const title = cell("title");
    if (title && p.title === undefined) {
      p.title = title;
      const body = cell("body (html)");
      if (body) p.description = body;
      const status = cell("status").toLowerCase();
      const published = cell("published").toLowerCase();
      if (status) p.status = status === "active" ? "published" : "draft";
      else if (published) p.status = published === "true" ? "published" : "draft";
      const gift = cell("gift card").toLowerCase();
      if (gift) p.isGiftcard = gift === "true";
      const meta: Record<string, string> = {};
      if (cell("vendor")) meta.vendor = cell("vendor");
      if (cell("seo title")) meta.seo_title = cell("seo title");
      if (cell("seo description")) meta.seo_description = cell("seo description");
      if (Object.keys(meta).length) p.metadata = meta;
      if (cell("type")) p.type = cell("type");
      if (cell("tags")) p.tags = [...new Set(cell("tags").split(",").map((t) => t.trim()).filter(Boolean))];
      const category = cell("product category");
      if (category) {
        // Older exports may hold a numeric Google taxonomy id instead of a path.
        if (/^\d+$/.test(category)) bad("Product Category", `"${category}" is a taxonomy id, not a path ("A > B > C"); the category is left out`);
        else {
          const leaf = categoryPath(category, tree);
          if (leaf) p.categories = [leaf];
        }
      }
      p.optionNames = [1, 2, 3].map((n) => cell(`option${n} name`));
    }
    const image = cell("image src");
    if (image) {
      const pos = decimal(cell("image position"));
      if (!p.imagePos.some((x) => x.url === image)) p.imagePos.push({ url: image, pos: typeof pos === "number" ? pos : Number.MAX_SAFE_INTEGER, order: p.imagePos.length });
    }
    const values = [1, 2, 3].map((n) => cell(`option${n} value`));
    const isVariant = values.some(Boolean) || ["variant sku", "variant price", "variant grams", "variant weight", "variant barcode", "variant inventory qty"].some((c) => cell(c));
    if (!isVariant) {
      p.extraRows.push(at);
      continue;
    }
    const v: ConvertedVariant = { at, options: [] };
    values.forEach((value, i) => {
      const name = p!.optionNames[i];
      if (!value) return;
      if (!name) return bad(`Option${i + 1} Value`, `a value without an option name (Option${i + 1} Name is empty on the product's first row)`);
      // Shopify's single-variant products carry Title / Default Title: Medusa's default option instead.
      if (name === "Title" && value === "Default Title") return;
      v.options.push([name, value]);
    });
    if (cell("variant sku")) v.sku = cell("variant sku");
    if (cell("variant barcode")) v.barcode = cell("variant barcode");
    // Variant Grams is always grams; exports without it give Variant Weight in Variant Weight Unit.
    const weightColumn = col.has("variant grams") ? "variant grams" : "variant weight";
    const weight = decimal(cell(weightColumn));
    const unit = weightColumn === "variant grams" ? "g" : cell("variant weight unit") || "g";
    const label = weightColumn === "variant grams" ? "Variant Grams" : "Variant Weight";
    if (weight === "bad") {
      if (o.repair) notes.push({ ...at, message: `${label} "${cell(weightColumn)}" is not a number: left out` });
      else bad(label, `"${cell(weightColumn)}" is not a number`);
    } else if (weight !== undefined) {
      const grams = toGrams(weight, unit);
      if (grams !== undefined) v.weight = grams;
      else if (o.repair) notes.push({ ...at, message: `Variant Weight Unit "${unit}" is not g, kg, lb or oz: the weight is left out` });
      else bad("Variant Weight Unit", `"${unit}" is not g, kg, lb or oz`);
    }
    const tracker = col.has("variant inventory tracker") ? cell("variant inventory tracker") : undefined;
    if (tracker !== undefined) v.manageInventory = tracker !== "";
    const policy = cell("variant inventory policy").toLowerCase();
    if (policy === "continue") v.allowBackorder = true;
    else if (policy === "deny") v.allowBackorder = false;
    else if (policy) bad("Variant Inventory Policy", `"${policy}" is not deny or continue`);
    const qty = cell("variant inventory qty");
    if (qty) {
      if (!/^-?\d+$/.test(qty)) bad("Variant Inventory Qty", `"${qty}" is not a whole number`);
      else v.stock = Math.max(0, Number(qty));
    }
    const price = decimal(cell("variant price"));
    const compare = decimal(cell("variant compare at price"));
    if (price === "bad") bad("Variant Price", `"${cell("variant price")}" is not an amount`);
    if (compare === "bad") bad("Variant Compare At Price", `"${cell("variant compare at price")}" is not an amount`);
    if (typeof price === "number") {
      if (typeof compare === "number" && compare > price) {
        v.price = cell("variant compare at price");
        v.salePrice = cell("variant price");
      } else v.price = cell("variant price");
    }
    p.variants.push(v);
  }
  const out: ConvertedProduct[] = [];
  for (const p of products.values()) {
    const { optionNames: _o, imagePos, ...rest } = p;
    rest.images = [...imagePos].sort((a, b) => a.pos - b.pos || a.order - b.order).map((x) => x.url);
    if (!rest.variants.length) {
      // A product of image rows only: Shopify never writes one, but a hand-edited file may.
      const first = rest.extraRows.shift()!;
      rest.variants.push({ at: first, options: [] });
    }
    out.push(rest);
  }
  const sourceColumns = {
    "product handle": "Handle",
    "product title": "Title",
    "product description": "Body (HTML)",
    "product status": "Status",
    "product type value": "Type",
    "product tag value n": "Tags",
    "product category handle n": "Product Category",
    "product image n": "Image Src",
    "product thumbnail": "Image Src",
    "variant sku": "Variant SKU",
    "variant barcode": "Variant Barcode",
    "variant weight": "Variant Grams",
    "variant price": "Variant Price",
    "variant inventory quantity": "Variant Inventory Qty",
    "variant option n value": "Option1..3 Value",
    "variant option n name": "Option1..3 Name",
  };
  return { file, sourceColumns, format: "shopify", dataRows, lastRow, products: out, skipped: [], categories: [...tree.values()], notes, columns };
}
