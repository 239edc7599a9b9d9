import { Suspense, useEffect } from "react";
import { Router } from "wouter";
import { SdkProvider } from "../../../shared/sdk-context.js";
import { ErrorState, Loading } from "../components/ui/status.js";
import { CartDrawerProvider } from "../features/cart/components/cart-drawer.js";
import { QueryCache, QueryProvider } from "../lib/query.js";
import { useLocation, usePage } from "../lib/router.js";
import type { StoreSdk } from "../lib/sdk.js";
import { ShopProvider, useShop, type ShopStatus } from "../lib/shop.js";
import { SiteProvider, type SiteConfig } from "../lib/site.js";
import { SsrContext, type SsrRequest } from "../lib/ssr.js";
import { RouteErrorBoundary } from "./error-boundary.js";
import { Footer } from "./footer.js";
import { Header } from "./header.js";
import { AppRoutes } from "./router.js";
import NotFound from "./routes/not-found.js";

function Page() {
  const { pathname } = useLocation();
  const { unknownCountry } = useShop();
  if (unknownCountry)
    return (
      <>
        <NotFound />
        <Hydrated />
      </>
    );
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense
        fallback={
          <main id="main" className="page">
            <Loading label="Loading the page…" />
          </main>
        }
      >
        <AppRoutes />
        <Hydrated />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Says on the page (html[data-hydrated]) once the app has taken over the server's HTML of the
 * page itself: its effect runs when the page's boundary has hydrated, not only the frame around it.
 * Browser tests wait for it before they click (a button does nothing until then).
 */
function Hydrated() {
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return null;
}

/** The whole page while the shop cannot be used yet. */
function ShopStatusPage(s: ShopStatus) {
  return <ShopNotOpen status={s} />;
}

function ShopNotOpen({ status: s }: { status: ShopStatus }) {
  // A server that cannot open the shop says so to crawlers and caches too: try again later.
  usePage(s.state === "loading" ? null : { title: "Unavailable", noindex: true, private: true, status: 503 });
  if (s.state === "unavailable") {
    return (
      <main id="main" className="page">
        <h1>We can't open the shop</h1>
        <ErrorState title="The shop is unavailable" error={s.error} onRetry={s.retry} />
      </main>
    );
  }
  if (s.state === "no-region") {
    return (
      <main id="main" className="page">
        <h1>The shop is not open yet</h1>
        <p>No region is set up on the server, so there are no prices to show.</p>
      </main>
    );
  }
  return (
    <main id="main" className="page">
      <Loading label="Loading the shop…" />
    </main>
  );
}

/** Where a page rendered on the server is: its path and query, and what its request says. */
export interface ServerRender {
  path: string;
  search: string;
  request: SsrRequest;
}

/**
 * Providers and the page frame, the same in the browser and on the server (`ssr`). Tests render
 * this with a fake SDK and their own cache and storage.
 */
export function App({ sdk, cache = new QueryCache(), storage, site, ssr }: { sdk: StoreSdk; cache?: QueryCache; storage?: Storage; site?: Partial<SiteConfig>; ssr?: ServerRender }) {
  return (
    <SsrContext.Provider value={ssr?.request ?? null}>
      <SdkProvider sdk={sdk}>
        <QueryProvider cache={cache}>
          <SiteProvider site={site}>
            <Router ssrPath={ssr?.path} ssrSearch={ssr?.search}>
              <a href="#main" className="skip-link">
                Skip to content
              </a>
              <ShopProvider storage={storage} status={ShopStatusPage}>
                <CartDrawerProvider>
                  <Header />
                  <Page />
                  <Footer />
                </CartDrawerProvider>
              </ShopProvider>
            </Router>
          </SiteProvider>
        </QueryProvider>
      </SdkProvider>
    </SsrContext.Provider>
  );
}
