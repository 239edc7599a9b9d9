import { useShop } from "../../../lib/shop.js";

/**
 * Orders placed (or opened from their confirmation link) in this browser: their id and display id.
 * Medusa's store API finds a guest order only by its full id (`GET /store/orders/:id`); its order
 * list answers only the logged-in customer's own orders and filters by `id` and `status`, not by
 * `display_id`. Remembering the pair here is how "#92" from the confirmation page can be resolved
 * later, on this device. Only ids are kept: the order itself is read from the server each time.
 */
export const RECENT_ORDERS_KEY = "storefront_recent_orders";
const LIMIT = 20;

export interface RecentOrder {
  id: string;
  display_id: number;
}

export function readRecentOrders(storage: Storage | undefined): RecentOrder[] {
  try {
    const list: unknown = JSON.parse(storage?.getItem(RECENT_ORDERS_KEY) ?? "[]");
    return Array.isArray(list)
      ? list.filter((o): o is RecentOrder => typeof o?.id === "string" && o.id.startsWith("order_") && Number.isInteger(o?.display_id))
      : [];
  } catch {
    return [];
  }
}

export function rememberOrder(storage: Storage | undefined, order: { id: string; display_id?: number | null }): void {
  if (!Number.isInteger(order.display_id)) return;
  const list = [{ id: order.id, display_id: order.display_id! }, ...readRecentOrders(storage).filter((o) => o.id !== order.id)].slice(0, LIMIT);
  try {
    storage?.setItem(RECENT_ORDERS_KEY, JSON.stringify(list));
  } catch {
    /* private mode: nothing is remembered */
  }
}

export function useRecentOrders() {
  const { storage } = useShop();
  return {
    find: (displayId: number) => readRecentOrders(storage).find((o) => o.display_id === displayId),
    remember: (order: { id: string; display_id?: number | null }) => rememberOrder(storage, order),
  };
}
