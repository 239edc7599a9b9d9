import type { HttpTypes } from "@medusajs/types";
import { type CalculatedPriceLike, type ShopperPrice, shopperPrice } from "../../../../../shared/shopper-price.js";
import { Price } from "../../../components/ui/price.js";
import { Picture } from "../../../components/ui/picture.js";
import { Link } from "../../../lib/router.js";

/** The lowest price among the variants, as the shopper will pay it, as the list shows it ("from"). */
export function cheapest(product: HttpTypes.StoreProduct): ShopperPrice | undefined {
  let best: ShopperPrice | undefined;
  for (const v of product.variants ?? []) {
    const p = shopperPrice(v.calculated_price as CalculatedPriceLike | undefined);
    if (p && (!best || p.amount < best.amount)) best = p;
  }
  return best;
}

/**
 * A square product image with its size given up front (width/height plus the CSS aspect ratio), so
 * nothing moves when it arrives. `eager` for images likely in the first viewport; the rest load lazily.
 */
export function Thumbnail({ src, alt, eager = false, size = 400 }: { src: string | null | undefined; alt: string; eager?: boolean; size?: number }) {
  return (
    <Picture
      placeholderClassName="thumb thumb-empty"
      className="thumb"
      src={src ?? undefined}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      width={size}
      height={size}
    />
  );
}

export function ProductCard({ product, eager = false }: { product: HttpTypes.StoreProduct; eager?: boolean }) {
  const price = cheapest(product);
  const several = new Set((product.variants ?? []).map((v) => v.calculated_price?.calculated_amount)).size > 1;
  return (
    <li className="card">
      <Link to={`/products/${encodeURIComponent(product.handle ?? product.id)}`} className="card-link">
        <Thumbnail src={product.thumbnail} alt="" eager={eager} />
        <span className="card-title">{product.title}</span>
      </Link>
      <span className="card-price">
        {price ? (
          <>
            {several ? "From " : ""}
            {/* The listing says once what its prices hold ("Prices include VAT."). */}
            <Price amount={price.amount} currency={price.currency} original={price.original} />
          </>
        ) : (
          "Not available in this region"
        )}
      </span>
    </li>
  );
}
