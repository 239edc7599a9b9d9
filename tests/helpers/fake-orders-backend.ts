/**
 * A small in-memory stand-in for the admin order routes, served through an injected `fetch`, so
 * TUI tests run the real SDK and the real shared order operations against state they control:
 * orders in chosen states, failures on demand, and a record of every request. Unit tests only:
 * end-to-end tests use the real back-end.
 */
import { Medusa, type Hooks } from "../../src/sdk/index.js";

type Rec = Record<string, any>;

export interface FakeOrderInit {
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

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: any;
}

interface Failure {
  status: number;
  body: Rec;
  times: number;
}

let seq = 0;
const nextId = (prefix: string) => `${prefix}_${String(++seq).padStart(6, "0")}`;

export class FakeOrdersBackend {
  orders: Rec[] = [];
  returns: Rec[] = [];
  products: Rec[] = [];
  customers: Rec[] = [];
  calls: Call[] = [];
  private failures = new Map<string, Failure>();
  /** Resolves a pending request when set (to hold answers back). */
  gate?: Promise<void>;

  addOrder(init: FakeOrderInit): Rec {
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

  /** The next `times` requests matching "METHOD /path" (path without query; `*` matches one segment) get this answer. */
  answerNext(route: string, status: number, body: Rec, times = 1): void {
    this.failures.set(route, { status, body, times });
  }

  failNext(route: string, status: number, body: Rec = { type: "unknown_error", code: "unknown_error", message: "An unknown error occurred." }, times = 1): void {
    this.answerNext(route, status, body, times);
  }

  clearFailures(): void {
    this.failures.clear();
  }

  /** An SDK whose requests this backend answers. */
  sdk(hooks?: Hooks): Medusa {
    return new Medusa({ baseUrl: "http://medusa.test", apiKey: "sk_test_1234", fetch: (url, init) => this.fetch(url, init), retry: false, hooks });
  }

  callsTo(method: string, pattern: RegExp): Call[] {
    return this.calls.filter((c) => c.method === method && pattern.test(c.path));
  }

  private fulfil(order: Rec, items: { id: string; quantity: number }[]): Rec {
    const f = { id: nextId("ful"), location_id: "sloc_1", packed_at: now(), shipped_at: null, delivered_at: null, canceled_at: null, created_at: now(), items: items.map((i) => ({ line_item_id: i.id, quantity: i.quantity })), labels: [] as Rec[] };
    for (const i of items) order.items.find((x: Rec) => x.id === i.id).detail.fulfilled_quantity += i.quantity;
    order.fulfillments.push(f);
    return f;
  }

  private ship(order: Rec, f: Rec, label?: string | Rec): void {
    f.shipped_at = now();
    const l = typeof label === "string" ? { tracking_number: label, tracking_url: "", label_url: "" } : label;
    if (l) f.labels.push({ id: nextId("fulla"), ...l });
    for (const i of f.items) order.items.find((x: Rec) => x.id === i.line_item_id).detail.shipped_quantity += i.quantity;
  }

  private capture(p: Rec, amount: number): void {
    p.captures.push({ id: nextId("capt"), amount, created_at: now() });
    p.captured_at = now();
  }

  /** Medusa computes these on reads only. */
  private view(order: Rec): Rec {
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

  private list(all: Rec[], query: Record<string, string>, key: string, search: (r: Rec, q: string) => boolean): Rec {
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

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const u = new URL(url);
    const method = (init.method ?? "GET").toUpperCase();
    const query = Object.fromEntries(u.searchParams.entries());
    // An id list (id[0]=a&id[1]=b, or id[]=a): kept whole as "ids".
    const idList = [...u.searchParams.entries()].filter(([k]) => /^id(\[\d*\])?$/.test(k)).map(([, v]) => v);
    if (idList.length) query.ids = idList.join(",");
    const statusList = [...u.searchParams.entries()].filter(([k]) => /^status(\[\d*\])?$/.test(k)).map(([, v]) => v);
    if (statusList.length) query.statuses = statusList.join(",");
    const body = typeof init.body === "string" && init.body ? JSON.parse(init.body) : undefined;
    const path = decodeURIComponent(u.pathname);
    this.calls.push({ method, path, query, body });
    if (this.gate) await this.gate;
    for (const [route, f] of this.failures) {
      const [m, p] = route.split(" ");
      const re = new RegExp(`^${p!.replace(/\*/g, "[^/]+")}$`);
      if (m === method && re.test(path) && f.times > 0) {
        f.times -= 1;
        if (f.times === 0) this.failures.delete(route);
        return json(f.status, f.body);
      }
    }
    try {
      return json(200, this.route(method, path, query, body));
    } catch (e) {
      const err = e as { status?: number; body?: Rec };
      if (err.status) return json(err.status, err.body ?? {});
      throw e;
    }
  }

  private order(id: string): Rec {
    const o = this.orders.find((x) => x.id === id);
    if (!o) throw { status: 404, body: { type: "not_found", message: `Order id not found: ${id}` } };
    return o;
  }

  private route(method: string, path: string, query: Record<string, string>, body: any): Rec {
    let m: RegExpExecArray | null;
    if (method === "GET" && path === "/admin/orders") {
      return this.list(
        this.orders.map((o) => this.view(o)),
        query,
        "orders",
        (o, q) => String(o.display_id) === q || String(o.email).toLowerCase().includes(q) || `${o.shipping_address?.first_name} ${o.shipping_address?.last_name}`.toLowerCase().includes(q),
      );
    }
    if (method === "GET" && (m = /^\/admin\/orders\/([^/]+)$/.exec(path))) return { order: this.view(this.order(m[1]!)) };
    if (method === "GET" && (m = /^\/admin\/orders\/([^/]+)\/changes$/.exec(path))) return { order_changes: this.order(m[1]!).changes };
    if (method === "GET" && path === "/admin/claims") return { claims: [], count: 0, offset: 0, limit: 50 };
    if (method === "GET" && path === "/admin/exchanges") return { exchanges: [], count: 0, offset: 0, limit: 50 };
    if (method === "GET" && path === "/admin/returns") return this.list(this.returns, query, "returns", () => true);
    if (method === "GET" && path === "/admin/products") return this.list(this.products, query, "products", (p, q) => String(p.title).toLowerCase().includes(q));
    if (method === "GET" && (m = /^\/admin\/products\/([^/]+)$/.exec(path))) {
      const p = this.products.find((x) => x.id === m![1]);
      if (!p) throw { status: 404, body: { type: "not_found", message: "Product not found" } };
      return { product: p };
    }
    if (method === "GET" && (m = /^\/admin\/customers\/([^/]+)$/.exec(path))) {
      const c = this.customers.find((x) => x.id === m![1]);
      if (!c) throw { status: 404, body: { type: "not_found", message: "Customer not found" } };
      return { customer: c };
    }
    if (method === "POST" && (m = /^\/admin\/orders\/([^/]+)\/fulfillments\/([^/]+)\/cancel$/.exec(path))) {
      const o = this.order(m[1]!);
      const f = o.fulfillments.find((x: Rec) => x.id === m![2]);
      if (f.shipped_at) throw { status: 400, body: { type: "not_allowed", message: "The fulfillment has already been shipped. Shipped fulfillments cannot be canceled" } };
      f.canceled_at = now();
      for (const i of f.items) o.items.find((x: Rec) => x.id === i.line_item_id).detail.fulfilled_quantity -= i.quantity;
      return { order: { id: o.id } };
    }
    if (method === "POST" && (m = /^\/admin\/orders\/([^/]+)\/(complete|archive)$/.exec(path))) {
      const o = this.order(m[1]!);
      o.status = m[2] === "complete" ? "completed" : "archived";
      return { order: { id: o.id } };
    }
    if (method === "GET" && path === "/admin/customers") return this.list(this.customers, query, "customers", (c, q) => String(c.email).includes(q));
    if (method === "POST" && (m = /^\/admin\/orders\/([^/]+)\/fulfillments$/.exec(path))) {
      const o = this.order(m[1]!);
      this.fulfil(o, body.items);
      o.changes.push({ id: nextId("ordch"), change_type: null, status: "confirmed", created_at: now(), actions: [{ action: "FULFILL_ITEM" }] });
      return { order: { id: o.id } };
    }
    if (method === "POST" && (m = /^\/admin\/orders\/([^/]+)\/fulfillments\/([^/]+)\/shipments$/.exec(path))) {
      const o = this.order(m[1]!);
      this.ship(o, o.fulfillments.find((f: Rec) => f.id === m![2]), body.labels?.[0]);
      return { order: { id: o.id } };
    }
    if (method === "POST" && (m = /^\/admin\/orders\/([^/]+)\/fulfillments\/([^/]+)\/mark-as-delivered$/.exec(path))) {
      const o = this.order(m[1]!);
      const f = o.fulfillments.find((x: Rec) => x.id === m![2]);
      f.delivered_at = now();
      for (const i of f.items) o.items.find((x: Rec) => x.id === i.line_item_id).detail.delivered_quantity += i.quantity;
      return { order: { id: o.id } };
    }
    if (method === "POST" && (m = /^\/admin\/orders\/([^/]+)\/cancel$/.exec(path))) {
      const o = this.order(m[1]!);
      o.status = "canceled";
      o.canceled_at = now();
      return { order: { id: o.id } };
    }
    if (method === "POST" && (m = /^\/admin\/payments\/([^/]+)\/(capture|refund)$/.exec(path))) {
      for (const o of this.orders) {
        const p = o.payment_collections.flatMap((pc: Rec) => pc.payments).find((x: Rec) => x.id === m![1]);
        if (!p) continue;
        if (m[2] === "capture") this.capture(p, body.amount ?? p.amount);
        else p.refunds.push({ id: nextId("ref"), amount: body.amount, note: body.note, created_at: now() });
        return { payment: p };
      }
      throw { status: 404, body: { type: "not_found", message: "Payment not found" } };
    }
    if (method === "POST" && path === "/admin/returns") {
      const r = { id: nextId("return"), order_id: body.order_id, status: "requested", display_id: this.returns.length + 1, items: [] as Rec[], created_at: now() };
      this.returns.push(r);
      return { return: { id: r.id } };
    }
    if ((m = /^\/admin\/returns\/([^/]+)\/(request-items|request)$/.exec(path))) {
      const r = this.returns.find((x) => x.id === m![1]);
      if (!r) throw { status: 404, body: { type: "not_found", message: "Return not found" } };
      if (method === "DELETE") {
        this.returns = this.returns.filter((x) => x !== r);
        return { id: r.id, object: "return", deleted: true };
      }
      if (m[2] === "request-items") r.items.push(...body.items);
      else {
        const o = this.order(r.order_id);
        for (const it of r.items) o.items.find((x: Rec) => x.id === it.id).detail.return_requested_quantity += it.quantity;
        o.returns.push({ id: r.id, display_id: r.display_id, status: "requested", created_at: r.created_at });
      }
      return { return: r };
    }
    throw { status: 404, body: { type: "not_found", message: `no fake route for ${method} ${path}` } };
  }
}

function now(): string {
  return new Date().toISOString();
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
