import { useState } from "react";
import { formatDisplayId } from "../../../../shared/format.js";
import { Button } from "../../components/ui/button.js";
import { EmptyState, InlineError } from "../../components/ui/status.js";
import { useAcceptTransfer } from "../../features/orders/api/accept-transfer.js";
import { useDeclineTransfer } from "../../features/orders/api/decline-transfer.js";
import { useOrder } from "../../features/orders/api/get-order.js";
import { Link, useLocation, usePage } from "../../lib/router.js";

/** `/account/transfers/<order id>?token=…`: accept or decline an order moved to this customer. */
export default function TransferPage({ params }: { params: Record<string, string> }) {
  const { search } = useLocation();
  const token = search.get("token") ?? "";
  const orderId = params.id!;
  const order = useOrder(orderId);
  const accept = useAcceptTransfer(orderId);
  const decline = useDeclineTransfer(orderId);
  const [outcome, setOutcome] = useState<"accepted" | "declined" | null>(null);
  usePage("Order transfer");
  const label = order.data ? `order ${formatDisplayId(order.data.display_id)}` : "this order";
  const busy = accept.status === "pending" || decline.status === "pending";

  return (
    <main id="main" className="page">
      <h1>Order transfer</h1>
      {!token ? (
        <EmptyState>
          <p>This link is missing its transfer token. Open the link from the email again.</p>
        </EmptyState>
      ) : outcome ? (
        <div role="status">
          <p>{outcome === "accepted" ? `You accepted the transfer of ${label}.` : `You declined the transfer of ${label}.`}</p>
          {outcome === "accepted" ? <Link to="/account/orders">See your orders</Link> : <Link to="/">Continue shopping</Link>}
        </div>
      ) : (
        <div className="stack narrow" aria-busy={busy || undefined}>
          <p>A request was made to move {label} to a customer account. Accept if you asked for it; decline if you did not.</p>
          <div className="row">
            <Button busy={accept.status === "pending"} disabled={decline.status === "pending"} onClick={() => void accept.mutate(token).then(() => setOutcome("accepted"), () => {})}>
              Accept transfer
            </Button>
            <Button variant="secondary" busy={decline.status === "pending"} disabled={accept.status === "pending"} onClick={() => void decline.mutate(token).then(() => setOutcome("declined"), () => {})}>
              Decline transfer
            </Button>
          </div>
          <InlineError error={accept.error ?? decline.error} />
        </div>
      )}
    </main>
  );
}
