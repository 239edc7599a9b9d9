// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { resolveStep } from "../../../../src/storefront-web/src/features/checkout/components/checkout-steps.js";
import { MemoryStorage, renderApp, createShop } from "../../../helpers/storefront.js";

async function withCart() {
  const shop = createShop();
  // As the storefront makes it: in the region, knowing the country.
  const { cart } = await shop.sdk.store.cart.create({ region_id: "reg_eu", shipping_address: { country_code: "de" }, items: [{ variant_id: "var_s", quantity: 1 }] });
  const storage = new MemoryStorage();
  storage.setItem("storefront_cart_id", cart.id);
  return { shop, storage, cartId: cart.id };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function fillAddress() {
  await screen.findByRole("heading", { level: 2, name: "Address" });
  type("First name", "Ada");
  type("Last name", "Lovelace");
  type("Address", "Main St 1");
  type("City", "Berlin");
  type("Postal code", "10115");
  fireEvent.change(field("Country"), { target: { value: "de" } });
  type("Phone", "+49 30 1234");
}

describe("checkout", () => {
  it("walks contact → address → delivery → payment → review → Place order, then confirms with the display id", async () => {
    const { shop, storage, cartId } = await withCart();
    renderApp("/checkout", { shop, storage });
    expect(await screen.findByRole("heading", { level: 2, name: "Contact" })).toBeTruthy();
    type("Email", "ada@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Continue to address" }));

    await fillAddress();
    // The Country choices are the cart region's countries.
    expect([...(field("Country") as unknown as HTMLSelectElement).options].map((o) => o.value)).toEqual(["", "fr", "de"]);
    fireEvent.click(screen.getByRole("button", { name: "Continue to delivery" }));

    expect(await screen.findByRole("heading", { level: 2, name: "Delivery" })).toBe(document.activeElement);
    const express = (await screen.findByRole("radio", { name: /Express Shipping/ })) as HTMLInputElement;
    // Listed as the shopper will pay it (12.00 + 20 % VAT), the same as the summary will say.
    expect(express.closest("label")!.textContent).toContain("€14.40");
    // The option shown as chosen is on the cart at once, so the summary beside it already counts it.
    await waitFor(() => expect(shop.registry.calls("POST", "/store/carts/:id/shipping-methods")[0]?.body).toEqual({ option_id: "so_standard" }));
    await waitFor(() => expect(screen.getByLabelText("Order totals").textContent).toContain("Shipping€6.00"));
    fireEvent.click(express);
    await waitFor(() => expect(screen.getByLabelText("Order totals").textContent).toContain("Shipping€14.40"));
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }));

    fireEvent.click(await screen.findByRole("radio", { name: /Manual payment/ }));
    fireEvent.click(screen.getByRole("button", { name: "Continue to review" }));

    await screen.findByRole("heading", { level: 2, name: "Review" });
    expect(screen.getByText("ada@example.com")).toBeTruthy();
    // 54 + 12 shipping, 20 % tax = 13.20, total 79.20: what the server said, shown as given.
    expect(screen.getByLabelText("Order totals").textContent).toContain("Total EUR€79.20");
    // The totals are part of the review, before the button (so a phone shows them first).
    const place = screen.getByRole("button", { name: "Place order" });
    expect(place.closest("form")!.contains(screen.getByLabelText("Order totals"))).toBe(true);
    expect(screen.getByLabelText("Order totals").compareDocumentPosition(place) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(place);

    expect(await screen.findByRole("heading", { level: 1, name: "Thank you for your order" })).toBeTruthy();
    const order = [...shop.state.orders.values()][0];
    expect((await screen.findByText(/Your order number is/)).textContent).toContain(`Your order number is #${order.display_id}.`);
    // The full id too (the store API finds a guest order only by it), and no claim of an e-mail nobody sent.
    expect(screen.getByText(order.id).tagName).toBe("CODE");
    expect(screen.getByRole("link", { name: "add this order to your account" }).getAttribute("href")).toBe(`/de/account/orders?order=${order.id}`);
    expect(screen.getByRole("main").textContent).not.toMatch(/sent|e-?mailed|confirmation to/i);
    await waitFor(() => expect(JSON.parse(storage.getItem("storefront_recent_orders") ?? "[]")).toEqual([{ id: order.id, display_id: order.display_id }]));
    expect(window.location.pathname).toBe(`/de/order/confirmed/${order.id}`);
    expect(storage.getItem("storefront_cart_id")).toBeNull();

    const updates = shop.registry.calls("POST", "/store/carts/:id");
    expect([updates[0]!.path, updates[0]!.body]).toEqual([`/store/carts/${cartId}`, { email: "ada@example.com" }]);
    const addressCall = updates[1]!.body as Record<string, Record<string, string>>;
    expect(addressCall.shipping_address).toEqual({ first_name: "Ada", last_name: "Lovelace", address_1: "Main St 1", city: "Berlin", postal_code: "10115", country_code: "de", phone: "+49 30 1234" });
    expect(addressCall.billing_address).toEqual(addressCall.shipping_address);
    const shipping = shop.registry.calls("POST", "/store/carts/:id/shipping-methods");
    expect([shipping.at(-1)!.path, shipping.at(-1)!.body]).toEqual([`/store/carts/${cartId}/shipping-methods`, { option_id: "so_express" }]);
    expect(shop.registry.calls("POST", "/store/payment-collections/:id/payment-sessions")[0]!.body).toEqual({ provider_id: "pp_system_default" });
    // The payment session (its collection first) comes after the last cart change (NOTES.md §9).
    const order_ = shop.registry.requests.map((c) => `${c.method} ${c.path.replace(/\/(cart|pay_col)_\d+/, "/:id")}`);
    expect(order_.lastIndexOf("POST /store/carts/:id/shipping-methods")).toBeLessThan(order_.indexOf("POST /store/payment-collections"));
  });

  it("takes a separate billing address when the shopper unticks 'same as shipping'", async () => {
    const { shop, storage } = await withCart();
    await shop.sdk.store.cart.update([...shop.state.carts.keys()][0]!, { email: "a@b.c" });
    renderApp("/checkout", { shop, storage });
    await fillAddress();
    fireEvent.click(screen.getByRole("checkbox", { name: /Billing address is the same/ }));
    const billing = screen.getByRole("group", { name: "Billing address" });
    const inBilling = (label: string) => billing.querySelector(`[name="billing.${label}"]`) as HTMLInputElement;
    for (const [k, v] of Object.entries({ first_name: "Bob", last_name: "Payer", address_1: "Rue 2", city: "Paris", postal_code: "75001", country_code: "fr" })) {
      fireEvent.change(inBilling(k), { target: { value: v } });
    }
    fireEvent.click(screen.getByRole("button", { name: "Continue to delivery" }));
    await screen.findByRole("heading", { level: 2, name: "Delivery" });
    const body = shop.registry.calls("POST", "/store/carts/:id").at(-1)!.body as Record<string, Record<string, string>>;
    expect(body.billing_address).toMatchObject({ first_name: "Bob", city: "Paris", country_code: "fr" });
    expect(body.shipping_address).toMatchObject({ first_name: "Ada", city: "Berlin" });
  });

  it("cannot skip ahead: a later step in the URL falls back to the first one still needed", async () => {
    const { shop, storage } = await withCart();
    renderApp("/checkout?step=review", { shop, storage });
    expect(await screen.findByRole("heading", { level: 2, name: "Contact" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Place order" })).toBeNull();
  });

  it.each([
    [{}, "review", "contact"],
    [{ email: "a@b.c" }, "payment", "address"],
    [{ email: "a@b.c", shipping_address: { address_1: "x" } }, "review", "delivery"],
    [{ email: "a@b.c", shipping_address: { address_1: "x" }, shipping_methods: [{}] }, null, "payment"],
    [{ email: "a@b.c", shipping_address: { address_1: "x" }, shipping_methods: [{}], payment_collection: { payment_sessions: [{ status: "pending" }] } }, "contact", "contact"],
  ])("resolveStep(%j, %s) = %s", (cart, asked, expected) => {
    expect(resolveStep(cart as never, asked)).toBe(expected);
  });

  it("keeps the cart and explains when the payment is refused", async () => {
    const { shop, storage } = await withCart();
    const id = [...shop.state.carts.keys()][0]!;
    await shop.sdk.store.cart.update(id, { email: "a@b.c", shipping_address: { address_1: "x", country_code: "de" } as never });
    await shop.sdk.store.cart.addShippingMethod(id, { option_id: "so_standard" });
    const { cart } = await shop.sdk.store.cart.retrieve(id);
    await shop.sdk.store.payment.initiatePaymentSession(cart, { provider_id: "pp_system_default" });
    // Payment refused: Medusa answers 200 with the cart and an error instead of an order.
    shop.registry.stub("POST /store/carts/:id/complete", () => ({ type: "cart", cart: shop.state.totals(shop.state.cart(id)), error: { name: "PaymentError", type: "payment_authorization_error", message: "Your card was declined." } }));
    renderApp("/checkout", { shop, storage });
    fireEvent.click(await screen.findByRole("button", { name: "Place order" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.");
    expect(storage.getItem("storefront_cart_id")).toBe(id);
    expect(screen.getByRole("button", { name: "Place order" })).toBeTruthy();
  });

  it("offers a way back when no delivery option fits the address", async () => {
    const { shop, storage } = await withCart();
    const id = [...shop.state.carts.keys()][0]!;
    await shop.sdk.store.cart.update(id, { email: "a@b.c", shipping_address: { address_1: "x", country_code: "de" } as never });
    shop.state.shippingOptions.length = 0;
    renderApp("/checkout", { shop, storage });
    expect(await screen.findByText("We have no delivery options for this address.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Change the address" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Address" })).toBeTruthy();
  });

  it("marks an option Medusa lists without a price as unavailable and preselects the first priced one", async () => {
    const { shop, storage } = await withCart();
    const id = [...shop.state.carts.keys()][0]!;
    await shop.sdk.store.cart.update(id, { email: "a@b.c", shipping_address: { address_1: "x", country_code: "de" } as never });
    (shop.state.shippingOptions[0] as { amount?: number }).amount = undefined;
    renderApp("/checkout", { shop, storage });
    const standard = (await screen.findByRole("radio", { name: /Standard Shipping/ })) as HTMLInputElement;
    expect(standard.disabled).toBe(true);
    expect(standard.closest("label")!.textContent).toContain("Not available for this cart");
    expect((screen.getByRole("radio", { name: /Express Shipping/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows an empty state instead of a checkout for an empty cart", async () => {
    renderApp("/checkout");
    expect(await screen.findByText("Your cart is empty, so there is nothing to check out.")).toBeTruthy();
  });

  it("prefills the email of a logged-in customer and offers their saved addresses", async () => {
    const { shop, storage } = await withCart();
    const c = shop.state.addAccount("saved@example.com", "secret123");
    c.addresses.push({ id: "addr_1", first_name: "Sam", last_name: "Saved", address_1: "Saved St 9", city: "Lyon", postal_code: "69001", country_code: "fr", phone: "" });
    shop.state.login("saved@example.com");
    renderApp("/checkout", { shop, storage });
    await waitFor(() => expect(field("Email").value).toBe("saved@example.com"));
    fireEvent.click(screen.getByRole("button", { name: "Continue to address" }));
    await screen.findByRole("heading", { level: 2, name: "Address" });
    fireEvent.change(screen.getByLabelText("Use a saved address"), { target: { value: "addr_1" } });
    await waitFor(() => expect(field("City").value).toBe("Lyon"));
    expect((field("Country") as unknown as HTMLSelectElement).value).toBe("fr");
  });
});
