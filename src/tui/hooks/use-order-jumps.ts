import { formatDisplayId } from "../../shared/format.js";
import { useSdk } from "../../shared/sdk-context.js";
import type { Medusa } from "../../sdk/index.js";
import { describeError } from "../error-text.js";
import { findView } from "../views.js";
import { isFatal } from "../error-text.js";
import { useTuiActions } from "./use-tui-actions.js";

type Order = { id: string; display_id?: number | null };

/**
 * From an order (the row under the cursor or the open one) to its customer and to its returns,
 * claims and exchanges. Each jump pushes a screen, so esc comes back to the order as it was left.
 */
export function useOrderJumps(currentOrder: () => Order | undefined): Record<string, () => void> {
  const sdk = useSdk<Medusa>();
  const act = useTuiActions();
  const scoped = (viewName: string) => () => {
    const order = currentOrder();
    const view = findView(viewName);
    if (!order || !view) return;
    const label = order.display_id !== undefined && order.display_id !== null ? `order ${formatDisplayId(order.display_id)}` : `order ${order.id}`;
    act.open({ kind: "view", view, scope: { query: { order_id: order.id }, label } });
  };
  return {
    toCustomer: () => {
      const order = currentOrder();
      if (!order) return;
      // List rows do not carry the customer: ask for it at the moment of the key.
      sdk.admin.order.retrieve(order.id, { fields: "id,display_id,email,customer_id" }).then(
        ({ order: o }) => {
          if (!o.customer_id) act.notify({ text: `order ${formatDisplayId(o.display_id)} has no customer`, tone: "warn" });
          else act.open({ kind: "customer", customerId: o.customer_id, label: o.email ?? o.customer_id });
        },
        (e: unknown) => {
          if (isFatal(e)) act.fatal(e);
          act.notify({ text: describeError(e).message, tone: "error" });
        },
      );
    },
    toReturns: scoped("returns"),
    toClaims: scoped("claims"),
    toExchanges: scoped("exchanges"),
  };
}
