import type { HttpTypes } from "@medusajs/types";
import { formatDate, formatDisplayId, formatMoney } from "../../../../../shared/format.js";
import { Totals } from "../../../components/ui/totals.js";

const STATUS: Record<string, string> = {
  pending: "Received",
  completed: "Completed",
  canceled: "Canceled",
  archived: "Archived",
  requires_action: "Needs attention",
  draft: "Draft",
};

export const orderStatus = (s: string | null | undefined): string => (s ? (STATUS[s] ?? s.replace(/_/g, " ")) : "");
const words = (s: string | null | undefined) => (s ? s.replace(/_/g, " ") : "");

/** Items, addresses and totals of one order (confirmation page and account order detail). */
export function OrderSummary({ order }: { order: HttpTypes.StoreOrder }) {
  const c = order.currency_code;
  const a = order.shipping_address;
  return (
    <div className="stack">
      <dl className="facts">
        <div>
          <dt>Order</dt>
          <dd>{formatDisplayId(order.display_id)}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{formatDate(order.created_at as string)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className="words">{orderStatus(order.status)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd className="words">{words(order.payment_status)}</dd>
        </div>
        <div>
          <dt>Fulfilment</dt>
          <dd className="words">{words(order.fulfillment_status)}</dd>
        </div>
        {order.email ? (
          <div>
            <dt>Email</dt>
            <dd>{order.email}</dd>
          </div>
        ) : null}
      </dl>
      <table className="items">
        <caption className="visually-hidden">Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {(order.items ?? []).map((i) => (
            <tr key={i.id}>
              <td>
                {i.product_title ?? i.title}
                {i.variant_title ? ` (${i.variant_title})` : ""}
              </td>
              <td>{i.quantity}</td>
              <td>{formatMoney(i.subtotal ?? i.total, c)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {a ? (
        <div>
          <h2>Shipping address</h2>
          <address>
            {[a.first_name, a.last_name].filter(Boolean).join(" ")}
            <br />
            {a.address_1}
            <br />
            {[a.postal_code, a.city].filter(Boolean).join(" ")}, {a.country_code?.toUpperCase()}
          </address>
        </div>
      ) : null}
      <Totals of={order} />
    </div>
  );
}
