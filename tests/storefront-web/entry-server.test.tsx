import { describe, expect, it } from "vitest";
import { renderPage } from "../../src/storefront-web/src/entry-server.js";
import { DEFAULT_SITE } from "../../src/storefront-web/src/lib/site.js";
import { createShop } from "../helpers/storefront.js";

const site = { ...DEFAULT_SITE, origin: "https://shop.example" };

function render(path: string, search = "", request: { languages?: string[]; chosenCountry?: string | null } = {}) {
  const shop = createShop();
  return renderPage({ path, search, request: { languages: request.languages ?? [], chosenCountry: request.chosenCountry ?? null }, sdk: shop.sdk, site });
}

describe("renderPage", () => {
  it("renders a product page with its data, head and the menu", async () => {
    const r = await render("/de/products/organic-sweatshirt");
    expect(r.status).toBe(200);
    expect(r.html).toContain("Organic Sweatshirt");
    expect(r.html).toMatch(/<nav aria-label="Categories" class="category-nav"><ul>/);
    expect(r.head?.path).toBe("/products/organic-sweatshirt");
  });
});
