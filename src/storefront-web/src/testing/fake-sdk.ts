/**
 * An in-memory store back-end behind the StoreSdk interface, for component and route tests
 * (STYLE.md §5: the same SdkProvider, a fake client, no module mocks). It keeps carts, customers,
 * orders and transfers, computes totals the way the pages expect to receive them, records every
 * call, and can be told to fail a method once.
 */
import type { HttpTypes } from "@medusajs/types";
import { ApiError, NetworkError } from "medusactl/sdk/store";
import type { StoreSdk } from "../lib/sdk.js";

type Any = any;

export interface FakeVariant {
  id: string;
  title: string;
  options: Record<string, string>;
  prices: Record<string, number>;
  stock?: number;
}

export interface FakeProduct {
  id: string;
  title: string;
  handle: string;
  description?: string;
  thumbnail?: string | null;
  created_at: string;
  category?: string;
  collection?: string;
  options: { id: string; title: string; values: string[] }[];
  variants: FakeVariant[];
}

export interface Call {
  method: string;
  args: unknown[];
}

export const notFound = (what: string) => new ApiError({ status: 404, statusText: "Not Found", type: "not_found", message: `${what} not found` });
export const unauthorized = (message = "Unauthorized") => new ApiError({ status: 401, statusText: "Unauthorized", type: "unauthorized", message });
export const unreachable = () => new NetworkError("cannot reach http://127.0.0.1:9: ECONNREFUSED", { sent: false, code: "ECONNREFUSED" });

export const REGIONS = [
  { id: "reg_eu", name: "Europe", currency_code: "eur", countries: [{ iso_2: "de", display_name: "Germany" }, { iso_2: "fr", display_name: "France" }] },
  { id: "reg_us", name: "North America", currency_code: "usd", countries: [{ iso_2: "us", display_name: "United States" }] },
];

function product(n: number, extra: Partial<FakeProduct> = {}): FakeProduct {
  const id = `prod_${String(n).padStart(2, "0")}`;
  return {
    id,
    title: `Product ${String(n).padStart(2, "0")}`,
    handle: `product-${n}`,
    created_at: new Date(Date.UTC(2026, 0, n)).toISOString(),
    options: [{ id: `${id}_size`, title: "Size", values: ["S", "M"] }],
    variants: [
      { id: `${id}_s`, title: "S", options: { [`${id}_size`]: "S" }, prices: { eur: 10 + n, usd: 12 + n }, stock: 5 },
      { id: `${id}_m`, title: "M", options: { [`${id}_size`]: "M" }, prices: { eur: 11 + n, usd: 13 + n }, stock: 5 },
    ],
    ...extra,
  };
}

/** 14 plain products (two pages of 12), a sweatshirt with a sold-out size, and a title holding markup. */
export function defaultProducts(): FakeProduct[] {
  const list = Array.from({ length: 14 }, (_, i) => product(i + 1, { category: i % 2 ? "cat_shirts" : "cat_home", collection: i < 3 ? "col_summer" : undefined }));
  list.push({
    id: "prod_sweat",
    title: "Organic Sweatshirt",
    handle: "organic-sweatshirt",
    description: "Warm.",
    created_at: "2026-02-01T00:00:00.000Z",
    category: "cat_shirts",
    options: [{ id: "opt_size", title: "Size", values: ["S", "M", "L"] }],
    variants: [
      { id: "var_s", title: "S", options: { opt_size: "S" }, prices: { eur: 54, usd: 60 }, stock: 3 },
      { id: "var_m", title: "M", options: { opt_size: "M" }, prices: { eur: 56, usd: 62 }, stock: 0 },
      { id: "var_l", title: "L", options: { opt_size: "L" }, prices: { eur: 58, usd: 64 }, stock: 10 },
    ],
  });
  list.push({
    id: "prod_xss",
    title: '<img src=x onerror="window.__xss=1"><b>Bold</b>',
    handle: "markup",
    created_at: "2025-01-01T00:00:00.000Z",
    options: [],
    variants: [{ id: "var_xss", title: "Default variant", options: {}, prices: { eur: 5, usd: 6 }, stock: 1 }],
  });
  return list;
}

const TAX = 0.2;

