/**
 * The store and auth routes the storefront uses, as a small in-memory shop on the stub registry:
 * `StoreState` keeps products, carts, customers, orders and transfers and computes totals the way
 * the pages expect to receive them; `registerStore` answers the routes from it. The storefront runs
 * its real store client (createStoreSdk) over `registry.fetch`, so route tests cover the wire too.
 * Unit tests only: end-to-end tests use the real back-end.
 */
import { MemoryTokenStore } from "../../../src/sdk/token-store.js";
import { TOKEN_KEY } from "../../../src/storefront-web/src/lib/sdk.js";
import { reply, type StubRegistry, type StubRequest } from "./registry.js";

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

const apiError = (status: number, type: string, message: string, code?: string) => ({ status, body: { type, message, ...(code ? { code } : {}) } });
const notFound = (what: string) => apiError(404, "not_found", `${what} not found`);
const unauthorized = (message = "Unauthorized") => apiError(401, "unauthorized", message);
const noStock = () => apiError(400, "not_allowed", "Some variant does not have the required inventory", "insufficient_inventory");

export class StoreState {
  readonly regions: typeof REGIONS;
  readonly products: FakeProduct[];
  /** Mutable: push one to test what the menus show (`metadata.hidden`, a category with no products). */
  readonly categories: { id: string; name: string; handle: string; parent_category_id: string | null; description?: string; metadata?: Record<string, unknown> | null }[] = [
    { id: "cat_home", name: "Home", handle: "home", parent_category_id: null },
    { id: "cat_apparel", name: "Apparel", handle: "apparel", parent_category_id: null },
    { id: "cat_shirts", name: "Shirts", handle: "shirts", parent_category_id: "cat_apparel" },
  ];
  readonly collections = [{ id: "col_summer", title: "Summer", handle: "summer" }];
  /** Mutable: empty it to test "no delivery options". */
  readonly shippingOptions = [
    { id: "so_standard", name: "Standard Shipping", amount: 5 },
    { id: "so_express", name: "Express Shipping", amount: 12 },
  ];
  readonly carts = new Map<string, Any>();
  readonly orders = new Map<string, Any>();
  readonly accounts = new Map<string, { password: string; customerId?: string }>();
  readonly customers = new Map<string, Any>();
  readonly transfers = new Map<string, string>();
  readonly resetTokens = new Map<string, string>();
  /** Promotion codes the shop accepts, as a percentage off the items. */
  readonly promotions = new Map<string, number>([["WELCOME10", 10]]);
  /** Item total (per currency) from which standard shipping is free; delete a key for no threshold. */
  readonly freeShippingOver = new Map<string, number>([["eur", 100]]);
  /** The shopper's browser storage for the JWT: the store client keeps its token here. */
  readonly browserTokens = new MemoryTokenStore();
  private seq = 0;

  constructor(init: { products?: FakeProduct[]; regions?: typeof REGIONS } = {}) {
    this.regions = init.regions ?? REGIONS;
    this.products = init.products ?? defaultProducts();
  }

  id(prefix: string): string {
    return `${prefix}_${++this.seq}`;
  }
  get counter(): number {
    return this.seq;
  }

  /** The token the shopper's browser holds, or null. */
  get token(): string | null {
    return this.browserTokens.getItem(TOKEN_KEY);
  }

  /** The shopper is logged in as `email` (as if they had logged in earlier). */
  login(email: string): void {
    this.browserTokens.setItem(TOKEN_KEY, `jwt:${email}`);
  }

  /** Creates an account directly (as if registered earlier). */
  addAccount(email: string, password: string, names: { first_name?: string; last_name?: string } = {}) {
    const customer = { id: this.id("cus"), email, first_name: names.first_name ?? "Ada", last_name: names.last_name ?? "Lovelace", phone: null, addresses: [] as Any[] };
    this.customers.set(customer.id, customer);
    this.accounts.set(email, { password, customerId: customer.id });
    return customer;
  }

