/**
 * The admin order routes as a small in-memory shop on the stub registry, so TUI tests run the real
 * SDK and the real shared order operations against state they control: `OrdersState` holds orders
 * in chosen states, `registerOrders` answers the routes the TUI reads and writes from it. Failures
 * are one-shot stubs a test registers on the same registry (they answer before these routes).
 * Unit tests only: end-to-end tests use the real back-end.
 */
import { reply, type StubRegistry, type StubRequest } from "./registry.js";

type Rec = Record<string, any>;

export interface OrderInit {
  display_id: number;
  email?: string;
  first_name?: string;
  last_name?: string;
  currency_code?: string;
  /** Line items: quantity and unit price. */
  items?: { title: string; sku: string; quantity: number; unit_price: number }[];
  /** Starting state. */
  state?: "new" | "fulfilled" | "shipped" | "captured" | "canceled";
  created_at?: string;
}

/** Medusa's answer to a server error, as `failNext` used to send it. */
export const UNKNOWN_ERROR = { type: "unknown_error", code: "unknown_error", message: "An unknown error occurred." };

/** An error answer for `count` requests to `route` (a one-shot stub unless count > 1). */
export function failNext(reg: StubRegistry, route: string, status: number, body: Rec = UNKNOWN_ERROR, count = 1) {
  return reg.stub(route, reply(status, body)).times(count);
}

let seq = 0;
const nextId = (prefix: string) => `${prefix}_${String(++seq).padStart(6, "0")}`;

export class OrdersState {
  orders: Rec[] = [];
  returns: Rec[] = [];
  products: Rec[] = [];
  customers: Rec[] = [];
  addOrder(init: OrderInit): Rec {
    const created = init.created_at ?? new Date(Date.UTC(2026, 10, 1, 0, 0, init.display_id)).toISOString();
    const items = (init.items ?? [{ title: "Poster", sku: "POSTER-A3", quantity: 1, unit_price: 29 }]).map((it, i) => ({
      id: nextId("ordli"),
      title: it.title,
      product_title: it.title,
      variant_title: null,
      variant_sku: it.sku,
      quantity: it.quantity,
      unit_price: it.unit_price,
      // Medusa's line totals (no tax in this fake): subtotal before tax, total after.
      subtotal: it.quantity * it.unit_price,
      total: it.quantity * it.unit_price,
      is_tax_inclusive: false,
      created_at: new Date(Date.parse(created) + i).toISOString(),
      detail: { quantity: it.quantity, fulfilled_quantity: 0, shipped_quantity: 0, delivered_quantity: 0, return_requested_quantity: 0, return_received_quantity: 0, return_dismissed_quantity: 0 },
    }));
    const total = items.reduce((n, i) => n + i.total, 0) + 5;
    const customerId = nextId("cus");
    this.customers.push({ id: customerId, email: init.email ?? `customer${init.display_id}@example.com`, first_name: init.first_name ?? null, last_name: init.last_name ?? null, has_account: false, created_at: created });
    const order: Rec = {
      id: nextId("order"),
      customer_id: customerId,
      display_id: init.display_id,
      status: "pending",
      email: init.email ?? `customer${init.display_id}@example.com`,
      currency_code: init.currency_code ?? "eur",
      created_at: created,
      updated_at: created,
      canceled_at: null,
      total,
      subtotal: total,
      item_subtotal: total - 5,
      shipping_subtotal: 5,
      shipping_total: 5,
      tax_total: 0,
      discount_total: 0,
      discount_subtotal: 0,
      customer: { id: customerId, first_name: init.first_name ?? null, last_name: init.last_name ?? null, email: init.email ?? `customer${init.display_id}@example.com` },
      shipping_address: { first_name: init.first_name ?? "Ada", last_name: init.last_name ?? "Lovelace", address_1: "1 Main St", city: "Berlin", postal_code: "10115", country_code: "de" },
      billing_address: null,
      shipping_methods: [{ name: "Standard Shipping", amount: 5 }],
      items,
      fulfillments: [],
      returns: [],
      payment_collections: [{ id: nextId("pay_col"), payments: [{ id: nextId("pay"), amount: total, captured_at: null, canceled_at: null, provider_id: "pp_system_default", captures: [], refunds: [] }] }],
      changes: [],
    };
    this.orders.push(order);
    const state = init.state ?? "new";
    if (state === "fulfilled" || state === "shipped") this.fulfil(order, items.map((i) => ({ id: i.id, quantity: i.quantity })));
    if (state === "shipped") this.ship(order, order.fulfillments[0], "TRACK-1");
    if (state === "captured") this.capture(order.payment_collections[0].payments[0], total);
    if (state === "canceled") {
      order.status = "canceled";
      order.canceled_at = created;
    }
    return order;
  }

