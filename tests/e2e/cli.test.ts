import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { workerBackend } from "./helpers/worker-backend.js";
import { uniq } from "./helpers/sdk.js";

/**
 * The CLI (its build, run as bin/medusactl.js runs it) against the real back-end. Every test that
 * logs in gets a config folder of its own, so profiles and tokens never leak between tests.
 */
const backend = workerBackend();
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function configDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), "medusactl-e2e-cli-"));
  dirs.push(d);
  return d;
}

/** The sandbox's secret key from the environment, the CI way. */
const keyEnv = { MEDUSA_URL: backend.url, MEDUSA_API_KEY: backend.apiKey };

async function json<T = any>(args: string[], env: Record<string, string>, input?: string): Promise<T> {
  const r = await runCli(args, { env, input });
  if (r.code !== 0) throw new Error(`medusactl ${args.join(" ")} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

async function loginWithKey(dir: string, profile: string) {
  return runCli(["login", "--url", backend.url, "--profile", profile, "--api-key-stdin"], { env: { MEDUSACTL_CONFIG_DIR: dir }, input: `${backend.apiKey}\n` });
}

async function loginWithPassword(dir: string, profile: string) {
  return runCli(["login", "--url", backend.url, "--profile", profile, "--email", backend.adminEmail, "--password-stdin"], {
    env: { MEDUSACTL_CONFIG_DIR: dir },
    input: `${backend.adminPassword}\n`,
  });
}

describe("login, whoami, profiles", () => {
  it("logs in with --password-stdin, keeps the JWT in a 0600 file, and whoami verifies it", async () => {
    const dir = configDir();
    const login = await loginWithPassword(dir, "admin");
    expect(login.code).toBe(0);
    expect(login.stdout).toBe("");
    expect(login.stderr).toBe(`Logged in to ${backend.url} as ${backend.adminEmail}; saved as profile "admin" (default).\n`);
    expect(login.stderr).not.toContain(backend.adminPassword);
    expect(statSync(path.join(dir, "tokens.json")).mode & 0o777).toBe(0o600);

    const who = await runCli(["whoami"], { env: { MEDUSACTL_CONFIG_DIR: dir } });
    expect(who.code).toBe(0);
    expect(who.stdout).toContain(`Logged in as ${backend.adminEmail}`);
    expect(who.stdout).toContain(`URL:        ${backend.url}`);
    expect(who.stdout).toContain("Profile:    admin");
    const token = (await runCli(["whoami", "--show-token"], { env: { MEDUSACTL_CONFIG_DIR: dir } })).stdout.trim();
    expect(token.split(".")).toHaveLength(3);
    expect(who.stdout).not.toContain(token);
  });

  it("logs in with a secret key from --api-key-stdin; whoami shows only its last four characters", async () => {
    const dir = configDir();
    const login = await loginWithKey(dir, "ci");
    expect(login.code).toBe(0);
    const who = await json(["whoami", "--json"], { MEDUSACTL_CONFIG_DIR: dir });
    expect(who).toMatchObject({ identity: `secret API key sk_…${backend.apiKey.slice(-4)}`, profile: "ci", url: backend.url, verified: true });
    expect(JSON.stringify(who)).not.toContain(backend.apiKey);
  });

  it("refuses a wrong password with exit 4 and saves nothing", async () => {
    const dir = configDir();
    const r = await runCli(["login", "--url", backend.url, "--email", backend.adminEmail, "--password-stdin"], { env: { MEDUSACTL_CONFIG_DIR: dir }, input: "wrong-password\n" });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain("refused the credentials (401)");
    const who = await runCli(["whoami"], { env: { MEDUSACTL_CONFIG_DIR: dir } });
    expect(who.code).toBe(4);
  });

  it("needs --password-stdin or --api-key-stdin off a terminal (exit 2)", async () => {
    const r = await runCli(["login", "--url", backend.url, "--email", backend.adminEmail], { env: { MEDUSACTL_CONFIG_DIR: configDir() } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--password-stdin or --api-key-stdin");
  });

  it("switches profiles with `profile use`, --profile and MEDUSACTL_PROFILE", async () => {
    const dir = configDir();
    const env = { MEDUSACTL_CONFIG_DIR: dir };
    expect((await loginWithKey(dir, "ci")).code).toBe(0);
    expect((await loginWithPassword(dir, "admin")).code).toBe(0);
    const identity = async (args: string[], extra: Record<string, string> = {}) => (await json(["whoami", "--json", ...args], { ...env, ...extra })).identity;

    expect(await identity([])).toMatch(/^secret API key/); // the first login became the default
    const use = await runCli(["profile", "use", "admin"], { env });
    expect(use.code).toBe(0);
    expect(await identity([])).toBe(backend.adminEmail);
    expect(await identity(["--profile", "ci"])).toMatch(/^secret API key/);
    expect(await identity([], { MEDUSACTL_PROFILE: "ci" })).toMatch(/^secret API key/);

    const list = await json<{ name: string; default: boolean; auth: string }[]>(["profile", "list", "--json"], env);
    expect(list.map((p) => [p.name, p.auth, p.default])).toEqual([
      ["ci", "api-key", false],
      ["admin", "jwt", true],
    ]);
    const missing = await runCli(["whoami", "--profile", "nope"], { env });
    expect(missing.code).toBe(2);
  });

  it("lets environment credentials win over profiles, and logout forget a profile's secret", async () => {
    const dir = configDir();
    expect((await loginWithPassword(dir, "admin")).code).toBe(0);
    const env = await json(["whoami", "--json"], { MEDUSACTL_CONFIG_DIR: dir, ...keyEnv });
    expect(env.credential).toBe("environment (MEDUSA_API_KEY)");
    expect((await runCli(["logout"], { env: { MEDUSACTL_CONFIG_DIR: dir } })).code).toBe(0);
    const after = await runCli(["whoami"], { env: { MEDUSACTL_CONFIG_DIR: dir } });
    expect(after.code).toBe(4);
    expect(after.stderr).toContain("medusactl login");
  });
});

describe("resources", () => {
  const env = { ...keyEnv, MEDUSACTL_CONFIG_DIR: "/nonexistent/medusactl-e2e" };

  it("creates, reads, updates, lists and deletes a product tag", async () => {
    const value = uniq("cli-tag");
    const created = await json(["product-tags", "create", "--set", `value=${value}`, "--json"], env);
    expect(created).toMatchObject({ value });
    expect(created.id).toMatch(/^ptag_/);
    const got = await json(["product-tags", "get", created.id, "--json"], env);
    expect(got).toMatchObject({ id: created.id, value });
    const renamed = `${value}-renamed`;
    const updated = await json(["product-tags", "update", created.id, "--set", `value=${renamed}`, "--json"], env);
    expect(updated.value).toBe(renamed);
    const listed = await json<{ id: string; value: string }[]>(["product-tags", "list", "--query", `value=${renamed}`, "--json"], env);
    expect(listed.map((t) => t.id)).toEqual([created.id]);

    const withoutYes = await runCli(["product-tags", "delete", created.id], { env });
    expect(withoutYes.code).toBe(2);
    expect(withoutYes.stderr).toContain("--yes required when not running interactively");
    const deleted = await json(["product-tags", "delete", created.id, "--yes", "--json"], env);
    expect(deleted).toEqual({ id: created.id, object: "product_tag", deleted: true });
    // Medusa 2.21 answers 200 {} for a missing product tag; the CLI still calls it an error.
    const gone = await runCli(["product-tags", "get", created.id], { env });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe(
      `Error: product-tag ${created.id} not found (GET /admin/product-tags/${created.id} answered without a product_tag)\nHint: give an id or the exact value; \`medusactl product-tags list\` lists them\n`,
    );
    const missing = await runCli(["products", "get", "prod_missing"], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("Error: product prod_missing not found (404 not_found, GET /admin/products/prod_missing)\nHint: give an id or the exact handle; `medusactl products list` lists them\n");
  });

  it("creates a product from --data on stdin and a customer group from a file, then lists them as a table", async () => {
    const title = uniq("CLI Product");
    const handle = title.toLowerCase().replace(/\s+/g, "-");
    const product = await json(["products", "create", "--data", "-", "--json"], env, JSON.stringify({ title, handle, status: "draft", options: [{ title: "Size", values: ["M"] }] }));
    expect(product).toMatchObject({ title, handle, status: "draft" });
    const table = await runCli(["products", "list", "--query", `handle=${handle}`], { env });
    expect(table.code).toBe(0);
    // Off a terminal: the table's columns (id, handle, title, status, variants, updated_at) as tab-separated values.
    const cells = table.stdout.trimEnd().split("\t");
    expect(cells.slice(0, 5)).toEqual([product.id, handle, title, "draft", "0"]);
    expect(cells[5]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    const file = path.join(configDir(), "group.json");
    const name = uniq("cli-group");
    writeFileSync(file, JSON.stringify({ name, metadata: { source: "e2e" } }));
    const group = await json(["customer-groups", "create", "--data", `@${file}`, "--set", "metadata.run=1", "--json"], env);
    expect(group).toMatchObject({ name, metadata: { source: "e2e", run: 1 } });
    const csv = await runCli(["customer-groups", "list", "--query", `q=${name}`, "--output", "csv"], { env });
    expect(csv.stdout.split("\r\n")[1]).toMatch(new RegExp(`^${group.id},${name},`));

    expect((await runCli(["products", "delete", product.id, "--yes"], { env })).code).toBe(0);
    expect((await runCli(["customer-groups", "delete", group.id, "--yes"], { env })).code).toBe(0);
  });

  it("shows real values in every column of the orders table (fields the default selection leaves out)", async () => {
    const r = await runCli(["orders", "list", "--limit", "5"], { env });
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split("\n").map((l) => l.split("\t"));
    expect(rows.length).toBeGreaterThan(0);
    for (const [displayId, created, email, status, payment, fulfillment, total] of rows) {
      expect(displayId).toMatch(/^#\d+$/);
      expect(created).toMatch(/^\d{4}-/);
      expect(email).toMatch(/@/);
      expect(status).not.toBe("");
      expect(payment).not.toBe("");
      expect(fulfillment).not.toBe("");
      expect(total).toMatch(/^(€|\$|£|CHF)/);
    }
  });

  it("walks every page with --all (limit 5 on a longer list) without duplicates", async () => {
    // Seven products of our own, made in one batch call: a known list longer than one page of 5.
    const tag = uniq("cli-walk");
    const create = Array.from({ length: 7 }, (_, i) => ({ title: `${tag} ${i}`, handle: `${tag}-${i}`, status: "draft", options: [{ title: "Size", values: ["M"] }] }));
    const batch = await json(["products", "batch", "--data", "-", "--json"], env, JSON.stringify({ create }));
    const made = (batch.created as { id: string }[]).map((p) => p.id).sort();
    expect(made).toHaveLength(7);
    try {
      const all = await json<{ id: string; handle: string }[]>(["products", "list", "--all", "--limit", "5", "--query", `q=${tag}`, "--fields", "id,handle", "--json"], env);
      expect(all.map((p) => p.id).sort()).toEqual(made);
      const onePage = await json<unknown[]>(["products", "list", "--limit", "5", "--query", `q=${tag}`, "--json"], env);
      expect(onePage).toHaveLength(5);
    } finally {
      await json(["products", "batch", "--data", JSON.stringify({ delete: made }), "--json"], env);
    }
  });

  it("runs the raw api command: a GET as is, and --paginate merging every page", async () => {
    // One page holding every region (the shared sandbox gathers more than Medusa's default page of 50 over runs).
    const one = await json(["api", "GET", "/admin/regions", "--query", "limit=1000"], env);
    expect(one.regions.length).toBeGreaterThanOrEqual(2);
    expect(one.count).toBe(one.regions.length);
    const merged = await json(["api", "GET", "/admin/regions", "--query", "limit=1", "--paginate"], env);
    expect(merged.regions.map((r: { id: string }) => r.id).sort()).toEqual(one.regions.map((r: { id: string }) => r.id).sort());
    expect(merged.count).toBe(one.regions.length);
    const notFound = await runCli(["api", "GET", "/admin/products/prod_missing"], { env });
    expect(notFound.code).toBe(1);
    expect(JSON.parse(notFound.stdout)).toMatchObject({ type: "not_found" });
  });
});

