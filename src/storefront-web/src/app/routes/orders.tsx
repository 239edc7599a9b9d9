import { EmptyState, ErrorState, Loading } from "../../components/ui/status.js";
import { ORDERS_PAGE_SIZE, useOrders } from "../../features/orders/api/list-orders.js";
import { OrderList } from "../../features/orders/components/order-list.js";
import { Link, useLocation, withSearch } from "../../lib/router.js";
import { AccountLayout } from "./account-layout.js";

function Orders() {
  const { pathname, search } = useLocation();
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const orders = useOrders(page);
  if (orders.status === "error" && !orders.data) return <ErrorState title="We couldn't load your orders" error={orders.error} onRetry={() => void orders.refetch()} />;
  if (!orders.data) return <Loading label="Loading your orders…" lines={4} />;
  if (orders.data.orders.length === 0) {
    return (
      <EmptyState>
        <p>You have not ordered anything yet.</p>
        <Link to="/">Start shopping</Link>
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(orders.data.count / ORDERS_PAGE_SIZE));
  return (
    <>
      <OrderList orders={orders.data.orders} />
      {pages > 1 ? (
        <nav aria-label="Pagination" className="pagination">
          {page > 1 ? <Link to={withSearch(pathname, search, { page: page - 1 === 1 ? null : page - 1 })}>Previous page</Link> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={withSearch(pathname, search, { page: page + 1 })}>Next page</Link> : <span />}
        </nav>
      ) : null}
    </>
  );
}

export default function OrdersPage() {
  return <AccountLayout title="Orders">{() => <Orders />}</AccountLayout>;
}
