/**
 * A shopper in a real browser against the real Medusa back-end, driven by role and label only:
 * browse → product → add to cart → checkout as a guest (keyboard for every action) → confirmation,
 * then the order is checked through the admin API; and register → log in → add an address → buy →
 * see the order in the account's history. A screenshot of each step goes to test-artifacts/storefront/.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { adminSdk, backend, uniq } from "./helpers/sdk.js";
import { ARTIFACTS, startStorefront, type Storefront } from "./helpers/storefront.js";

let shop: Storefront;
// Generous: the back-end is shared and a cold Medusa answers its first writes slowly.
const T = { timeout: 60_000 };

beforeAll(async () => {
  shop = await startStorefront(backend);
});

afterAll(async () => {
  await shop?.close();
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

let current: { page: Page; name: string } | undefined;

async function newPage(name: string): Promise<Page> {
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(T.timeout);
  current = { page, name };
  return page;
}

// What the browser showed when a step failed, for the CI artifacts.
afterEach(async (ctx) => {
  if (current && ctx.task.result?.state === "fail") await shot(current.page, `${current.name}-failed`).catch(() => {});
  await current?.page.context().close().catch(() => {});
  current = undefined;
});

/** The id of the element that has focus, or its text for headings (focus management checks). */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

async function openSweatshirt(page: Page, prefix: string) {
  await page.getByRole("searchbox", { name: "Search products" }).fill("Organic Sweatshirt");
  await page.getByRole("button", { name: "Search" }).press("Enter");
  await page.getByRole("heading", { level: 1, name: "Results for “Organic Sweatshirt”" }).waitFor();
  await shot(page, `${prefix}-01-listing`);
  await page.getByRole("list", { name: "Products", exact: true }).getByRole("link", { name: "Organic Sweatshirt", exact: true }).first().press("Enter");
  await page.getByRole("heading", { level: 1, name: "Organic Sweatshirt" }).waitFor();
}

/** Product page → cart → checkout; `atCart` runs on the cart page before Checkout is pressed. */
async function addToCartAndCheckout(page: Page, prefix: string, atCart?: (page: Page) => Promise<void>) {
  await page.getByRole("button", { name: "Add to cart" }).press("Enter");
  // The cart drawer opens and says what was added; Escape closes it.
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await drawer.getByRole("status").filter({ hasText: /^Added 1 × Organic Sweatshirt/ }).waitFor();
  await shot(page, `${prefix}-02-product`);
  await page.keyboard.press("Escape");
  await drawer.waitFor({ state: "detached" });
  await page.getByRole("link", { name: /^Cart \(1 item\)/ }).press("Enter");
  await page.getByRole("heading", { level: 1, name: "Your cart" }).waitFor();
  await page.getByRole("list", { name: "Items in your cart" }).getByRole("link", { name: /^Organic Sweatshirt/ }).waitFor();
  await atCart?.(page);
  await shot(page, `${prefix}-03-cart`);
  await page.getByRole("button", { name: "Checkout" }).press("Enter");
  await page.getByRole("navigation", { name: "Checkout steps" }).waitFor();
}

async function fillAddress(page: Page, city: string) {
  await page.getByLabel("First name", { exact: true }).fill("Ada");
  await page.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("Unter den Linden 1");
  await page.getByLabel("City", { exact: true }).fill(city);
  await page.getByLabel("Postal code", { exact: true }).fill("10117");
  await page.getByLabel("Country", { exact: true }).selectOption({ label: "Germany" });
  await page.getByLabel("Phone", { exact: true }).fill("+49 30 123456");
}

