/** The head's tags as HTML for the server's page (the browser manages the same tags in the DOM: lib/head.tsx). */
import type { HeadTag } from "../src/lib/head.js";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The tags as HTML, each marked `data-head` so the browser knows which ones it manages. */
export function headHtml(tags: HeadTag[]): string {
  return tags
    .map((t) => {
      const attrs = Object.entries({ ...t.attrs, "data-head": "" })
        .map(([k, v]) => (v === "" ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`))
        .join("");
      if (t.tag === "meta" || t.tag === "link") return `<${t.tag}${attrs}>`;
      // A script's text is JSON already escaped for it (jsonForScript); a title's is text.
      return `<${t.tag}${attrs}>${t.tag === "script" ? (t.text ?? "") : escapeHtml(t.text ?? "")}</${t.tag}>`;
    })
    .join("\n    ");
}
