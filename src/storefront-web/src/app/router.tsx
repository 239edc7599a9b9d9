/** The route table: one line per page. Pages beyond browsing load on demand to keep the first download small. */
import { lazy } from "react";
import type { RouteDef } from "../lib/router.js";
import Home from "./routes/home.js";
import ProductPage from "./routes/product.js";

const page = (load: () => Promise<{ default: RouteDef["component"] }>) => lazy(load) as unknown as RouteDef["component"];

export const routes: RouteDef[] = [
  { path: "/", component: Home },
  { path: "/categories/:handle", component: Home },
  { path: "/collections/:handle", component: Home },
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
