/**
 * What a CI job does with `apply -f`: seed a store from the example file, then let a storefront
 * test check out in it as a guest with the seeded promotion code. The example is applied as it
 * is (its regions use countries the sandbox's own regions do not), except that its secret key
 * gets a title of its own, so every run creates one and has its token to check.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { adminSdk, backend, storeSdk, uniq } from "./helpers/sdk.js";

const root = path.resolve(import.meta.dirname, "../..");
const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: backend.configDir };
const admin = adminSdk();

const envLines = (stdout: string): Record<string, string> =>
  Object.fromEntries(
    stdout
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

describe("apply -f examples/seed.yaml, then a guest checks out with its promotion code", () => {
  const id = uniq("ci").replace(/-/g, "").toUpperCase();
  const dir = mkdtempSync(path.join(tmpdir(), "medusactl-apply-store-"));
  const file = path.join(dir, "seed.yaml");
  const text = readFileSync(path.join(root, "examples/seed.yaml"), "utf8");
  expect(text).toMatch(/^ {2}- title: Acme CI\n {4}type: secret$/m);
  writeFileSync(file, text.replace(/^( {2}- title: Acme CI)\n/m, `$1 ${id}\n`));
  const keyVar = `MEDUSA_SECRET_KEY_ACME_CI_${id}`;
  let vars: Record<string, string>;

  it("seeds everything in one run, prints the new secret key only as an env line, and a second run changes nothing", async () => {
    const first = await runCli(["apply", "-f", file, "--output", "env", "--debug"], { env, timeoutMs: 300_000 });
    expect(first.code, first.stderr).toBe(0);
    vars = envLines(first.stdout);
    const token = vars[keyVar]!;
    expect(token).toMatch(/^sk_/);
    // Printed once, as asked, and nowhere else: not in the --debug log of the very request that created it.
    expect(first.stderr).not.toContain(token);
    expect(first.stdout.split(token).length - 1).toBe(1);
    // The key works: it is an admin credential.
    const who = await runCli(["whoami"], { env: { MEDUSA_URL: backend.url, MEDUSA_API_KEY: token, MEDUSACTL_CONFIG_DIR: backend.configDir } });
    expect(who.code, who.stderr).toBe(0);

    const second = await runCli(["apply", "-f", file, "--output", "env"], { env, timeoutMs: 300_000 });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/^No changes: \d+ objects unchanged\.$/m);
    // Everything prints the same values again, except the secret: Medusa will not show it twice, and stderr says so.
    const { [keyVar]: _, ...rest } = vars;
    expect(envLines(second.stdout)).toEqual(rest);
    expect(second.stderr).toContain(`Warning: ${keyVar} not printed: secret API key "Acme CI ${id}" already exists`);
    expect(second.stdout + second.stderr).not.toContain(token);

    // --quiet drops the summary, never the data or the warning a CI step needs.
    const quiet = await runCli(["--quiet", "apply", "-f", file, "--output", "env"], { env, timeoutMs: 300_000 });
    expect(quiet.code).toBe(0);
    expect(envLines(quiet.stdout)).toEqual(rest);
    expect(quiet.stderr.trim().split("\n")).toEqual([expect.stringMatching(new RegExp(`^Warning: ${keyVar} not printed: `))]);

    const json = await runCli(["apply", "-f", file, "--output", "json"], { env, timeoutMs: 300_000 });
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(doc.changed).toBe(false);
    expect(doc.env[keyVar]).toBeNull();
    expect(doc.env[`${keyVar}_ID`]).toBe(vars[`${keyVar}_ID`]);
  });

  it("created the customers' addresses, keyed by name", async () => {
    const { customers } = await admin.admin.customer.list({ email: "alice@acme.example", fields: "id,*addresses" } as never);
    const addresses = (customers[0] as { addresses: { address_name: string; city: string; country_code: string; is_default_shipping: boolean }[] }).addresses;
    expect(addresses.map((a) => [a.address_name, a.city, a.country_code, a.is_default_shipping]).sort()).toEqual([
      ["Home", "London", "gb", true],
      ["Work", "Manchester", "gb", false],
    ]);
  });

  it("a guest checks out in the seeded region with CI10 and the order carries the discount", async () => {
    const pk = vars["MEDUSA_PUBLISHABLE_KEY_ACME_STOREFRONT"]!;
    const regionId = vars["MEDUSA_REGION_ACME_UNITED_KINGDOM_ID"]!;
    const variantId = vars["MEDUSA_VARIANT_ACME_RJ_M_NAVY_ID"]!;
    expect(pk).toMatch(/^pk_/);
    const shop = storeSdk({ publishableKey: pk });

    let { cart } = await shop.store.cart.create({ region_id: regionId, email: `${uniq("ci-shopper")}@example.com` });
    ({ cart } = await shop.store.cart.createLineItem(cart.id, { variant_id: variantId, quantity: 2 }));
    const address = { first_name: "Casey", last_name: "Shopper", address_1: "10 Test Lane", city: "London", postal_code: "EC1A 1BB", country_code: "gb" };
    ({ cart } = await shop.store.cart.update(cart.id, { shipping_address: address, billing_address: address, promo_codes: ["CI10"] }));
    expect(cart.currency_code).toBe("gbp");
    expect((cart.promotions ?? []).map((p) => p.code)).toEqual(["CI10"]);
    // 2 × £115, 10 % off.
    expect(Number(cart.discount_total)).toBeGreaterThan(0);

    const { shipping_options } = await shop.store.fulfillment.listCartOptions({ cart_id: cart.id });
    const standard = shipping_options.find((o) => o.name === "Acme Standard");
    expect(standard, JSON.stringify(shipping_options.map((o) => o.name))).toBeDefined();
    ({ cart } = await shop.store.cart.addShippingMethod(cart.id, { option_id: standard!.id }));
    await shop.store.payment.initiatePaymentSession(cart, { provider_id: "pp_system_default" });
    const done = await shop.store.cart.complete(cart.id);
    expect(done.type, JSON.stringify((done as { error?: unknown }).error)).toBe("order");
    const orderId = (done as { order: { id: string } }).order.id;

    const { order } = await admin.admin.order.retrieve(orderId, { fields: "id,currency_code,item_subtotal,discount_total,total,*items,*items.adjustments" });
    expect(order.currency_code).toBe("gbp");
    const adjustments = order.items!.flatMap((i) => (i as { adjustments?: { code: string; promotion_id: string }[] }).adjustments ?? []);
    expect(adjustments.map((a) => a.code)).toContain("CI10");
    expect(adjustments.map((a) => a.promotion_id)).toContain(vars["MEDUSA_PROMOTION_CI10_ID"]);
    // 10 % of the items: 2 × £115 = £230 → £23 off (before tax; Medusa's discount_total includes the tax share).
    expect(Number(order.discount_total)).toBeGreaterThanOrEqual(23 - 0.01);
    expect(Number(order.discount_total)).toBeLessThanOrEqual(23 * 1.2 + 0.01);
  });
});
