/**
 * The route table: one line per page, matched in order by wouter's `<Switch>`. Pages beyond
 * browsing load on demand to keep the first download small.
 */
import { lazy, type ComponentType } from "react";
import { Route, Switch } from "wouter";
import { decodeParams } from "../lib/router.js";
import Home from "./routes/home.js";
import ProductPage from "./routes/product.js";
import NotFound from "./routes/not-found.js";

type PageComponent = ComponentType<{ params: Record<string, string> }>;
const page = (load: () => Promise<{ default: PageComponent }>) => lazy(load) as unknown as PageComponent;

export const routes: { path: string; component: PageComponent }[] = [
  { path: "/", component: Home },
  // Nested categories: `/categories/women/tops` (the last segment is the category's handle).
  { path: "/categories/*", component: Home },
  { path: "/collections/:handle", component: Home },
  // The header's search box: the listing with the store API's `q`.
  { path: "/search", component: Home },
  { path: "/products/:handle", component: ProductPage },
  { path: "/cart", component: page(() => import("./routes/cart.js")) },
  { path: "/checkout", component: page(() => import("./routes/checkout.js")) },
  { path: "/order/confirmed/:id", component: page(() => import("./routes/order-confirmed.js")) },
  { path: "/account", component: page(() => import("./routes/account.js")) },
  { path: "/account/login", component: page(() => import("./routes/login.js")) },
  { path: "/account/register", component: page(() => import("./routes/register.js")) },
  { path: "/account/forgot-password", component: page(() => import("./routes/forgot-password.js")) },
  { path: "/account/addresses", component: page(() => import("./routes/addresses.js")) },
  { path: "/account/orders", component: page(() => import("./routes/orders.js")) },
  { path: "/account/orders/:id", component: page(() => import("./routes/order.js")) },
  { path: "/account/transfers/:id", component: page(() => import("./routes/transfer.js")) },
  { path: "/reset-password", component: page(() => import("./routes/reset-password.js")) },
];

/** Renders the page for the location, with its params decoded; a malformed one is not found. */
export function AppRoutes() {
  return (
    <Switch>
      {routes.map(({ path, component: C }) => (
        <Route key={path} path={path}>
          {(raw) => {
            const params = decodeParams(raw as Record<string, string | undefined>);
            if (!params) return <NotFound />;
            if ((raw as Record<string, unknown>)["*"] !== undefined) params.path = params["*"]!.replace(/\/+$/, "");
            return <C params={params} />;
          }}
        </Route>
      ))}
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
