import { formatDate, formatDisplayId } from "../../../../../shared/format.js";
import { isApiError } from "medusactl/sdk/store";
import { useCallback, useSyncExternalStore } from "react";
import { useMutation } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";
import { useShop } from "../../../lib/shop.js";

/**
 * Transfer requests this customer made from this browser and has not seen settled. Medusa 2.21's
 * store API keeps an order's pending transfer to itself (no field of the order says so) and
 * refuses a second request with "already has an existing active order change"; so the storefront
 * remembers its own requests (ids, number, e-mail and date only) to say a request is pending,
 * when it was made, and to offer to cancel it (`POST /store/orders/:id/transfer/cancel`).
 */
export const PENDING_TRANSFERS_KEY = "storefront_pending_transfers";
const LIMIT = 20;

export interface PendingTransfer {
  orderId: string;
  displayId: number | null;
  email: string;
  /** ISO time of the request. */
  requestedAt: string;
  customerId: string;
}

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export function readPendingTransfers(storage: Storage | undefined, customerId: string): PendingTransfer[] {
  try {
    const list: unknown = JSON.parse(storage?.getItem(PENDING_TRANSFERS_KEY) ?? "[]");
    if (!Array.isArray(list)) return [];
    return list.filter(
      (t): t is PendingTransfer =>
        typeof t?.orderId === "string" && t.orderId.startsWith("order_") && typeof t.requestedAt === "string" && typeof t.email === "string" && t.customerId === customerId,
    );
  } catch {
    return [];
  }
}

function writeAll(storage: Storage | undefined, list: PendingTransfer[]): void {
  try {
    storage?.setItem(PENDING_TRANSFERS_KEY, JSON.stringify(list.slice(0, LIMIT)));
  } catch {
    /* private mode: nothing is remembered */
  }
  changed();
}

function allTransfers(storage: Storage | undefined): PendingTransfer[] {
  try {
    const list: unknown = JSON.parse(storage?.getItem(PENDING_TRANSFERS_KEY) ?? "[]");
    return Array.isArray(list) ? (list as PendingTransfer[]) : [];
  } catch {
    return [];
  }
}

export function rememberTransfer(storage: Storage | undefined, t: PendingTransfer): void {
  writeAll(storage, [t, ...allTransfers(storage).filter((x) => x.orderId !== t.orderId)]);
}

export function forgetTransfer(storage: Storage | undefined, orderId: string): void {
  writeAll(storage, allTransfers(storage).filter((x) => x.orderId !== orderId));
}

/** The customer's pending requests, updated as they are made or cancelled. */
export function usePendingTransfers(customerId: string | undefined) {
  const { storage } = useShop();
  const subscribe = useCallback((l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  const raw = useSyncExternalStore(
    subscribe,
    () => storage?.getItem(PENDING_TRANSFERS_KEY) ?? "",
    () => "",
  );
  return raw && customerId ? readPendingTransfers(storage, customerId) : [];
}

/** "Transfer of #92 requested on 28 Nov 2026". */
export const pendingText = (t: PendingTransfer): string => `Transfer of order ${t.displayId ? formatDisplayId(t.displayId) : t.orderId} requested on ${formatDate(t.requestedAt)}`;

/**
 * Cancels a pending request. A request no longer pending (accepted, declined or cancelled
 * elsewhere) is refused by Medusa with a 400; either way the request is no longer this
 * customer's to wait for, so it is forgotten, and the answer says which happened.
 */
export function useCancelTransfer() {
  const sdk = useStoreSdk();
  const { storage } = useShop();
  return useMutation(async (orderId: string): Promise<"cancelled" | "settled"> => {
    try {
      await sdk.store.order.cancelTransfer(orderId, { fields: "id" });
      forgetTransfer(storage, orderId);
      return "cancelled";
    } catch (e) {
      if (isApiError(e) && e.status === 400) {
        forgetTransfer(storage, orderId);
        return "settled";
      }
      throw e;
    }
  });
}
