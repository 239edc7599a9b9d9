import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { InlineError } from "../components/ui/status.js";
import { useCustomer } from "../features/auth/api/get-customer.js";
import { itemCount, useCart } from "../features/cart/api/get-cart.js";
import { useMenuCategories } from "../features/products/api/list-categories.js";
import { Link, navigate, useBase, useLocation } from "../lib/router.js";
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
  // The words stay in the accessible name; a phone shows only the count.
  return (
    <Link to="/cart" className="cart-link">
      Cart{" "}
      <span aria-live="polite">
        (<span className="cart-count">{n}</span>
        <span className="cart-word">{n === 1 ? " item" : " items"}</span>)
      </span>
    </Link>
  );
}

function AccountLink() {
  const customer = useCustomer();
  return customer.data ? <Link to="/account">Account</Link> : <Link to="/account/login">Log in</Link>;
}

/** The store's top-level categories that hold products, as the header and the footer list them. */
export function TopCategories({ className }: { className?: string }) {
  const top = useMenuCategories().data ?? [];
  if (!top.length) return null;
  return (
    <ul className={className}>
      {top.map((c) => (
        <li key={c.id}>
          <Link to={`/categories/${encodeURIComponent(c.handle)}`}>
            <bdi>{c.name}</bdi>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SearchForm({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { pathname, search } = useLocation();
  const q = pathname === "/search" || pathname === "/" ? (search.get("q") ?? "") : "";
  const [draft, setDraft] = useState(q);
  const base = useBase();
  useEffect(() => setDraft(q), [q]);
  function submit(e: FormEvent) {
    e.preventDefault();
    const text = draft.trim();
    navigate(text ? `/search?q=${encodeURIComponent(text)}` : "/search");
  }
  return (
    <form role="search" aria-label="Shop search" className="header-search" action={`${base}/search`} onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search products
      </label>
      <input ref={inputRef} id="site-search" type="search" name="q" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Search products" autoComplete="off" enterKeyHint="search" />
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}

/**
 * The site header. A phone gets one compact bar (menu, brand, search, cart); the menu opens a panel
 * with search, account, categories and region. From 48rem the panel's contents sit in the bar.
 */
export function Header() {
  const [open, setOpen] = useState(false);
  const { href } = useLocation();
  const searchInput = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // A new page closes the menu.
  useEffect(() => setOpen(false), [href]);

  function openSearch() {
    setOpen(true);
    // After the panel is displayed, so the input can take focus.
    requestAnimationFrame(() => searchInput.current?.focus());
  }

  return (
    <header className="site-header">
      <div className="header-bar">
        <button
          ref={toggle}
          type="button"
          className="icon-btn menu-toggle"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="icon-bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <Link to="/" className="brand">
          Medusa Store
        </Link>
        <div
          id="site-menu"
          className={`header-menu${open ? " open" : ""}`}
          onKeyDown={(e) => {
            if (e.key === "Escape" && open) {
              setOpen(false);
              toggle.current?.focus();
            }
          }}
        >
          <SearchForm inputRef={searchInput} />
          <nav aria-label="Main" className="main-nav">
            <ul>
              <li>
                <Link to="/">Shop</Link>
              </li>
              <li>
                <AccountLink />
              </li>
            </ul>
          </nav>
          <nav aria-label="Categories" className="category-nav">
            <TopCategories />
          </nav>
          <RegionSelect />
        </div>
        <button type="button" className="icon-btn search-toggle" aria-label="Open search" aria-expanded={open} aria-controls="site-menu" onClick={openSearch}>
          <span className="icon-search" aria-hidden="true" />
        </button>
        <CartLink />
      </div>
    </header>
  );
}
