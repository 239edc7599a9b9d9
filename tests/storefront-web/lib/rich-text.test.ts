import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { looksLikeHtml, plainText } from "../../../src/storefront-web/src/lib/plain-text.js";
import { sanitizeHtml, setPurifier } from "../../../src/storefront-web/src/lib/rich-text.js";

const purifier = createDOMPurify(new JSDOM("").window as never);
setPurifier(purifier);

describe("rich descriptions", () => {
  it.each([
    ["a Shopify Body (HTML)", "<p>Soft <strong>cotton</strong></p><ul><li>One</li><li>Two</li></ul>", "<p>Soft <strong>cotton</strong></p><ul><li>One</li><li>Two</li></ul>"],
    ["a script", "<p>a</p><script>alert(1)</script>", "<p>a</p>"],
    ["an event attribute", '<p onclick="x()">a</p><img src=x onerror=alert(1)>', "<p>a</p>"],
    ["a javascript: link", '<a href="javascript:alert(1)">a</a>', "<a>a</a>"],
    ["an http link, marked nofollow", '<a href="https://x.example/a" target="_blank">a</a>', '<a href="https://x.example/a" rel="nofollow noopener noreferrer">a</a>'],
    ["a style element and attribute", '<style>body{}</style><p style="color:red">a</p>', "<p>a</p>"],
    ["an h1 (the page has its own)", "<h1>Care</h1><p>Wash</p>", "<h2>Care</h2><p>Wash</p>"],
    ["a table", "<table><tr><th>S</th></tr></table>", "<table><tbody><tr><th>S</th></tr></tbody></table>"],
    ["an unknown tag, keeping its words", "<font color=red>big</font><iframe src=//x>no</iframe>", "big"],
    ["an svg with a script", '<svg><script>alert(1)</script><a href="javascript:1">x</a></svg>', ""],
  ])("%s", (_what, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it("shows plain text when no purifier works here, never the markup", () => {
    expect(sanitizeHtml("<p>a</p>", null)).toBeNull();
  });

  it("gives meta descriptions the words", () => {
    expect(plainText("<p>Soft&nbsp;<b>cotton</b> &amp; wool</p><script>x()</script><ul><li>A</li></ul>")).toBe("Soft cotton & wool A");
    expect(looksLikeHtml("Size 4 < 5")).toBe(false);
    expect(looksLikeHtml("<p>x</p>")).toBe(true);
  });
});
