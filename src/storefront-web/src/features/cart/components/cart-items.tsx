import type { HttpTypes } from "@medusajs/types";
import { useState } from "react";
import { type ItemRow, itemRowsById } from "../../../../../shared/money.js";
import { Button } from "../../../components/ui/button.js";
import { ItemImage } from "../../../components/ui/item-image.js";
import { InlineError } from "../../../components/ui/status.js";
import { Link } from "../../../lib/router.js";
import { useDeleteLineItem } from "../api/delete-line-item.js";
import { useUpdateLineItem } from "../api/update-line-item.js";

function lineName(item: HttpTypes.StoreCartLineItem): string {
  const variant = item.variant_title && item.variant_title !== "Default variant" ? ` (${item.variant_title})` : "";
  return `${item.product_title ?? item.title}${variant}`;
}

function CartLine({ cartId, item, row }: { cartId: string; item: HttpTypes.StoreCartLineItem; row: ItemRow | undefined }) {
  const update = useUpdateLineItem(cartId);
  const remove = useDeleteLineItem(cartId);
  // Shown at once and rolled back when the server refuses (e.g. not enough stock).
  const [shown, setShown] = useState<number | null>(null);
  const name = lineName(item);
  const quantity = shown ?? item.quantity;
  const busy = update.status === "pending" || remove.status === "pending";

  async function change(next: number) {
    if (next < 1 || busy) return;
    setShown(next);
    try {
      await update.mutate({ lineId: item.id, quantity: next });
    } catch {
      /* the error is shown below the line */
    } finally {
      setShown(null);
    }
  }

  return (
    <li className="line" aria-busy={busy || undefined}>
      <ItemImage src={item.thumbnail} />
      <div className="line-main">
        {item.product_handle ? (
          <Link to={`/products/${encodeURIComponent(item.product_handle)}`} className="line-name">
            {name}
          </Link>
        ) : (
          <span className="line-name">{name}</span>
        )}
        <span className="line-unit">{row?.unit.text} each</span>
      </div>
      <div className="qty" role="group" aria-label={`Quantity of ${name}`}>
        <Button variant="secondary" aria-label={`Decrease quantity of ${name}`} disabled={quantity <= 1} busy={busy} onClick={() => void change(quantity - 1)}>
          −
        </Button>
        <output aria-live="polite" aria-label={`Quantity of ${name}`}>{quantity}</output>
        <Button variant="secondary" aria-label={`Increase quantity of ${name}`} busy={busy} onClick={() => void change(quantity + 1)}>
          +
        </Button>
      </div>
      <span className="line-total">{row?.amount.text}</span>
      <Button variant="link" busy={busy} aria-label={`Remove ${name}`} onClick={() => void remove.mutate(item.id).catch(() => {})}>
        Remove
      </Button>
      <InlineError error={update.error ?? remove.error} />
    </li>
  );
}

export function CartItems({ cart }: { cart: HttpTypes.StoreCart }) {
  const items = [...(cart.items ?? [])].sort((a, b) => String(a.created_at ?? "").localeCompare(String(b.created_at ?? "")));
  // Unit and amount in the basis of the cart's totals (src/shared/money.ts), so the lines add up to Items.
  const rows = itemRowsById(cart as never);
  return (
    <ul className="lines" aria-label="Items in your cart">
      {items.map((item) => (
        <CartLine key={item.id} cartId={cart.id} item={item} row={rows.get(item.id)} />
      ))}
    </ul>
  );
}
