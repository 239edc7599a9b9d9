import { shopperBasisNote } from "../../../shared/shopper-price.js";
import { useCustomer } from "../features/auth/api/get-customer.js";
import { Link } from "../lib/router.js";
import { useShop } from "../lib/shop.js";
import { TopCategories } from "./header.js";

/** The site footer: the shop's categories, the account pages and what a shopper needs to know. */
export function Footer() {
  const customer = useCustomer();
  const signedIn = Boolean(customer.data);
  const { region } = useShop();
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <ul>
            <li>
              <Link to="/">All products</Link>
            </li>
            <li>
              <Link to="/search">Search the shop</Link>
            </li>
          </ul>
          <TopCategories />
        </section>
        <section aria-labelledby="footer-account">
          <h2 id="footer-account">Your account</h2>
          <ul>
            <li>
              <Link to="/account">{signedIn ? "Your profile" : "Your account"}</Link>
            </li>
            {signedIn ? null : (
              <li>
                <Link to="/account/register">Create an account</Link>
              </li>
            )}
            <li>
              <Link to="/account/orders">Your orders</Link>
            </li>
            <li>
              <Link to="/account/addresses">Saved addresses</Link>
            </li>
            <li>
              <Link to="/cart">Your cart</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <p>
            Prices are in {region.currency_code.toUpperCase()}. {shopperBasisNote(region.currency_code)} Shipping is chosen at checkout, where you see its price before you place the order.
          </p>
          <p>
            Your order confirmation shows the order number and ID. Keep them: with an account, you can add an order placed as a guest from your orders page.
          </p>
          <p>
            Forgot your password? <Link to="/account/forgot-password">Reset it</Link>.
          </p>
        </section>
      </div>
      <p className="footer-note">© Medusa Store</p>
    </footer>
  );
}
