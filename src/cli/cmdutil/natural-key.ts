/**
 * `get` takes what a person types: a product's handle, a customer's e-mail, an order's display id,
 * a price list's title, a region's name. A Medusa id (`prod_01…`) is used as it is; anything else
 * is looked up by the noun's natural key: exact match over every page, one hit used, several an
 * error that lists them, none an error that names the key and the command that lists the records.
 */
import type { Medusa } from "../../sdk/index.js";
import { JobError, UsageError } from "../../term/errors.js";
import { NameLookupError, resolveName, sameName } from "../../shared/resolve.js";

type Rec = Record<string, any>;

export interface NaturalKey {
  /** The record field people know it by. */
  field: string;
  /** The list filter that narrows the search (Medusa's `q` where the field has no filter of its own). */
  filter: string;
  /** E-mails match whatever their case; handles, titles and names exactly. */
  caseless?: boolean;
  /** How a person calls the key in a message. */
  label: string;
}

/** Per noun (CONTRACT.md §1 names). Nouns not listed take ids only. */
export const NATURAL_KEYS: Record<string, NaturalKey> = {
  products: { field: "handle", filter: "handle", label: "handle" },
  customers: { field: "email", filter: "q", caseless: true, label: "e-mail" },
  "price-lists": { field: "title", filter: "q", label: "title" },
  regions: { field: "name", filter: "q", label: "name" },
  collections: { field: "handle", filter: "handle", label: "handle" },
  "product-categories": { field: "handle", filter: "handle", label: "handle" },
  "sales-channels": { field: "name", filter: "name", label: "name" },
  "stock-locations": { field: "name", filter: "name", label: "name" },
  "customer-groups": { field: "name", filter: "name", label: "name" },
  promotions: { field: "code", filter: "code", label: "code" },
  "product-tags": { field: "value", filter: "value", label: "value" },
  "product-types": { field: "value", filter: "value", label: "value" },
};

/** A Medusa id: a lower-case prefix (possibly several words) and a ULID. */
const MEDUSA_ID = /^[a-z]+(?:_[a-z]+)*_[0-9A-HJKMNP-TV-Z]{26}$/;

export function looksLikeId(value: string): boolean {
  return MEDUSA_ID.test(value);
}

/** Shaped like an id (`ptag_1`, `prod_01…`): read as an id first. Handles, e-mails and names are not. */
export function idShaped(value: string): boolean {
  return /^[a-z]+(?:_[a-z]+)*_[A-Za-z0-9]+$/.test(value);
}

/**
 * The id `value` stands for. `list(query)` is the noun's list call; `many` its list key. Returns
 * the value unchanged when it is an id or the noun has no natural key.
 */
export async function resolveNaturalKey(
  noun: string,
  value: string,
  list: (query: Rec) => Promise<unknown>,
  many: string | undefined,
  signal?: AbortSignal,
  opts: { quiet?: boolean } = {},
): Promise<string> {
  const key = NATURAL_KEYS[noun];
  if (!key || !many || looksLikeId(value)) return value;
  try {
    const hit = await resolveName<Rec>({
      what: singular(noun),
      value,
      page: async (q) => (((await list({ ...q, [key.filter]: key.filter === "q" ? value : [value], fields: `id,${key.field}` })) as Rec)?.[many] as Rec[] | undefined) ?? [],
      matches: (r) => sameName(r[key.field], value, key.caseless),
      describe: (r) => r.id,
      signal,
    });
    return hit.id as string;
  } catch (e) {
    if (!(e instanceof NameLookupError)) throw e;
    if (e.kind === "ambiguous") throw new UsageError(`${e.candidates.length} ${noun} have the ${key.label} "${value}": ${e.candidates.join(", ")}`, `give one of the ids: medusactl ${noun} get <id>`);
    // quiet: the caller already tried it as an id and reports the miss itself.
    if (opts.quiet) return value;
    throw new JobError(`no ${singular(noun)} with the ${key.label} "${value}" (nor the id)`, `\`medusactl ${noun} list\` lists them with their ids`);
  }
}

/** The hint for a 404 on `get <value>`: what `get` takes and where the ids are. */
export function notFoundHint(noun: string, value: string): string {
  const key = NATURAL_KEYS[noun];
  if (noun === "orders") return "give an order_… id, a display id (123) or #123; `medusactl orders list` lists them";
  if (key) return `give an id or the exact ${key.label}; \`medusactl ${noun} list\` lists them`;
  return looksLikeId(value) ? `\`medusactl ${noun} list\` lists the ${noun} with their ids` : `${noun} are found by id here; \`medusactl ${noun} list\` lists them with their ids`;
}

function singular(noun: string): string {
  return noun.replace(/-/g, " ").replace(/ies$/, "y").replace(/s$/, "");
}
