import { Pagination } from "../../components/ui/pagination.js";
import { EmptyState, ErrorState, Loading } from "../../components/ui/status.js";
import { ORDERS_PAGE_SIZE, useOrders } from "../../features/orders/api/list-orders.js";
import { OrderList } from "../../features/orders/components/order-list.js";
import { RequestTransferForm } from "../../features/orders/components/request-transfer-form.js";
import { Link, useLocation } from "../../lib/router.js";
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
      <Pagination page={page} pages={pages} pathname={pathname} search={search} />
    </>
  );
}

export default function OrdersPage() {
  const { search } = useLocation();
  return (
    <AccountLayout title="Orders">
      {(customer) => (
        <>
          <Orders />
          <RequestTransferForm initialOrder={search.get("order") ?? ""} customerId={customer.id} />
        </>
      )}
    </AccountLayout>
  );
}
