// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Link, decodeParams, navigate, useLocation, withSearch } from "../../../src/storefront-web/src/lib/router.js";

afterEach(() => cleanup());

describe("router", () => {
  it.each([
    [{ handle: "tee" }, { handle: "tee" }],
    [{ handle: "caf%C3%A9" }, { handle: "café" }],
    [{ "*": "apparel/t%20shirts", 0: "apparel/t%20shirts" }, { "*": "apparel/t shirts" }],
    [{}, {}],
    [{ handle: "%E0%A4%A" }, null],
  ])("decodes wouter's raw params %j to %j (malformed is null: not found)", (raw, params) => {
    expect(decodeParams(raw)).toEqual(params);
  });

  it("navigate() pushes history entries, replace does not, and both re-render readers", () => {
    window.history.replaceState(null, "", "/");
    function Where() {
      return <p>at {useLocation().href}</p>;
    }
    render(<Where />);
    const before = window.history.length;
    act(() => navigate("/products/tee?x=1"));
    expect(screen.getByText("at /products/tee?x=1")).toBeTruthy();
    expect(window.history.length).toBe(before + 1);
    act(() => navigate("/cart", { replace: true }));
    expect(screen.getByText("at /cart")).toBeTruthy();
    expect(window.history.length).toBe(before + 1);
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
