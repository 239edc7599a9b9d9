import { ErrorState } from "../../components/ui/status.js";
import { useAddToCart } from "../../features/cart/api/add-line-item.js";
import { useProduct } from "../../features/products/api/get-product.js";
import { ProductDetails, ProductDetailsSkeleton } from "../../features/products/components/product-details.js";
import { isNotFound } from "../../lib/errors.js";
import { Link, usePage } from "../../lib/router.js";
import { useShop } from "../../lib/shop.js";
import NotFound from "./not-found.js";

export default function ProductPage({ params }: { params: Record<string, string> }) {
  const { region } = useShop();
  const product = useProduct(params.handle!, region.id);
  const add = useAddToCart();
  usePage(product.data?.title ?? "Product", product.status !== "pending");

  if (product.status === "error" && isNotFound(product.error)) return <NotFound what="product" />;
  return (
    <main id="main" className="page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">All products</Link>
      </nav>
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
          onAdd={async (variantId, quantity) => {
            await add.mutate({ variantId, quantity });
          }}
        />
      )}
    </main>
  );
}
