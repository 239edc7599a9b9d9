import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

export const ORDERS_PAGE_SIZE = 10;

export async function listOrders(sdk: StoreSdk, page: number): Promise<{ orders: HttpTypes.StoreOrder[]; count: number }> {
  const { orders, count } = await sdk.store.order.list({
    limit: ORDERS_PAGE_SIZE,
    offset: (page - 1) * ORDERS_PAGE_SIZE,
    order: "-created_at",
    fields: "id,display_id,status,payment_status,fulfillment_status,total,currency_code,created_at,*items",
  });
  return { orders, count };
}

export function useOrders(page: number) {
  const sdk = useStoreSdk();
  return useQuery(["orders", "list", page], () => listOrders(sdk, page), { keepPrevious: true });
}
