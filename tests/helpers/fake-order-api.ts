/**
 * A fake admin API for unit tests of order operations: routes are "METHOD /path" handlers over a
 * mutable order, every call is recorded, and a handler may throw a connection error to simulate
 * an answer lost after the request was sent. End-to-end tests use the real back-end instead.
 */
import { Medusa } from "../../src/sdk/index.js";

export interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

export type Handler = (req: { body: any; query: URLSearchParams; params: string[] }) => unknown;

/** The error Node's fetch raises when the server resets the connection after reading the request. */
export function connectionReset(): Error {
  return Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) });
}

export class HttpAnswer {
  constructor(readonly status: number, readonly body: unknown) {}
}

export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const table = Object.entries(routes).map(([key, fn]) => {
    const [method, pattern] = key.split(" ") as [string, string];
    const re = new RegExp(`^${pattern.replace(/:[a-z_]+/gi, "([^/]+)")}$`);
    return { method, re, fn };
  });
  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input);
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" && init.body ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.search, body });
    for (const r of table) {
      const m = r.method === method ? r.re.exec(url.pathname) : null;
      if (!m) continue;
      let out: unknown;
      try {
        out = await r.fn({ body, query: url.searchParams, params: m.slice(1).map(decodeURIComponent) });
      } catch (e) {
        if (e instanceof HttpAnswer) return json(e.status, e.body);
        throw e;
      }
      if (out instanceof HttpAnswer) return json(out.status, out.body);
      return json(200, out ?? {});
    }
    return json(404, { type: "not_found", message: `no fake route for ${method} ${url.pathname}` });
  };
  const sdk = new Medusa({ baseUrl: "http://medusa.test", apiKey: "sk_test", fetch, retry: { baseDelayMs: 0, maxDelayMs: 0 } });
  return { sdk, calls, writes: () => calls.filter((c) => c.method !== "GET") };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** An order as Medusa reads it with the fields order operations ask for. */
export function orderFixture(over: Record<string, unknown> = {}): any {
  const item = (id: string, sku: string, title: string, quantity: number, fulfilled = 0, created = "2026-01-01T00:00:00.000Z") => ({
    id,
    title,
    product_title: title,
    variant_title: "M",
    variant_sku: sku,
    variant_id: `variant_${sku}`,
    quantity,
    unit_price: 10,
    // Medusa's line totals: 19 % VAT on a price that excludes it.
    subtotal: 10 * quantity,
    total: 11.9 * quantity,
    is_tax_inclusive: false,
    created_at: created,
    detail: { quantity, fulfilled_quantity: fulfilled, shipped_quantity: 0, delivered_quantity: 0, return_requested_quantity: 0, return_received_quantity: 0, return_dismissed_quantity: 0 },
  });
  return {
    id: "order_1",
    display_id: 7,
    status: "pending",
    payment_status: "authorized",
    fulfillment_status: "not_fulfilled",
    email: "jane@example.com",
    currency_code: "eur",
    total: 40.7,
    item_total: 35.7,
    item_subtotal: 30,
    shipping_subtotal: 5,
    shipping_total: 5,
    tax_total: 5.7,
    discount_total: 0,
    discount_subtotal: 0,
    summary: { paid_total: 0, refunded_total: 0, pending_difference: 40.7 },
    created_at: "2026-01-01T00:00:00.000Z",
    // Deliberately out of creation order: line numbers follow created_at, not the array.
    items: [item("ordli_B", "MUG-1", "Mug", 1, 0, "2026-01-01T00:00:01.000Z"), item("ordli_A", "TEE-M", "Tee", 2, 0)],
    fulfillments: [],
    shipping_methods: [{ id: "ordsm_1", name: "Standard", shipping_option_id: "so_std" }],
    payment_collections: [{ id: "pay_col_1", status: "authorized", amount: 40.7, payments: [{ id: "pay_1", amount: 40.7, provider_id: "pp_system_default", captures: [], refunds: [] }] }],
    returns: [],
    ...over,
  };
}
