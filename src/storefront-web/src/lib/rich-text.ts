/**
 * Product descriptions as shops write them: imported from Shopify (`Body (HTML)`) or WooCommerce,
 * or typed into Medusa's admin, they are often HTML. They render as formatted text through
 * DOMPurify (cure53's allowlist sanitiser) with the shop's own allowlist: paragraphs, line breaks,
 * lists, emphasis, headings (h2 and below: the page has its h1), tables, quotes, and links to
 * http(s) only, marked `nofollow noopener`. Scripts, styles, event attributes, `javascript:` URLs,
 * pictures and unknown tags never reach the page. Meta descriptions get the plain text.
 *
 * In the browser DOMPurify works on the page's own DOM; on the server it needs one, which the
 * server gives it (jsdom, DOMPurify's supported server DOM) with `setPurifier`. Without a working
 * purifier the description is shown as plain text: never unsanitised.
 */
import type { Config, DOMPurify } from "dompurify";

export const RICH_TEXT_CONFIG: Config = {
  ALLOWED_TAGS: ["p", "br", "ul", "ol", "li", "strong", "b", "em", "i", "u", "s", "small", "sub", "sup", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "a", "span", "div", "hr"],
  ALLOWED_ATTR: ["href", "colspan", "rowspan", "scope", "title"],
  ALLOWED_URI_REGEXP: /^https?:\/\//i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
  // Text of dropped elements is kept (a <font> or <h1> keeps its words), except where it is code or style.
  FORBID_CONTENTS: ["script", "style", "template", "noscript", "iframe", "object", "embed", "svg", "math", "select", "textarea", "title"],
};

let purifier: DOMPurify | null = null;
const configured = new WeakSet<DOMPurify>();

/** Hands the sanitiser a DOMPurify bound to a window (the server's jsdom; the browser's own by default). */
export function setPurifier(p: DOMPurify): void {
  if (!configured.has(p)) {
    p.addHook("afterSanitizeAttributes", (node) => {
      if (node.nodeName === "A") {
        if (node.getAttribute("href")) node.setAttribute("rel", "nofollow noopener noreferrer");
        else node.removeAttribute("href");
      }
    });
    configured.add(p);
  }
  purifier = p;
}

/**
 * Two renames before parsing; DOMPurify still decides what stays. Event-handler attributes become
 * data attributes (`onerror=` → `data-dropped-onerror=`, dropped by the allowlist): Chromium
 * reports every handler attribute a DOMParser document holds as a violation of the page's
 * script-src, although none runs there, and a description carrying them would fill the console
 * with errors. And an `<h1>` becomes an `<h2>`: the page has its own h1, and a dropped heading
 * would run its words into the next paragraph.
 */
function prepare(html: string): string {
  return html
    .replace(/<(\/?)h1\b/gi, "<$1h2")
    .replace(/<[a-z][^>]*>/gi, (tag) => tag.replace(/([\s/"'])(on[a-z]+\s*=)/gi, "$1data-dropped-$2"));
}

/** The sanitised HTML, or null when no purifier works here (then show the plain text). */
export function sanitizeHtml(html: string, p: DOMPurify | null = purifier): string | null {
  if (!p?.isSupported) return null;
  return p.sanitize(prepare(html), { ...RICH_TEXT_CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}
