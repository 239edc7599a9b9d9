// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, createShop, type Shop } from "../../../helpers/storefront.js";
import { fault } from "../../../helpers/medusa-stub/registry.js";

/** The queries of the product list requests, as the server decodes them (strings). */
const productQueries = (shop: Shop) => shop.registry.calls("GET", "/store/products").map((c) => c.query);
/** The error fetch raises for a closed port. */
const connectionRefused = () => Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }) });
/** The first try and the store client's two retries. */
const ATTEMPTS = 3;


const grid = () => screen.findByRole("list", { name: "Products" });
const titles = async () => within(await grid()).getAllByRole("link").map((a) => a.textContent);

describe("product listing", () => {
  it("shows the newest products first with prices in the region's currency and a link to each", async () => {
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 2, name: "All products" })).toBeTruthy();
    const list = await grid();
    expect(within(list).getAllByRole("listitem")).toHaveLength(12);
    expect((await titles())[0]).toBe("Organic Sweatshirt");
    const card = within(list).getByRole("link", { name: "Organic Sweatshirt" }).closest("li")!;
    expect(card.textContent).toContain("From €54.00");
    expect(within(list).getByRole("link", { name: "Organic Sweatshirt" }).getAttribute("href")).toBe("/de/products/organic-sweatshirt");
    expect(screen.getByText("16 products, page 1 of 2")).toBeTruthy();
  });

  it("pages on the server: page 2 asks for offset 12 and shows the rest", async () => {
    const { shop } = renderApp("/");
    await grid();
    fireEvent.click(screen.getByRole("link", { name: "Next page" }));
    await waitFor(() => expect(screen.getByText("16 products, page 2 of 2")).toBeTruthy());
    expect(within(await grid()).getAllByRole("listitem")).toHaveLength(4);
    expect(productQueries(shop).at(-1)).toMatchObject({ limit: "12", offset: "12", order: "-created_at", region_id: "reg_eu" });
    expect(window.location.search).toBe("?page=2");
  });

  it("sorts by title on the server, never by re-sorting one page", async () => {
    const { shop } = renderApp("/");
    await grid();
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "title" } });
    await waitFor(async () => expect((await titles())[0]).toBe("<img src=x onerror=\"window.__xss=1\"><b>Bold</b>"));
    expect(productQueries(shop).at(-1)).toMatchObject({ order: "title", offset: "0" });
    const options = [...(screen.getByLabelText("Sort by") as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options.join(" ")).not.toMatch(/price/i);
  });

  it("filters by category and collection by id, resolved from the handle in the URL", async () => {
    const { shop } = renderApp("/?category=shirts");
    await waitFor(async () => expect(await titles()).toContain("Organic Sweatshirt"));
    expect(productQueries(shop).at(-1)).toMatchObject({ category_id: ["cat_shirts"] });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Shirts");
    fireEvent.change(screen.getByLabelText("Collection"), { target: { value: "summer" } });
    await waitFor(() => expect(productQueries(shop).at(-1)).toMatchObject({ category_id: ["cat_shirts"], collection_id: ["col_summer"] }));
    expect(await titles()).toEqual(["Product 02"]);
  });

  it("searches with q and shows an empty state with a way back", async () => {
    const { shop } = renderApp("/");
    await grid();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search products" }), { target: { value: "zzz" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("No products match these filters.")).toBeTruthy();
    expect(productQueries(shop).at(-1)).toMatchObject({ q: "zzz" });
    fireEvent.click(screen.getByRole("link", { name: "Clear filters" }));
    expect(await grid()).toBeTruthy();
  });

  it("shows a product title holding markup as text, never as HTML", async () => {
    renderApp("/?sort=title");
    const link = await screen.findByRole("link", { name: '<img src=x onerror="window.__xss=1"><b>Bold</b>' });
    expect(link.querySelector("b")).toBeNull();
    expect(link.querySelector("img")).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it("lists /collections/:handle with that collection fixed", async () => {
    const { shop } = renderApp("/collections/summer");
    expect(await screen.findByRole("heading", { level: 1, name: "Summer" })).toBeTruthy();
    await waitFor(async () => expect(await titles()).toHaveLength(3));
    expect(productQueries(shop).at(-1)).toMatchObject({ collection_id: ["col_summer"] });
    expect(screen.queryByLabelText("Collection")).toBeNull();
  });

  it("says clearly when the back-end cannot be reached, and retries", async () => {
    const shop = createShop();
    // Every attempt of the client's retries meets a closed port.
    shop.registry.stub("GET /store/regions", fault(connectionRefused())).times(ATTEMPTS);
    renderApp("/", { shop });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We can't reach the shop right now");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await grid()).toBeTruthy();
  });

  it("keeps the page and offers a retry when only the product list fails", async () => {
    const shop = createShop();
    // The grid's page of 12, not the collection rails (limit 4) asked for at the same time.
    shop.registry.stub("GET /store/products", fault(connectionRefused())).query({ limit: "12" }).times(ATTEMPTS);
    renderApp("/", { shop });
    expect(await screen.findByText("We couldn't load the products")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "All products" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await grid()).toBeTruthy();
  });

  it("opens the home page with a hero and a rail per featured collection, linking to the collection", async () => {
    const shop = createShop();
    renderApp("/", { shop });
    expect(await screen.findByRole("heading", { level: 1, name: "Everyday essentials, made to last" })).toBeTruthy();
    const featured = await screen.findByRole("region", { name: "Featured collections" });
    const rail = await within(featured).findByRole("list", { name: "Summer products" });
    await waitFor(() => expect(within(rail).getAllByRole("listitem")).toHaveLength(3));
    expect(within(featured).getByRole("link", { name: "Shop the Summer collection" }).getAttribute("href")).toBe("/de/collections/summer");
    expect(productQueries(shop).some((q) => q.limit === "4" && q.collection_id?.[0] === "col_summer")).toBe(true);
    await waitFor(() => expect(document.title).toBe("Medusa Store"));
  });

  it("features only the collections flagged in their metadata, in their rank order", async () => {
    const { featuredCollections } = await import("../../../../src/storefront-web/src/features/products/api/list-collections.js");
    const c = (id: string, metadata?: Record<string, unknown>) => ({ id, title: id, handle: id, metadata }) as never;
    expect(featuredCollections([c("a"), c("b", { featured: true, featured_rank: 2 }), c("c", { featured: "true", featured_rank: 1 })]).map((x: { id: string }) => x.id)).toEqual(["c", "b"]);
    expect(featuredCollections([c("a"), c("b"), c("c"), c("d")]).map((x: { id: string }) => x.id)).toEqual(["a", "b", "c"]);
  });

  it("serves a nested category path with breadcrumbs up the tree, and links to subcategories", async () => {
    const { shop } = renderApp("/categories/apparel/shirts");
    expect(await screen.findByRole("heading", { level: 1, name: "Shirts" })).toBeTruthy();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "All products" }).getAttribute("href")).toBe("/de");
    expect(within(crumbs).getByRole("link", { name: "Apparel" }).getAttribute("href")).toBe("/de/categories/apparel");
    expect(within(crumbs).getByText("Shirts").getAttribute("aria-current")).toBe("page");
    await waitFor(async () => expect(await titles()).toContain("Organic Sweatshirt"));
    expect(productQueries(shop).at(-1)).toMatchObject({ category_id: ["cat_shirts"] });

    fireEvent.click(within(crumbs).getByRole("link", { name: "Apparel" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Apparel" })).toBeTruthy();
    const sub = screen.getByRole("navigation", { name: "Subcategories" });
    expect(within(sub).getByRole("link", { name: "Shirts" }).getAttribute("href")).toBe("/de/categories/apparel/shirts");
    // A parent lists what its subcategories hold (Apparel has no products of its own).
    await waitFor(() => expect(productQueries(shop).at(-1)).toMatchObject({ category_id: ["cat_apparel", "cat_shirts"] }));
    await waitFor(async () => expect(await titles()).toContain("Organic Sweatshirt"));
  });

  it("searches from the header box with the store API's q, at /search?q=", async () => {
    const { shop } = renderApp("/account/login");
    fireEvent.change(await screen.findByRole("searchbox", { name: "Search products" }), { target: { value: "  organic " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    // (happy-dom's name computation pads the <bdi> with spaces; the text is what a browser names it.)
    expect((await screen.findByRole("heading", { level: 1, name: /^Results for/ })).textContent).toBe("Results for “organic”");
    expect(window.location.pathname + window.location.search).toBe("/de/search?q=organic");
    await waitFor(() => expect(productQueries(shop).at(-1)).toMatchObject({ q: "organic" }));
  });

  it("offers the store's top-level categories in the header and the footer", async () => {
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: "Categories" });
    await waitFor(() => expect(within(nav).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Home", "/de/categories/home"],
      ["Apparel", "/de/categories/apparel"],
    ]));
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Apparel" }).getAttribute("href")).toBe("/de/categories/apparel");
    expect(within(footer).getByRole("link", { name: "Your orders" }).getAttribute("href")).toBe("/de/account/orders");
  });
});
