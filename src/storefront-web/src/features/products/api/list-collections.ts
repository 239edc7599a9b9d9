import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

export async function listCollections(sdk: StoreSdk): Promise<HttpTypes.StoreCollection[]> {
  const { collections } = await sdk.store.collection.list({ limit: 200, fields: "id,title,handle,metadata" });
  return collections;
}

export function useCollections() {
  const sdk = useStoreSdk();
  return useQuery(["collections"], () => listCollections(sdk));
}

const flag = (v: unknown) => v === true || v === "true";

/**
 * The collections the home page features: those whose metadata says `featured` (ordered by a
 * numeric `featured_rank` when given), else the first `max` so a shop without the flag still has a home.
 */
export function featuredCollections(collections: HttpTypes.StoreCollection[], max = 3): HttpTypes.StoreCollection[] {
  const flagged = collections.filter((c) => flag(c.metadata?.featured));
  const rank = (c: HttpTypes.StoreCollection) => Number(c.metadata?.featured_rank ?? Number.MAX_SAFE_INTEGER);
  return (flagged.length ? [...flagged].sort((a, b) => rank(a) - rank(b)) : collections).slice(0, max);
}
