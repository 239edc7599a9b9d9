/**
 * Shipping options and regions named by id or name, and the outbound option a claim or exchange
 * reuses.
 */
import type { HttpTypes } from "@medusajs/types";
import type { Medusa } from "../../sdk/index.js";
import type { Signal } from "./common.js";
import { OrderError } from "./errors.js";
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

/** A region by `reg_…` id, name or currency code (case-insensitive). */
export async function resolveRegion(sdk: Medusa, ref: string, s: Signal = {}): Promise<HttpTypes.AdminRegion> {
  const { regions } = await sdk.admin.region.list({ limit: 200, fields: "id,name,currency_code" }, undefined, { signal: s.signal });
  const t = ref.toLowerCase();
  const hits = regions.filter((r) => r.id === ref || r.name?.toLowerCase() === t || r.currency_code?.toLowerCase() === t);
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) throw new OrderError(`"${ref}" matches ${hits.length} regions (${hits.map((r) => r.name).join(", ")}): use the id`, "input");
  throw new OrderError(`no region "${ref}" (have: ${regions.map((r) => `${r.name} ${r.currency_code}`).join(", ")})`, "input");
}

/** A shipping option by `so_…` id or name, with its price in `currency`. */
export async function resolveShippingOption(sdk: Medusa, ref: string, currency: string, s: Signal = {}): Promise<{ id: string; name: string; amount: number }> {
  const { shipping_options } = await sdk.admin.shippingOption.list({ limit: 200, fields: "id,name,*prices" } as HttpTypes.AdminShippingOptionListParams, undefined, { signal: s.signal });
  const hit = shipping_options.find((o) => o.id === ref) ?? shipping_options.find((o) => o.name?.toLowerCase() === ref.toLowerCase());
  if (!hit) throw new OrderError(`no shipping option "${ref}"`, "input");
  const price = (hit.prices ?? []).find((p) => p.currency_code?.toLowerCase() === currency.toLowerCase() && !(p as { price_rules?: unknown[] }).price_rules?.length);
  return { id: hit.id, name: hit.name, amount: Number(price?.amount ?? 0) };
}
