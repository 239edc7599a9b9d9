import { describe, expect, it } from "vitest";
import { headHtml } from "../../../src/storefront-web/server/head-html.js";
import { clip, headTags, jsonForScript } from "../../../src/storefront-web/src/lib/head.js";

const ctx = { origin: "https://shop.example", shopName: "Shop & Co", lang: "en", country: "de", countries: ["de", "us"] };

describe("the head of a page", () => {
  it("writes title, description, canonical, alternates, Open Graph and Twitter tags", () => {
    const html = headHtml(headTags({ title: 'Tee "Classic" <b>', description: "A tee.", path: "/products/tee", image: "https://cdn/x.png", type: "product", price: { amount: 53.55, currency: "eur" } }, ctx));
    expect(html).toContain("<title data-head>Tee &quot;Classic&quot; &lt;b&gt; · Shop &amp; Co</title>");
    expect(html).toContain('<link rel="canonical" href="https://shop.example/de/products/tee" data-head>');
    expect(html).toContain('<link rel="alternate" hreflang="en-US" href="https://shop.example/us/products/tee" data-head>');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://shop.example/products/tee" data-head>');
    expect(html).toContain('<meta property="product:price:amount" content="53.55" data-head>');
    expect(html).toContain('<meta property="product:price:currency" content="EUR" data-head>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" data-head>');
  });

  it("gives a page kept out of search engines no canonical and a robots tag", () => {
    const html = headHtml(headTags({ title: "Cart", noindex: true, path: "/cart" }, ctx));
    expect(html).toContain('<meta name="robots" content="noindex, follow" data-head>');
    expect(html).not.toContain("canonical");
  });

  it("keeps JSON-LD inside its script element, whatever the shop's text holds", () => {
    const text = jsonForScript({ name: "</script><script>alert(1)</script> & \u2028" });
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script> & \u2028" });
  });

  it("cuts a long description at a word", () => {
    const long = "word ".repeat(60);
    const cut = clip(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("word…")).toBe(true);
  });
});
