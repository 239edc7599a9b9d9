import { SelectField } from "../../components/ui/field.js";
import { Pagination } from "../../components/ui/pagination.js";
import { EmptyState, ErrorState, Loading } from "../../components/ui/status.js";
import { Breadcrumbs } from "../../components/ui/breadcrumbs.js";
import { categoryPath, categoryTrail, childrenOf, useCategories, withDescendants, type Category } from "../../features/products/api/list-categories.js";
import { useCollections } from "../../features/products/api/list-collections.js";
import { FeaturedCollections, Hero } from "../../features/products/components/featured.js";
import { PAGE_SIZE, SORTS, isSortKey, useProducts, type SortKey } from "../../features/products/api/list-products.js";
import { ProductGrid, ProductGridSkeleton } from "../../features/products/components/product-grid.js";
import { shopperBasisNote } from "../../../../shared/shopper-price.js";
import type { PageHead } from "../../lib/head.js";
import { plainText } from "../../lib/plain-text.js";
import { Link, navigate, useLocation, usePage, withSearch } from "../../lib/router.js";
import { useShop } from "../../lib/shop.js";
import { useSite } from "../../lib/site.js";
import NotFound from "./not-found.js";

/** Categories in tree order, children indented under their parent. */
function categoryOptions(categories: Category[]): { handle: string; label: string }[] {
  const out: { handle: string; label: string }[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const c of categories.filter((x) => (x.parent_category_id ?? null) === parent)) {
      out.push({ handle: c.handle, label: `${"\u2003".repeat(depth)}${c.name}` });
      visit(c.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/**
 * The product listing: server-side paging, sorting, search and filters, all kept in the URL so
 * every view can be bookmarked and shared. `/categories/<parent>/<child>` (nested, the last segment
 * names the category) and `/collections/:handle` land here; `/` adds a hero and featured collections.
 */
export default function Home({ params }: { params: Record<string, string> }) {
  const { pathname, search } = useLocation();
  const { region } = useShop();
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const sortParam = search.get("sort");
  const sort: SortKey = isSortKey(sortParam) ? sortParam : "newest";
  const q = search.get("q")?.trim() ?? "";
  const fixedCategory = pathname.startsWith("/categories/") ? (params.path ?? "").split("/").filter(Boolean).pop() : undefined;
  const fixedCollection = pathname.startsWith("/collections/") ? params.handle : undefined;
  const categoryHandle = fixedCategory ?? search.get("category") ?? "";
  const collectionHandle = fixedCollection ?? search.get("collection") ?? "";

  const categories = useCategories();
  const collections = useCollections();
  const category = categories.data?.find((c) => c.handle === categoryHandle);
  const collection = collections.data?.find((c) => c.handle === collectionHandle);
  const filtersReady = (!categoryHandle || categories.status !== "pending") && (!collectionHandle || collections.status !== "pending");
  const unknownFilter = filtersReady && ((categoryHandle && !category) || (collectionHandle && !collection));

  const products = useProducts(
    { regionId: region.id, page, sort, q: q || undefined, categoryIds: category ? withDescendants(categories.data ?? [], category.id) : undefined, collectionId: collection?.id },
    filtersReady && !unknownFilter,
  );

  const isSearch = pathname === "/search";
  const isHome = pathname === "/" && !q && !categoryHandle && !collectionHandle;
  // Below the hero, the home page waits for the collections: featured rails appearing above a listing
  // already on screen would push it down (a layout shift). The placeholder fills the viewport meanwhile.
  const homePending = isHome && collections.status === "pending";
  const heading = collection?.title ?? category?.name ?? (q ? `Results for “${q}”` : isSearch ? "Search" : "All products");
  const site = useSite();
  const count = products.data?.count ?? 0;
  // A path naming a category or collection that does not exist is not found (404); a filter in the query is only empty.
  const missing = filtersReady && ((fixedCategory && !category) || (fixedCollection && !collection));
  const pageSuffix = page > 1 ? `?page=${page}` : "";
  const listingHead = (): PageHead => {
    if (isHome) return { title: "", description: site.description, path: "/", structured: { kind: "home" } };
    if (fixedCategory && category) {
      const path = `${categoryPath(categories.data ?? [], category.handle)}${pageSuffix}`;
      const crumbs = [{ name: "All products", path: "/" }, ...categoryTrail(categories.data ?? [], category.handle).map((c) => ({ name: c.name, path: categoryPath(categories.data ?? [], c.handle) }))];
      return { title: category.name, description: plainText(category.description ?? "") || `${category.name} at ${site.name}: ${count === 1 ? "1 product" : `${count} products`}.`, path, structured: { kind: "listing", crumbs } };
    }
    if (fixedCollection && collection) {
      const text = typeof collection.metadata?.description === "string" ? collection.metadata.description : typeof collection.metadata?.tagline === "string" ? collection.metadata.tagline : "";
      return { title: collection.title, description: plainText(text) || `The ${collection.title} collection at ${site.name}: ${count === 1 ? "1 product" : `${count} products`}.`, path: `/collections/${encodeURIComponent(collection.handle)}${pageSuffix}` };
    }
    // Search results and filtered views are the shopper's own: followed, not indexed.
    if (isSearch || q || categoryHandle || collectionHandle) return { title: heading, noindex: true };
    return { title: heading, description: `All products at ${site.name}${count ? `: ${count === 1 ? "1 product" : `${count} products`}` : ""}.`, path: `/${pageSuffix}` };
  };
  usePage(missing ? null : listingHead());
  // The shopper's words are isolated inside the heading, so a right-to-left override cannot flip the quotes.
  const headingText = q && !collection && !category ? (
    <>
      Results for “<bdi>{q}</bdi>”
    </>
  ) : (
    heading
  );
  const trail = fixedCategory && category ? categoryTrail(categories.data ?? [], category.handle) : [];
  const subcategories = fixedCategory && category ? childrenOf(categories.data ?? [], category.id) : [];
  const go = (changes: Record<string, string | number | null>) => navigate(withSearch(pathname, search, { page: null, ...changes }));
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));

  if (missing) return <NotFound what={fixedCategory ? "category" : "collection"} />;
  return (
    <main id="main" className="page">
      {trail.length ? (
        <Breadcrumbs
          trail={[{ label: "All products", to: "/" }, ...trail.map((c) => ({ label: c.name, to: categoryPath(categories.data ?? [], c.handle) }))]}
        />
      ) : null}
      {homePending ? (
        <>
          <Hero />
          <div className="home-pending">
            <Loading label="Loading the shop…" lines={0} />
          </div>
        </>
      ) : isHome ? (
        <>
          <Hero />
          <FeaturedCollections regionId={region.id} />
          <h2 id="all-products" className="section-title" tabIndex={-1}>
            {heading}
          </h2>
        </>
      ) : (
        <h1>{headingText}</h1>
      )}
      {homePending ? null : isSearch && !q ? (
        <EmptyState>
          <p>Type what you are looking for in the search box at the top of the page.</p>
          <Link to="/">Browse all products</Link>
        </EmptyState>
      ) : (
        <>
          {subcategories.length ? (
            <nav aria-label="Subcategories" className="subcategories">
              <ul>
                {subcategories.map((c) => (
                  <li key={c.id}>
                    <Link to={categoryPath(categories.data ?? [], c.handle)}>{c.name}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="filters">
            {fixedCategory ? null : (
              <SelectField label="Category" value={categoryHandle} onChange={(e) => go({ category: e.target.value || null })}>
                <option value="">All categories</option>
                {categoryOptions(categories.data ?? []).map((c) => (
                  <option key={c.handle} value={c.handle}>
                    {c.label}
                  </option>
                ))}
              </SelectField>
            )}
            {fixedCollection ? null : (
              <SelectField label="Collection" value={collectionHandle} onChange={(e) => go({ collection: e.target.value || null })}>
                <option value="">All collections</option>
                {(collections.data ?? []).map((c) => (
                  <option key={c.id} value={c.handle}>
                    {c.title}
                  </option>
                ))}
              </SelectField>
            )}
            <SelectField label="Sort by" value={sort} onChange={(e) => go({ sort: e.target.value === "newest" ? null : e.target.value })}>
              {Object.entries(SORTS).map(([key, s]) => (
                <option key={key} value={key}>
                  {s.label}
                </option>
              ))}
            </SelectField>
          </div>

          {unknownFilter ? (
            <EmptyState>
              <p>That category or collection does not exist.</p>
              <Link to="/">Show all products</Link>
            </EmptyState>
          ) : products.status === "error" && !products.data ? (
            <ErrorState title="We couldn't load the products" error={products.error} onRetry={() => void products.refetch()} />
          ) : !products.data ? (
            <>
              {/* The count line's place is kept, so the grid does not move down when it arrives. */}
              <p className="result-count" aria-hidden="true">
                {"\u00a0"}
              </p>
              <ProductGridSkeleton count={PAGE_SIZE} />
            </>
          ) : products.data.products.length === 0 ? (
            <EmptyState>
              <p>{q || category || collection ? "No products match these filters." : "There are no products in this shop yet."}</p>
              {q || category || collection ? <Link to="/">Clear filters</Link> : null}
            </EmptyState>
          ) : (
            <>
              <p className="result-count" role="status" aria-live="polite">
                {count === 1 ? "1 product" : `${count} products`}
                {pages > 1 ? `, page ${page} of ${pages}` : ""}
                <span className="muted"> · {shopperBasisNote(region.currency_code)}</span>
              </p>
              <ProductGrid products={products.data.products} busy={products.isFetching} />
              <Pagination page={page} pages={pages} pathname={pathname} search={search} />
            </>
          )}
        </>
      )}
    </main>
  );
}