export function createFakeSdk(init: { products?: FakeProduct[]; regions?: typeof REGIONS } = {}) {
  const regions = init.regions ?? REGIONS;
  const products = init.products ?? defaultProducts();
  const categories = [
    { id: "cat_home", name: "Home", handle: "home", parent_category_id: null },
    { id: "cat_apparel", name: "Apparel", handle: "apparel", parent_category_id: null },
    { id: "cat_shirts", name: "Shirts", handle: "shirts", parent_category_id: "cat_apparel" },
  ];
  const collections = [{ id: "col_summer", title: "Summer", handle: "summer" }];
  const shippingOptions = [
    { id: "so_standard", name: "Standard Shipping", amount: 5 },
    { id: "so_express", name: "Express Shipping", amount: 12 },
  ];
  const carts = new Map<string, Any>();
  const orders = new Map<string, Any>();
  const accounts = new Map<string, { password: string; customerId?: string }>();
  const customers = new Map<string, Any>();
  const transfers = new Map<string, string>();
  const resetTokens = new Map<string, string>();
  /** Promotion codes the shop accepts, as a percentage off the items. */
  const promotions = new Map<string, number>([["WELCOME10", 10]]);
  /** Item total (per currency) from which standard shipping is free; delete a key for no threshold. */
  const freeShippingOver = new Map<string, number>([["eur", 100]]);
  const calls: Call[] = [];
  const failures = new Map<string, unknown>();
  let token: string | null = null;
  let seq = 0;
  const id = (p: string) => `${p}_${++seq}`;

  const region = (rid: string) => regions.find((r) => r.id === rid) ?? (() => { throw notFound("Region"); })();
  const variantOf = (vid: string) => {
    for (const p of products) for (const v of p.variants) if (v.id === vid) return { p, v };
    throw notFound("Variant");
  };
  const price = (v: FakeVariant, currency: string) => v.prices[currency];

  function totals(c: Any) {
    const currency = region(c.region_id).currency_code;
    c.currency_code = currency;
    c.promotions ??= [];
    const pct = c.promotions.reduce((n: number, p: Any) => n + (promotions.get(p.code) ?? 0), 0);
    // As Medusa computes them (utils/totals): subtotals before tax, the discount before tax, tax on what is left.
    for (const i of c.items) {
      const { v } = variantOf(i.variant_id);
      i.unit_price = price(v, currency);
      i.is_tax_inclusive = false;
      i.subtotal = i.unit_price * i.quantity;
      i.discount_subtotal = (i.subtotal * pct) / 100;
      i.discount_total = i.discount_subtotal * (1 + TAX);
      i.original_total = i.subtotal * (1 + TAX);
      i.total = (i.subtotal - i.discount_subtotal) * (1 + TAX);
    }
    c.item_subtotal = c.items.reduce((n: number, i: Any) => n + i.subtotal, 0);
    const ship = c.shipping_methods[0]?.amount ?? 0;
    for (const m of c.shipping_methods) m.is_tax_inclusive = false;
    c.subtotal = c.item_subtotal + ship;
    c.shipping_subtotal = ship;
    c.shipping_total = ship * (1 + TAX);
    c.original_shipping_total = c.shipping_total;
    c.discount_subtotal = c.items.reduce((n: number, i: Any) => n + i.discount_subtotal, 0);
    c.discount_total = c.discount_subtotal * (1 + TAX);
    c.tax_total = (c.item_subtotal - c.discount_subtotal + ship) * TAX;
    c.item_total = c.items.reduce((n: number, i: Any) => n + i.total, 0);
    c.original_item_total = c.item_subtotal * (1 + TAX);
    c.credit_line_total = 0;
    c.total = c.item_subtotal + ship - c.discount_subtotal + c.tax_total;
    c.region = region(c.region_id);
    return structuredClone(c);
  }

  function cart(cid: string) {
    const c = carts.get(cid);
    if (!c) throw notFound(`Cart with id '${cid}'`);
    return c;
  }

  function addItem(c: Any, variant_id: string, quantity: number) {
    const { p, v } = variantOf(variant_id);
    const existing = c.items.find((i: Any) => i.variant_id === variant_id);
    const next = (existing?.quantity ?? 0) + quantity;
    if (v.stock !== undefined && next > v.stock) {
      throw new ApiError({ status: 400, statusText: "Bad Request", type: "not_allowed", code: "insufficient_inventory", message: "Some variant does not have the required inventory" });
    }
    if (existing) existing.quantity = next;
    else {
      c.items.push({ id: id("cali"), variant_id, quantity, product_title: p.title, variant_title: v.title, product_handle: p.handle, title: p.title, created_at: new Date(Date.now() + seq).toISOString() });
    }
  }

  function currentCustomer() {
    if (!token) throw unauthorized();
    const email = token.replace(/^jwt:/, "");
    const acc = accounts.get(email);
    if (!acc?.customerId) throw unauthorized();
    return customers.get(acc.customerId);
  }

  function shapeProduct(p: FakeProduct, regionId: string | undefined) {
    const currency = regionId ? region(regionId).currency_code : undefined;
    return {
      id: p.id,
      title: p.title,
      handle: p.handle,
      description: p.description ?? null,
      thumbnail: p.thumbnail ?? null,
      images: [],
      categories: categories.filter((c) => c.id === p.category).map((c) => structuredClone(c)),
      options: p.options.map((o) => ({ id: o.id, title: o.title, values: o.values.map((v) => ({ id: `${o.id}_${v}`, value: v })) })),
      variants: p.variants.map((v) => ({
        id: v.id,
        title: v.title,
        manage_inventory: v.stock !== undefined,
        allow_backorder: false,
        inventory_quantity: v.stock ?? null,
        options: Object.entries(v.options).map(([option_id, value]) => ({ option_id, value })),
        calculated_price: currency ? { calculated_amount: price(v, currency), original_amount: price(v, currency), currency_code: currency } : undefined,
      })),
    };
  }

  const api: Record<string, (...args: Any[]) => Any> = {
    "store.region.list": () => ({ regions: structuredClone(regions), count: regions.length }),
    "store.category.list": () => ({ product_categories: structuredClone(categories), count: categories.length }),
    "store.collection.list": () => ({ collections: structuredClone(collections), count: collections.length }),
    "store.product.list": (q: Any = {}) => {
      let list = [...products];
      if (q.handle) list = list.filter((p) => p.handle === q.handle);
      if (q.q) list = list.filter((p) => p.title.toLowerCase().includes(String(q.q).toLowerCase()));
      if (q.category_id) list = list.filter((p) => q.category_id.includes(p.category));
      if (q.collection_id) list = list.filter((p) => q.collection_id.includes(p.collection));
      const order = String(q.order ?? "");
      if (order === "title") list.sort((a, b) => a.title.localeCompare(b.title));
      if (order === "-title") list.sort((a, b) => b.title.localeCompare(a.title));
      if (order === "-created_at") list.sort((a, b) => b.created_at.localeCompare(a.created_at));
      const offset = Number(q.offset ?? 0);
      const limit = Number(q.limit ?? 50);
      return { products: list.slice(offset, offset + limit).map((p) => shapeProduct(p, q.region_id)), count: list.length, offset, limit };
    },
    "store.cart.create": (body: Any) => {
      const c = { id: id("cart"), region_id: body.region_id, email: null, items: [], shipping_methods: [], shipping_address: null, billing_address: null, payment_collection: null, customer_id: token ? currentCustomer()?.id : null };
      region(c.region_id);
      for (const i of body.items ?? []) addItem(c, i.variant_id, i.quantity);
      carts.set(c.id, c);
      return { cart: totals(c) };
    },
    "store.cart.retrieve": (cid: string) => ({ cart: totals(cart(cid)) }),
    "store.cart.update": (cid: string, body: Any) => {
      const c = cart(cid);
      Object.assign(c, body);
      return { cart: totals(c) };
    },
    "store.cart.createLineItem": (cid: string, body: Any) => {
      const c = cart(cid);
      addItem(c, body.variant_id, body.quantity);
      return { cart: totals(c) };
    },
    "store.cart.updateLineItem": (cid: string, lid: string, body: Any) => {
      const c = cart(cid);
      const line = c.items.find((i: Any) => i.id === lid);
      if (!line) throw notFound("Line item");
      const { v } = variantOf(line.variant_id);
      if (v.stock !== undefined && body.quantity > v.stock) {
        throw new ApiError({ status: 400, statusText: "Bad Request", type: "not_allowed", code: "insufficient_inventory", message: "Some variant does not have the required inventory" });
      }
      line.quantity = body.quantity;
      return { cart: totals(c) };
    },
    "store.cart.deleteLineItem": (cid: string, lid: string) => {
      const c = cart(cid);
      c.items = c.items.filter((i: Any) => i.id !== lid);
      return { id: lid, object: "line-item", deleted: true, parent: totals(c) };
    },
    "store.cart.addShippingMethod": (cid: string, body: Any) => {
      const c = cart(cid);
      const o = shippingOptions.find((x) => x.id === body.option_id);
      if (!o) throw notFound("Shipping option");
      c.shipping_methods = [{ id: id("casm"), shipping_option_id: o.id, name: o.name, amount: o.amount }];
      // As in Medusa: a new shipping method drops the payment session (NOTES.md §9).
      if (c.payment_collection) c.payment_collection.payment_sessions = [];
      return { cart: totals(c) };
    },
    "store.cart.addPromotions": (cid: string, body: Any) => {
      const c = cart(cid);
      c.promotions ??= [];
      for (const code of body.promo_codes) {
        if (!promotions.has(code)) throw new ApiError({ status: 400, statusText: "Bad Request", type: "invalid_data", message: `The promotion code ${code} is invalid` });
        if (!c.promotions.some((p: Any) => p.code === code)) c.promotions.push({ id: `promo_${code}`, code });
      }
      // As in Medusa: a new total drops the payment session.
      if (c.payment_collection) c.payment_collection.payment_sessions = [];
      return { cart: totals(c) };
    },
    "store.cart.removePromotions": (cid: string, body: Any) => {
      const c = cart(cid);
      c.promotions = (c.promotions ?? []).filter((p: Any) => !body.promo_codes.includes(p.code));
      if (c.payment_collection) c.payment_collection.payment_sessions = [];
      return { cart: totals(c) };
    },
    "store.cart.transferCart": (cid: string) => {
      const c = cart(cid);
      c.customer_id = currentCustomer().id;
      return { cart: totals(c) };
    },
    "store.cart.complete": (cid: string) => {
      const c = cart(cid);
      if (!c.payment_collection?.payment_sessions?.length) {
        throw new ApiError({ status: 400, statusText: "Bad Request", type: "not_allowed", message: "Payment sessions are required to complete cart" });
      }
      const t = totals(c);
      const order = { ...t, id: id("order"), display_id: 1000 + seq, status: "pending", payment_status: "authorized", fulfillment_status: "not_fulfilled", created_at: new Date().toISOString() };
      delete (order as Any).payment_collection;
      c.completed_at = order.created_at;
      orders.set(order.id, order);
      return { type: "order", order: structuredClone(order) };
    },
    "store.fulfillment.listCartOptions": (q: Any) => {
      const c = cart(q.cart_id);
      const currency = region(c.region_id).currency_code;
      const over = freeShippingOver.get(currency);
      return {
        shipping_options: shippingOptions.map((o, i) => ({
          ...o,
          price_type: "flat",
          calculated_price: { calculated_amount: o.amount, currency_code: currency },
          insufficient_inventory: false,
          prices: [
            { amount: o.amount, currency_code: currency, price_rules: [] },
            ...(i === 0 && over !== undefined ? [{ amount: 0, currency_code: currency, price_rules: [{ attribute: "item_total", operator: "gte", value: String(over) }] }] : []),
          ],
        })),
      };
    },
    "store.payment.listPaymentProviders": () => ({ payment_providers: [{ id: "pp_system_default", is_enabled: true }], count: 1 }),
    "store.payment.initiatePaymentSession": (c: Any, body: Any) => {
      const stored = cart(c.id);
      stored.payment_collection ??= { id: id("pay_col"), payment_sessions: [] };
      stored.payment_collection.payment_sessions = [{ id: id("payses"), provider_id: body.provider_id, status: "pending" }];
      return { payment_collection: structuredClone(stored.payment_collection) };
    },
    "store.order.list": (q: Any = {}) => {
      const me = currentCustomer();
      const mine = [...orders.values()].filter((o) => o.customer_id === me.id).sort((a, b) => b.display_id - a.display_id);
      const offset = Number(q.offset ?? 0);
      const limit = Number(q.limit ?? 50);
      return { orders: structuredClone(mine.slice(offset, offset + limit)), count: mine.length, offset, limit };
    },
    "store.order.retrieve": (oid: string) => {
      const o = orders.get(oid);
      if (!o) throw notFound("Order");
      return { order: structuredClone(o) };
    },
    "store.order.requestTransfer": (oid: string) => {
      currentCustomer();
      const o = orders.get(oid);
      if (!o) throw notFound(`Order with id: ${oid}`);
      transfers.set(oid, `transfer-${oid}`);
      return { order: structuredClone(o) };
    },
    "store.order.acceptTransfer": (oid: string, body: Any) => {
      if (transfers.get(oid) !== body.token) throw new ApiError({ status: 400, statusText: "Bad Request", type: "invalid_data", message: "Invalid token" });
      transfers.delete(oid);
      return { order: structuredClone(orders.get(oid)) };
    },
    "store.order.declineTransfer": (oid: string, body: Any) => {
      if (transfers.get(oid) !== body.token) throw new ApiError({ status: 400, statusText: "Bad Request", type: "invalid_data", message: "Invalid token" });
      transfers.delete(oid);
      return { order: structuredClone(orders.get(oid)) };
    },
    "store.customer.create": (body: Any) => {
      if (!token?.startsWith("reg:")) throw unauthorized();
      const email = token.slice(4);
      const customer = { id: id("cus"), email, first_name: body.first_name, last_name: body.last_name, phone: null, addresses: [] };
      customers.set(customer.id, customer);
      accounts.get(email)!.customerId = customer.id;
      return { customer: structuredClone(customer) };
    },
    "store.customer.retrieve": () => ({ customer: structuredClone(currentCustomer()) }),
    "store.customer.update": (body: Any) => {
      const c = currentCustomer();
      Object.assign(c, body);
      return { customer: structuredClone(c) };
    },
    "store.customer.createAddress": (body: Any) => {
      const c = currentCustomer();
      c.addresses.push({ id: id("cuaddr"), ...body });
      return { customer: structuredClone(c) };
    },
    "store.customer.updateAddress": (aid: string, body: Any) => {
      const c = currentCustomer();
      const a = c.addresses.find((x: Any) => x.id === aid);
      if (!a) throw notFound("Address");
      Object.assign(a, body);
      return { customer: structuredClone(c) };
    },
    "store.customer.deleteAddress": (aid: string) => {
      const c = currentCustomer();
      c.addresses = c.addresses.filter((x: Any) => x.id !== aid);
      return { id: aid, object: "customer_address", deleted: true };
    },
    "auth.register": (_actor: string, _m: string, body: Any) => {
      if (accounts.has(body.email)) throw unauthorized("Identity with email already exists");
      accounts.set(body.email, { password: body.password });
      token = `reg:${body.email}`;
      return token;
    },
    "auth.login": (_actor: string, _m: string, body: Any) => {
      const acc = accounts.get(body.email);
      if (!acc || acc.password !== body.password) throw unauthorized("Invalid email or password");
      token = `jwt:${body.email}`;
      return token;
    },
    "auth.logout": () => {
      token = null;
    },
    "auth.resetPassword": (_actor: string, _m: string, body: Any) => {
      if (accounts.has(body.identifier)) resetTokens.set(`reset-${body.identifier}`, body.identifier);
    },
    "auth.updateProvider": (_actor: string, _m: string, body: Any, resetToken: string) => {
      const email = resetTokens.get(resetToken);
      if (!email || email !== body.email) throw unauthorized("Invalid token");
      accounts.get(email)!.password = body.password;
      resetTokens.delete(resetToken);
    },
  };

  function call(name: string, args: unknown[]) {
    calls.push({ method: name, args: structuredClone(args.map((a) => (typeof a === "function" ? undefined : a))) });
    const failure = failures.get(name);
    if (failure !== undefined) {
      failures.delete(name);
      return Promise.reject(failure);
    }
    try {
      return Promise.resolve(api[name]!(...args));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  const area = (prefix: string) =>
    new Proxy(
      {},
      {
        get: (_t, resource: string) =>
          new Proxy(
            {},
            {
              get: (_t2, method: string) => {
                const name = `${prefix}.${resource}.${method}`;
                if (!api[name]) throw new Error(`the fake SDK has no ${name}`);
                return (...args: unknown[]) => call(name, args);
              },
            },
          ),
      },
    );

  const sdk = {
    store: area("store"),
    auth: new Proxy({}, { get: (_t, method: string) => (...args: unknown[]) => call(`auth.${method}`, args) }),
    hasSession: async () => token !== null,
  } as unknown as StoreSdk;

  return {
    sdk,
    calls,
    /** Calls of one method, e.g. "store.product.list". */
    callsOf: (name: string) => calls.filter((c) => c.method === name).map((c) => c.args),
    /** The next call of `name` fails with `error`. */
    failNext: (name: string, error: unknown) => failures.set(name, error),
    carts,
    orders,
    customers,
    /** Mutable: empty it to test "no delivery options". */
    shippingOptions,
    promotions,
    freeShippingOver,
    /** Creates an account directly (as if registered earlier). */
    addAccount(email: string, password: string, names: { first_name?: string; last_name?: string } = {}) {
      const customer = { id: id("cus"), email, first_name: names.first_name ?? "Ada", last_name: names.last_name ?? "Lovelace", phone: null, addresses: [] as Any[] };
      customers.set(customer.id, customer);
      accounts.set(email, { password, customerId: customer.id });
      return customer;
    },
    /** An order addressed to someone, with a transfer token pending. */
    addTransfer(orderId: string, transferToken: string) {
      orders.set(orderId, { id: orderId, display_id: 77, email: "guest@example.com", currency_code: "eur", items: [], status: "pending", total: 10 });
      transfers.set(orderId, transferToken);
    },
    transfers,
    login(email: string) {
      token = `jwt:${email}`;
    },
    get token() {
      return token;
    },
  };
}

export type FakeSdk = ReturnType<typeof createFakeSdk>;
export type { HttpTypes };
