import { useState } from "react";
import { InlineError } from "../components/ui/status.js";
import { useCustomer } from "../features/auth/api/get-customer.js";
import { itemCount, useCart } from "../features/cart/api/get-cart.js";
import { Link } from "../lib/router.js";
import { useShop } from "../lib/shop.js";

function RegionSelect() {
  const { regions, countryCode, setCountry } = useShop();
  const [error, setError] = useState<unknown>(null);
  const countries = regions
    .flatMap((r) => (r.countries ?? []).map((c) => ({ code: c.iso_2 ?? "", name: c.display_name ?? c.name ?? c.iso_2 ?? "", currency: r.currency_code })))
    .filter((c) => c.code)
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="region">
      <label htmlFor="region-select">Region</label>
      <select
        id="region-select"
        value={countryCode}
        onChange={(e) => {
          setError(null);
          setCountry(e.target.value).catch(setError);
        }}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name} ({c.currency?.toUpperCase()})
          </option>
        ))}
      </select>
      {error ? <InlineError error={error} /> : null}
    </div>
  );
}

function CartLink() {
  const cart = useCart();
  const n = itemCount(cart.data);
  return (
    <Link to="/cart" className="cart-link">
      Cart <span aria-live="polite">({n === 1 ? "1 item" : `${n} items`})</span>
    </Link>
  );
}

function AccountLink() {
  const customer = useCustomer();
  return customer.data ? <Link to="/account">Account</Link> : <Link to="/account/login">Log in</Link>;
}

export function Header() {
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        Medusa Store
      </Link>
      <nav aria-label="Main">
        <ul>
          <li>
            <Link to="/">Shop</Link>
          </li>
          <li>
            <AccountLink />
          </li>
          <li>
            <CartLink />
          </li>
        </ul>
      </nav>
      <RegionSelect />
    </header>
  );
}
