/** The seed file: its sections, their dependency order, and validation of a whole document. */
import { SeedError, envName, type Item, type Kind } from "./engine.js";
import { Issues, at, mapping, type Rec } from "./validate.js";
import { MAX_DEPTH, inexactNumber, parseJsonStrict, shorten, tooDeep } from "../../cmdutil/strict-parse.js";
import { publishableKeys, regions, secretKeys, salesChannels, shippingProfiles, store, taxRegions } from "./kinds-setup.js";
import { fulfillmentSets, serviceZones, shippingOptions, stockLocations } from "./kinds-locations.js";
import { categories, collections, products, tags, types, variants } from "./kinds-catalog.js";
import { campaigns, customerGroups, customers, priceLists, promotions } from "./kinds-commerce.js";

/** Dependency order: every kind comes after the kinds it refers to; the store's defaults last. */
export const KINDS: Kind[] = [
  salesChannels,
  publishableKeys,
  secretKeys,
  regions,
  taxRegions,
  shippingProfiles,
  stockLocations,
  fulfillmentSets,
  serviceZones,
  shippingOptions,
  categories,
  collections,
  tags,
  types,
  products,
  variants,
  customerGroups,
  customers,
  priceLists,
  campaigns,
  promotions,
  store,
];

const SECTIONS = new Map(KINDS.filter((k) => !k.section.includes("[") && !k.section.startsWith("…")).map((k) => [k.section, k]));

/** Parses a YAML or JSON document into items per kind, or throws SeedError with every problem. */
export function parseSeed(doc: unknown): Map<string, Item[]> {
  const issues = new Issues();
  const root = mapping(doc ?? {}, "", issues);
  if (!root) throw new SeedError(issues.list);
  const items = new Map<string, Item[]>();
  for (const key of Object.keys(root)) {
    if (key === "version") {
      if (root.version !== 1) issues.add("version", "only version 1 exists");
      continue;
    }
    if (!SECTIONS.has(key)) issues.add(key, `unknown section (expected one of ${[...SECTIONS.keys()].join(", ")})`);
  }
  for (const [section, kind] of SECTIONS) {
    const raw = root[section];
    if (raw === undefined || raw === null) continue;
    if (section === "store") {
      const spec = kind.parse(raw, "store", issues);
      if (spec) items.set("store", [{ spec, path: "store", envKey: "store" }]);
      continue;
    }
    if (!Array.isArray(raw)) {
      issues.add(section, "expected a list");
      continue;
    }
    const list: Item[] = [];
    const seen = new Map<string, string>();
    raw.forEach((r, i) => {
      const path = at(section, i);
      const spec = kind.parse(r, path, issues) as Rec | undefined;
      if (!spec) return;
      const key = kind.key(spec);
      const first = seen.get(key);
      if (first) issues.add(path, `"${key}" is already declared at ${first}`);
      else seen.set(key, path);
      list.push({ spec, path, envKey: (spec.env as string | undefined) ?? key });
    });
    items.set(kind.kind, list);
  }
  // Variants are declared inside products but referred to by SKU across the file.
  const skus = new Map<string, string>();
  const variantItems: Item[] = [];
  for (const p of items.get("product") ?? []) {
    ((p.spec.variants as Rec[]) ?? []).forEach((v, i) => {
      const path = `${p.path}.variants[${i}]`;
      const first = skus.get(v.sku as string);
      if (first) issues.add(`${path}.sku`, `"${v.sku}" is already declared at ${first}`);
      else skus.set(v.sku as string, path);
      variantItems.push({ spec: v, path, envKey: (v.env as string | undefined) ?? (v.sku as string) });
    });
  }
  if (variantItems.length) items.set("variant", variantItems);
  checkEnvNames(items, issues);
  if (!issues.ok) throw new SeedError(issues.list);
  return items;
}

/** Two objects must not print the same variable: CI would silently get one of them. */
function checkEnvNames(items: Map<string, Item[]>, issues: Issues): void {
  const names = new Map<string, string>();
  const claim = (name: string, path: string) => {
    const first = names.get(name);
    if (first) issues.add(path, `prints ${name} like ${first}; give one of them another \`env:\` name`);
    else names.set(name, path);
  };
  for (const k of KINDS) {
    if (k.kind === "store") continue;
    for (const it of items.get(k.kind) ?? []) {
      claim(envName(k.envKind, it.envKey, "ID"), it.path);
      if (k.kind === "stock_location") {
        ((it.spec.fulfillment_sets as Rec[]) ?? []).forEach((fs, i) => {
          const fp = `${it.path}.fulfillment_sets[${i}]`;
          claim(envName("FULFILLMENT_SET", (fs.env as string) ?? (fs.name as string), "ID"), fp);
          ((fs.service_zones as Rec[]) ?? []).forEach((z, j) => {
            const zp = `${fp}.service_zones[${j}]`;
            claim(envName("SERVICE_ZONE", (z.env as string) ?? (z.name as string), "ID"), zp);
            ((z.shipping_options as Rec[]) ?? []).forEach((o, m) =>
              claim(envName("SHIPPING_OPTION", (o.env as string) ?? (o.name as string), "ID"), `${zp}.shipping_options[${m}]`),
            );
          });
        });
      }
    }
  }
}

