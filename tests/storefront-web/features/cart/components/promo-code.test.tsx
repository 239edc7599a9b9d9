// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MemoryStorage, renderApp, createShop } from "../../../../helpers/storefront.js";

async function cartPage(path = "/cart") {
  const shop = createShop();
  const { cart } = await shop.sdk.store.cart.create({ region_id: "reg_eu", items: [{ variant_id: "var_s", quantity: 1 }] });
  const storage = new MemoryStorage();
  storage.setItem("storefront_cart_id", cart.id);
  renderApp(path, { shop, storage });
  const field = await screen.findByLabelText("Promotion code");
  return { shop, cartId: cart.id, field };
}

describe("promotion codes", () => {
  it("applies a code, shows the discount in the totals and lists the code; removing it restores the totals", async () => {
    const { shop, cartId, field } = await cartPage();
    fireEvent.change(field, { target: { value: " WELCOME10 " } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.getByLabelText("Order totals").textContent).toContain("Discount−€6.48"));
    // 54 + 20 % tax − 5.40
    expect(screen.getByLabelText("Order totals").textContent).toContain("Total EUR€58.32");
    expect(shop.registry.calls("POST", "/store/carts/:id/promotions").map((c) => [c.path, c.body])[0]).toEqual([`/store/carts/${cartId}/promotions`, { promo_codes: ["WELCOME10"] }]);
    expect(within(screen.getByRole("list", { name: "Applied promotion codes" })).getByText("WELCOME10")).toBeTruthy();
    expect((await screen.findByText("Code WELCOME10 applied.")).getAttribute("aria-live")).toBe("polite");
    expect((field as HTMLInputElement).value).toBe("");

    fireEvent.click(screen.getByRole("button", { name: "Remove code WELCOME10" }));
    await waitFor(() => expect(screen.getByLabelText("Order totals").textContent).not.toContain("Discount"));
    expect(screen.getByLabelText("Order totals").textContent).toContain("Total EUR€64.80");
    expect(screen.queryByRole("list", { name: "Applied promotion codes" })).toBeNull();
    expect(await screen.findByText("Code WELCOME10 removed.")).toBeTruthy();
  });

  it("says an unknown code is invalid, tied to the field, and leaves the totals alone", async () => {
    const { field } = await cartPage();
    fireEvent.change(field, { target: { value: "NOPE" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("The promotion code NOPE is invalid");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe(alert.id);
    expect(screen.getByLabelText("Order totals").textContent).not.toContain("Discount");
  });

  it("is offered in the checkout summary as well", async () => {
    await cartPage("/checkout");
    fireEvent.change(screen.getByLabelText("Promotion code"), { target: { value: "WELCOME10" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    const summary = screen.getByRole("complementary", { name: "Order summary" });
    await waitFor(() => expect(within(summary).getByLabelText("Order totals").textContent).toContain("Discount−€6.48"));
  });

  it("applied on the review step, a code sends the shopper back to payment and says why (Medusa drops the session)", async () => {
    const shop = createShop();
    let { cart } = await shop.sdk.store.cart.create({ region_id: "reg_eu", items: [{ variant_id: "var_s", quantity: 1 }] });
    const address = { first_name: "Ada", last_name: "Lovelace", address_1: "Main St 1", city: "Berlin", postal_code: "10115", country_code: "de" };
    ({ cart } = await shop.sdk.store.cart.update(cart.id, { email: "ada@example.com", shipping_address: address, billing_address: address }));
    ({ cart } = await shop.sdk.store.cart.addShippingMethod(cart.id, { option_id: "so_standard" }));
    await shop.sdk.store.payment.initiatePaymentSession(cart, { provider_id: "pp_system_default" });
    const storage = new MemoryStorage();
    storage.setItem("storefront_cart_id", cart.id);
    renderApp("/checkout?step=review", { shop, storage });
    await screen.findByRole("heading", { level: 2, name: "Review" });
    fireEvent.change(screen.getByLabelText("Promotion code"), { target: { value: "WELCOME10" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Code WELCOME10 applied. The total changed, so choose the payment method again.")).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: "Payment" })).toBeTruthy();
  });
});
