import type { HttpTypes } from "@medusajs/types";
import { isApiError } from "medusactl/sdk/store";
import { isNotFound } from "../../../lib/errors.js";
import { useMutation } from "../../../lib/query.js";
import { useStoreSdk } from "../../../lib/sdk.js";
import { useShop } from "../../../lib/shop.js";
import { pendingText, readPendingTransfers, rememberTransfer } from "./pending-transfers.js";
import { useRecentOrders } from "./recent-orders.js";

/** What a shopper may type to name an order: `#92`, `92`, the full id `order_…`, or the confirmation page's link. */
export type OrderRef = { kind: "id"; id: string } | { kind: "display"; displayId: number };

export function parseOrderRef(input: string): OrderRef | null {
  const text = input.trim();
  const id = /(?:^|[/=]|%2F)(order_[0-9A-Za-z]+)(?:$|[/?#&])/.exec(text)?.[1];
  if (id) return { kind: "id", id };
  const n = /^(?:order\s*)?#?\s*(\d{1,12})$/i.exec(text)?.[1];
  if (n && Number(n) > 0) return { kind: "display", displayId: Number(n) };
  return null;
}

/** A refusal the form shows as it is (the server was not asked, or its answer was checked here). */
export class TransferLookupError extends Error {
  override name = "TransferLookupError";
}

const NOT_FOUND_BY_NUMBER =
  "This shop can only find an order placed as a guest by its full order ID, and this browser has no order with that number. Copy the order ID (it starts with order_) from your order confirmation page, or open that page's link in this browser, then try again.";

/**
 * A logged-in customer asks for an order placed as a guest (or under another account) to be moved
 * to them. The order is named as the confirmation page shows it (`#92`) or by its id, together with
 * the order's e-mail address, which must match before anything is requested. Medusa then emits
 * `order.transfer_requested`; whoever owns that address accepts or declines at
 * `/account/transfers/<order id>?token=…`.
 *
 * Medusa 2.21's store API has no lookup of a guest order by display id: `GET /store/orders` lists
 * only the caller's own orders (filters `id` and `status`), and `GET /store/orders/:id` needs the
 * full id. So a display id is resolved through the orders this browser placed or opened.
 */
export function useRequestTransfer(customerId: string) {
  const sdk = useStoreSdk();
  const recent = useRecentOrders();
  const { storage } = useShop();
  return useMutation(async ({ reference, email }: { reference: string; email: string }): Promise<HttpTypes.StoreOrder> => {
    const ref = parseOrderRef(reference);
    if (!ref) throw new TransferLookupError("Enter the order number as the confirmation shows it (#92 or 92), or the order ID (order_…).");
    const id = ref.kind === "id" ? ref.id : recent.find(ref.displayId)?.id;
    if (!id) throw new TransferLookupError(NOT_FOUND_BY_NUMBER);
    let found: HttpTypes.StoreOrder;
    try {
      ({ order: found } = await sdk.store.order.retrieve(id, { fields: "id,display_id,email" }));
    } catch (e) {
      if (isNotFound(e)) throw new TransferLookupError("There is no order with this number or ID in this shop.");
      throw e;
    }
    if (ref.kind === "display" && found.display_id !== ref.displayId) throw new TransferLookupError(NOT_FOUND_BY_NUMBER);
    if ((found.email ?? "").trim().toLowerCase() !== email.trim().toLowerCase()) {
      throw new TransferLookupError("This e-mail address is not the one the order was placed with.");
    }
    const pending = readPendingTransfers(storage, customerId).find((t) => t.orderId === id);
    if (pending) throw new TransferLookupError(`${pendingText(pending)} is still waiting to be accepted through the link sent to ${pending.email}. Cancel it below to ask again.`);
    let order: HttpTypes.StoreOrder;
    try {
      ({ order } = await sdk.store.order.requestTransfer(id, { description: "Requested from the storefront" }));
    } catch (e) {
      // Asked for already (from another device, or before this browser kept its requests): Medusa 2.21
      // answers 400 not_allowed with no code, and only its message tells this refusal from the others.
      if (isApiError(e) && e.status === 400 && /active order change/i.test(e.message)) {
        throw new TransferLookupError("A transfer of this order is already waiting to be accepted through the link sent to the order's e-mail address. It can be asked for again once that request is accepted, declined or cancelled.");
      }
      throw e;
    }
    const displayId = order.display_id ?? found.display_id ?? null;
    const orderEmail = order.email ?? found.email ?? email;
    rememberTransfer(storage, { orderId: id, displayId, email: orderEmail, requestedAt: new Date().toISOString(), customerId });
    return { ...order, display_id: displayId ?? undefined, email: orderEmail } as HttpTypes.StoreOrder;
  });
}
