import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it } from "vitest";
import { renderPage } from "../../src/storefront-web/src/entry-server.js";
import { setPurifier } from "../../src/storefront-web/src/lib/rich-text.js";
import { DEFAULT_SITE } from "../../src/storefront-web/src/lib/site.js";
import { structuredJsonLd } from "../../src/storefront-web/server/structured-data.js";
import { createShop, type Shop } from "../helpers/storefront.js";

const site = { ...DEFAULT_SITE, origin: "https://shop.example" };

function render(path: string, o: { search?: string; languages?: string[]; chosenCountry?: string | null; shop?: Shop } = {}) {
  const shop = o.shop ?? createShop();
  return renderPage({ path, search: o.search ?? "", request: { languages: o.languages ?? [], chosenCountry: o.chosenCountry ?? null }, sdk: shop.sdk, site });
}

beforeAll(() => setPurifier(createDOMPurify(new JSDOM("").window as never)));

describe("renderPage (the server's render of one page)", () => {
  it("renders a product page whole: content, price with VAT, the menu, and its head", async () => {
    const r = await render("/de/products/organic-sweatshirt");
    expect(r.status).toBe(200);
    expect(r.html).toContain("<h1>Organic Sweatshirt</h1>");
    // 54 + 20 % (the stub's rule) is what a German shopper pays: the stub computes no tax, so the
    // page shows the store API's amount; the real back-end's VAT is checked end to end.
    expect(r.html).toContain("€54.00");
    expect(r.html).toMatch(/<nav aria-label="Categories" class="category-nav"><ul>/);
    expect(r.head).toMatchObject({ title: "Organic Sweatshirt", description: "Warm.", path: "/products/organic-sweatshirt", type: "product" });
    const ld = structuredJsonLd(r.head!.structured!, { ...r.headContext!, shopName: "Medusa Store" }) as Record<string, unknown>[];
    expect(ld.map((d) => d["@type"])).toEqual(["Product", "BreadcrumbList"]);
    expect(ld[0]).toMatchObject({ name: "Organic Sweatshirt", url: "https://shop.example/de/products/organic-sweatshirt" });
    const offers = ld[0]!.offers as Record<string, string>[];
    expect(offers.map((o) => [o.price, o.priceCurrency, o.availability])).toEqual([
      ["54.00", "EUR", "https://schema.org/InStock"],
      ["56.00", "EUR", "https://schema.org/OutOfStock"],
      ["58.00", "EUR", "https://schema.org/InStock"],
    ]);
  });

  it("prices the same page in dollars at /us", async () => {
    const r = await render("/us/products/organic-sweatshirt");
    expect(r.html).toContain("$60.00");
    expect(r.headContext).toMatchObject({ country: "us", countries: ["de", "fr", "us"] });
  });

  it("answers 404 for a product, category, collection or page that does not exist, and for an unknown country", async () => {
    for (const path of ["/de/products/nope", "/de/categories/nope", "/de/collections/nope", "/de/no/such/page", "/xx/products/organic-sweatshirt"]) {
      const r = await render(path);
      expect([path, r.status]).toEqual([path, 404]);
      expect(r.head?.noindex).toBe(true);
      expect(r.html).toMatch(/does not exist|Page not found/);
    }
  });

  it.each([
    ["/", [], null, "/de"],
    ["/", ["en-US", "en;q=0.8"], null, "/us"],
    ["/", ["fr"], null, "/fr"],
    ["/products/organic-sweatshirt", ["de-AT", "de;q=0.9"], null, "/de/products/organic-sweatshirt"],
    ["/cart", ["en-US"], "fr", "/fr/cart"],
    ["/DE/products/organic-sweatshirt", ["en-US"], null, "/de/products/organic-sweatshirt"],
  ])("sends %s (languages %j, chosen %s) on to %s", async (path, languages, chosen, to) => {
    const r = await render(path, { languages, chosenCountry: chosen, search: path === "/" ? "" : "" });
    expect([r.status, r.redirect]).toEqual([302, to]);
  });

  it("keeps the path and query string through the redirect exactly as requested (a valid Location)", async () => {
    const r = await render("/reset-password", { search: "token=abc&email=a%40b.c", languages: ["de-DE"] });
    expect(r.redirect).toBe("/de/reset-password?token=abc&email=a%40b.c");
    const q = await render("/search", { search: "q=%E2%80%AEshirt%26x%3Dy", languages: ["de-DE"] });
    expect(q.redirect).toBe("/de/search?q=%E2%80%AEshirt%26x%3Dy");
  });

  it("sends the shopper's own pages as a frame: private, not indexed, no cart or customer read", async () => {
    const shop = createShop();
    for (const path of ["/de/cart", "/de/checkout", "/de/account", "/de/account/orders"]) {
      const r = await render(path, { shop });
      expect(r.status).toBe(200);
      expect(r.head).toMatchObject({ noindex: true, private: true });
      expect(r.cache.dehydrate().map(([k]) => k[0])).not.toContain("cart");
      expect(r.cache.dehydrate().map(([k]) => k[0])).not.toContain("customer");
    }
    expect(shop.registry.requests.filter((q) => q.path.startsWith("/store/carts") || q.path.startsWith("/store/customers"))).toEqual([]);
  });

  it("renders an HTML description as formatted text, sanitised on the server", async () => {
    const shop = createShop();
    const p = shop.state.products.find((x) => x.handle === "organic-sweatshirt")!;
    p.description = '<p>Soft <strong>cotton</strong>.</p><ul><li>Warm</li></ul><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://example.com/care">Care</a>';
    const r = await render("/de/products/organic-sweatshirt", { shop });
    const rich = /<div class="description rich-text">([\s\S]*?)<\/div>/.exec(r.html)?.[1];
    expect(rich).toBe('<p>Soft <strong>cotton</strong>.</p><ul><li>Warm</li></ul><a>x</a><a href="https://example.com/care" rel="nofollow noopener noreferrer">Care</a>');
    expect(r.html).not.toMatch(/<script>alert|onerror|javascript:/);
    // The meta description is its plain text.
    expect(r.head?.description).toBe("Soft cotton . Warm x Care");
  });

  it("leaves hidden and empty categories out of the menus", async () => {
    const shop = createShop();
    shop.state.categories.push({ id: "cat_uncat", name: "Uncategorized", handle: "uncategorized", parent_category_id: null, metadata: { hidden: true } });
    shop.state.categories.push({ id: "cat_empty", name: "Gifts", handle: "gifts", parent_category_id: null });
    shop.state.products[0]!.category = "cat_uncat";
    const r = await render("/de", { shop });
    const nav = /<nav aria-label="Categories" class="category-nav">([\s\S]*?)<\/nav>/.exec(r.html)![1]!;
    expect(nav).toContain("Apparel");
    expect(nav).not.toContain("Uncategorized");
    expect(nav).not.toContain("Gifts");
  });

  it("gives the home page the shop's description and its Organization and WebSite search action", async () => {
    const r = await render("/de");
    expect(r.head).toMatchObject({ title: "", description: DEFAULT_SITE.description, path: "/" });
    const ld = structuredJsonLd(r.head!.structured!, { ...r.headContext!, shopName: "Medusa Store" }) as Record<string, any>[];
    expect(ld.map((d) => d["@type"])).toEqual(["Organization", "WebSite"]);
    expect(ld[1]!.potentialAction.target.urlTemplate).toBe("https://shop.example/de/search?q={search_term_string}");
  });

  it("keeps search results out of search engines and filtered listings too", async () => {
    expect((await render("/de/search", { search: "q=organic" })).head).toMatchObject({ noindex: true });
    expect((await render("/de", { search: "category=shirts" })).head).toMatchObject({ noindex: true });
  });

  it("says once, on the listing, that prices include VAT (and that US prices exclude sales tax)", async () => {
    expect((await render("/de/categories/apparel")).html).toContain("Prices include VAT.");
    expect((await render("/us/categories/apparel")).html).toContain("Prices exclude sales tax; it is added at checkout.");
  });
});
