// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MemoryStorage, renderApp, createShop } from "../../../helpers/storefront.js";

// Pages past browsing load on demand, so wait for each field rather than assume it is there.
/** A saved address's line, whose fields are each isolated in their own <bdi>. */
const addressLine = (text: string) => (_: string, el: Element | null) => el?.tagName === "P" && el.textContent === text;
const type = async (label: string, value: string) => fireEvent.change(await screen.findByLabelText(label, { exact: true }), { target: { value } });

describe("account", () => {
  it("sends a guest to log in and back to the page they wanted", async () => {
    const shop = createShop();
    shop.state.addAccount("ada@example.com", "secret123");
    renderApp("/account/orders", { shop });
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeTruthy();
    expect(window.location.search).toBe("?next=%2Faccount%2Forders");
    await type("Email", "ada@example.com");
    await type("Password", "secret123");
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Orders" })).toBeTruthy();
    expect(await screen.findByText("You have not ordered anything yet.")).toBeTruthy();
    expect(shop.registry.calls("POST", "/auth/customer/emailpass")[0]!.body).toEqual({ email: "ada@example.com", password: "secret123" });
  });

  it("says so when the password is wrong", async () => {
    const shop = createShop();
    shop.state.addAccount("ada@example.com", "secret123");
    renderApp("/account/login", { shop });
    await type("Email", "ada@example.com");
    await type("Password", "nope");
    fireEvent.click(await screen.findByRole("button", { name: "Log in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The email or password is not right.");
  });

  it("registers: identity, then the customer with the registration token, then a real login", async () => {
    const { shop } = renderApp("/account/register");
    await type("First name", "Grace");
    await type("Last name", "Hopper");
    await type("Email", "grace@example.com");
    await type("Password", "longenough");
    fireEvent.click(await screen.findByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Your account" })).toBeTruthy();
    expect(shop.registry.requests.map((c) => `${c.method} ${c.path}`).filter((r) => r.includes(" /auth/") || r === "POST /store/customers")).toEqual([
      "POST /auth/customer/emailpass/register",
      "POST /store/customers",
      "POST /auth/customer/emailpass",
    ]);
    const [create] = shop.registry.calls("POST", "/store/customers");
    expect(create!.body).toEqual({ email: "grace@example.com", first_name: "Grace", last_name: "Hopper" });
    expect(create!.headers.authorization).toBe("Bearer reg:grace@example.com");
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Grace");
  });

  it("hands a guest cart to the customer who logs in", async () => {
    const shop = createShop();
    shop.state.addAccount("ada@example.com", "secret123");
    const { cart } = await shop.sdk.store.cart.create({ region_id: "reg_eu", items: [{ variant_id: "var_s", quantity: 1 }] });
    const storage = new MemoryStorage();
    storage.setItem("storefront_cart_id", cart.id);
    renderApp("/account/login", { shop, storage });
    await type("Email", "ada@example.com");
    await type("Password", "secret123");
    fireEvent.click(await screen.findByRole("button", { name: "Log in" }));
    await screen.findByRole("heading", { level: 1, name: "Your account" });
    expect(shop.registry.calls("POST", "/store/carts/*/customer")[0]!.path).toBe(`/store/carts/${cart.id}/customer`);
    expect(shop.state.carts.get(cart.id).customer_id).toBe([...shop.state.customers.values()][0].id);
  });

  it("saves the profile", async () => {
    const shop = createShop();
    shop.state.addAccount("ada@example.com", "secret123");
    shop.state.login("ada@example.com");
    renderApp("/account", { shop });
    await screen.findByText("ada@example.com");
    await type("Phone", "+44 20 1234");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Your profile is saved.")).toBeTruthy();
    expect(shop.registry.calls("POST", "/store/customers/me")[0]!.body).toEqual({ first_name: "Ada", last_name: "Lovelace", phone: "+44 20 1234" });
  });

  it("adds, edits and deletes addresses", async () => {
    const shop = createShop();
    shop.state.addAccount("ada@example.com", "secret123");
    shop.state.login("ada@example.com");
    renderApp("/account/addresses", { shop });
    expect(await screen.findByText("You have no saved addresses yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add address" }));
    await type("First name", "Ada");
    await type("Last name", "Lovelace");
    await type("Address", "Main St 1");
    await type("City", "Berlin");
    await type("Postal code", "10115");
    fireEvent.change(screen.getByLabelText("Country", { exact: true }), { target: { value: "de" } });
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("Address added.")).toBeTruthy();
    const book = screen.getByRole("list", { name: "Saved addresses" });
    expect(within(book).getByText(addressLine("Ada Lovelace, Main St 1, 10115 Berlin, DE"))).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Edit address Ada Lovelace, Main St 1, 10115 Berlin, DE" }));
    await type("City", "Potsdam");
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect(await within(book).findByText(addressLine("Ada Lovelace, Main St 1, 10115 Potsdam, DE"))).toBeTruthy();
    expect(shop.registry.calls("POST", "/store/customers/me/addresses/*")[0]!.body).toMatchObject({ city: "Potsdam" });

    fireEvent.click(screen.getByRole("button", { name: "Delete address Ada Lovelace, Main St 1, 10115 Potsdam, DE" }));
    expect(await screen.findByText("You have no saved addresses yet.")).toBeTruthy();
  });

  it("lists the customer's orders newest first and opens one", async () => {
    const shop = createShop();
    const me = shop.state.addAccount("ada@example.com", "secret123");
    shop.state.orders.set("order_a", { id: "order_a", display_id: 41, customer_id: me.id, currency_code: "eur", status: "pending", total: 10, items: [{ id: "i1", quantity: 2, product_title: "Mug", subtotal: 8, total: 10 }], created_at: "2026-01-01T00:00:00Z" });
    shop.state.orders.set("order_b", { id: "order_b", display_id: 42, customer_id: me.id, currency_code: "eur", status: "completed", total: 20, items: [], created_at: "2026-02-01T00:00:00Z" });
    shop.state.orders.set("order_c", { id: "order_c", display_id: 43, customer_id: "someone_else", currency_code: "eur", total: 1, items: [] });
    shop.state.login("ada@example.com");
    renderApp("/account/orders", { shop });
    const rows = await screen.findAllByRole("link", { name: /^Order #/ });
    expect(rows.map((r) => r.textContent)).toEqual(["Order #42", "Order #41"]);
    fireEvent.click(rows[1]!);
    expect(await screen.findByRole("heading", { level: 2, name: "Order #41" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Mug" })).toBeTruthy();
  });

  it("logs out: forgets the token and the cart", async () => {
    const shop = createShop();
    shop.state.addAccount("ada@example.com", "secret123");
    shop.state.login("ada@example.com");
    const storage = new MemoryStorage();
    storage.setItem("storefront_cart_id", "cart_x");
    renderApp("/account", { shop, storage });
    fireEvent.click(await screen.findByRole("button", { name: "Log out" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeTruthy();
    expect(shop.state.token).toBeNull();
    expect(storage.getItem("storefront_cart_id")).toBeNull();
    await waitFor(() => expect(screen.getByRole("link", { name: "Log in" })).toBeTruthy());
  });
});

describe("password reset", () => {
  it("asks for a link without telling whether the address has an account", async () => {
    const { shop } = renderApp("/account/forgot-password");
    await type("Email", "who@example.com");
    fireEvent.click(await screen.findByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("If who@example.com has an account, a link to reset the password is on its way.")).toBeTruthy();
    expect(shop.registry.calls("POST", "/auth/customer/emailpass/reset-password")[0]!.body).toEqual({ identifier: "who@example.com" });
  });

  it("sets the new password with the token from /reset-password?token=…&email=…, sent as an argument, not in a request URL", async () => {
    const shop = createShop();
    shop.state.addAccount("ada@example.com", "old-password");
    await shop.sdk.auth.resetPassword("customer", "emailpass", { identifier: "ada@example.com" });
    renderApp("/reset-password?token=reset-ada%40example.com&email=ada%40example.com", { shop });
    expect((await screen.findByLabelText("Email") as HTMLInputElement).value).toBe("ada@example.com");
    await type("New password", "new-password");
    await type("Confirm new password", "new-password");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Your password is changed.")).toBeTruthy();
    const [update] = shop.registry.calls("POST", "/auth/customer/emailpass/update");
    expect(update!.body).toEqual({ email: "ada@example.com", password: "new-password" });
    expect(update!.headers.authorization).toBe("Bearer reset-ada@example.com");
    expect(update!.rawQuery).toBe("");
    await shop.sdk.auth.login("customer", "emailpass", { email: "ada@example.com", password: "new-password" });
  });

  it("catches mismatched passwords before sending anything", async () => {
    const { shop } = renderApp("/reset-password?token=t&email=a%40b.c");
    await type("New password", "new-password");
    await type("Confirm new password", "other-password");
    fireEvent.click(await screen.findByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("The passwords do not match.")).toBeTruthy();
    expect(shop.registry.calls("POST", "/auth/customer/emailpass/update")).toHaveLength(0);
  });

  it("explains an expired or used link", async () => {
    renderApp("/reset-password?token=stale&email=a%40b.c");
    await type("New password", "new-password");
    await type("Confirm new password", "new-password");
    fireEvent.click(await screen.findByRole("button", { name: "Reset password" }));
    expect((await screen.findByRole("alert")).textContent).toContain("expired or was already used");
  });
});

describe("order transfer", () => {
  it("accepts a transfer with the token from /account/transfers/<id>?token=…", async () => {
    const shop = createShop();
    shop.state.addTransfer("order_t", "tok_1");
    renderApp("/account/transfers/order_t?token=tok_1", { shop });
    expect(await screen.findByText(/move order #77 to a customer account/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Accept transfer" }));
    expect(await screen.findByText("You accepted the transfer of order #77.")).toBeTruthy();
    expect(shop.registry.calls("POST", "/store/orders/*/transfer/accept").map((c) => [c.path, c.body])).toEqual([["/store/orders/order_t/transfer/accept", { token: "tok_1" }]]);
  });

  it("declines a transfer", async () => {
    const shop = createShop();
    shop.state.addTransfer("order_t", "tok_1");
    renderApp("/account/transfers/order_t?token=tok_1", { shop });
    fireEvent.click(await screen.findByRole("button", { name: "Decline transfer" }));
    expect(await screen.findByText(/You declined the transfer of/)).toBeTruthy();
    expect(shop.registry.calls("POST", "/store/orders/*/transfer/decline").map((c) => [c.path, c.body])).toEqual([["/store/orders/order_t/transfer/decline", { token: "tok_1" }]]);
  });

  it("shows the server's refusal of a wrong token", async () => {
    const shop = createShop();
    shop.state.addTransfer("order_t", "tok_1");
    renderApp("/account/transfers/order_t?token=wrong", { shop });
    fireEvent.click(await screen.findByRole("button", { name: "Accept transfer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid token");
  });

  function guestOrderSetup() {
    const shop = createShop();
    shop.state.addAccount("ada@example.com", "secret123");
    shop.state.login("ada@example.com");
    shop.state.orders.set("order_guest", { id: "order_guest", display_id: 5, email: "old@example.com", currency_code: "eur", items: [], status: "pending", total: 10 });
    return shop;
  }

  async function askFor(order: string, email: string) {
    fireEvent.change(await screen.findByLabelText("Order number"), { target: { value: order } });
    fireEvent.change(screen.getByLabelText("Order e-mail"), { target: { value: email } });
    fireEvent.click(screen.getByRole("button", { name: "Request transfer" }));
  }

  it("asks for a guest order by its order ID and the order's e-mail, and says when the order does not exist", async () => {
    const shop = guestOrderSetup();
    renderApp("/account/orders", { shop });
    await askFor("order_nope", "old@example.com");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("There is no order with this number or ID in this shop.");
    expect(screen.getByLabelText("Order number").getAttribute("aria-describedby")).toContain(alert.id);
    expect(screen.getByLabelText("Order e-mail").getAttribute("aria-describedby")).toContain(alert.id);
    await askFor(" order_guest ", "Old@Example.com ");
    expect(await screen.findByText("Transfer requested for order #5. It moves to your account once it is accepted through the transfer link for old@example.com.")).toBeTruthy();
    expect(shop.registry.calls("POST", "/store/orders/*/transfer/request").at(-1)!.path).toBe("/store/orders/order_guest/transfer/request");
    expect(shop.state.transfers.get("order_guest")).toBe("transfer-order_guest");
  });

  it("shows a request as waiting with its date, refuses to ask twice, and cancels it", async () => {
    const shop = guestOrderSetup();
    renderApp("/account/orders", { shop });
    await askFor("order_guest", "old@example.com");
    const pending = await screen.findByText(/^Transfer of order #5 requested on \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(pending.closest("li")!.textContent).toContain("the link went to old@example.com");
    await askFor("order_guest", "old@example.com");
    expect((await screen.findByRole("alert")).textContent).toMatch(/is still waiting to be accepted through the link sent to old@example\.com\. Cancel it below to ask again\./);
    expect(shop.registry.calls("POST", "/store/orders/*/transfer/request")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel request" }));
    expect(await screen.findByText(/request cancelled\.$/)).toBeTruthy();
    expect(shop.registry.calls("POST", "/store/orders/*/transfer/cancel").map((c) => c.path)).toEqual(["/store/orders/order_guest/transfer/cancel"]);
    expect(shop.state.transfers.has("order_guest")).toBe(false);
    expect(screen.queryByRole("button", { name: "Cancel request" })).toBeNull();
  });

  it("says in words that a transfer asked for elsewhere is still waiting, not Medusa's message", async () => {
    const shop = guestOrderSetup();
    shop.state.transfers.set("order_guest", "asked-on-another-device");
    renderApp("/account/orders", { shop });
    await askFor("order_guest", "old@example.com");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^A transfer of this order is already waiting to be accepted/);
    expect(alert.textContent).not.toContain("active order change");
  });

  it("refuses an e-mail address that is not the order's, and requests nothing", async () => {
    const shop = guestOrderSetup();
    renderApp("/account/orders", { shop });
    await askFor("order_guest", "someone@example.com");
    expect((await screen.findByRole("alert")).textContent).toBe("This e-mail address is not the one the order was placed with.");
    expect(shop.registry.calls("POST", "/store/orders/*/transfer/request")).toEqual([]);
  });

  it.each([["#5"], ["5"], ["# 5"]])("finds %s, the number the confirmation showed, among the orders this browser placed", async (typed) => {
    const shop = guestOrderSetup();
    const storage = new MemoryStorage();
    storage.setItem("storefront_recent_orders", JSON.stringify([{ id: "order_other", display_id: 4 }, { id: "order_guest", display_id: 5 }]));
    renderApp("/account/orders", { shop, storage });
    await askFor(typed, "old@example.com");
    expect(await screen.findByText(/^Transfer requested for order #5\./)).toBeTruthy();
    expect(shop.registry.calls("POST", "/store/orders/*/transfer/request").at(-1)!.path).toBe("/store/orders/order_guest/transfer/request");
  });

  it("says plainly that the store API cannot find a guest order by its number alone, and what to do instead", async () => {
    const shop = guestOrderSetup();
    renderApp("/account/orders", { shop });
    await askFor("#5", "old@example.com");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This shop can only find an order placed as a guest by its full order ID, and this browser has no order with that number. Copy the order ID (it starts with order_) from your order confirmation page, or open that page's link in this browser, then try again.",
    );
    expect(shop.registry.calls("GET", "/store/orders/*")).toEqual([]);
    expect(shop.registry.calls("POST", "/store/orders/*/transfer/request")).toEqual([]);
  });

  it("takes the order from the confirmation page's link, through the login", async () => {
    const shop = createShop();
    shop.state.addAccount("ada@example.com", "secret123");
    shop.state.orders.set("order_guest", { id: "order_guest", display_id: 5, email: "old@example.com", currency_code: "eur", items: [], status: "pending", total: 10 });
    renderApp("/account/orders?order=order_guest", { shop });
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeTruthy();
    expect(window.location.search).toBe("?next=%2Faccount%2Forders%3Forder%3Dorder_guest");
    await type("Email", "ada@example.com");
    await type("Password", "secret123");
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(((await screen.findByLabelText("Order number")) as HTMLInputElement).value).toBe("order_guest");
  });
});