describe("domain verbs", () => {
  const env = { ...keyEnv, MEDUSACTL_CONFIG_DIR: "/nonexistent/medusactl-e2e" };

  it("api-keys revoke: asks for --yes off a terminal, then revokes", async () => {
    const key = await json(["api-keys", "create", "--set", `title=${uniq("cli-key")}`, "--set", "type=secret", "--json"], env);
    const refused = await runCli(["api-keys", "revoke", key.id], { env });
    expect(refused.code).toBe(2);
    const revoked = await json(["api-keys", "revoke", key.id, "--yes", "--json"], env);
    expect(revoked.id).toBe(key.id);
    expect(revoked.revoked_at).toBeTruthy();
    expect((await runCli(["api-keys", "delete", key.id, "--yes"], { env })).code).toBe(0);
  });

  it("fulfillments cancel: cancels a fulfilment created through the CLI", async () => {
    const locations = await json<{ id: string }[]>(["stock-locations", "list", "--fields", "id", "--limit", "1", "--json"], env);
    const fulfillment = await json(["fulfillments", "create", "--data", "-", "--json"], env, JSON.stringify({
      location_id: locations[0]!.id,
      provider_id: "manual_manual",
      delivery_address: { address_1: "Teststraße 1", city: "Hamburg", country_code: "de" },
      items: [{ title: "CLI item", sku: uniq("CLI-SKU"), quantity: 1, barcode: "" }],
      labels: [],
      order_id: uniq("order_cli"),
      data: {},
      metadata: {},
    }));
    expect(fulfillment.canceled_at).toBeNull();
    expect((await runCli(["fulfillments", "cancel", fulfillment.id], { env })).code).toBe(2);
    const canceled = await json(["fulfillments", "cancel", fulfillment.id, "--yes", "--json"], env);
    expect(canceled.id).toBe(fulfillment.id);
    expect(canceled.canceled_at).toBeTruthy();
  });

  it("payment-collections mark-as-paid: pays an order made from a draft order", async () => {
    const [region] = await json<{ id: string; currency_code: string }[]>(["regions", "list", "--query", "currency_code=eur", "--limit", "1", "--json"], env);
    const [variant] = await json<{ id: string }[]>(["product-variants", "list", "--limit", "1", "--fields", "id", "--json"], env);
    const [channel] = await json<{ id: string }[]>(["sales-channels", "list", "--limit", "1", "--fields", "id", "--json"], env);
    const draft = await json(["draft-orders", "create", "--data", "-", "--json"], env, JSON.stringify({
      email: `${uniq("cli-pay")}@example.com`,
      region_id: region!.id,
      sales_channel_id: channel!.id,
      items: [{ variant_id: variant!.id, quantity: 1 }],
    }));
    const order = await json(["draft-orders", "convert-to-order", draft.id, "--json"], env);
    const collection = await json(["payment-collections", "create", "--set", `order_id=${order.id}`, "--set", `amount=${order.total}`, "--json"], env);
    expect(collection.status).toBe("not_paid");
    // The command prints the order as re-read after the payment was recorded.
    const paid = await json(["payment-collections", "mark-as-paid", collection.id, "--order", order.id, "--yes", "--json"], env);
    expect(paid.id).toBe(order.id);
    expect(paid.payment_status).toBe("captured");
    const after = await json(["api", "GET", `/admin/orders/${order.id}`, "--query", "fields=id,payment_status"], env);
    expect(after.order.payment_status).toBe("captured");
  });

  it("invites accept: the invited person registers, then accepts with their own token (MEDUSA_TOKEN)", async () => {
    const email = `${uniq("cli-invite")}@example.com`;
    const invite = await json(["invites", "create", "--set", `email=${email}`, "--json"], env);
    const reg = await json(["api", "POST", "/auth/user/emailpass/register", "--data", "-"], { MEDUSA_URL: backend.url, MEDUSACTL_CONFIG_DIR: "/nonexistent/medusactl-e2e" }, JSON.stringify({ email, password: uniq("pw") }));
    const user = await json(["invites", "accept", "--set", `invite_token=${invite.token}`, "--set", "first_name=Ada", "--set", "last_name=Lovelace", "--json"], {
      MEDUSA_URL: backend.url,
      MEDUSA_TOKEN: reg.token,
      MEDUSACTL_CONFIG_DIR: "/nonexistent/medusactl-e2e",
    });
    expect(user).toMatchObject({ email, first_name: "Ada", last_name: "Lovelace" });
    expect((await runCli(["users", "delete", user.id, "--yes"], { env })).code).toBe(0);
  });
});

