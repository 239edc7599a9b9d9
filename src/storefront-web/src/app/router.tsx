/**
 * The route table: one line per page, matched in order by wouter's `<Switch>`, inside the
 * shopper's country (`/de/products/…`: lib/shop.tsx). Pages beyond browsing load on demand to keep
 * the first download small. `personal` pages (the cart, checkout, account) belong to one shopper:
 * the server sends their frame only (never cached, never indexed) and the browser fills them in.
 */
import { lazy, type ComponentType } from "react";
import { Loading } from "../components/ui/status.js";
import { useHydrated } from "../lib/ssr.js";
import { usePage } from "../lib/router.js";
import { Route, Switch } from "wouter";
import { decodeParams } from "../lib/router.js";
import Home from "./routes/home.js";
import ProductPage from "./routes/product.js";
import NotFound from "./routes/not-found.js";

type PageComponent = ComponentType<{ params: Record<string, string> }>;
const page = (load: () => Promise<{ default: PageComponent }>) => lazy(load) as unknown as PageComponent;

export interface RouteEntry {
  path: string;
  component: PageComponent;
  personal?: boolean;
  /** A personal page's title, for the frame the server sends. */
  title?: string;
}

export const routes: RouteEntry[] = [
  { path: "/", component: Home },
  // Nested categories: `/categories/women/tops` (the last segment is the category's handle).
  { path: "/categories/*", component: Home },
  { path: "/collections/:handle", component: Home },
  // The header's search box: the listing with the store API's `q`.
  { path: "/search", component: Home },
  { path: "/products/:handle", component: ProductPage },
  { path: "/cart", component: page(() => import("./routes/cart.js")), personal: true, title: "Cart" },
  { path: "/checkout", component: page(() => import("./routes/checkout.js")), personal: true, title: "Checkout" },
  { path: "/order/confirmed/:id", component: page(() => import("./routes/order-confirmed.js")), personal: true, title: "Order confirmed" },
  { path: "/account", component: page(() => import("./routes/account.js")), personal: true, title: "Your account" },
  { path: "/account/login", component: page(() => import("./routes/login.js")), personal: true, title: "Log in" },
  { path: "/account/register", component: page(() => import("./routes/register.js")), personal: true, title: "Create an account" },
  { path: "/account/forgot-password", component: page(() => import("./routes/forgot-password.js")), personal: true, title: "Forgot password" },
  { path: "/account/addresses", component: page(() => import("./routes/addresses.js")), personal: true, title: "Saved addresses" },
  { path: "/account/orders", component: page(() => import("./routes/orders.js")), personal: true, title: "Your orders" },
  { path: "/account/orders/:id", component: page(() => import("./routes/order.js")), personal: true, title: "Order" },
  { path: "/account/transfers/:id", component: page(() => import("./routes/transfer.js")), personal: true, title: "Order transfer" },
  { path: "/reset-password", component: page(() => import("./routes/reset-password.js")), personal: true, title: "Reset password" },
];

/** Renders the page for the location, with its params decoded; a malformed one is not found. */
export function AppRoutes() {
  return (
    <Switch>
      {routes.map(({ path, component: C, personal, title }) => (
        <Route key={path} path={path}>
          {(raw) => {
            const params = decodeParams(raw as Record<string, string | undefined>);
            if (!params) return <NotFound />;
            if ((raw as Record<string, unknown>)["*"] !== undefined) params.path = params["*"]!.replace(/\/+$/, "");
            return personal ? <PersonalPage component={C} params={params} title={title ?? ""} /> : <C params={params} />;
          }}
        </Route>
      ))}
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/** A shopper's own page: a frame until the browser, which holds their session and cart, takes over. */
function PersonalPage({ component: C, params, title }: { component: PageComponent; params: Record<string, string>; title: string }) {
  return useHydrated() ? <C params={params} /> : <PersonalFrame title={title} />;
}

function PersonalFrame({ title }: { title: string }) {
  usePage({ title, noindex: true, private: true });
  return (
    <main id="main" className="page">
      <h1>{title}</h1>
      <Loading label={`Loading ${title.toLowerCase()}…`} />
    </main>
  );
}
