// Not a mirror: an app's own tests with msw, through the SDK's public entry.
/**
 * A Medusa app that swaps js-sdk for medusactl's SDK keeps its test mocks: with
 * `transport: "fetch"` every request goes through the global fetch, which msw intercepts in Node.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Medusa, isApiError } from "../../src/sdk/index.js";
import { json, startServer } from "../helpers/http-server.js";

const seen: string[] = [];
const server = setupServer(
  http.get("https://shop.test/store/products", ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search} pk=${request.headers.get("x-publishable-api-key")}`);
    return HttpResponse.json({ products: [{ id: "prod_mocked", title: "Mocked mug" }], count: 1, limit: 50, offset: 0 });
  }),
  http.post("https://shop.test/admin/products/:id", async ({ params, request }) => {
    seen.push(`POST /admin/products/${String(params.id)} ${JSON.stringify(await request.json())}`);
    return HttpResponse.json({ type: "not_allowed", message: "mocked refusal" }, { status: 400 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  seen.length = 0;
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('transport: "fetch" (app tests with msw)', () => {
  it("lets msw answer store and admin requests in Node, errors keeping type and message", async () => {
    const sdk = new Medusa({ baseUrl: "https://shop.test", publishableKey: "pk_test", apiKey: "sk_test", transport: "fetch" });
    const { products } = await sdk.store.product.list({ limit: 1 });
    expect(products).toEqual([{ id: "prod_mocked", title: "Mocked mug" }]);
    const err = await sdk.admin.product.update("prod_1", { title: "x" }).catch((e) => e);
    expect(err).toMatchObject({ name: "ApiError", status: 400, type: "not_allowed", message: "mocked refusal" });
    expect(seen).toEqual(["GET /store/products?limit=1 pk=pk_test", 'POST /admin/products/prod_1 {"title":"x"}']);
  });

  it("looks fetch up at call time, so a spy installed after the client was built sees the request", async () => {
    const sdk = new Medusa({ baseUrl: "https://shop.test", publishableKey: "pk_test", transport: "fetch" });
    const spy = vi.spyOn(globalThis, "fetch");
    await sdk.store.product.list();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(String(spy.mock.calls[0]![0])).toBe("https://shop.test/store/products");
  });

  it("routes list, retrieve, create and an error through msw; the real server behind the URL sees nothing", async () => {
    // A real server at the base URL: anything that bypassed the mocks would land here.
    const real = await startServer((_q, res) => json(res, 200, { leaked: true }));
    try {
      const base = real.url;
      const calls: string[] = [];
      server.use(
        http.get(`${base}/admin/orders`, ({ request }) => {
          calls.push(`list ${new URL(request.url).search}`);
          return HttpResponse.json({ orders: [{ id: "order_1", display_id: 1 }], count: 1, limit: 20, offset: 0 });
        }),
        http.get(`${base}/admin/orders/:id`, ({ params }) => {
          calls.push(`retrieve ${String(params.id)}`);
          return HttpResponse.json({ order: { id: params.id, display_id: 1 } });
        }),
        http.post(`${base}/admin/customers`, async ({ request }) => {
          calls.push(`create ${JSON.stringify(await request.json())} auth=${request.headers.get("authorization")}`);
          return HttpResponse.json({ customer: { id: "cus_1", email: "a@b.c" } });
        }),
        http.post(`${base}/admin/orders/:id/cancel`, () => {
          calls.push("cancel");
          return HttpResponse.json({ type: "not_allowed", code: "invalid_state_error", message: "Order is already canceled" }, { status: 400 });
        }),
      );
      const sdk = new Medusa({ baseUrl: base, apiKey: "sk_test", transport: "fetch", retry: false });
      expect(await sdk.admin.order.list({ limit: 20, fields: "id,display_id" })).toMatchObject({ orders: [{ id: "order_1" }], count: 1 });
      expect(await sdk.admin.order.retrieve("order_1")).toEqual({ order: { id: "order_1", display_id: 1 } });
      expect(await sdk.admin.customer.create({ email: "a@b.c" })).toEqual({ customer: { id: "cus_1", email: "a@b.c" } });
      const err = await sdk.admin.order.cancel("order_1").catch((e) => e);
      expect(isApiError(err)).toBe(true);
      expect(err).toMatchObject({ status: 400, type: "not_allowed", code: "invalid_state_error", message: "Order is already canceled" });
      expect(calls).toEqual([
        "list ?limit=20&fields=id%2Cdisplay_id",
        "retrieve order_1",
        `create {"email":"a@b.c"} auth=Basic ${Buffer.from("sk_test:").toString("base64")}`,
        "cancel",
      ]);
      expect(real.seen).toEqual([]);
    } finally {
      await real.close();
    }
  });

  it("the default Node transport (undici) does not go through the global fetch", async () => {
    const sdk = new Medusa({ baseUrl: "http://127.0.0.1:9", publishableKey: "pk_test", retry: false, timeout: 500 });
    const spy = vi.spyOn(globalThis, "fetch");
    await sdk.store.product.list().catch(() => {});
    expect(spy).not.toHaveBeenCalled();
  });
});
