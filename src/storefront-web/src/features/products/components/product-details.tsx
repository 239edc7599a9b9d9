import { type CalculatedPriceLike, shopperPrice } from "../../../../../shared/shopper-price.js";
import type { HttpTypes } from "@medusajs/types";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button.js";
import { Price } from "../../../components/ui/price.js";
import { InlineError } from "../../../components/ui/status.js";
import { Description } from "./description.js";
import { Gallery } from "./gallery.js";
import { findVariant, inStock, maxQuantity, selectionOf, shopperOrder, valueAvailable, type Selection } from "./variant-picker.js";

export interface ProductDetailsProps {
  product: HttpTypes.StoreProduct;
  /** Called as the shopper reaches for "Add to cart" (pointer or focus): the page fetches what it will show then. */
  onIntent?: () => void;
  /** Adds the chosen variant; the page decides which cart (features never import each other). `said` is the announcement. */
  onAdd: (variantId: string, quantity: number, said: string) => Promise<void>;
}

export function ProductDetails({ product, onAdd, onIntent }: ProductDetailsProps) {
  const firstInStock = product.variants?.find(inStock) ?? product.variants?.[0];
  const [selection, setSelection] = useState<Selection>(() => selectionOf(product, firstInStock));
  const [quantity, setQuantity] = useState(1);
  const [status, setStatus] = useState<{ kind: "idle" | "adding" | "added" | "error"; error?: unknown; text?: string }>({ kind: "idle" });

  const variant = findVariant(product, selection);
  const available = variant ? inStock(variant) : false;
  const max = maxQuantity(variant);
  const price = shopperPrice(variant?.calculated_price as CalculatedPriceLike | undefined);
  const images = (product.images?.length ? product.images : product.thumbnail ? [{ id: "thumb", url: product.thumbnail }] : []).filter((i) => i.url);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!variant || !available || status.kind === "adding") return;
    const qty = Math.max(1, Math.min(max, Math.floor(quantity) || 1));
    setStatus({ kind: "adding" });
    try {
      const what = variant.title && (product.variants?.length ?? 0) > 1 ? `${product.title} (${variant.title})` : product.title;
      const text = `Added ${qty} × ${what} to your cart.`;
      await onAdd(variant.id, qty, text);
      setStatus({ kind: "added", text });
    } catch (error) {
      setStatus({ kind: "error", error });
    }
  }

  return (
    <div className="product">
      {/* On a phone: name and price, then the pictures, then the choices and the button, so the
          buy box stays on the first screen however many pictures there are; description last. */}
      <div className="product-head">
        <h1>{product.title}</h1>
        {product.subtitle ? <p className="subtitle">{product.subtitle}</p> : null}
        <p className="product-price" aria-live="polite">
          {variant ? <Price amount={price?.amount} currency={price?.currency} original={price?.original} note={price?.taxNote} /> : "Choose options to see the price"}
        </p>
        <p className={`stock ${available ? "stock-in" : "stock-out"}`} aria-live="polite">
          {!variant ? "Choose an option for each choice below." : available ? "In stock" : "Out of stock"}
        </p>
      </div>
      <Gallery images={images} title={product.title} />
      <div className="product-buy">
        <form onSubmit={submit} className="stack">
          {(product.options ?? []).map((option) => (
            <fieldset key={option.id} className="options">
              <legend>{option.title}</legend>
              {shopperOrder(option.values ?? []).map((v) => {
                const ok = valueAvailable(product, option.id, v.value);
                return (
                  <label key={v.id} className={`option${ok ? "" : " option-out"}`}>
                    <input
                      type="radio"
                      name={`option-${option.id}`}
                      value={v.value}
                      checked={selection[option.id] === v.value}
                      disabled={!ok}
                      onChange={() => setSelection((s) => ({ ...s, [option.id]: v.value }))}
                    />
                    <span>{v.value}</span>
                    {ok ? null : <span className="option-note"> (out of stock)</span>}
                  </label>
                );
              })}
            </fieldset>
          ))}
          <div className="buy-row">
            <div className="field field-narrow">
              <label htmlFor="quantity">Quantity</label>
              <input
                id="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={Math.max(1, max)}
                value={quantity}
                onChange={(e) => setQuantity(Number(e.target.value))}
              />
            </div>
            <Button type="submit" disabled={!variant || !available} busy={status.kind === "adding"} onPointerEnter={onIntent} onFocus={onIntent} onTouchStart={onIntent}>
              Add to cart
            </Button>
          </div>
          <p className="live" role="status" aria-live="polite">
            {status.kind === "adding" ? "Adding to your cart…" : status.kind === "added" ? status.text : ""}
          </p>
          {status.kind === "error" ? <InlineError error={status.error} /> : null}
        </form>
        {product.description ? <Description text={product.description} /> : null}
      </div>
    </div>
  );
}

export function ProductDetailsSkeleton() {
  return (
    <div className="product" aria-busy="true">
      <div className="gallery">
        <div className="thumb thumb-empty" aria-hidden="true" />
      </div>
      <div className="product-head">
        <h1>Loading product…</h1>
        <div className="skeleton-line" aria-hidden="true" />
        <div className="skeleton-line short" aria-hidden="true" />
      </div>
    </div>
  );
}