  /** An order addressed to someone, with a transfer token pending. */
  addTransfer(orderId: string, transferToken: string): void {
    this.orders.set(orderId, { id: orderId, display_id: 77, email: "guest@example.com", currency_code: "eur", items: [], status: "pending", total: 10 });
    this.transfers.set(orderId, transferToken);
  }

  region(rid: string) {
    const r = this.regions.find((x) => x.id === rid);
    if (!r) throw notFound("Region");
    return r;
  }

  variantOf(vid: string) {
    for (const p of this.products) for (const v of p.variants) if (v.id === vid) return { p, v };
    throw notFound("Variant");
  }

  cart(cid: string) {
    const c = this.carts.get(cid);
    if (!c) throw notFound(`Cart with id '${cid}'`);
    return c;
  }

  totals(c: Any) {
    const currency = this.region(c.region_id).currency_code;
    c.currency_code = currency;
    c.promotions ??= [];
    const pct = c.promotions.reduce((n: number, p: Any) => n + (this.promotions.get(p.code) ?? 0), 0);
    // As Medusa computes them (utils/totals): subtotals before tax, the discount before tax, tax on what is left.
    for (const i of c.items) {
      const { v } = this.variantOf(i.variant_id);
      i.unit_price = v.prices[currency];
      i.is_tax_inclusive = false;
      i.tax_lines = [{ rate: TAX * 100, code: "STD" }];
      i.subtotal = i.unit_price * i.quantity;
      i.discount_subtotal = (i.subtotal * pct) / 100;
      i.discount_total = i.discount_subtotal * (1 + TAX);
      i.original_total = i.subtotal * (1 + TAX);
      i.total = (i.subtotal - i.discount_subtotal) * (1 + TAX);
    }
    c.item_subtotal = c.items.reduce((n: number, i: Any) => n + i.subtotal, 0);
    const ship = c.shipping_methods[0]?.amount ?? 0;
    for (const m of c.shipping_methods) {
      m.is_tax_inclusive = false;
      m.tax_lines = [{ rate: TAX * 100, code: "STD" }];
    }
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
    c.region = this.region(c.region_id);
    return structuredClone(c);
  }

  addItem(c: Any, variant_id: string, quantity: number) {
    const { p, v } = this.variantOf(variant_id);
    const existing = c.items.find((i: Any) => i.variant_id === variant_id);
    const next = (existing?.quantity ?? 0) + quantity;
    if (v.stock !== undefined && next > v.stock) throw noStock();
    if (existing) existing.quantity = next;
    else c.items.push({ id: this.id("cali"), variant_id, quantity, product_title: p.title, variant_title: v.title, product_handle: p.handle, title: p.title, created_at: new Date(Date.now() + this.seq).toISOString() });
  }

  /** The customer whose token the request carries (Bearer jwt:<email>), else 401. */
  customerOf(req: StubRequest) {
    const token = bearer(req);
    if (!token?.startsWith("jwt:")) throw unauthorized();
    const acc = this.accounts.get(token.slice(4));
    if (!acc?.customerId) throw unauthorized();
    return this.customers.get(acc.customerId);
  }

  shapeProduct(p: FakeProduct, regionId: string | undefined) {
    const currency = regionId ? this.region(regionId).currency_code : undefined;
    return {
      id: p.id,
      title: p.title,
      handle: p.handle,
      description: p.description ?? null,
      thumbnail: p.thumbnail ?? null,
      images: [],
      categories: this.categories.filter((c) => c.id === p.category).map((c) => structuredClone(c)),
      options: p.options.map((o) => ({ id: o.id, title: o.title, values: o.values.map((v) => ({ id: `${o.id}_${v}`, value: v })) })),
      variants: p.variants.map((v) => ({
        id: v.id,
        title: v.title,
        manage_inventory: v.stock !== undefined,
        allow_backorder: false,
        inventory_quantity: v.stock ?? null,
        options: Object.entries(v.options).map(([option_id, value]) => ({ option_id, value })),
        calculated_price: currency ? { calculated_amount: v.prices[currency], original_amount: v.prices[currency], currency_code: currency } : undefined,
      })),
    };
  }
}

