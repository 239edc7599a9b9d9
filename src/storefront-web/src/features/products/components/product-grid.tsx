import type { HttpTypes } from "@medusajs/types";
import { ProductCard } from "./product-card.js";

/**
 * A grid of product cards. The first `eager` thumbnails (the first row on a wide screen) load at
 * once because they are likely the largest paint; the rest wait until they near the viewport.
 */
export function ProductGrid({ products, busy, label = "Products", eager = 4 }: { products: HttpTypes.StoreProduct[]; busy?: boolean; label?: string; eager?: number }) {
  return (
    <ul className="grid" aria-label={label} aria-busy={busy || undefined}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eager} />
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape, so the page does not jump when products arrive. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">Loading products…</span>
      <ul className="grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="card card-skeleton">
            <div className="card-link">
              <div className="thumb thumb-empty" />
              <div className="skeleton-line" />
            </div>
            <div className="skeleton-line short" />
          </li>
        ))}
      </ul>
    </div>
  );
}
