import { Button } from "../../components/ui/button.js";
import { EmptyState, ErrorState, Loading } from "../../components/ui/status.js";
import { itemCount, useCart } from "../../features/cart/api/get-cart.js";
import { CartItems } from "../../features/cart/components/cart-items.js";
import { CartTotals } from "../../features/cart/components/cart-totals.js";
import { FreeShippingNudge } from "../../features/cart/components/free-shipping-nudge.js";
import { PromoCode } from "../../features/cart/components/promo-code.js";
import { Link, navigate, usePage } from "../../lib/router.js";
import { useShop } from "../../lib/shop.js";

export default function CartPage() {
  const { cartId } = useShop();
  const cart = useCart();
  usePage("Cart");
  const empty = !cartId || (cart.status === "success" && itemCount(cart.data) === 0);
  return (
    <main id="main" className="page">
      <h1>Your cart</h1>
      {empty ? (
        <EmptyState>
          <p>Your cart is empty.</p>
          <Link to="/">Continue shopping</Link>
        </EmptyState>
      ) : cart.status === "error" && !cart.data ? (
        <ErrorState title="We couldn't load your cart" error={cart.error} onRetry={() => void cart.refetch()} />
      ) : !cart.data ? (
        <Loading label="Loading your cart…" lines={4} />
      ) : (
        <div className="cart-layout">
          <CartItems cart={cart.data} />
          <aside aria-label="Summary" className="summary">
            <CartTotals cart={cart.data} />
            <FreeShippingNudge cart={cart.data} />
            <PromoCode cart={cart.data} />
            <p className="hint">Shipping is chosen at checkout; its price follows your address.</p>
            <Button onClick={() => navigate("/checkout")}>Checkout</Button>
          </aside>
        </div>
      )}
    </main>
  );
}