/** How much larger than its text YAML aliases may make a seed document (with a floor for small files). */
export const ALIAS_EXPANSION = 2;
export const MIN_ALIAS_BUDGET = 1024 * 1024;

const formatSize = (n: number) => (n >= 1048576 ? `${(n / 1048576).toFixed(n % 1048576 ? 1 : 0)} MiB` : `${Math.ceil(n / 1024)} KiB`);

/**
 * Whether `value`, written out with every alias expanded, passes `budget` characters (strings by
 * their length, every other node as a few). Stops as soon as it does, so a billion laughs costs
 * no more than the budget.
 */
export function expandsPast(value: unknown, budget: number): boolean {
  let left = budget;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") left -= v.length + 2;
    else if (v && typeof v === "object") {
      left -= 2;
      if (Array.isArray(v)) for (const x of v) stack.push(x);
      else
        for (const [k, x] of Object.entries(v)) {
          left -= k.length + 3;
          stack.push(x);
        }
    } else left -= 4;
    if (left < 0) return true;
  }
  return false;
}

/**
 * Reads YAML (lazily loaded) or JSON text; syntax errors name the line. Both refuse a repeated
 * key and nesting deeper than MAX_DEPTH (strict-parse.ts), so no document reaches validation in
 * a shape that would crash it.
 */
export async function readSeedText(text: string, file: string): Promise<unknown> {
  if (/\.json$/i.test(file)) {
    try {
      return parseJsonStrict(text, file);
    } catch (e) {
      throw new SeedError([(e as Error).message]);
    }
  }
  const { parseDocument, visit, LineCounter } = await import("yaml");
  let value: unknown;
  try {
    const lines = new LineCounter();
    const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true, lineCounter: lines });
    // The YAML library recurses per level and reports a document nested thousands deep as a stack overflow.
    const said = (m: string) => m.split("\n")[0]!.replace(/^Maximum call stack size exceeded/, `nested deeper than ${MAX_DEPTH} levels`).replace(/:$/, "");
    if (doc.errors.length) throw new SeedError(doc.errors.map((e) => `${file}: ${said(e.message)}`));
    // Amounts are exact or refused, as in JSON seeds: the YAML library has already made 1e20 or
    // 12345678901234567.89 a double, so the number is judged by the text it was written as.
    const inexact: string[] = [];
    let aliases = 0;
    visit(doc, {
      Alias() {
        aliases++;
      },
      Scalar(_key, node) {
        if (typeof node.value !== "number" || typeof node.source !== "string" || node.type !== "PLAIN") return;
        const why = inexactNumber(node.source);
        if (why) inexact.push(`${file}:${lines.linePos(node.range?.[0] ?? 0).line}: ${why}`);
      },
    });
    if (inexact.length) throw new SeedError(inexact);
    value = doc.toJS({ maxAliasCount: 100 });
    // Aliases share one value in memory, but every message, fingerprint or request built from it
    // writes each copy out: a 15 MB value aliased 100 times is 1.5 GB of text.
    const limit = Math.max(MIN_ALIAS_BUDGET, ALIAS_EXPANSION * text.length);
    if (aliases && expandsPast(value, limit)) throw new SeedError([`${file}: its aliases (*name) expand it to more than ${formatSize(limit)} (at most ${ALIAS_EXPANSION} times the file, or ${formatSize(MIN_ALIAS_BUDGET)}); write the repeated parts out, or repeat less`]);
  } catch (e) {
    if (e instanceof SeedError) throw e;
    // The YAML library recurses per level: a document nested thousands deep overflows it.
    if (e instanceof RangeError) throw new SeedError([`${file}: nested deeper than ${MAX_DEPTH} levels`]);
    throw new SeedError([`${file}: ${(e as Error).message.split("\n")[0]}`]);
  }
  const deep = tooDeep(value);
  if (deep) throw new SeedError([`${file}: nested deeper than ${MAX_DEPTH} levels at ${shorten(deep)}`]);
  return value;
}
