/**
 * The noun table: one line per noun. Kept static (no imports) so that `--help` and `--version`
 * load nothing but commander; each noun's commands are built only when that noun is used.
 * `admin` names the SDK resource (src/sdk/admin/index.ts) behind a generic noun.
 */
export interface NounEntry {
  name: string;
  summary: string;
  /** Generic list/get/create/update/delete from this SDK admin resource. */
  admin?: string;
  /** A hand-written command group (module exporting `register(cmd, f)`). */
  load?: () => Promise<{ register: (cmd: import("commander").Command, ctx: import("../program.js").CommandContext) => void }>;
  aliases?: string[];
}

export const NOUNS: NounEntry[] = [
  { name: "sandbox", summary: "Run a local Medusa back-end with seeded data", load: () => import("./sandbox/index.js") },
  { name: "profile", summary: "List, switch and edit saved profiles", load: () => import("./profile/index.js") },
  { name: "api-keys", summary: "Secret and publishable API keys", admin: "apiKey", aliases: ["api-key"] },
  { name: "product-tags", summary: "Product tags", admin: "productTag", aliases: ["product-tag"] },
  { name: "products", summary: "Products, variants and options", admin: "product", aliases: ["product"] },
  { name: "regions", summary: "Regions: currency, countries, payment providers", admin: "region", aliases: ["region"] },
  { name: "users", summary: "Admin users", admin: "user", aliases: ["user"] },
];

export function findNoun(word: string | undefined): NounEntry | undefined {
  if (!word) return undefined;
  return NOUNS.find((n) => n.name === word || n.aliases?.includes(word));
}
