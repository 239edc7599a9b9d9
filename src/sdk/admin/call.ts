import type { CallOptions } from "../types.js";
import { adminResources, type AdminResources } from "./index.js";

/**
 * Calls `sdk.admin.<resource>.<method>` with each value in its declared place, for code driven by
 * data (the CLI's generated verbs, `apply -f` kinds): argument orders differ between resources
 * (`promotion.create(body, headers)`, `productTag.create(body, query, headers)`).
 * @example await callAdmin(sdk, "salesChannel", "update", { id: "sc_1", body: { name: "Web" } })
 */
export function callAdmin<T = any>(sdk: { admin: unknown }, resource: keyof AdminResources, method: string, values: Record<string, unknown>, options?: CallOptions): Promise<T> {
  const spec = (adminResources[resource].methods as Record<string, { args: readonly string[] } | undefined>)[method];
  if (!spec) throw new TypeError(`sdk.admin.${String(resource)}.${method} is not declared`);
  const fn = (sdk.admin as Record<string, Record<string, (...a: unknown[]) => Promise<T>>>)[resource]![method]!;
  return fn(...spec.args.map((a) => values[a]), options);
}

/** The key of a resource's single record in its answers (`product_category`). */
export function oneKey(resource: keyof AdminResources): string {
  const one = (adminResources[resource] as { one?: string }).one;
  if (!one) throw new TypeError(`sdk.admin.${String(resource)} declares no record key`);
  return one;
}
