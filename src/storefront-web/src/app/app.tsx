import { Suspense } from "react";
import { SdkProvider } from "../../../shared/sdk-context.js";
import { ErrorState, Loading } from "../components/ui/status.js";
import { CartDrawerProvider } from "../features/cart/components/cart-drawer.js";
import { QueryCache, QueryProvider } from "../lib/query.js";
import { useLocation } from "../lib/router.js";
import type { StoreSdk } from "../lib/sdk.js";
import { ShopProvider, type ShopStatus } from "../lib/shop.js";
import { RouteErrorBoundary } from "./error-boundary.js";
import { Footer } from "./footer.js";
import { Header } from "./header.js";
import { AppRoutes } from "./router.js";

function Page() {
  const { pathname } = useLocation();
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
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The whole page while the shop cannot be used yet. */
function ShopStatusPage(s: ShopStatus) {
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

/** Providers and the page frame. Tests render this with a fake SDK and their own cache and storage. */
export function App({ sdk, cache = new QueryCache(), storage }: { sdk: StoreSdk; cache?: QueryCache; storage?: Storage }) {
  return (
    <SdkProvider sdk={sdk}>
      <QueryProvider cache={cache}>
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
      </QueryProvider>
    </SdkProvider>
  );
}
