import type { SiteConfig } from "./site.js";

/** Where the storefront finds its back-end: `config.json` beside index.html wins over build-time env (CONTRACT.md §9). */
export interface StoreConfig {
  medusaUrl: string;
  publishableKey: string;
  /** The shop's name, description and language (config.json's `shopName`, `description`, `lang`). */
  site?: Partial<Omit<SiteConfig, "origin">>;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | boolean | undefined>;
type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

async function readConfigFile(url: string, fetchImpl: FetchLike): Promise<Partial<StoreConfig>> {
  let res: Response;
  try {
    res = await fetchImpl(url, { cache: "no-store", headers: { accept: "application/json" } });
  } catch {
    return {};
  }
  if (!res.ok) return {};
  // A dev server or an SPA fallback answers unknown paths with index.html: that means "no file".
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("text/html")) return {};
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new ConfigError(`${url} is not valid JSON`);
  }
  if (!data || typeof data !== "object") throw new ConfigError(`${url} must hold an object like {"medusaUrl": "...", "publishableKey": "..."}`);
  const d = data as Record<string, unknown>;
  const out: Partial<StoreConfig> = {};
  if (typeof d.medusaUrl === "string" && d.medusaUrl) out.medusaUrl = d.medusaUrl;
  if (typeof d.publishableKey === "string" && d.publishableKey) out.publishableKey = d.publishableKey;
  const site: Partial<Omit<SiteConfig, "origin">> = {};
  if (typeof d.shopName === "string" && d.shopName) site.name = d.shopName;
  if (typeof d.description === "string" && d.description) site.description = d.description;
  if (typeof d.lang === "string" && /^[a-z]{2,3}$/i.test(d.lang)) site.lang = d.lang.toLowerCase();
  if (typeof d.defaultCountry === "string" && /^[a-z]{2}$/i.test(d.defaultCountry)) site.defaultCountry = d.defaultCountry.toLowerCase();
  if (Object.keys(site).length) out.site = site;
  return out;
}

/**
 * Reads `config.json` (next to index.html), then fills what it lacks from `VITE_MEDUSA_URL` and
 * `VITE_MEDUSA_PUBLISHABLE_KEY`, so one build serves any back-end.
 */
export async function loadConfig(options: { configUrl: string; env: Env; fetch?: FetchLike }): Promise<StoreConfig> {
  const file = await readConfigFile(options.configUrl, options.fetch ?? ((i, init) => fetch(i, init)));
  const envUrl = typeof options.env.VITE_MEDUSA_URL === "string" ? options.env.VITE_MEDUSA_URL : undefined;
  const envKey = typeof options.env.VITE_MEDUSA_PUBLISHABLE_KEY === "string" ? options.env.VITE_MEDUSA_PUBLISHABLE_KEY : undefined;
  const medusaUrl = file.medusaUrl ?? envUrl;
  const publishableKey = file.publishableKey ?? envKey;
  if (!medusaUrl || !publishableKey) {
    throw new ConfigError(
      `The shop is not configured: put {"medusaUrl": "...", "publishableKey": "pk_..."} in ${options.configUrl}, or build with VITE_MEDUSA_URL and VITE_MEDUSA_PUBLISHABLE_KEY.`,
    );
  }
  return { medusaUrl: medusaUrl.replace(/\/+$/, ""), publishableKey, ...(file.site ? { site: file.site } : {}) };
}

/**
 * Narrows the page's `connect-src` to this origin and the configured back-end once config.json is
 * read. The build's meta policy cannot name the back-end (config.json chooses it at run time), so it
 * allows any https origin or a local one; a second policy added here is enforced together with the
 * first (a browser applies every policy, so this one can only take permissions away).
 */
export function restrictConnections(medusaUrl: string, doc: Document = document): void {
  let origin: string;
  try {
    origin = new URL(medusaUrl).origin;
  } catch {
    return;
  }
  const meta = doc.createElement("meta");
  meta.httpEquiv = "Content-Security-Policy";
  meta.content = `connect-src 'self' ${origin}`;
  doc.head.append(meta);
}
