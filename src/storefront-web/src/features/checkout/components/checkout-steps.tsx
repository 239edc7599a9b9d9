import type { HttpTypes } from "@medusajs/types";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { formatMoney } from "../../../../../shared/format.js";
import { itemRowsById, shopperBreakdown } from "../../../../../shared/money.js";
import { AddressFields, readAddress, type AddressValues } from "../../../components/address-fields.js";
import { AddressLines } from "../../../components/ui/address-lines.js";
import { Button } from "../../../components/ui/button.js";
import { ItemImage } from "../../../components/ui/item-image.js";
import { ItemName } from "../../../components/ui/item-name.js";
import { TextField } from "../../../components/ui/field.js";
import { EmptyState, ErrorState, InlineError, Loading } from "../../../components/ui/status.js";
import { focusHeading } from "../../../lib/router.js";
import { useAddShippingMethod } from "../api/add-shipping-method.js";
import { useCompleteCart } from "../api/complete-cart.js";
import { useInitiatePaymentSession } from "../api/initiate-payment-session.js";
import { providerName, usePaymentProviders } from "../api/list-payment-providers.js";
import { shippingOptionPrice, useShippingOptions } from "../api/list-shipping-options.js";
import { useUpdateCart } from "../api/update-cart.js";

export const STEPS = [
  { id: "contact", title: "Contact" },
  { id: "address", title: "Address" },
  { id: "delivery", title: "Delivery" },
  { id: "payment", title: "Payment" },
  { id: "review", title: "Review" },
] as const;
export type StepId = (typeof STEPS)[number]["id"];
const index = (s: StepId) => STEPS.findIndex((x) => x.id === s);

function activeSession(cart: HttpTypes.StoreCart) {
  return cart.payment_collection?.payment_sessions?.find((s) => s.status === "pending" || s.status === "authorized");
}

/** The first step the cart still needs; a later step asked for in the URL falls back to it. */
export function firstIncomplete(cart: HttpTypes.StoreCart): StepId {
  if (!cart.email) return "contact";
  if (!cart.shipping_address?.address_1) return "address";
  if (!cart.shipping_methods?.length) return "delivery";
  if (!activeSession(cart)) return "payment";
  return "review";
}

export function resolveStep(cart: HttpTypes.StoreCart, asked: string | null): StepId {
  const limit = firstIncomplete(cart);
  const wanted = STEPS.find((s) => s.id === asked)?.id ?? limit;
  return index(wanted) <= index(limit) ? wanted : limit;
}

export interface CheckoutProps {
  cart: HttpTypes.StoreCart;
  step: StepId;
  onStep: (step: StepId) => void;
  onPlaced: (order: HttpTypes.StoreOrder) => void;
  customerEmail?: string | null;
  savedAddresses?: HttpTypes.StoreCustomerAddress[];
  /** The order totals, shown on the review step right above "Place order" (the page decides what they are). */
  totals?: ReactNode;
}

export function CheckoutSteps({ cart, step, onStep, onPlaced, customerEmail, savedAddresses, totals }: CheckoutProps) {
  const first = useRef(true);
  useEffect(() => {
    // Each new step gets focus on its heading, so keyboard users continue right there.
    if (first.current) {
      first.current = false;
      return;
    }
    focusHeading("main h2.step-title");
  }, [step]);
  const current = STEPS[index(step)]!;
  const limit = index(firstIncomplete(cart));
  return (
    <div className="checkout">
      <nav aria-label="Checkout steps">
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s.id} aria-current={s.id === step ? "step" : undefined}>
              {s.id !== step && i <= limit ? (
                <button type="button" className="btn-link" onClick={() => onStep(s.id)}>
                  {i + 1}. {s.title}
                </button>
              ) : (
                <span>
                  {i + 1}. {s.title}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="step">
        <h2 id="step-title" className="step-title" tabIndex={-1}>
          {current.title}
        </h2>
        {step === "contact" ? <ContactStep cart={cart} customerEmail={customerEmail} onDone={() => onStep("address")} /> : null}
        {step === "address" ? <AddressStep cart={cart} saved={savedAddresses} onDone={() => onStep("delivery")} /> : null}
        {step === "delivery" ? <DeliveryStep cart={cart} onDone={() => onStep("payment")} onBack={() => onStep("address")} /> : null}
        {step === "payment" ? <PaymentStep cart={cart} onDone={() => onStep("review")} /> : null}
        {step === "review" ? <ReviewStep cart={cart} onPlaced={onPlaced} onStep={onStep} totals={totals} /> : null}
      </div>
    </div>
  );
}

function ContactStep({ cart, customerEmail, onDone }: { cart: HttpTypes.StoreCart; customerEmail?: string | null; onDone: () => void }) {
  const update = useUpdateCart(cart.id);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "").trim();
    try {
      await update.mutate({ email });
      onDone();
    } catch {
      /* shown below */
    }
  }
  return (
    <form onSubmit={submit} className="stack" aria-busy={update.status === "pending" || undefined}>
      <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={cart.email ?? customerEmail ?? ""} hint="We send the order confirmation here." />
      <InlineError error={update.error} />
      <Button type="submit" busy={update.status === "pending"}>
        Continue to address
      </Button>
    </form>
  );
}

