import type { HttpTypes } from "@medusajs/types";
import { ProductCard } from "./product-card.js";

export function ProductGrid({ products, busy }: { products: HttpTypes.StoreProduct[]; busy?: boolean }) {
  return (
    <ul className="grid" aria-label="Products" aria-busy={busy || undefined}>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
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
          <li key={i} className="card">
            <div className="thumb thumb-empty" />
            <div className="skeleton-line" />
            <div className="skeleton-line short" />
          </li>
        ))}
      </ul>
    </div>
  );
}
