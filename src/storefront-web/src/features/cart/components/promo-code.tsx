import type { HttpTypes } from "@medusajs/types";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button.js";
import { errorMessage } from "../../../lib/errors.js";
import { appliedCodes, useApplyPromotion, useRemovePromotion } from "../api/promotions.js";

const hasPaymentSession = (c: HttpTypes.StoreCart) => Boolean(c.payment_collection?.payment_sessions?.length);

/**
 * Medusa drops the payment session when a code changes the total (verified on 2.21: the session of
 * the old amount is deleted and completing answers "Payment sessions are required"), so the checkout
 * falls back to its payment step; say why.
 */
function paymentNote(before: HttpTypes.StoreCart, after: HttpTypes.StoreCart): string {
  return hasPaymentSession(before) && !hasPaymentSession(after) ? " The total changed, so choose the payment method again." : "";
}

/**
 * Apply and remove promotion codes. The refusal of a code is tied to the field
 * (aria-describedby, aria-invalid); applying and removing are announced in a polite live region.
 */
export function PromoCode({ cart }: { cart: HttpTypes.StoreCart }) {
  const apply = useApplyPromotion(cart.id);
  const remove = useRemovePromotion(cart.id);
  const [draft, setDraft] = useState("");
  const [said, setSaid] = useState("");
  const id = useId();
  const codes = appliedCodes(cart);
  const busy = apply.status === "pending" || remove.status === "pending";

  async function submit(e: FormEvent) {
    e.preventDefault();
    const code = draft.trim();
    if (!code || busy) return;
    setSaid("");
    remove.reset();
    try {
      const after = await apply.mutate(code);
      setDraft("");
      setSaid(`Code ${code} applied.${paymentNote(cart, after)}`);
    } catch {
      /* shown under the field */
    }
  }

  async function drop(code: string) {
    setSaid("");
    apply.reset();
    try {
      const after = await remove.mutate(code);
      setSaid(`Code ${code} removed.${paymentNote(cart, after)}`);
    } catch {
      /* shown under the list */
    }
  }

  const error = apply.error ?? remove.error;
  return (
    <div className="promo">
      <form onSubmit={submit} className="stack" aria-busy={busy || undefined}>
        <div className="field">
          <label htmlFor={`${id}-code`}>Promotion code</label>
          <div className="row">
            <input
              id={`${id}-code`}
              name="promo_code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={apply.error ? true : undefined}
              aria-describedby={apply.error ? `${id}-error` : undefined}
            />
            <Button type="submit" variant="secondary" busy={apply.status === "pending"}>
              Apply
            </Button>
          </div>
          {error ? (
            <p id={`${id}-error`} className="field-error" role="alert">
              {errorMessage(error)}
            </p>
          ) : null}
        </div>
      </form>
      {codes.length ? (
        <ul className="promo-codes" aria-label="Applied promotion codes">
          {codes.map((code) => (
            <li key={code}>
              <span className="promo-tag">{code}</span>
              <Button variant="link" busy={remove.status === "pending"} aria-label={`Remove code ${code}`} onClick={() => void drop(code)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="live" role="status" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