describe("exit codes, safety and diagnostics", () => {
  const env = { ...keyEnv, MEDUSACTL_CONFIG_DIR: "/nonexistent/medusactl-e2e" };

  it.each([
    [["products", "list", "--limit", "many"], "expected a whole number"],
    [["products", "frobnicate"], "unknown command 'frobnicate'"],
    [["products", "get"], "missing required argument 'id'"],
    [["api", "/admin/products"], "the HTTP method comes first"],
    [["products", "create", "--data", "{oops"], "not valid JSON"],
  ])("exits 2 on the usage error %j", async (args, message) => {
    const r = await runCli(args as string[], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it("exits 4 on a 401 with a login hint, without echoing the key", async () => {
    const r = await runCli(["regions", "list"], { env: { MEDUSA_URL: backend.url, MEDUSA_API_KEY: "sk_not_a_real_key" } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^Error: Unauthorized \(401, GET \/admin\/regions\?[^)]*\)\nHint: run `medusactl login`\n$/);
    expect(r.stderr).not.toContain("sk_not_a_real_key");
  });

  it("refuses plain http to a non-loopback host unless --insecure", async () => {
    const r = await runCli(["regions", "list"], { env: { MEDUSA_URL: "http://shop.example.invalid", MEDUSA_API_KEY: "sk_x" } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("refusing plain http to shop.example.invalid");
    const insecure = await runCli(["regions", "list", "--insecure", "--timeout", "2"], { env: { MEDUSA_URL: "http://shop.example.invalid", MEDUSA_API_KEY: "sk_x" } });
    expect(insecure.code).toBe(1); // allowed, then the name does not resolve
    expect(insecure.stderr).not.toContain("refusing");
  });

  it("--debug logs each request on stderr with the credential redacted", async () => {
    const r = await runCli(["--debug", "regions", "list", "--limit", "1", "--json"], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`debug: GET ${backend.url.replace(/\./g, "\\.")}/admin/regions\\?limit=1 → 200 \\(\\d+ ms, attempt 1\\)`));
    expect(r.stderr).not.toContain(backend.apiKey);
    expect(r.stderr).not.toContain(Buffer.from(`${backend.apiKey}:`).toString("base64"));
  });

  it("prints completion scripts that bash accepts", async () => {
    const r = await runCli(["completion", "bash"], { env });
    expect(r.code).toBe(0);
    const check = spawnSync("bash", ["-n"], { input: r.stdout, encoding: "utf8" });
    expect(check.status).toBe(0);
    const zsh = await runCli(["completion", "zsh"], { env });
    expect(zsh.stdout).toContain("#compdef medusactl");
  });

  it("shows examples in the help of every command it builds for a noun", async () => {
    for (const args of [["products", "--help"], ["products", "list", "--help"], ["products", "delete", "--help"], ["api-keys", "revoke", "--help"], ["login", "--help"], ["api", "--help"]]) {
      const r = await runCli(args, { env });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Examples:");
    }
  });
});
