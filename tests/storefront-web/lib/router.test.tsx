// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Link, matchPath, useLocation, withSearch } from "../../../src/storefront-web/src/lib/router.js";

afterEach(() => cleanup());

describe("router", () => {
  it.each([
    ["/products/:handle", "/products/tee", { handle: "tee" }],
    ["/products/:handle", "/products/caf%C3%A9", { handle: "café" }],
    ["/account/orders/:id", "/account/orders/order_1/", { id: "order_1" }],
    ["/", "/", {}],
    ["/products/:handle", "/products", null],
    ["/cart", "/checkout", null],
    ["/products/:handle", "/products/%E0%A4%A", null],
  ])("matches %s against %s", (pattern, path, params) => {
    expect(matchPath(pattern, path)).toEqual(params);
  });

  it("changes query parameters and drops empty ones", () => {
    const current = new URLSearchParams("q=tee&page=3&sort=title");
    expect(withSearch("/", current, { page: null, category: "shirts" })).toBe("/?q=tee&sort=title&category=shirts");
    expect(withSearch("/", new URLSearchParams(), { q: "" })).toBe("/");
  });

  it("navigates on a plain click without reloading, and leaves modified clicks to the browser", () => {
    window.history.replaceState(null, "", "/");
    function Where() {
      return <p>at {useLocation().href}</p>;
    }
    render(
      <>
        <Link to="/cart?x=1">Cart</Link>
        <Where />
      </>,
    );
    // fireEvent returns false when the handler called preventDefault.
    expect(fireEvent.click(screen.getByRole("link", { name: "Cart" }), { ctrlKey: true })).toBe(true);
    window.history.replaceState(null, "", "/");
    expect(screen.getByText("at /")).toBeTruthy();
    expect(fireEvent.click(screen.getByRole("link", { name: "Cart" }))).toBe(false);
    expect(screen.getByText("at /cart?x=1")).toBeTruthy();
    expect(window.location.pathname).toBe("/cart");
  });
});
