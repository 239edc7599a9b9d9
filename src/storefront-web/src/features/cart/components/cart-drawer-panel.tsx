/**
 * The cart drawer's panel: loaded the first time it opens (or when the page is idle), not with
 * every page, so its money breakdown and nudge stay out of the first download.
 */
import type { HttpTypes } from "@medusajs/types";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { type ItemRow, shopperBreakdown, type TotalsLike } from "../../../../../shared/money.js";
import { Button } from "../../../components/ui/button.js";
import { Picture } from "../../../components/ui/picture.js";
import { Link, navigate } from "../../../lib/router.js";
import { itemCount, useCart } from "../api/get-cart.js";
import { FreeShippingNudge } from "./free-shipping-nudge.js";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function DrawerLine({ item, row }: { item: HttpTypes.StoreCartLineItem; row: ItemRow | undefined }) {
  const variant = item.variant_title && item.variant_title !== "Default variant" ? ` (${item.variant_title})` : "";
  return (
    <li className="drawer-line">
      <Picture placeholderClassName="drawer-thumb" src={item.thumbnail ?? undefined} alt="" width={56} height={56} loading="lazy" decoding="async" />
      <span>
        {item.quantity} × {item.product_title ?? item.title}
        {variant}
      </span>
      <span>{row?.amount.text}</span>
    </li>
  );
}

/**
 * A modal side panel (WAI-ARIA dialog pattern): focus goes to its heading, Tab and Shift+Tab stay
 * inside, Escape or the close button closes it and focus goes back; the rest of the page is inert.
 */
export default function CartDrawer({ message, onClose, returnTo }: { message: string; onClose: () => void; returnTo: { current: HTMLElement | null } }) {
  const cart = useCart();
  const panel = useRef<HTMLDivElement>(null);
  const data = cart.data;
  const n = itemCount(data);
  // The same breakdown as the cart page: line amounts add up to Items, in the shopper's basis.
  const breakdown = shopperBreakdown((data ?? {}) as TotalsLike);
  const rows = new Map(breakdown.items.map((r) => [r.id, r]));

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>("h2")?.focus();
    // Everything else leaves the focus order and the accessibility tree while the drawer is open.
    const layer = panel.current?.parentElement;
    const others = [...document.body.children].filter((el) => !el.contains(layer ?? null));
    const siblings = [...(layer?.parentElement?.children ?? [])].filter((el) => el !== layer);
    const made = [...others, ...siblings].filter((el): el is HTMLElement => el instanceof HTMLElement && !el.inert);
    for (const el of made) el.inert = true;
    return () => {
      for (const el of made) el.inert = false;
      // Back where the shopper was (the Add to cart button), unless it has gone from the page.
      const back = returnTo.current;
      returnTo.current = null;
      if (back?.isConnected) back.focus();
    };
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === "Escape") {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== "Tab") return;
    const items = [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || !panel.current?.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    } else if (active === panel.current?.querySelector("h2")) {
      // The heading is focusable only programmatically; Tab from it goes to the first control.
      if (!e.shiftKey) {
        e.preventDefault();
        first.focus();
      }
    }
  }

  return (
    <div className="drawer-layer">
      <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={panel} className="drawer" role="dialog" aria-modal="true" aria-labelledby="drawer-title" onKeyDown={onKeyDown}>
        <div className="drawer-head">
          <h2 id="drawer-title" tabIndex={-1}>
            Your cart
          </h2>
          <Button variant="secondary" aria-label="Close cart" onClick={onClose}>
            ×
          </Button>
        </div>
        <p className="live" role="status" aria-live="polite">
          {message ? `${message} ` : ""}
          {data ? (n === 1 ? "Your cart has 1 item." : `Your cart has ${n} items.`) : ""}
        </p>
        {data && n > 0 ? (
          <>
            <ul className="drawer-lines" aria-label="Items in your cart">
              {[...(data.items ?? [])]
                .sort((a, b) => String(a.created_at ?? "").localeCompare(String(b.created_at ?? "")))
                .map((i) => (
                  <DrawerLine key={i.id} item={i} row={rows.get(i.id)} />
                ))}
            </ul>
            <p className="drawer-subtotal">
              <span className="drawer-subtotal-line">
                <span>Items</span> <strong>{breakdown.lines[0]!.text}</strong>
              </span>
              <span className="muted">{breakdown.basisNote}</span>
            </p>
            <FreeShippingNudge cart={data} />
            <div className="drawer-actions">
              <Button
                onClick={() => {
                  onClose();
                  navigate("/checkout");
                }}
              >
                Checkout
              </Button>
              <Link to="/cart" className="btn btn-secondary" onClick={onClose}>
                View cart
              </Link>
              <Button variant="link" onClick={onClose}>
                Continue shopping
              </Button>
            </div>
          </>
        ) : (
          <p>{data ? "Your cart is empty." : "Loading your cart…"}</p>
        )}
      </div>
    </div>
  );
}
