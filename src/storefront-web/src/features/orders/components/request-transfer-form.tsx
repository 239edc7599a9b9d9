import { useId, useState, type FormEvent } from "react";
import { formatDisplayId } from "../../../../../shared/format.js";
import { Button } from "../../../components/ui/button.js";
import { errorMessage } from "../../../lib/errors.js";
import { pendingText, useCancelTransfer, usePendingTransfers } from "../api/pending-transfers.js";
import { useRequestTransfer } from "../api/request-transfer.js";

/**
 * "Add an order placed as a guest": the order number from the confirmation (or its order ID) and
 * the order's e-mail address in, a transfer request out, the result announced. `initialOrder`
 * comes from the confirmation page's link.
 */
export function RequestTransferForm({ initialOrder = "", customerId }: { initialOrder?: string; customerId: string }) {
  const request = useRequestTransfer(customerId);
  const pending = usePendingTransfers(customerId);
  const cancel = useCancelTransfer();
  const [done, setDone] = useState("");
  const id = useId();

  async function cancelRequest(orderId: string, label: string) {
    setDone("");
    try {
      const outcome = await cancel.mutate(orderId);
      setDone(outcome === "cancelled" ? `${label}: request cancelled.` : `${label} is no longer pending: it was accepted, declined or cancelled already.`);
    } catch {
      /* shown beside the list */
    }
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const reference = String(data.get("order") ?? "").trim();
    const email = String(data.get("email") ?? "").trim();
    if (!reference || !email) return;
    setDone("");
    try {
      const order = await request.mutate({ reference, email });
      setDone(
        `Transfer requested for order ${formatDisplayId(order.display_id)}. It moves to your account once it is accepted through the transfer link for ${order.email ?? email}.`,
      );
    } catch {
      /* shown under the fields */
    }
  }

  const describedBy = (hint: string) => (request.error ? `${hint} ${id}-error` : hint);
  return (
    <section aria-labelledby={`${id}-title`} className="transfer-request">
      <h2 id={`${id}-title`}>Add an order placed as a guest</h2>
      {pending.length ? (
        <div className="pending-transfers">
          <h3>Waiting to be accepted</h3>
          <ul>
            {pending.map((t) => (
              <li key={t.orderId}>
                <span>
                  {pendingText(t)}; the link went to <span className="email">{t.email}</span>.
                </span>
                <Button variant="secondary" busy={cancel.status === "pending"} onClick={() => void cancelRequest(t.orderId, pendingText(t))}>
                  Cancel request
                </Button>
              </li>
            ))}
          </ul>
          {cancel.error ? <p className="inline-error" role="alert">{errorMessage(cancel.error)}</p> : null}
        </div>
      ) : null}
      <form onSubmit={submit} className="stack narrow" aria-busy={request.status === "pending" || undefined}>
        <div className="field">
          <label htmlFor={`${id}-order`}>Order number</label>
          <p id={`${id}-hint`} className="field-hint">
            As the order confirmation shows it, like #92. The order ID from that page (order_…) works too.
          </p>
          <input
            id={`${id}-order`}
            name="order"
            defaultValue={initialOrder}
            autoComplete="off"
            spellCheck={false}
            required
            aria-invalid={request.error ? true : undefined}
            aria-describedby={describedBy(`${id}-hint`)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Order e-mail</label>
          <p id={`${id}-email-hint`} className="field-hint">
            The address the order was placed with.
          </p>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={request.error ? true : undefined}
            aria-describedby={describedBy(`${id}-email-hint`)}
          />
        </div>
        {request.error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {errorMessage(request.error)}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" busy={request.status === "pending"}>
          Request transfer
        </Button>
        <p className="live" role="status" aria-live="polite">
          {done}
        </p>
      </form>
    </section>
  );
}
