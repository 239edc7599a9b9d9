// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { computeAccessibleName } from "dom-accessibility-api";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../src/storefront-web/src/testing/render.js";

function unnamedControls(): string[] {
  const controls = document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea");
  return [...controls].filter((el) => computeAccessibleName(el).trim() === "").map((el) => el.outerHTML.slice(0, 80));
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
    await waitFor(() => expect(document.title).toBe("All products · Medusa Store"));
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
    expect(unnamedControls()).toEqual([]);
  });
});
