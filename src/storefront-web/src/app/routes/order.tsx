import { formatDisplayId } from "../../../../shared/format.js";
import { ErrorState, Loading } from "../../components/ui/status.js";
import { useOrder } from "../../features/orders/api/get-order.js";
import { OrderSummary } from "../../features/orders/components/order-summary.js";
import { Link } from "../../lib/router.js";
import { AccountLayout } from "./account-layout.js";

function Order({ id }: { id: string }) {
  const order = useOrder(id);
  if (order.status === "error") return <ErrorState title="We couldn't load this order" error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return <Loading label="Loading the order…" />;
  return (
    <>
      <h2>Order {formatDisplayId(order.data.display_id)}</h2>
      <OrderSummary order={order.data} />
      <Link to="/account/orders">Back to your orders</Link>
    </>
  );
}

export default function OrderPage({ params }: { params: Record<string, string> }) {
  return <AccountLayout title="Order details">{() => <Order id={params.id!} />}</AccountLayout>;
}
