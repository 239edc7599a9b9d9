import type { HttpTypes } from "@medusajs/types";
import { formatDate, formatDisplayId, formatMoney } from "../../../../../shared/format.js";
import { Link } from "../../../lib/router.js";
import { orderStatus } from "./order-summary.js";

export function OrderList({ orders }: { orders: HttpTypes.StoreOrder[] }) {
  return (
    <table className="orders">
      <caption className="visually-hidden">Your orders, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Status</th>
          <th scope="col">Items</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id}>
            <td>
              <Link to={`/account/orders/${encodeURIComponent(o.id)}`}>Order {formatDisplayId(o.display_id)}</Link>
            </td>
            <td>{formatDate(o.created_at as string)}</td>
            <td>{orderStatus(o.status)}</td>
            <td>{(o.items ?? []).reduce((n, i) => n + (i.quantity ?? 0), 0)}</td>
            <td>{formatMoney(o.total, o.currency_code)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