  fulfil(order: Rec, items: { id: string; quantity: number }[]): Rec {
    const f = { id: nextId("ful"), location_id: "sloc_1", packed_at: now(), shipped_at: null, delivered_at: null, canceled_at: null, created_at: now(), items: items.map((i) => ({ line_item_id: i.id, quantity: i.quantity })), labels: [] as Rec[] };
    for (const i of items) order.items.find((x: Rec) => x.id === i.id).detail.fulfilled_quantity += i.quantity;
    order.fulfillments.push(f);
    return f;
  }

  ship(order: Rec, f: Rec, label?: string | Rec): void {
    f.shipped_at = now();
    const l = typeof label === "string" ? { tracking_number: label, tracking_url: "", label_url: "" } : label;
    if (l) f.labels.push({ id: nextId("fulla"), ...l });
    for (const i of f.items) order.items.find((x: Rec) => x.id === i.line_item_id).detail.shipped_quantity += i.quantity;
  }

  capture(p: Rec, amount: number): void {
    p.captures.push({ id: nextId("capt"), amount, created_at: now() });
    p.captured_at = now();
  }

  /** Medusa computes these on reads only. */
  view(order: Rec): Rec {
    const q = order.items.map((i: Rec) => i.detail);
    const sum = (k: string) => q.reduce((n: number, d: Rec) => n + d[k], 0);
    const ordered = sum("quantity");
    // Medusa 2.21 says "canceled" once every fulfilment of an open order was canceled (the order still needs fulfilling).
    const allCanceled = order.fulfillments.length > 0 && order.fulfillments.every((f: Rec) => f.canceled_at);
    const fulfillment_status =
      order.status === "canceled" || allCanceled
        ? "canceled"
        : sum("delivered_quantity") >= ordered
          ? "delivered"
          : sum("shipped_quantity") >= ordered
            ? "shipped"
            : sum("fulfilled_quantity") >= ordered
              ? "fulfilled"
              : sum("fulfilled_quantity") > 0
                ? "partially_fulfilled"
                : "not_fulfilled";
    const pays = order.payment_collections.flatMap((pc: Rec) => pc.payments);
    const captured = pays.reduce((n: number, p: Rec) => n + p.captures.reduce((a: number, c: Rec) => a + c.amount, 0), 0);
    const refunded = pays.reduce((n: number, p: Rec) => n + p.refunds.reduce((a: number, c: Rec) => a + c.amount, 0), 0);
    const payment_status = order.status === "canceled" ? "canceled" : refunded > 0 ? (refunded >= captured ? "refunded" : "partially_refunded") : captured >= order.total ? "captured" : "authorized";
    const { changes: _changes, ...rest } = order;
    return structuredClone({ ...rest, fulfillment_status, payment_status, summary: { paid_total: captured, refunded_total: refunded, pending_difference: 0 } });
  }

