// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, createShop } from "../../../../helpers/storefront.js";

async function addSweatshirt(quantity = 1) {
  const shop = createShop();
  const result = renderApp("/products/organic-sweatshirt", { shop });
  fireEvent.click(await screen.findByRole("radio", { name: "L" }));
  fireEvent.change(screen.getByLabelText("Quantity"), { target: { value: String(quantity) } });
  const add = screen.getByRole("button", { name: "Add to cart" });
  add.focus();
  fireEvent.click(add);
  const dialog = await screen.findByRole("dialog", { name: "Your cart" });
  return { ...result, shop, add, dialog };
}

describe("cart drawer", () => {
  it("opens on add to cart as a modal dialog, focuses its heading and announces the addition and the count", async () => {
    const { dialog } = await addSweatshirt(2);
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole("heading", { name: "Your cart" })));
    const live = within(dialog).getByRole("status");
    expect(live.getAttribute("aria-live")).toBe("polite");
    await waitFor(() => expect(live.textContent).toBe("Added 2 × Organic Sweatshirt (L) to your cart. Your cart has 2 items."));
    expect(within(within(dialog).getByRole("list", { name: "Items in your cart" })).getByText("2 × Organic Sweatshirt (L)")).toBeTruthy();
    // The page behind is inert while the drawer is open.
    expect(screen.getByRole("banner", { hidden: true }).closest("[inert]")).toBeTruthy();
  });

  it("keeps Tab and Shift+Tab inside, closes on Escape and gives focus back to the Add to cart button", async () => {
    const { dialog, add } = await addSweatshirt();
    const controls = [...dialog.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
    expect(controls.length).toBeGreaterThan(2);
    const first = controls[0]!;
    const last = controls[controls.length - 1]!;
    last.focus();
    fireEvent.keyDown(last, { key: "Tab" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(add);
    expect(document.querySelector("[inert]")).toBeNull();
  });

  it("closes with its close button too, and Checkout goes to the checkout", async () => {
    const { dialog, add } = await addSweatshirt();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close cart" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(add);
    fireEvent.click(add);
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Your cart" })).getByRole("button", { name: "Checkout" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Checkout" })).toBeTruthy();
  });

  it("nudges towards the region's free-shipping threshold, and says when it is reached", async () => {
    const { dialog } = await addSweatshirt(1);
    // €58 × 1.2 tax = €69.60 of a €100 threshold → €30.40 to go.
    await waitFor(() => expect(within(dialog).getByText(/more to get free shipping/).textContent).toBe("Add €30.40 more to get free shipping."));
    expect(within(dialog).getByRole("meter", { name: "Progress towards free shipping" })).toBeTruthy();
  });

  it("says the order ships for free once the items reach the threshold", async () => {
    await addSweatshirt(2);
    // 2 × €58 × 1.2 = €139.20 ≥ €100.
    expect(await screen.findByText("Your order ships for free.")).toBeTruthy();
  });

  it("shows no nudge where the region has no threshold", async () => {
    const shop = createShop();
    shop.state.freeShippingOver.clear();
    renderApp("/products/organic-sweatshirt", { shop });
    fireEvent.click(await screen.findByRole("button", { name: "Add to cart" }));
    const dialog = await screen.findByRole("dialog", { name: "Your cart" });
    await within(dialog).findByText("Items");
    await waitFor(() => expect(shop.registry.calls("GET", "/store/shipping-options").length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 20));
    expect(within(dialog).queryByText(/free shipping/)).toBeNull();
  });
});
