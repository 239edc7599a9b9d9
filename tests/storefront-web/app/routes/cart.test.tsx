// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MemoryStorage, renderApp, createShop } from "../../../helpers/storefront.js";

async function withCart() {
  const shop = createShop();
  const { cart } = await shop.sdk.store.cart.create({ region_id: "reg_eu", items: [{ variant_id: "var_s", quantity: 1 }, { variant_id: "prod_01_s", quantity: 2 }] });
  const storage = new MemoryStorage();
  storage.setItem("storefront_cart_id", cart.id);
  return { shop, storage, cartId: cart.id };
}

describe("cart page", () => {
  it("says the cart is empty when there is none", async () => {
    renderApp("/cart");
    expect(await screen.findByText("Your cart is empty.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Checkout" })).toBeNull();
  });

  it("lists the lines and the totals the server computed", async () => {
    const { shop, storage } = await withCart();
    renderApp("/cart", { shop, storage });
    const lines = await screen.findByRole("list", { name: "Items in your cart" });
    expect(within(lines).getAllByRole("listitem")).toHaveLength(2);
    const totals = screen.getByLabelText("Order totals");
    // 54 + 2 × 11 = 76, tax 20 % = 15.20 (the shop's rule), total 91.20: shown with VAT, as the
    // product pages showed the prices, the VAT it holds said once.
    expect(totals.textContent).toContain("Items€91.20");
    expect(totals.textContent).toContain("Total EUR€91.20");
    expect(totals.textContent).toContain("incl. VAT€15.20");
    expect(screen.getByText("Prices include VAT.")).toBeTruthy();
    expect(document.body.textContent).not.toContain("exclude");
    expect(screen.getByRole("button", { name: "Checkout" })).toBeTruthy();
  });

  it("changes a quantity and shows the new totals", async () => {
    const { shop, storage, cartId } = await withCart();
    renderApp("/cart", { shop, storage });
    fireEvent.click(await screen.findByRole("button", { name: "Increase quantity of Organic Sweatshirt (S)" }));
    await waitFor(() => expect(screen.getByLabelText("Order totals").textContent).toContain("Items€156.00"));
    const [line] = shop.registry.calls("POST", "/store/carts/:id/line-items/:line");
    expect([line!.params[0], line!.params[1], line!.body]).toEqual([cartId, expect.stringMatching(/^cali_/), { quantity: 2 }]);
    expect(screen.getByRole("group", { name: "Quantity of Organic Sweatshirt (S)" }).textContent).toContain("2");
  });

  it("rolls a refused quantity back and says why", async () => {
    const { shop, storage } = await withCart();
    renderApp("/cart", { shop, storage });
    const plus = await screen.findByRole("button", { name: "Increase quantity of Organic Sweatshirt (S)" });
    fireEvent.click(plus);
    // The new quantity shows at once (optimistic) while the update is pending, and the button ignores
    // clicks until it settles: wait for that before the next click, as a person would.
    const slow = { timeout: 5000 };
    const settled = () => waitFor(() => expect(plus.getAttribute("aria-disabled")).toBeNull(), slow);
    await waitFor(() => expect(screen.getByRole("group", { name: "Quantity of Organic Sweatshirt (S)" }).textContent).toContain("2"), slow);
    await settled();
    fireEvent.click(plus);
    await waitFor(() => expect(screen.getByRole("group", { name: "Quantity of Organic Sweatshirt (S)" }).textContent).toContain("3"), slow);
    await settled();
    fireEvent.click(plus);
    expect((await screen.findByRole("alert", undefined, slow)).textContent).toContain("not enough stock");
    expect(screen.getByRole("group", { name: "Quantity of Organic Sweatshirt (S)" }).textContent).toContain("3");
  });

  it("removes a line", async () => {
    const { shop, storage } = await withCart();
    renderApp("/cart", { shop, storage });
    fireEvent.click(await screen.findByRole("button", { name: "Remove Product 01 (S)" }));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Items in your cart" })).getAllByRole("listitem")).toHaveLength(1));
    expect(shop.registry.calls("DELETE", "/store/carts/:id/line-items/:line")).toHaveLength(1);
  });

  it("keeps the cart across a reload (the id lives in storage)", async () => {
    const { shop, storage } = await withCart();
    renderApp("/", { shop, storage });
    await waitFor(() => expect(screen.getByRole("link", { name: /^Cart/ }).textContent).toContain("(3 items)"));
    cleanup();
    renderApp("/cart", { shop, storage });
    expect(await screen.findByRole("list", { name: "Items in your cart" })).toBeTruthy();
  });

  it("forgets a cart the server no longer has", async () => {
    const storage = new MemoryStorage();
    storage.setItem("storefront_cart_id", "cart_gone");
    renderApp("/cart", { storage });
    expect(await screen.findByText("Your cart is empty.")).toBeTruthy();
    expect(storage.getItem("storefront_cart_id")).toBeNull();
  });

  it("moves the cart to the new region when the shopper changes country", async () => {
    const { shop, storage, cartId } = await withCart();
    renderApp("/cart", { shop, storage });
    await screen.findByRole("list", { name: "Items in your cart" });
    fireEvent.change(screen.getByLabelText("Region"), { target: { value: "us" } });
    await waitFor(() => expect(screen.getByLabelText("Order totals").textContent).toContain("$"));
    // The cart made without a country got the page's first (so its tax is known), then moved along.
    const [first, update] = shop.registry.calls("POST", "/store/carts/:id");
    expect(first!.body).toEqual({ shipping_address: { country_code: "de" } });
    expect([update!.path, update!.body]).toEqual([`/store/carts/${cartId}`, { region_id: "reg_us", shipping_address: { country_code: "us" } }]);
  });
});
