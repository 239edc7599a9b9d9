// @vitest-environment happy-dom
import { getRoles } from "@testing-library/dom";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../helpers/storefront.js";

const CONTROL_ROLES = ["link", "button", "textbox", "searchbox", "combobox", "listbox", "radio", "checkbox", "spinbutton"];

/** Controls whose accessible name is empty, found by role the way assistive technology sees them. */
function unnamedControls(): string[] {
  const roles = getRoles(document.body);
  const unnamed: string[] = [];
  for (const role of CONTROL_ROLES) {
    const named = new Set(screen.queryAllByRole(role, { name: /\S/ }));
    for (const el of roles[role] ?? []) if (!named.has(el)) unnamed.push(el.outerHTML.slice(0, 80));
  }
  return unnamed;
}

describe("app frame", () => {
  it("answers a deep link to an unknown page with a not-found page, not a blank one", async () => {
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Continue shopping" })).toBeTruthy();
  });

  it("has a skip link, landmarks and a title per page", async () => {
    renderApp("/");
    await screen.findByRole("list", { name: "Products" });
    expect(screen.getByRole("link", { name: "Skip to content" }).getAttribute("href")).toBe("#main");
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Medusa Store"));
  });

  it("moves focus to the new page's heading after a navigation", async () => {
    renderApp("/");
    fireEvent.click(await screen.findByRole("link", { name: "Organic Sweatshirt" }));
    const h1 = await screen.findByRole("heading", { level: 1, name: "Organic Sweatshirt" });
    await waitFor(() => expect(document.activeElement).toBe(h1));
  });

  it.each([
    ["/", () => screen.findByRole("list", { name: "Products" })],
    ["/products/organic-sweatshirt", () => screen.findByRole("button", { name: "Add to cart" })],
    ["/account/login", () => screen.findByRole("button", { name: "Log in" })],
    ["/account/register", () => screen.findByRole("button", { name: "Create account" })],
  ])("gives every control on %s an accessible name", async (path, ready) => {
    renderApp(path);
    await ready();
    expect(getRoles(document.body).button?.length).toBeGreaterThan(0);
    expect(unnamedControls()).toEqual([]);
  });
});
