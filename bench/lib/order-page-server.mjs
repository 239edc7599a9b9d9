// A local node:http server in a child process that answers every request with the same page of
// twelve orders (about 8 KB of JSON), so the client side of a request can be measured without
// Medusa's own time. Used by sdk-throughput.mjs and sdk-profile.mjs, with the raw undici client
// they both measure against.
import { spawn } from "node:child_process";

// Twelve orders with a customer, items and totals: about 8 KB, a page the TUI or an app would ask for.
const SERVER = `
const http = require("node:http");
const order = (i) => ({ id: "order_01JBENCH" + String(i).padStart(6, "0"), display_id: 1000 + i, status: "pending", email: "customer" + i + "@example.com", currency_code: "eur", total: 4990 + i, subtotal: 4490, shipping_total: 500, tax_total: 0, created_at: "2026-11-25T09:00:00.000Z", updated_at: "2026-11-25T09:00:00.000Z", payment_status: "captured", fulfillment_status: "not_fulfilled", customer: { id: "cus_01J" + i, first_name: "Ada", last_name: "Lovelace", email: "customer" + i + "@example.com" }, items: [{ id: "ordli_01J" + i, title: "Medusa T-Shirt", quantity: 2, unit_price: 2245, variant_sku: "SHIRT-M-BLACK", product_title: "Medusa T-Shirt" }], shipping_address: { first_name: "Ada", last_name: "Lovelace", address_1: "12 Analytical Row", city: "London", postal_code: "N1 9GU", country_code: "gb" } });
const body = JSON.stringify({ orders: Array.from({ length: 12 }, (_, i) => order(i)), count: 1008, limit: 12, offset: 0 });
process.stderr.write("page bytes " + Buffer.byteLength(body) + "\\n");
const s = http.createServer((req, res) => { req.resume(); req.on("end", () => { res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }); res.end(body); }); });
s.keepAliveTimeout = 60000;
s.listen(0, "127.0.0.1", () => process.stdout.write(String(s.address().port) + "\\n"));
`;

export function startOrderPageServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", SERVER], { stdio: ["ignore", "pipe", "pipe"] });
    let bytes = "";
    child.stderr.on("data", (d) => (bytes += d));
    child.stdout.once("data", (d) => setTimeout(() => resolve({ url: `http://127.0.0.1:${String(d).trim()}`, child, bytes: () => bytes.trim() }), 50));
    child.once("error", reject);
  });
}

/** The baseline both benchmarks compare with: undici `request()` on a keep-alive Agent, JSON parsed by undici. */
/**
 * The fastest plain undici client for one origin: `Pool.request()` with a path, no Agent and no URL
 * parsing per call (issue 26's baseline; the SDK's transport is measured against it).
 */
export async function rawUndiciPoolClient(url, apiKey, connections) {
  const { Pool } = await import("undici");
  const pool = new Pool(url, { keepAliveTimeout: 60_000, connections });
  const auth = `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;
  return async () => {
    const res = await pool.request({
      path: "/admin/orders?limit=12&offset=0",
      method: "GET",
      headers: { authorization: auth, accept: "application/json", "content-type": "application/json" },
    });
    return res.body.json();
  };
}

export async function rawUndiciClient(url, apiKey, connections) {
  const { Agent, request } = await import("undici");
  const agent = new Agent({ keepAliveTimeout: 60_000, connections });
  const auth = `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;
  return async () => {
    const res = await request(`${url}/admin/orders?limit=12&offset=0`, {
      dispatcher: agent,
      headers: { authorization: auth, accept: "application/json", "content-type": "application/json" },
    });
    return res.body.json();
  };
}
