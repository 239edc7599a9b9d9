import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button.js";
import { errorMessage } from "../../../lib/errors.js";
import { useRequestTransfer } from "../api/request-transfer.js";

/** "Add an order placed as a guest": the order id in, a transfer request out, the result announced. */
export function RequestTransferForm() {
  const request = useRequestTransfer();
  const [done, setDone] = useState("");
  const id = useId();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const orderId = String(new FormData(e.currentTarget).get("order_id") ?? "").trim();
    if (!orderId) return;
    setDone("");
    try {
      await request.mutate(orderId);
      setDone("Request sent. The e-mail address of the order gets a link to accept the transfer.");
    } catch {
      /* shown under the field */
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="transfer-request">
      <h2 id={`${id}-title`}>Add an order placed as a guest</h2>
      <form onSubmit={submit} className="stack narrow" aria-busy={request.status === "pending" || undefined}>
        <div className="field">
          <label htmlFor={`${id}-order`}>Order ID</label>
          <p id={`${id}-hint`} className="field-hint">
            It starts with <code>order_</code> and is in the order confirmation.
          </p>
          <input
            id={`${id}-order`}
            name="order_id"
            autoComplete="off"
            spellCheck={false}
            required
            aria-invalid={request.error ? true : undefined}
            aria-describedby={request.error ? `${id}-hint ${id}-error` : `${id}-hint`}
          />
          {request.error ? (
            <p id={`${id}-error`} className="field-error" role="alert">
              {errorMessage(request.error)}
            </p>
          ) : null}
        </div>
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