function AddressStep({ cart, saved, onDone }: { cart: HttpTypes.StoreCart; saved?: HttpTypes.StoreCustomerAddress[]; onDone: () => void }) {
  const update = useUpdateCart(cart.id);
  const [sameBilling, setSameBilling] = useState(() => !cart.billing_address?.address_1 || sameAddress(cart.shipping_address, cart.billing_address));
  const [prefill, setPrefill] = useState<{ key: number; values: AddressValues | null | undefined }>({ key: 0, values: cart.shipping_address });
  const countries = cart.region?.countries ?? [];
  const defaultCountry = cart.shipping_address?.country_code ?? undefined;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const shipping = readAddress(data, "shipping");
    const billing = sameBilling ? shipping : readAddress(data, "billing");
    try {
      await update.mutate({ shipping_address: shipping, billing_address: billing });
      onDone();
    } catch {
      /* shown below */
    }
  }

  return (
    <form onSubmit={submit} className="stack" aria-busy={update.status === "pending" || undefined}>
      {saved?.length ? (
        <div className="field">
          <label htmlFor="saved-address">Use a saved address</label>
          <select
            id="saved-address"
            defaultValue=""
            onChange={(e) => {
              const a = saved.find((x) => x.id === e.target.value);
              if (a) setPrefill((p) => ({ key: p.key + 1, values: a }));
            }}
          >
            <option value="">Choose…</option>
            {saved.map((a) => (
              <option key={a.id} value={a.id}>
                {[a.first_name, a.last_name, a.address_1, a.city].filter(Boolean).join(", ")}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset>
        <legend>Shipping address</legend>
        <AddressFields key={prefill.key} prefix="shipping" section="shipping" values={prefill.values} countries={countries} defaultCountry={defaultCountry} />
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={sameBilling} onChange={(e) => setSameBilling(e.target.checked)} />
        Billing address is the same as the shipping address
      </label>
      {sameBilling ? null : (
        <fieldset>
          <legend>Billing address</legend>
          <AddressFields prefix="billing" section="billing" values={cart.billing_address} countries={countries} defaultCountry={defaultCountry} />
        </fieldset>
      )}
      <InlineError error={update.error} />
      <Button type="submit" busy={update.status === "pending"}>
        Continue to delivery
      </Button>
    </form>
  );
}

function sameAddress(a?: AddressValues | null, b?: AddressValues | null): boolean {
  if (!a || !b) return false;
  return (["first_name", "last_name", "address_1", "city", "postal_code", "country_code"] as const).every((k) => (a[k] ?? "") === (b[k] ?? ""));
}

function DeliveryStep({ cart, onDone, onBack }: { cart: HttpTypes.StoreCart; onDone: () => void; onBack: () => void }) {
  const options = useShippingOptions(cart.id);
  const add = useAddShippingMethod(cart.id);
  const chosenNow = cart.shipping_methods?.[0]?.shipping_option_id ?? "";
  const list = options.data ?? [];
  const firstAvailable = list.find((o) => !o.insufficient_inventory && shippingOptionPrice(o, cart) !== undefined)?.id;
  const [picked, setPicked] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const selected = picked || chosenNow || firstAvailable || "";
  // The option being put on the cart, so "Continue" waits for it rather than refusing the click.
  const putting = useRef<{ id: string; done: Promise<unknown> } | null>(null);

  function put(id: string): Promise<unknown> {
    const done = add.mutate(id).finally(() => {
      if (putting.current?.done === done) putting.current = null;
    });
    putting.current = { id, done };
    return done;
  }

  // The option shown as chosen is on the cart, so the summary beside it says what shipping costs.
  useEffect(() => {
    if (!chosenNow && firstAvailable && !putting.current) put(firstAvailable).catch(() => {});
  }, [chosenNow, firstAvailable]);

  function choose(id: string) {
    setPicked(id);
    if (id !== chosenNow) put(id).catch(() => {});
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const id = String(new FormData(e.currentTarget).get("shipping_option") ?? "");
    if (!id || submitting) return;
    setSubmitting(true);
    try {
      const pending = putting.current;
      if (pending) await pending.done.catch(() => {});
      if (pending?.id !== id && id !== chosenNow) await put(id);
      onDone();
    } catch {
      /* shown below */
    } finally {
      setSubmitting(false);
    }
  }

  if (options.status === "pending") return <Loading label="Loading delivery options…" lines={2} />;
  if (options.status === "error") return <ErrorState error={options.error} onRetry={() => void options.refetch()} />;
  if (list.length === 0) {
    return (
      <EmptyState>
        <p>We have no delivery options for this address.</p>
        <Button variant="secondary" onClick={onBack}>
          Change the address
        </Button>
      </EmptyState>
    );
  }
  return (
    <form onSubmit={submit} className="stack" aria-busy={add.status === "pending" || submitting || undefined}>
      <fieldset className="choices">
        <legend>Delivery method</legend>
        {list.map((o) => {
          const amount = shippingOptionPrice(o, cart);
          // Medusa lists an option it has no price for (for this region or cart total), then refuses it.
          const unpriced = amount === undefined;
          const out = Boolean(o.insufficient_inventory) || unpriced;
          return (
            <label key={o.id} className="choice">
              <input type="radio" name="shipping_option" value={o.id} required checked={o.id === selected} onChange={() => choose(o.id)} disabled={out} />
              <span>{o.name}</span>
              <span className="choice-price">{unpriced ? "Not available for this cart" : out ? "Not available for these items" : amount === 0 ? "Free" : formatMoney(amount, cart.currency_code)}</span>
            </label>
          );
        })}
      </fieldset>
      <InlineError error={add.error} />
      <Button type="submit" busy={submitting}>
        Continue to payment
      </Button>
    </form>
  );
}

function PaymentStep({ cart, onDone }: { cart: HttpTypes.StoreCart; onDone: () => void }) {
  const providers = usePaymentProviders(cart.region_id ?? "");
  const initiate = useInitiatePaymentSession();
  const current = activeSession(cart)?.provider_id;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const providerId = String(new FormData(e.currentTarget).get("provider") ?? "");
    if (!providerId) return;
    try {
      if (providerId !== current) await initiate.mutate({ cart, providerId });
      onDone();
    } catch {
      /* shown below */
    }
  }

  if (providers.status === "pending") return <Loading label="Loading payment methods…" lines={2} />;
  if (providers.status === "error") return <ErrorState error={providers.error} onRetry={() => void providers.refetch()} />;
  const list = (providers.data ?? []).filter((p) => (p as { is_enabled?: boolean }).is_enabled !== false);
  if (list.length === 0) return <EmptyState>No payment method is available in this region.</EmptyState>;
  return (
    <form onSubmit={submit} className="stack" aria-busy={initiate.status === "pending" || undefined}>
      <fieldset className="choices">
        <legend>Payment method</legend>
        {list.map((p, i) => (
          <label key={p.id} className="choice">
            <input type="radio" name="provider" value={p.id} required defaultChecked={current ? p.id === current : i === 0} />
            <span>{providerName(p.id)}</span>
          </label>
        ))}
      </fieldset>
      <InlineError error={initiate.error} />
      <Button type="submit" busy={initiate.status === "pending"}>
        Continue to review
      </Button>
    </form>
  );
}

function ReviewStep({ cart, onPlaced, onStep, totals }: { cart: HttpTypes.StoreCart; onPlaced: (o: HttpTypes.StoreOrder) => void; onStep: (s: StepId) => void; totals?: ReactNode }) {
  const complete = useCompleteCart();
  const placing = complete.status === "pending";
  const session = activeSession(cart);
  const rows = itemRowsById(cart as never);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (placing) return;
    try {
      onPlaced(await complete.mutate(cart.id));
    } catch {
      /* shown below; the cart is kept */
    }
  }

  return (
    <form onSubmit={submit} className="stack" aria-busy={placing || undefined}>
      <div className="review">
        <div>
          <h3>Contact</h3>
          <p className="email">{cart.email}</p>
        </div>
        <div>
          <h3>Shipping address</h3>
          <AddressLines a={cart.shipping_address} />
        </div>
        <div>
          <h3>Billing address</h3>
          <AddressLines a={cart.billing_address ?? cart.shipping_address} />
        </div>
        <div>
          <h3>Delivery</h3>
          <p>
            {/* The shipping line of the totals below: the same amount, in the same basis. */}
            <bdi>{cart.shipping_methods?.[0]?.name}</bdi> ({shopperBreakdown(cart as never).lines.find((l) => l.key === "shipping")?.text})
          </p>
        </div>
        <div>
          <h3>Payment</h3>
          <p>{session ? providerName(session.provider_id) : "—"}</p>
        </div>
      </div>
      <ul className="review-items" aria-label="Items">
        {(cart.items ?? []).map((i) => (
          <li key={i.id} className="review-item">
            {/* The amount in the basis of the totals below (src/shared/money.ts). */}
            <ItemImage src={i.thumbnail} size={56} />
            <span className="review-item-name">
              {i.quantity} × <ItemName item={i} />
            </span>
            <span className="review-item-amount">{rows.get(i.id)?.amount.text}</span>
          </li>
        ))}
      </ul>
      {totals ? <div className="review-totals">{totals}</div> : null}
      {complete.error ? (
        <div className="notice notice-error">
          <InlineError error={complete.error} />
          <Button variant="secondary" onClick={() => onStep("payment")}>
            Choose the payment again
          </Button>
        </div>
      ) : null}
      <Button type="submit" busy={placing}>
        Place order
      </Button>
      <p className="live" role="status" aria-live="polite">
        {placing ? "Placing your order…" : ""}
      </p>
    </form>
  );
}
