import { Breadcrumbs, type Crumb } from "../../components/ui/breadcrumbs.js";
import { ErrorState } from "../../components/ui/status.js";
import { useAddToCart } from "../../features/cart/api/add-line-item.js";
import { preloadCartDrawer, useCartDrawer } from "../../features/cart/components/cart-drawer.js";
import { useProduct } from "../../features/products/api/get-product.js";
import { categoryPath, categoryTrail, useCategories } from "../../features/products/api/list-categories.js";
import { ProductDetails, ProductDetailsSkeleton } from "../../features/products/components/product-details.js";
import { type CalculatedPriceLike, shopperPrice } from "../../../../shared/shopper-price.js";
import { isNotFound } from "../../lib/errors.js";
import { plainText } from "../../lib/plain-text.js";
import { usePage } from "../../lib/router.js";
import { useShop } from "../../lib/shop.js";
import NotFound from "./not-found.js";

export default function ProductPage({ params }: { params: Record<string, string> }) {
  const { region } = useShop();
  const product = useProduct(params.handle!, region.id);
  const add = useAddToCart();
  const drawer = useCartDrawer();
  const categories = useCategories();
  // The product's first category and its parents, as nested links.
  const p = product.data;
  const first = p?.categories?.[0];
  const all = categories.data ?? [];
  const path = `/products/${encodeURIComponent(params.handle!)}`;
  const trail: Crumb[] = [
    { label: "All products", to: "/" },
    ...(first ? categoryTrail(all, first.handle).map((c) => ({ label: c.name, to: categoryPath(all, c.handle) })) : []),
    ...(p ? [{ label: p.title, to: path }] : []),
  ];
  const notFound = product.status === "error" && isNotFound(product.error);
  // The price a link preview shows: the cheapest variant, as the shopper pays it.
  const price = p?.variants
    ?.map((v) => shopperPrice(v.calculated_price as CalculatedPriceLike | undefined))
    .filter((x) => x !== undefined)
    .sort((a, b) => a.amount - b.amount)[0];
  usePage(
    notFound
      ? null
      : p
        ? {
            title: p.title,
            description: p.subtitle || plainText(p.description ?? "") || undefined,
            path,
            image: p.thumbnail ?? p.images?.[0]?.url ?? null,
            type: "product",
            price: price ? { amount: Math.round(price.amount * 100) / 100, currency: price.currency } : null,
            structured: { kind: "product", product: p, crumbs: trail.map((c) => ({ name: c.label, path: c.to ?? path })) },
          }
        : { title: "Product", noindex: true },
    product.status !== "pending",
  );

  if (notFound) return <NotFound what="product" />;
  return (
    <main id="main" className="page">
      <Breadcrumbs trail={trail} />
      {product.status === "error" ? (
        <>
          <h1>Product</h1>
          <ErrorState title="We couldn't load this product" error={product.error} onRetry={() => void product.refetch()} />
        </>
      ) : !product.data ? (
        <ProductDetailsSkeleton />
      ) : (
        <ProductDetails
          key={`${product.data.id}-${region.id}`}
          product={product.data}
          onIntent={preloadCartDrawer}
          onAdd={async (variantId, quantity, said) => {
            await add.mutate({ variantId, quantity });
            drawer.open(said);
          }}
        />
      )}
    </main>
  );
}
