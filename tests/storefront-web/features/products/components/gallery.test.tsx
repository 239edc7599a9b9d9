// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Gallery } from "../../../../../src/storefront-web/src/features/products/components/gallery.js";

afterEach(() => cleanup());

const images = [1, 2, 3].map((n) => ({ id: `img_${n}`, url: `https://cdn.example/${n}.jpg` }));
const main = () => screen.getByRole("img", { name: /^Tee, image/ }) as HTMLImageElement;

describe("product gallery", () => {
  it("shows the first image large, eager and sized; thumbnails are lazy and sized", () => {
    render(<Gallery images={images} title="Tee" />);
    expect(main().getAttribute("alt")).toBe("Tee, image 1 of 3");
    expect(main().getAttribute("loading")).toBe("eager");
    expect([main().getAttribute("width"), main().getAttribute("height")]).toEqual(["800", "800"]);
    const thumbs = screen.getByRole("list", { name: "Product images" }).querySelectorAll("img");
    expect(thumbs).toHaveLength(3);
    for (const t of thumbs) {
      expect(t.getAttribute("loading")).toBe("lazy");
      expect([t.getAttribute("width"), t.getAttribute("height"), t.getAttribute("alt")]).toEqual(["96", "96", ""]);
    }
  });

  it("switches the large image with the thumbnail buttons and the arrow keys, marking the shown one pressed", () => {
    render(<Gallery images={images} title="Tee" />);
    fireEvent.click(screen.getByRole("button", { name: "Show image 3 of 3" }));
    expect(main().getAttribute("src")).toBe("https://cdn.example/3.jpg");
    expect(screen.getByRole("button", { name: "Show image 3 of 3" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Show image 1 of 3" }).getAttribute("aria-pressed")).toBe("false");
    fireEvent.keyDown(screen.getByRole("button", { name: "Show image 3 of 3" }), { key: "ArrowRight" });
    expect(main().getAttribute("src")).toBe("https://cdn.example/1.jpg");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Show image 1 of 3" }));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    expect(main().getAttribute("alt")).toBe("Tee, image 3 of 3");
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    expect(main().getAttribute("alt")).toBe("Tee, image 1 of 3");
  });

  it("has no thumbnail row for one image and a placeholder for none", () => {
    const { rerender } = render(<Gallery images={images.slice(0, 1)} title="Tee" />);
    expect(screen.queryByRole("list")).toBeNull();
    rerender(<Gallery images={[]} title="Tee" />);
    expect(screen.queryByRole("img")).toBeNull();
  });
});
