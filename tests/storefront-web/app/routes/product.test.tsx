// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../helpers/storefront.js";

const addButton = () => screen.findByRole("button", { name: "Add to cart" });

describe("product page", () => {
  it("preselects the first variant in stock and shows its price", async () => {
    renderApp("/products/organic-sweatshirt");
    expect(await screen.findByRole("heading", { level: 1, name: "Organic Sweatshirt" })).toBeTruthy();
    const size = screen.getByRole("group", { name: "Size" });
    expect((screen.getByRole("radio", { name: "S" }) as HTMLInputElement).checked).toBe(true);
    expect(size).toBeTruthy();
    expect(screen.getByText("€54.00")).toBeTruthy();
    expect(screen.getByText("In stock")).toBeTruthy();
  });

  it("changes the price with the variant chosen by its option value", async () => {
    renderApp("/products/organic-sweatshirt");
    fireEvent.click(await screen.findByRole("radio", { name: "L" }));
    expect(screen.getByText("€58.00")).toBeTruthy();
  });

  it("disables and announces an option value that is out of stock", async () => {
    renderApp("/products/organic-sweatshirt");
    const m = (await screen.findByRole("radio", { name: /^M/ })) as HTMLInputElement;
    expect(m.disabled).toBe(true);
    expect(m.closest("label")!.textContent).toContain("(out of stock)");
  });

  it("adds the chosen variant and quantity to a new cart, announces it and updates the cart count", async () => {
    const { shop, storage } = renderApp("/products/organic-sweatshirt");
    fireEvent.click(await screen.findByRole("radio", { name: "L" }));
    fireEvent.change(screen.getByLabelText("Quantity"), { target: { value: "2" } });
    fireEvent.click(await addButton());
    expect(await screen.findByText("Added 2 × Organic Sweatshirt (L) to your cart.")).toBeTruthy();
    expect(shop.registry.calls("POST", "/store/carts")[0]!.body).toEqual({ region_id: "reg_eu", shipping_address: { country_code: "de" }, items: [{ variant_id: "var_l", quantity: 2 }] });
    await waitFor(() => expect(screen.getByRole("link", { name: /^Cart/ }).textContent).toContain("(2 items)"));
    expect(storage.getItem("storefront_cart_id")).toMatch(/^cart_/);
    fireEvent.click(await addButton());
    await waitFor(() => expect(shop.registry.calls("POST", "/store/carts/:id/line-items")).toHaveLength(1));
    expect(shop.registry.calls("POST", "/store/carts")).toHaveLength(1);
  });

  it("shows the server's refusal when there is not enough stock", async () => {
    renderApp("/products/organic-sweatshirt");
    fireEvent.change(await screen.findByLabelText("Quantity"), { target: { value: "3" } });
    fireEvent.click(await addButton());
    await screen.findByText("Added 3 × Organic Sweatshirt (S) to your cart.");
    fireEvent.click(await addButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Sorry, there is not enough stock for that quantity.");
  });

  it("renders a title holding markup as text", async () => {
    renderApp("/products/markup");
    const h1 = await screen.findByRole("heading", { level: 1, name: '<img src=x onerror="window.__xss=1"><b>Bold</b>' });
    expect(h1.children).toHaveLength(0);
  });

  it("shows not found for an unknown handle", async () => {
    renderApp("/products/nope");
    expect(await screen.findByRole("heading", { level: 1, name: "This product does not exist" })).toBeTruthy();
  });

  it("prices follow the region chosen in the header", async () => {
    renderApp("/products/organic-sweatshirt");
    await screen.findByText("€54.00");
    fireEvent.change(screen.getByLabelText("Region"), { target: { value: "us" } });
    expect(await screen.findByText("$60.00")).toBeTruthy();
  });

  it("shows breadcrumbs through the product's category and its parents, as nested category links", async () => {
    renderApp("/products/organic-sweatshirt");
    await screen.findByRole("heading", { level: 1, name: "Organic Sweatshirt" });
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    await waitFor(() => expect(within(crumbs).getByRole("link", { name: "Shirts" }).getAttribute("href")).toBe("/de/categories/apparel/shirts"));
    expect(within(crumbs).getByRole("link", { name: "Apparel" }).getAttribute("href")).toBe("/de/categories/apparel");
    expect(within(crumbs).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["All products", "Apparel", "Shirts", "Organic Sweatshirt"]);
  });
});