/** Delivery → payment → review → Place order; returns the display id and the order id from the URL. */
async function deliverPayPlace(page: Page, prefix: string): Promise<{ displayId: number; orderId: string }> {
  await page.getByRole("heading", { level: 2, name: "Delivery" }).waitFor();
  expect(await focusedText(page)).toBe("Delivery");
  const delivery = page.getByRole("group", { name: "Delivery method" });
  await delivery.getByRole("radio").first().waitFor();
  // An option Medusa lists without a price for this cart is shown disabled; take the first available one.
  await delivery.getByRole("radio", { disabled: false }).first().press("Space");
  await shot(page, `${prefix}-05-delivery`);
  await page.getByRole("button", { name: "Continue to payment" }).press("Enter");
  await page.getByRole("heading", { level: 2, name: "Payment" }).waitFor();
  await page.getByRole("radio", { name: /Manual payment/ }).press("Space");
  await page.getByRole("button", { name: "Continue to review" }).press("Enter");
  await page.getByRole("heading", { level: 2, name: "Review" }).waitFor();
  expect(await focusedText(page)).toBe("Review");
  await shot(page, `${prefix}-06-review`);
  await page.getByRole("button", { name: "Place order" }).press("Enter");
  await page.getByRole("heading", { level: 1, name: "Thank you for your order" }).waitFor();
  const text = (await page.getByText(/^Your order number is #\d+/).textContent()) ?? "";
  await shot(page, `${prefix}-07-confirmation`);
  const displayId = Number(/#(\d+)/.exec(text)?.[1]);
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  return { displayId, orderId };
}

describe("storefront in Chromium against the real back-end", () => {
  it("a guest finds a product, buys it with the keyboard, sees the confirmation, and the order reaches the admin API", async () => {
    const page = await newPage("guest");
    const email = `${uniq("web-guest")}@example.com`;
    await page.goto(`${shop.url}/`);
    await page.getByRole("list", { name: "Products", exact: true }).waitFor();
    await page.getByLabel("Region").selectOption({ label: "Germany (EUR)" });
    await openSweatshirt(page, "guest");
    await addToCartAndCheckout(page, "guest");
    await page.getByRole("heading", { level: 2, name: "Contact" }).waitFor();

    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Email", { exact: true }).press("Enter");
    await page.getByRole("heading", { level: 2, name: "Address" }).waitFor();
    expect(await focusedText(page)).toBe("Address");
    await fillAddress(page, "Berlin");
    await shot(page, "guest-04-address");
    await page.getByRole("button", { name: "Continue to delivery" }).press("Enter");
    const { displayId, orderId } = await deliverPayPlace(page, "guest");
    expect(displayId).toBeGreaterThan(0);
    expect(orderId).toMatch(/^order_/);

    // The cart is gone once it became an order.
    await page.getByRole("link", { name: /^Cart \(0 items\)/ }).waitFor();

    const { order } = await adminSdk().admin.order.retrieve(orderId, { fields: "id,display_id,email,currency_code,*items,*shipping_address" });
    expect(order.display_id).toBe(displayId);
    expect(order.email).toBe(email);
    expect(order.currency_code).toBe("eur");
    expect(order.items?.map((i) => i.product_title)).toEqual(["Organic Sweatshirt"]);
    expect(order.shipping_address).toMatchObject({ first_name: "Ada", city: "Berlin", country_code: "de" });
  }, 240_000);

  it("a CI job seeds the store with `apply -f examples/seed.yaml`, and a guest checks out in the browser with its code CI10", async () => {
    const env = { MEDUSA_URL: backend.url, MEDUSA_TOKEN: backend.adminToken, MEDUSACTL_CONFIG_DIR: backend.configDir };
    const seeded = await runCli(["apply", "-f", path.resolve(import.meta.dirname, "../../examples/seed.yaml"), "--output", "env"], { env, timeoutMs: 300_000 });
    expect(seeded.code, seeded.stderr).toBe(0);
    const promotionId = /^MEDUSA_PROMOTION_CI10_ID=(\S+)$/m.exec(seeded.stdout)?.[1];
    expect(promotionId).toMatch(/^promo_/);

    const page = await newPage("seeded-code");
    await page.goto(`${shop.url}/`);
    await page.getByRole("list", { name: "Products", exact: true }).waitFor();
    await page.getByLabel("Region").selectOption({ label: "Germany (EUR)" });
    await openSweatshirt(page, "seeded-code");
    await addToCartAndCheckout(page, "seeded-code", async (p) => {
      await p.getByLabel("Promotion code").fill("CI10");
      await p.getByLabel("Promotion code").press("Enter");
      await p.getByText("Code CI10 applied.").waitFor();
      await p.getByRole("list", { name: "Applied promotion codes" }).getByText("CI10", { exact: true }).waitFor();
    });
    await page.getByLabel("Email", { exact: true }).fill(`${uniq("web-ci10")}@example.com`);
    await page.getByLabel("Email", { exact: true }).press("Enter");
    await page.getByRole("heading", { level: 2, name: "Address" }).waitFor();
    await fillAddress(page, "Hamburg");
    await page.getByRole("button", { name: "Continue to delivery" }).press("Enter");
    const { orderId } = await deliverPayPlace(page, "seeded-code");

    const { order } = await adminSdk().admin.order.retrieve(orderId, { fields: "id,currency_code,discount_total,*items,*items.adjustments" });
    expect(order.currency_code).toBe("eur");
    const adjustments = order.items!.flatMap((i) => (i as { adjustments?: { code: string; promotion_id: string }[] }).adjustments ?? []);
    expect(adjustments.map((a) => [a.code, a.promotion_id])).toContainEqual(["CI10", promotionId]);
    expect(Number(order.discount_total)).toBeGreaterThan(0);
  }, 360_000);

  it("a shopper registers, logs in, saves an address, buys with it and finds the order in their history", async () => {
    const page = await newPage("customer");
    const email = `${uniq("web-customer")}@example.com`;
    const password = "correct-horse-battery";
    await page.goto(`${shop.url}/account/register`);
    await page.getByLabel("First name", { exact: true }).fill("Grace");
    await page.getByLabel("Last name", { exact: true }).fill("Hopper");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await shot(page, "customer-01-register");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
    await page.getByText(email).waitFor();

    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByRole("heading", { level: 1, name: "Log in" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await shot(page, "customer-02-login");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();

    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Addresses" }).click();
    await page.getByRole("button", { name: "Add address" }).click();
    await fillAddress(page, "Potsdam");
    await page.getByRole("button", { name: "Save address" }).click();
    await page.getByText("Address added.").waitFor();
    await page.getByRole("list", { name: "Saved addresses" }).getByText("Ada Lovelace, Unter den Linden 1, 10117 Potsdam, DE").waitFor();
    await shot(page, "customer-03-addresses");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }).click();
    await page.getByLabel("Region").selectOption({ label: "Germany (EUR)" });
    await openSweatshirt(page, "customer");
    await addToCartAndCheckout(page, "customer");
    // A logged-in customer's cart already carries their email, so checkout opens at the address.
    await page.getByRole("heading", { level: 2, name: "Address" }).waitFor();
    await page.getByRole("button", { name: "1. Contact" }).click();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    await page.getByRole("button", { name: "Continue to address" }).click();
    await page.getByLabel("Use a saved address").selectOption({ label: "Ada, Lovelace, Unter den Linden 1, Potsdam" });
    expect(await page.getByLabel("City", { exact: true }).inputValue()).toBe("Potsdam");
    await shot(page, "customer-04-address");
    await page.getByRole("button", { name: "Continue to delivery" }).click();
    const { displayId, orderId } = await deliverPayPlace(page, "customer");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Orders" }).click();
    await page.getByRole("link", { name: `Order #${displayId}` }).click();
    await page.getByRole("heading", { level: 2, name: `Order #${displayId}` }).waitFor();
    await page.getByRole("cell", { name: /^Organic Sweatshirt/ }).waitFor();
    await shot(page, "customer-08-order-history");

    const { order } = await adminSdk().admin.order.retrieve(orderId, { fields: "id,email,customer_id,*customer" });
    expect(order.email).toBe(email);
    expect(order.customer?.email).toBe(email);
    expect(order.customer?.has_account).toBe(true);
  }, 240_000);
});
