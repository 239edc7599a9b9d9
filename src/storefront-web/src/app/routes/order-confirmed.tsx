import { formatDisplayId } from "../../../../shared/format.js";
import { ErrorState, Loading } from "../../components/ui/status.js";
import { useOrder } from "../../features/orders/api/get-order.js";
import { OrderSummary } from "../../features/orders/components/order-summary.js";
import { Link, usePage } from "../../lib/router.js";

export default function OrderConfirmed({ params }: { params: Record<string, string> }) {
  const order = useOrder(params.id!);
  usePage("Order confirmed");
  return (
    <main id="main" className="page">
      <h1>Thank you for your order</h1>
      {order.status === "error" ? (
        <ErrorState title="We couldn't load the order" error={order.error} onRetry={() => void order.refetch()} />
      ) : !order.data ? (
        <Loading label="Loading your order…" />
      ) : (
        <>
          <p className="lead">
            Your order number is <strong>{formatDisplayId(order.data.display_id)}</strong>. We sent a confirmation to {order.data.email}.
          </p>
          <OrderSummary order={order.data} />
          <Link to="/">Continue shopping</Link>
        </>
      )}
    </main>
  );
}