function bearer(req: StubRequest): string | undefined {
  const h = req.headers.authorization ?? "";
  return h.startsWith("Bearer ") ? h.slice(7) : undefined;
}

const list = (q: Any): string[] => (q === undefined ? [] : ([] as string[]).concat(q));

/**
 * Registers the store and auth routes over `state`. They model a server rather than state
 * expectations, so they are optional for `verify()`; a route the storefront asks for and this shop
 * lacks fails as unmatched.
 */
export function registerStore(reg: StubRegistry, state: StoreState = new StoreState()): StoreState {
  const s = state;
  const route = (r: string, fn: (req: StubRequest) => unknown) => reg.stub(r, fn).persist().optional();
  const cartAnswer = (c: Any) => ({ cart: s.totals(c) });
  // As in Medusa: a new shipping method or a new total drops the payment session (NOTES.md §9).
  const dropSessions = (c: Any) => {
    if (c.payment_collection) c.payment_collection.payment_sessions = [];
  };

  route("GET /store/regions", () => ({ regions: structuredClone(s.regions), count: s.regions.length }));
  route("GET /store/product-categories", () => ({ product_categories: structuredClone(s.categories), count: s.categories.length }));
  route("GET /store/collections", () => ({ collections: structuredClone(s.collections), count: s.collections.length }));
  route("GET /store/products", ({ query: q }) => {
    let rows = [...s.products];
    // Medusa takes one handle or a list (handle[]=a&handle[]=b).
    if (q.handle) rows = rows.filter((p) => list(q.handle).includes(p.handle));
    if (q.q) rows = rows.filter((p) => p.title.toLowerCase().includes(String(q.q).toLowerCase()));
    if (q.category_id) rows = rows.filter((p) => list(q.category_id).includes(p.category!));
    if (q.collection_id) rows = rows.filter((p) => list(q.collection_id).includes(p.collection!));
    const order = String(q.order ?? "");
    if (order === "title") rows.sort((a, b) => a.title.localeCompare(b.title));
    if (order === "-title") rows.sort((a, b) => b.title.localeCompare(a.title));
    if (order === "-created_at") rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
    const offset = Number(q.offset ?? 0);
    const limit = Number(q.limit ?? 50);
    return { products: rows.slice(offset, offset + limit).map((p) => s.shapeProduct(p, q.region_id)), count: rows.length, offset, limit };
  });

  route("POST /store/carts", (req) => {
    const { body } = req;
    const c = { id: s.id("cart"), region_id: body.region_id, email: null, items: [], shipping_methods: [], shipping_address: body.shipping_address ?? null, billing_address: null, payment_collection: null, customer_id: bearer(req) ? s.customerOf(req)?.id : null };
    s.region(c.region_id);
    for (const i of body.items ?? []) s.addItem(c, i.variant_id, i.quantity);
    s.carts.set(c.id, c);
    return cartAnswer(c);
  });
  route("GET /store/carts/:id", ({ params: [id] }) => cartAnswer(s.cart(id!)));
  route("POST /store/carts/:id", ({ params: [id], body }) => cartAnswer(Object.assign(s.cart(id!), body)));
  route("POST /store/carts/:id/line-items", ({ params: [id], body }) => {
    const c = s.cart(id!);
    s.addItem(c, body.variant_id, body.quantity);
    return cartAnswer(c);
  });
  route("POST /store/carts/:id/line-items/:line", ({ params: [id, lid], body }) => {
    const c = s.cart(id!);
    const line = c.items.find((i: Any) => i.id === lid);
    if (!line) throw notFound("Line item");
    const { v } = s.variantOf(line.variant_id);
    if (v.stock !== undefined && body.quantity > v.stock) throw noStock();
    line.quantity = body.quantity;
    return cartAnswer(c);
  });
  route("DELETE /store/carts/:id/line-items/:line", ({ params: [id, lid] }) => {
    const c = s.cart(id!);
    c.items = c.items.filter((i: Any) => i.id !== lid);
    return { id: lid, object: "line-item", deleted: true, parent: s.totals(c) };
  });
  route("POST /store/carts/:id/shipping-methods", ({ params: [id], body }) => {
    const c = s.cart(id!);
    const o = s.shippingOptions.find((x) => x.id === body.option_id);
    if (!o) throw notFound("Shipping option");
    c.shipping_methods = [{ id: s.id("casm"), shipping_option_id: o.id, name: o.name, amount: o.amount }];
    dropSessions(c);
    return cartAnswer(c);
  });
  route("POST /store/carts/:id/promotions", ({ params: [id], body }) => {
    const c = s.cart(id!);
    c.promotions ??= [];
    for (const code of body.promo_codes) {
      if (!s.promotions.has(code)) throw apiError(400, "invalid_data", `The promotion code ${code} is invalid`);
      if (!c.promotions.some((p: Any) => p.code === code)) c.promotions.push({ id: `promo_${code}`, code });
    }
    dropSessions(c);
    return cartAnswer(c);
  });
  route("DELETE /store/carts/:id/promotions", ({ params: [id], body }) => {
    const c = s.cart(id!);
    c.promotions = (c.promotions ?? []).filter((p: Any) => !body.promo_codes.includes(p.code));
    dropSessions(c);
    return cartAnswer(c);
  });
  route("POST /store/carts/:id/customer", (req) => {
    const c = s.cart(req.params[0]!);
    c.customer_id = s.customerOf(req).id;
    return cartAnswer(c);
  });
  route("POST /store/carts/:id/complete", ({ params: [id] }) => {
    const c = s.cart(id!);
    if (!c.payment_collection?.payment_sessions?.length) throw apiError(400, "not_allowed", "Payment sessions are required to complete cart");
    const t = s.totals(c);
    const order = { ...t, id: s.id("order"), display_id: 1000 + s.counter, status: "pending", payment_status: "authorized", fulfillment_status: "not_fulfilled", created_at: new Date().toISOString() };
    delete (order as Any).payment_collection;
    c.completed_at = order.created_at;
    s.orders.set(order.id, order);
    return { type: "order", order: structuredClone(order) };
  });

  route("GET /store/shipping-options", ({ query }) => {
    const c = s.cart(query.cart_id);
    const currency = s.region(c.region_id).currency_code;
    const over = s.freeShippingOver.get(currency);
    return {
      shipping_options: s.shippingOptions.map((o, i) => ({
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
  });
  route("GET /store/payment-providers", () => ({ payment_providers: [{ id: "pp_system_default", is_enabled: true }], count: 1 }));
  route("POST /store/payment-collections", ({ body }) => {
    const c = s.cart(body.cart_id);
    c.payment_collection ??= { id: s.id("pay_col"), payment_sessions: [] };
    return { payment_collection: structuredClone(c.payment_collection) };
  });
  route("POST /store/payment-collections/:id/payment-sessions", ({ params: [id], body }) => {
    const c = [...s.carts.values()].find((x) => x.payment_collection?.id === id);
    if (!c) throw notFound("Payment collection");
    c.payment_collection.payment_sessions = [{ id: s.id("payses"), provider_id: body.provider_id, status: "pending" }];
    return { payment_collection: structuredClone(c.payment_collection) };
  });

  route("GET /store/orders", (req) => {
    const me = s.customerOf(req);
    const mine = [...s.orders.values()].filter((o) => o.customer_id === me.id).sort((a, b) => b.display_id - a.display_id);
    const offset = Number(req.query.offset ?? 0);
    const limit = Number(req.query.limit ?? 50);
    return { orders: structuredClone(mine.slice(offset, offset + limit)), count: mine.length, offset, limit };
  });
  route("GET /store/orders/:id", ({ params: [id] }) => {
    const o = s.orders.get(id!);
    if (!o) throw notFound("Order");
    return { order: structuredClone(o) };
  });
  route("POST /store/orders/:id/transfer/request", (req) => {
    s.customerOf(req);
    const id = req.params[0]!;
    const o = s.orders.get(id);
    if (!o) throw notFound(`Order with id: ${id}`);
    // As Medusa 2.21 refuses a second request while one is pending (400, no code).
    if (s.transfers.has(id)) throw apiError(400, "not_allowed", `Order ${id} already has an existing active order change`);
    s.transfers.set(id, `transfer-${id}`);
    return { order: structuredClone(o) };
  });
  route("POST /store/orders/:id/transfer/cancel", (req) => {
    s.customerOf(req);
    const id = req.params[0]!;
    if (!s.transfers.has(id)) throw apiError(400, "not_allowed", "Order change is not active");
    s.transfers.delete(id);
    return { order: structuredClone(s.orders.get(id)) };
  });
  for (const verb of ["accept", "decline"]) {
    route(`POST /store/orders/:id/transfer/${verb}`, ({ params: [id], body }) => {
      if (s.transfers.get(id!) !== body.token) throw apiError(400, "invalid_data", "Invalid token");
      s.transfers.delete(id!);
      return { order: structuredClone(s.orders.get(id!)) };
    });
  }

  route("POST /store/customers", (req) => {
    const token = bearer(req);
    if (!token?.startsWith("reg:")) throw unauthorized();
    const email = token.slice(4);
    const customer = { id: s.id("cus"), email, first_name: req.body.first_name, last_name: req.body.last_name, phone: null, addresses: [] };
    s.customers.set(customer.id, customer);
    s.accounts.get(email)!.customerId = customer.id;
    return { customer: structuredClone(customer) };
  });
  route("GET /store/customers/me", (req) => ({ customer: structuredClone(s.customerOf(req)) }));
  route("POST /store/customers/me", (req) => ({ customer: structuredClone(Object.assign(s.customerOf(req), req.body)) }));
  route("POST /store/customers/me/addresses", (req) => {
    const c = s.customerOf(req);
    c.addresses.push({ id: s.id("cuaddr"), ...req.body });
    return { customer: structuredClone(c) };
  });
  route("POST /store/customers/me/addresses/:address", (req) => {
    const c = s.customerOf(req);
    const a = c.addresses.find((x: Any) => x.id === req.params[0]);
    if (!a) throw notFound("Address");
    Object.assign(a, req.body);
    return { customer: structuredClone(c) };
  });
  route("DELETE /store/customers/me/addresses/:address", (req) => {
    const c = s.customerOf(req);
    const aid = req.params[0]!;
    c.addresses = c.addresses.filter((x: Any) => x.id !== aid);
    return { id: aid, object: "customer_address", deleted: true };
  });

  route("POST /auth/customer/emailpass/register", ({ body }) => {
    if (s.accounts.has(body.email)) throw unauthorized("Identity with email already exists");
    s.accounts.set(body.email, { password: body.password });
    return { token: `reg:${body.email}` };
  });
  route("POST /auth/customer/emailpass", ({ body }) => {
    const acc = s.accounts.get(body.email);
    if (!acc || acc.password !== body.password) throw unauthorized("Invalid email or password");
    return { token: `jwt:${body.email}` };
  });
  // Medusa answers 201 with no JSON.
  route("POST /auth/customer/emailpass/reset-password", ({ body }) => {
    if (s.accounts.has(body.identifier)) s.resetTokens.set(`reset-${body.identifier}`, body.identifier);
    return reply(201);
  });
  route("POST /auth/customer/emailpass/update", (req) => {
    const email = s.resetTokens.get(bearer(req) ?? "");
    if (!email || email !== req.body.email) throw unauthorized("Invalid token");
    s.accounts.get(email)!.password = req.body.password;
    s.resetTokens.delete(bearer(req)!);
    return { success: true };
  });
  return state;
}
