/**
 * The words of a shop's HTML text, and whether it holds HTML at all: the light half of rich text,
 * with every page (descriptions fall back to it, meta descriptions are made of it); the sanitiser
 * (rich-text.ts) loads only with a description that needs it.
 */
/** Whether the text holds markup worth rendering (a tag or an entity), not just words. */
export const looksLikeHtml = (text: string): boolean => /<\/?[a-z][^>]*>|&(#\d+|#x[0-9a-f]+|[a-z]+);/i.test(text);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—", hellip: "…", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“", euro: "€" };

/**
 * The words of an HTML text, for meta descriptions and link previews: tags become spaces (a block
 * ends a sentence), entities their characters, whitespace one space. The result is text, escaped
 * wherever it is written.
 */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === "#") {
        const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 31 && code < 0x110000 ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, " ")
    .trim();
}
