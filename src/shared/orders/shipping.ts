/**
 * Shipping options and regions named by id or name, and the outbound option a claim or exchange
 * reuses.
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import type { Signal } from "./common.js";
import { OrderError } from "./errors.js";
import { NameLookupError, resolveName, sameName } from "../resolve.js";
import { type AdminOrder, orderName } from "./read.js";

/**
 * The shipping option for items a claim or exchange sends out. Medusa reserves stock for those
 * items only when the change has an outbound shipping method; without one they cannot be fulfilled.
 */
export async function outboundOption(sdk: Medusa, order: AdminOrder, ref: string | undefined, s: Signal): Promise<{ id: string; name: string }> {
  if (ref) return resolveShippingOption(sdk, ref, order.currency_code, s);
  const method = (order.shipping_methods ?? []).find((m) => m.shipping_option_id);
  if (!method?.shipping_option_id) throw new OrderError((w) => `order ${orderName(order)} has no shipping method to reuse: name one with ${w.input("shippingOption")}`, "input");
  return { id: method.shipping_option_id, name: method.name ?? method.shipping_option_id };
}

/** Order operations word a failed name lookup as their own input error, with where the ids are. */
async function named<T>(lookup: Parameters<typeof resolveName<T>>[0], list: string): Promise<T> {
  try {
    return await resolveName(lookup);
  } catch (e) {
    if (e instanceof NameLookupError) throw new OrderError(`${e.message}${e.kind === "ambiguous" ? ": use the id" : ""}`, "input", { hint: `\`medusactl ${list} list\` lists them with their ids` });
    throw e;
  }
}

/** A region by `reg_…` id, name or currency code (letter case aside). */
export async function resolveRegion(sdk: Medusa, ref: string, s: Signal = {}): Promise<HttpTypes.AdminRegion> {
  return named(
    {
      what: "region",
      value: ref,
      page: async (q) => (await sdk.admin.region.list({ ...q, fields: "id,name,currency_code" }, undefined, { signal: s.signal })).regions,
      matches: (r) => r.id === ref || sameName(r.name, ref, true) || sameName(r.currency_code, ref, true),
      describe: (r) => `${r.name} (${r.id})`,
      signal: s.signal,
    },
    "regions",
  );
}

/** A shipping option by `so_…` id or name (letter case aside), with its price in `currency`. */
export async function resolveShippingOption(sdk: Medusa, ref: string, currency: string, s: Signal = {}): Promise<{ id: string; name: string; amount: number }> {
  const hit = await named(
    {
      what: "shipping option",
      value: ref,
      page: async (q) => (await sdk.admin.shippingOption.list({ ...q, fields: "id,name,*prices" } as HttpTypes.AdminShippingOptionListParams, undefined, { signal: s.signal })).shipping_options,
      matches: (o) => o.id === ref || sameName(o.name, ref, true),
      describe: (o) => `${o.name} (${o.id})`,
      signal: s.signal,
    },
    "shipping-options",
  );
  const price = (hit.prices ?? []).find((p) => p.currency_code?.toLowerCase() === currency.toLowerCase() && !(p as { price_rules?: unknown[] }).price_rules?.length);
  return { id: hit.id, name: hit.name, amount: Number(price?.amount ?? 0) };
}
