import { Breadcrumbs, type Crumb } from "../../components/ui/breadcrumbs.js";
import { ErrorState } from "../../components/ui/status.js";
import { useAddToCart } from "../../features/cart/api/add-line-item.js";
import { useCartDrawer } from "../../features/cart/components/cart-drawer.js";
import { useProduct } from "../../features/products/api/get-product.js";
import { categoryPath, categoryTrail, useCategories } from "../../features/products/api/list-categories.js";
import { ProductDetails, ProductDetailsSkeleton } from "../../features/products/components/product-details.js";
import { isNotFound } from "../../lib/errors.js";
import { usePage } from "../../lib/router.js";
import { useShop } from "../../lib/shop.js";
import NotFound from "./not-found.js";

export default function ProductPage({ params }: { params: Record<string, string> }) {
  const { region } = useShop();
  const product = useProduct(params.handle!, region.id);
  const add = useAddToCart();
  const drawer = useCartDrawer();
  const categories = useCategories();
  usePage(product.data?.title ?? "Product", product.status !== "pending");
  // The product's first category and its parents, as nested links.
  const first = product.data?.categories?.[0];
  const all = categories.data ?? [];
  const trail: Crumb[] = [
    { label: "All products", to: "/" },
    ...(first ? categoryTrail(all, first.handle).map((c) => ({ label: c.name, to: categoryPath(all, c.handle) })) : []),
    ...(product.data ? [{ label: product.data.title }] : []),
  ];

  if (product.status === "error" && isNotFound(product.error)) return <NotFound what="product" />;
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
          onAdd={async (variantId, quantity, said) => {
            await add.mutate({ variantId, quantity });
            drawer.open(said);
          }}
        />
      )}
    </main>
  );
}
