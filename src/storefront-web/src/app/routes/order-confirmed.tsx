import { useEffect, useState } from "react";
import { formatDisplayId } from "../../../../shared/format.js";
import { Button } from "../../components/ui/button.js";
import { ErrorState, Loading } from "../../components/ui/status.js";
import { useOrder } from "../../features/orders/api/get-order.js";
import { useRecentOrders } from "../../features/orders/api/recent-orders.js";
import { OrderSummary } from "../../features/orders/components/order-summary.js";
import { Link, usePage } from "../../lib/router.js";

/** The full order id, selectable in one click and copied with a button (the store API finds a guest order only by it). */
function OrderId({ id }: { id: string }) {
  const [said, setSaid] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(id);
      setSaid("Order ID copied.");
    } catch {
      setSaid("Copying is not available here: select the ID and copy it yourself.");
    }
  }
  return (
    <div className="order-id">
      <span>Order ID</span>
      <code>{id}</code>
      <Button variant="secondary" onClick={() => void copy()} aria-label="Copy the order ID">
        Copy
      </Button>
      <span className="live" role="status" aria-live="polite">
        {said}
      </span>
    </div>
  );
}

/**
 * After "Place order". It says only what happened: the order exists, with this number and id. It
 * does not claim an e-mail was sent; whether one is depends on the back-end's notification set-up
 * (a local Medusa sends none).
 */
export default function OrderConfirmed({ params }: { params: Record<string, string> }) {
  const order = useOrder(params.id!);
  const recent = useRecentOrders();
  usePage("Order confirmed");
  const data = order.data;
  useEffect(() => {
    // So "#92" can be resolved later on this device (see features/orders/api/recent-orders.ts).
    if (data) recent.remember(data);
  }, [data]);
  return (
    <main id="main" className="page">
      <h1>Thank you for your order</h1>
      {order.status === "error" ? (
        <ErrorState title="We couldn't load the order" error={order.error} onRetry={() => void order.refetch()} />
      ) : !data ? (
        <Loading label="Loading your order…" />
      ) : (
        <div className="confirmation">
          <div className="notice">
            <p className="lead">
              Your order number is <strong>{formatDisplayId(data.display_id)}</strong>. The order is placed; its details are below.
            </p>
            <OrderId id={data.id} />
            <p className="hint">
              This page's address and the order ID are how you find the order again. To keep it with an account,{" "}
              <Link to={`/account/orders?order=${encodeURIComponent(data.id)}`}>add this order to your account</Link>.
            </p>
          </div>
          <OrderSummary order={data} />
          <p>
            <Link to="/">Continue shopping</Link>
          </p>
        </div>
      )}
    </main>
  );
}
