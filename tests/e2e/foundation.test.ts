import { describe, expect, it } from "vitest";
import { ApiError, Medusa, isApiError } from "../../src/sdk/index.js";
import { runCli } from "../helpers/cli.js";
import { workerBackend } from "./helpers/worker-backend.js";

const backend = workerBackend();

describe("SDK against the real back-end", () => {
  it("logs an admin in with email and password and reads the user with the JWT", async () => {
    const sdk = new Medusa({ baseUrl: backend.url, auth: { jwtTokenStorageMethod: "memory" } });
    const token = await sdk.auth.login("user", "emailpass", { email: backend.adminEmail, password: backend.adminPassword });
    expect(typeof token).toBe("string");
    const { user } = await sdk.admin.user.me();
    expect(user.email).toBe(backend.adminEmail);
    const { token: refreshed } = await sdk.auth.refresh();
    expect(refreshed.split(".")).toHaveLength(3);
    expect(await sdk.client.getToken()).toBe(refreshed);
  });

  it("authenticates admin calls with a secret API key", async () => {
    const sdk = new Medusa({ baseUrl: backend.url, apiKey: backend.apiKey });
    const { products, count } = await sdk.admin.product.list({ limit: 3, fields: "id,handle" });
    expect(products).toHaveLength(3);
    expect(count).toBeGreaterThanOrEqual(20);
  });

  it("keeps a cookie session after a session-mode login and logs out of it", async () => {
    const sdk = new Medusa({ baseUrl: backend.url, auth: { type: "session" } });
    await sdk.auth.login("user", "emailpass", { email: backend.adminEmail, password: backend.adminPassword });
    const { user } = await sdk.admin.user.me();
    expect(user.email).toBe(backend.adminEmail);
    await sdk.auth.logout();
    await expect(sdk.admin.user.me()).rejects.toMatchObject({ status: 401 });
  });

  it("lists published store products with prices using the publishable key", async () => {
    const sdk = new Medusa({ baseUrl: backend.url, publishableKey: backend.publishableKey });
    const { regions } = await sdk.store.region.list();
    expect(regions.length).toBeGreaterThanOrEqual(2);
    const { products, count } = await sdk.store.product.list({ limit: 5, region_id: regions[0]!.id, fields: "id,title,*variants.calculated_price" });
    expect(count).toBeGreaterThanOrEqual(20);
    const price = products[0]!.variants![0]!.calculated_price!;
    expect(price.currency_code).toBe(regions[0]!.currency_code);
    expect(price.calculated_amount).toBeGreaterThan(0);
  });

  it("raises a typed 401 for a wrong password", async () => {
    const sdk = new Medusa({ baseUrl: backend.url });
    const err = await sdk.auth.login("user", "emailpass", { email: backend.adminEmail, password: "wrong-password" }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, type: "unauthorized", message: "Invalid email or password" });
    expect(err.request).toEqual({ method: "POST", url: `${backend.url}/auth/user/emailpass` });
  });

  it("raises a typed 404 with the server's type for a missing product", async () => {
    const sdk = new Medusa({ baseUrl: backend.url, apiKey: backend.apiKey });
    const err = await sdk.admin.product.retrieve("prod_does_not_exist").catch((e) => e);
    expect(isApiError(err, "not_found")).toBe(true);
    expect(err.status).toBe(404);
    expect(err.message).toContain("not found");
  });

  it("walks every product exactly once across pages", async () => {
    const sdk = new Medusa({ baseUrl: backend.url, apiKey: backend.apiKey });
    // Other suites create and delete products meanwhile: walk the oldest ones (the seed's), which stay put.
    const { products: oldest } = await sdk.admin.product.list({ limit: 24, order: "created_at", fields: "id,created_at" });
    const filter = { created_at: { $lte: oldest.at(-1)!.created_at } };
    const { count } = await sdk.admin.product.list({ ...filter, limit: 1, fields: "id" });
    expect(count).toBeGreaterThanOrEqual(24);
    const ids: string[] = [];
    for await (const p of sdk.admin.product.paginate({ ...filter, limit: 7, fields: "id" })) ids.push(p.id);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });

  it("reaches the seeded orders in several states", async () => {
    const sdk = new Medusa({ baseUrl: backend.url, apiKey: backend.apiKey });
    const { orders } = await sdk.client.fetch<{ orders: { fulfillment_status: string; payment_status: string; status: string }[] }>("/admin/orders", {
      query: { limit: 200, fields: "id,status,fulfillment_status,payment_status" },
    });
    const fulfillment = new Set(orders.map((o) => o.fulfillment_status));
    const payment = new Set(orders.map((o) => o.payment_status));
    expect(fulfillment).toContain("not_fulfilled");
    expect(fulfillment).toContain("fulfilled");
    expect(fulfillment).toContain("shipped");
    expect(payment).toContain("authorized");
    expect(payment).toContain("captured");
  });
});

describe("CLI against the real back-end", () => {
  const asProfile = { MEDUSACTL_CONFIG_DIR: backend.configDir };

  it("reports the running sandbox and answers a second `up` without reinstalling", async () => {
    const status = await runCli(["sandbox", "status"], { env: asProfile });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(backend.url);
    const up = await runCli(["sandbox", "up"], { env: asProfile });
    expect(up.code).toBe(0);
    expect(up.stdout).toContain(`already running at ${backend.url}`);
    expect(up.stdout).toContain(backend.publishableKey);
  });

  it("lists products through the sandbox profile as JSON", async () => {
    const r = await runCli(["products", "list", "--limit", "5", "--json"], { env: asProfile });
    expect(r.code).toBe(0);
    const products = JSON.parse(r.stdout);
    expect(products).toHaveLength(5);
    expect(products[0].id).toMatch(/^prod_/);
  });

  it("prints tab-separated rows when piped and walks every page with --all", async () => {
    const r = await runCli(["products", "list", "--all", "--limit", "10", "--fields", "id,handle"], { env: asProfile });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(20);
    expect(lines.every((l) => /^prod_\w+\t[\w-]+$/.test(l))).toBe(true);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it("exits 4 with a login hint on a rejected key, 1 on a 404, 2 on a bad flag", async () => {
    const bad = await runCli(["products", "list"], { env: { MEDUSA_URL: backend.url, MEDUSA_API_KEY: "sk_wrong" } });
    expect(bad.code).toBe(4);
    expect(bad.stderr).toContain("medusactl login");
    expect(bad.stderr).not.toContain("sk_wrong");
    const missing = await runCli(["products", "get", "prod_missing"], { env: asProfile });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("404 not_found, GET /admin/products/prod_missing");
    const usage = await runCli(["products", "list", "--limit", "many"], { env: asProfile });
    expect(usage.code).toBe(2);
  });

  it("never sends a profile's key to another URL", async () => {
    const r = await runCli(["products", "list", "--url", "http://127.0.0.1:9"], { env: asProfile });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain("no credentials for http://127.0.0.1:9");
  });
});
