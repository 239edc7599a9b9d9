import type { HttpTypes } from "@medusajs/types";
import { Link } from "../../../lib/router.js";
import { featuredCollections, useCollections } from "../api/list-collections.js";
import { useProducts } from "../api/list-products.js";
import { ProductGrid, ProductGridSkeleton } from "./product-grid.js";

/** The home page's opening: the page's one h1 and a way straight into the catalogue. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">Everyday essentials, made to last</h1>
      <p className="hero-text">Organic cotton basics and the things around them, shipped from Europe.</p>
      <a className="btn btn-primary hero-cta" href="#all-products">
        Shop all products
      </a>
    </section>
  );
}

const RAIL = 4;

function CollectionRail({ collection, regionId, eager }: { collection: HttpTypes.StoreCollection; regionId: string; eager: boolean }) {
  const products = useProducts({ regionId, page: 1, sort: "newest", collectionId: collection.id, limit: RAIL });
  const id = `featured-${collection.id}`;
  const tagline = typeof collection.metadata?.tagline === "string" ? collection.metadata.tagline : null;
  return (
    <section className="rail" aria-labelledby={id}>
      <div className="rail-head">
        <h3 id={id}>{collection.title}</h3>
        {tagline ? <p className="rail-tagline">{tagline}</p> : null}
        <Link to={`/collections/${encodeURIComponent(collection.handle)}`}>
          Shop the {collection.title} collection
        </Link>
      </div>
      {products.data ? (
        <ProductGrid products={products.data.products} label={`${collection.title} products`} eager={eager ? RAIL : 0} />
      ) : (
        <ProductGridSkeleton count={RAIL} />
      )}
    </section>
  );
}

/** Up to three collections the shop marks as featured, four products each. */
export function FeaturedCollections({ regionId }: { regionId: string }) {
  const collections = useCollections();
  const featured = featuredCollections(collections.data ?? []);
  if (!featured.length) return null;
  return (
    <section className="featured" aria-labelledby="featured-title">
      <h2 id="featured-title">Featured collections</h2>
      {featured.map((c, i) => (
        <CollectionRail key={c.id} collection={c} regionId={regionId} eager={i === 0} />
      ))}
    </section>
  );
}