  list(all: Rec[], query: Record<string, string>, key: string, search: (r: Rec, q: string) => boolean): Rec {
    let rows = all;
    if (query.q) rows = rows.filter((r) => search(r, query.q!.toLowerCase()));
    if (query.order_id) rows = rows.filter((r) => r.order_id === query.order_id);
    if (query.customer_id) rows = rows.filter((r) => r.customer_id === query.customer_id);
    // Medusa 2.21 filters orders by status (one, a list, or $ne); payment and fulfilment statuses are ignored.
    if (query.statuses) {
      const statuses = new Set(query.statuses.split(","));
      rows = rows.filter((r) => statuses.has(r.status));
    }
    if (query["status[$ne]"]) rows = rows.filter((r) => r.status !== query["status[$ne]"]);
    if (query["created_at[$gt]"]) rows = rows.filter((r) => r.created_at > query["created_at[$gt]"]!);
    if (query.ids) {
      const ids = new Set(query.ids.split(","));
      rows = rows.filter((r) => ids.has(r.id));
    }
    const order = query.order ?? "-created_at";
    const field = order.replace(/^-/, "");
    const dir = order.startsWith("-") ? -1 : 1;
    rows = [...rows].sort((a, b) => (a[field] < b[field] ? -dir : a[field] > b[field] ? dir : 0));
    const offset = Number(query.offset ?? 0);
    const limit = Number(query.limit ?? 50);
    return { [key]: rows.slice(offset, offset + limit), count: rows.length, offset, limit };
  }

  order(id: string): Rec {
    const o = this.orders.find((x) => x.id === id);
    if (!o) throw { status: 404, body: { type: "not_found", message: `Order id not found: ${id}` } };
    return o;
  }
}

/** The query as one level of strings: an id list (id[0]=a or id[]=a) kept whole as "ids", a status list as "statuses". */
export function flatQuery(req: StubRequest): Record<string, string> {
  const entries = [...req.searchParams.entries()];
  const query = Object.fromEntries(entries);
  const ids = entries.filter(([k]) => /^id(\[\d*\])?$/.test(k)).map(([, v]) => v);
  if (ids.length) query.ids = ids.join(",");
  const statuses = entries.filter(([k]) => /^status(\[\d*\])?$/.test(k)).map(([, v]) => v);
  if (statuses.length) query.statuses = statuses.join(",");
  return query;
}

const notFound = (message: string) => ({ status: 404, body: { type: "not_found", message } });

/**
 * Registers the order routes over `state`. They model a server rather than state expectations, so
 * they are optional for `verify()`; a route the TUI asks for and this shop lacks fails as unmatched.
 */
