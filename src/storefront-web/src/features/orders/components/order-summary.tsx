import type { HttpTypes } from "@medusajs/types";
import { formatDate, formatDisplayId, formatMoney } from "../../../../../shared/format.js";
import { AddressLines } from "../../../components/ui/address-lines.js";
import { ItemImage } from "../../../components/ui/item-image.js";
import { ItemName } from "../../../components/ui/item-name.js";
import { Totals } from "../../../components/ui/totals.js";
import { itemRowsById } from "../../../../../shared/money.js";

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
  const rows = itemRowsById(order as never);
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
            <dd className="email">{order.email}</dd>
          </div>
        ) : null}
      </dl>
      <table className="items">
        <caption className="visually-hidden">Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {(order.items ?? []).map((i) => {
            // Unit × quantity = amount, in the same basis as the totals below (src/shared/money.ts).
            const r = rows.get(i.id);
            return (
            <tr key={i.id}>
              <td>
                <span className="item-cell">
                  <ItemImage src={i.thumbnail} size={56} />
                  <span>
                    <ItemName item={i} />
                  </span>
                </span>
              </td>
              <td data-label="Quantity">
                {r?.quantity ?? i.quantity}
                {r?.returned ? <span className="muted"> ({r.returned} returned)</span> : null}
              </td>
              <td data-label="Price">{r?.unit.text ?? formatMoney(i.unit_price, c)}</td>
              <td data-label="Amount">
                {r?.amount.text}
                {r?.discount.minor ? <span className="line-discount"> −{r.discount.text} off</span> : null}
              </td>
            </tr>
            );
          })}
        </tbody>
      </table>
      {a ? (
        <div>
          <h2>Shipping address</h2>
          <AddressLines a={a} phone={false} />
        </div>
      ) : null}
      <Totals of={order} />
    </div>
  );
}
