import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

export async function listCollections(sdk: StoreSdk): Promise<HttpTypes.StoreCollection[]> {
  const { collections } = await sdk.store.collection.list({ limit: 200, fields: "id,title,handle" });
  return collections;
}

export function useCollections() {
  const sdk = useStoreSdk();
  return useQuery(["collections"], () => listCollections(sdk));
}