export function registerOrders(reg: StubRegistry, state: OrdersState = new OrdersState()): OrdersState {
  const s = state;
  const route = (r: string, fn: (req: StubRequest) => unknown) => reg.stub(r, fn).persist().optional();
  const fulfilment = (o: Rec, id: string): Rec => o.fulfillments.find((f: Rec) => f.id === id);

  route("GET /admin/orders", (req) =>
    s.list(
      s.orders.map((o) => s.view(o)),
      flatQuery(req),
      "orders",
      (o, q) => String(o.display_id) === q || String(o.email).toLowerCase().includes(q) || `${o.shipping_address?.first_name} ${o.shipping_address?.last_name}`.toLowerCase().includes(q),
    ),
  );
  route("GET /admin/orders/:id", ({ params: [id] }) => ({ order: s.view(s.order(id!)) }));
  route("GET /admin/orders/:id/changes", ({ params: [id] }) => ({ order_changes: s.order(id!).changes }));
  route("GET /admin/claims", () => ({ claims: [], count: 0, offset: 0, limit: 50 }));
  route("GET /admin/exchanges", () => ({ exchanges: [], count: 0, offset: 0, limit: 50 }));
  route("GET /admin/returns", (req) => s.list(s.returns, flatQuery(req), "returns", () => true));
  route("GET /admin/products", (req) => s.list(s.products, flatQuery(req), "products", (p, q) => String(p.title).toLowerCase().includes(q)));
  route("GET /admin/products/:id", ({ params: [id] }) => {
    const p = s.products.find((x) => x.id === id);
    if (!p) throw notFound("Product not found");
    return { product: p };
  });
  route("GET /admin/customers", (req) => s.list(s.customers, flatQuery(req), "customers", (c, q) => String(c.email).includes(q)));
  route("GET /admin/customers/:id", ({ params: [id] }) => {
    const c = s.customers.find((x) => x.id === id);
    if (!c) throw notFound("Customer not found");
    return { customer: c };
  });
  route("POST /admin/orders/:id/fulfillments", ({ params: [id], body }) => {
    const o = s.order(id!);
    s.fulfil(o, body.items);
    o.changes.push({ id: nextId("ordch"), change_type: null, status: "confirmed", created_at: now(), actions: [{ action: "FULFILL_ITEM" }] });
    return { order: { id: o.id } };
  });
  route("POST /admin/orders/:id/fulfillments/:fid/cancel", ({ params: [id, fid] }) => {
    const o = s.order(id!);
    const f = fulfilment(o, fid!);
    if (f.shipped_at) throw { status: 400, body: { type: "not_allowed", message: "The fulfillment has already been shipped. Shipped fulfillments cannot be canceled" } };
    f.canceled_at = now();
    for (const i of f.items) o.items.find((x: Rec) => x.id === i.line_item_id).detail.fulfilled_quantity -= i.quantity;
    return { order: { id: o.id } };
  });
  route("POST /admin/orders/:id/fulfillments/:fid/shipments", ({ params: [id, fid], body }) => {
    const o = s.order(id!);
    s.ship(o, fulfilment(o, fid!), body.labels?.[0]);
    return { order: { id: o.id } };
  });
  route("POST /admin/orders/:id/fulfillments/:fid/mark-as-delivered", ({ params: [id, fid] }) => {
    const o = s.order(id!);
    const f = fulfilment(o, fid!);
    f.delivered_at = now();
    for (const i of f.items) o.items.find((x: Rec) => x.id === i.line_item_id).detail.delivered_quantity += i.quantity;
    return { order: { id: o.id } };
  });
  for (const [verb, status] of [["complete", "completed"], ["archive", "archived"]] as const) {
    route(`POST /admin/orders/:id/${verb}`, ({ params: [id] }) => {
      const o = s.order(id!);
      o.status = status;
      return { order: { id: o.id } };
    });
  }
  route("POST /admin/orders/:id/cancel", ({ params: [id] }) => {
    const o = s.order(id!);
    o.status = "canceled";
    o.canceled_at = now();
    return { order: { id: o.id } };
  });
  for (const verb of ["capture", "refund"]) {
    route(`POST /admin/payments/:id/${verb}`, ({ params: [id], body }) => {
      for (const o of s.orders) {
        const p = o.payment_collections.flatMap((pc: Rec) => pc.payments).find((x: Rec) => x.id === id);
        if (!p) continue;
        if (verb === "capture") s.capture(p, body.amount ?? p.amount);
        else p.refunds.push({ id: nextId("ref"), amount: body.amount, note: body.note, created_at: now() });
        return { payment: p };
      }
      throw notFound("Payment not found");
    });
  }
  route("POST /admin/returns", ({ body }) => {
    const r = { id: nextId("return"), order_id: body.order_id, status: "requested", display_id: s.returns.length + 1, items: [] as Rec[], created_at: now() };
    s.returns.push(r);
    return { return: { id: r.id } };
  });
  const aReturn = (id: string) => s.returns.find((x) => x.id === id) ?? (() => { throw notFound("Return not found"); })();
  for (const step of ["request-items", "request"]) {
    route(`DELETE /admin/returns/:id/${step}`, ({ params: [id] }) => {
      const r = aReturn(id!);
      s.returns = s.returns.filter((x) => x !== r);
      return { id: r.id, object: "return", deleted: true };
    });
  }
  route("POST /admin/returns/:id/request-items", ({ params: [id], body }) => {
    const r = aReturn(id!);
    r.items.push(...body.items);
    return { return: r };
  });
  route("POST /admin/returns/:id/request", ({ params: [id] }) => {
    const r = aReturn(id!);
    const o = s.order(r.order_id);
    for (const it of r.items) o.items.find((x: Rec) => x.id === it.id).detail.return_requested_quantity += it.quantity;
    o.returns.push({ id: r.id, display_id: r.display_id, status: "requested", created_at: r.created_at });
    return { return: r };
  });
  return state;
}

function now(): string {
  return new Date().toISOString();
}
