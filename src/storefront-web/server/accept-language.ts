/** The visitor's languages from the request, for choosing their country (src/lib/country.ts). */

/** Accept-Language as tags, best first (q=0 dropped; at most 20 read, the header is the visitor's). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(t.tag) && t.q > 0 && Number.isFinite(t.q))
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}
