import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

const ORDER_FIELDS =
  "id,display_id,email,status,payment_status,fulfillment_status,currency_code,created_at,*items,*shipping_address,*billing_address,*shipping_methods,item_subtotal,subtotal,shipping_subtotal,shipping_total,tax_total,discount_total,discount_subtotal,credit_line_total,original_item_total,original_shipping_total,total";

/** One order; a guest reads their own with the publishable key alone (NOTES.md §5). */
export async function getOrder(sdk: StoreSdk, id: string): Promise<HttpTypes.StoreOrder> {
  const { order } = await sdk.store.order.retrieve(id, { fields: ORDER_FIELDS });
  return order;
}

export function useOrder(id: string) {
  const sdk = useStoreSdk();
  return useQuery(["orders", "one", id], () => getOrder(sdk, id));
}
