import type { HttpTypes } from "@medusajs/types";
import { formatDate, formatDisplayId, formatMoney } from "../../../../../shared/format.js";
import { Link } from "../../../lib/router.js";
import { orderStatus } from "./order-summary.js";

export function OrderList({ orders }: { orders: HttpTypes.StoreOrder[] }) {
  return (
    // On a phone each row is laid out as a card (styles.css); the explicit roles keep it a table for
    // assistive technology, which some browsers forget once a table's display changes.
    <table className="orders" role="table">
      <caption className="visually-hidden">Your orders, newest first</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">Order</th>
          <th scope="col" role="columnheader">Placed</th>
          <th scope="col" role="columnheader">Status</th>
          <th scope="col" role="columnheader">Items</th>
          <th scope="col" role="columnheader">Total</th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {orders.map((o) => (
          <tr key={o.id} role="row">
            <td role="cell" className="order-cell-id">
              <Link to={`/account/orders/${encodeURIComponent(o.id)}`}>Order {formatDisplayId(o.display_id)}</Link>
            </td>
            <td role="cell" data-label="Placed">{formatDate(o.created_at as string)}</td>
            <td role="cell" data-label="Status">{orderStatus(o.status)}</td>
            <td role="cell" data-label="Items">{(o.items ?? []).reduce((n, i) => n + (i.quantity ?? 0), 0)}</td>
            <td role="cell" data-label="Total" className="order-cell-total">
              {formatMoney(o.total, o.currency_code)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
