import { useEffect } from "react";
import { EmptyState, ErrorState, Loading } from "../../components/ui/status.js";
import { useCustomer } from "../../features/auth/api/get-customer.js";
import { itemCount, useCart } from "../../features/cart/api/get-cart.js";
import { CartTotals } from "../../features/cart/components/cart-totals.js";
import { PromoCode } from "../../features/cart/components/promo-code.js";
import { CheckoutSteps, resolveStep } from "../../features/checkout/components/checkout-steps.js";
import { useQueryCache } from "../../lib/query.js";
import { Link, navigate, useLocation, usePage, withSearch } from "../../lib/router.js";
import { useShop } from "../../lib/shop.js";

export default function CheckoutPage() {
  const { cartId, setCartId } = useShop();
  const cart = useCart();
  const customer = useCustomer();
  const cache = useQueryCache();
  const { pathname, search } = useLocation();
  usePage("Checkout");

  if (!cartId || (cart.status === "success" && itemCount(cart.data) === 0)) {
    return (
      <main id="main" className="page">
        <h1>Checkout</h1>
        <EmptyState>
          <p>Your cart is empty, so there is nothing to check out.</p>
          <Link to="/">Continue shopping</Link>
        </EmptyState>
      </main>
    );
  }
  // On the review step the totals sit right above "Place order", so a phone shows them before the button.
  const step = cart.data ? resolveStep(cart.data, search.get("step")) : "contact";
  // The step the shopper landed on is written into the URL, so a change the step itself makes to
  // the cart (the delivery step puts the chosen option on it) does not move them on by itself.
  const asked = search.get("step");
  useEffect(() => {
    if (cart.data && asked !== step) navigate(withSearch(pathname, search, { step }), { replace: true });
  }, [cart.data ? step : null, asked]);
  const totals = cart.data ? <CartTotals cart={cart.data} /> : null;
  return (
    <main id="main" className="page">
      <h1>Checkout</h1>
      {cart.status === "error" && !cart.data ? (
        <ErrorState title="We couldn't load your cart" error={cart.error} onRetry={() => void cart.refetch()} />
      ) : !cart.data ? (
        <Loading label="Loading your cart…" lines={4} />
      ) : (
        <div className="cart-layout">
          <CheckoutSteps
            cart={cart.data}
            step={step}
            totals={step === "review" ? totals : undefined}
            onStep={(step) => navigate(withSearch(pathname, search, { step }))}
            customerEmail={customer.data?.email}
            savedAddresses={customer.data?.addresses}
            onPlaced={(order) => {
              setCartId(null);
              cache.remove(["cart"]);
              cache.invalidate(["orders"]);
              navigate(`/order/confirmed/${encodeURIComponent(order.id)}`, { replace: true });
            }}
          />
          <aside aria-label="Order summary" className="summary">
            {step === "review" ? null : totals}
            <PromoCode cart={cart.data} />
          </aside>
        </div>
      )}
    </main>
  );
}
