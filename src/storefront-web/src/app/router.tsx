/**
 * The route table: one line per page, matched in order by wouter's `<Switch>`, inside the
 * shopper's country (`/de/products/…`: lib/shop.tsx). Pages beyond browsing load on demand to keep
 * the first download small. `personal` pages (the cart, checkout, account) belong to one shopper:
 * the server sends their frame only (never cached, never indexed) and the browser fills them in.
 */
import { lazy, type ComponentType } from "react";
import { Loading } from "../components/ui/status.js";
import { useHydrated } from "../lib/ssr.js";
import { usePreload } from "../lib/head.js";
import { usePage } from "../lib/router.js";
import { Route, Switch } from "wouter";
import { decodeParams } from "../lib/router.js";
import Home from "./routes/home.js";
import NotFound from "./routes/not-found.js";

type PageComponent = ComponentType<{ params: Record<string, string> }>;
const page = (load: () => Promise<{ default: PageComponent }>) => lazy(load) as unknown as PageComponent;

export interface RouteEntry {
  path: string;
  component: PageComponent;
  personal?: boolean;
  /** A personal page's title, for the frame the server sends. */
  title?: string;
  /** The page's own h1, which the frame shows already so nothing moves when the page arrives (default: the title). */
  heading?: string;
  /** Its source module when it loads on demand: the server preloads its files with the page. */
  module?: string;
}

export const routes: RouteEntry[] = [
  { path: "/", component: Home },
  // Nested categories: `/categories/women/tops` (the last segment is the category's handle).
  { path: "/categories/*", component: Home },
  { path: "/collections/:handle", component: Home },
  // The header's search box: the listing with the store API's `q`.
  { path: "/search", component: Home },
  // Loaded on demand (its gallery, options and description are not the home page's), and preloaded by the server with a product page.
  { path: "/products/:handle", component: page(() => import("./routes/product.js")), module: "src/app/routes/product.tsx" },
  { path: "/cart", component: page(() => import("./routes/cart.js")), personal: true, module: "src/app/routes/cart.tsx", title: "Cart", heading: "Your cart" },
  { path: "/checkout", component: page(() => import("./routes/checkout.js")), personal: true, module: "src/app/routes/checkout.tsx", title: "Checkout" },
  { path: "/order/confirmed/:id", component: page(() => import("./routes/order-confirmed.js")), personal: true, module: "src/app/routes/order-confirmed.tsx", title: "Order confirmed", heading: "Thank you for your order" },
  { path: "/account", component: page(() => import("./routes/account.js")), personal: true, module: "src/app/routes/account.tsx", title: "Your account" },
  { path: "/account/login", component: page(() => import("./routes/login.js")), personal: true, module: "src/app/routes/login.tsx", title: "Log in" },
  { path: "/account/register", component: page(() => import("./routes/register.js")), personal: true, module: "src/app/routes/register.tsx", title: "Create an account" },
  { path: "/account/forgot-password", component: page(() => import("./routes/forgot-password.js")), personal: true, module: "src/app/routes/forgot-password.tsx", title: "Forgot password", heading: "Forgot your password?" },
  { path: "/account/addresses", component: page(() => import("./routes/addresses.js")), personal: true, module: "src/app/routes/addresses.tsx", title: "Saved addresses", heading: "Addresses" },
  { path: "/account/orders", component: page(() => import("./routes/orders.js")), personal: true, module: "src/app/routes/orders.tsx", title: "Your orders", heading: "Orders" },
  { path: "/account/orders/:id", component: page(() => import("./routes/order.js")), personal: true, module: "src/app/routes/order.tsx", title: "Order", heading: "Order details" },
  { path: "/account/transfers/:id", component: page(() => import("./routes/transfer.js")), personal: true, module: "src/app/routes/transfer.tsx", title: "Order transfer" },
  { path: "/reset-password", component: page(() => import("./routes/reset-password.js")), personal: true, module: "src/app/routes/reset-password.tsx", title: "Reset password", heading: "Choose a new password" },
];

/** Renders the page for the location, with its params decoded; a malformed one is not found. */
export function AppRoutes() {
  return (
    <Switch>
      {routes.map(({ path, component: C, personal, title, heading, module }) => (
        <Route key={path} path={path}>
          {(raw) => {
            const params = decodeParams(raw as Record<string, string | undefined>);
            if (!params) return <NotFound />;
            if ((raw as Record<string, unknown>)["*"] !== undefined) params.path = params["*"]!.replace(/\/+$/, "");
            return personal ? <PersonalPage component={C} params={params} title={title ?? ""} heading={heading ?? title ?? ""} module={module} /> : <Preloaded module={module} component={C} params={params} />;
          }}
        </Route>
      ))}
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/** A page whose code loads on demand, named for the server to preload. */
function Preloaded({ module, component: C, params }: { module?: string; component: PageComponent; params: Record<string, string> }) {
  usePreload(module);
  return <C params={params} />;
}

/** A shopper's own page: a frame until the browser, which holds their session and cart, takes over. */
function PersonalPage({ component: C, params, title, heading, module }: { component: PageComponent; params: Record<string, string>; title: string; heading: string; module?: string }) {
  return useHydrated() ? <C params={params} /> : <PersonalFrame title={title} heading={heading} module={module} />;
}

/** The server's frame of a personal page: its heading where the page will have it, so nothing moves when it fills in. */
function PersonalFrame({ title, heading, module }: { title: string; heading: string; module?: string }) {
  usePreload(module);
  usePage({ title, noindex: true, private: true });
  return (
    <main id="main" className="page">
      <h1>{heading}</h1>
      <Loading label={`Loading ${title.toLowerCase()}…`} />
    </main>
  );
}
