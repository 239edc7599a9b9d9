/**
 * `node dist/storefront-server/index.js`: the production storefront (server.ts) configured from the
 * environment, so it runs the same under a service manager, in a container or by hand.
 *
 *   MEDUSA_URL, MEDUSA_PUBLISHABLE_KEY   the back-end (required)
 *   PORT (4173), HOST (127.0.0.1)        where to listen; put a reverse proxy in front for TLS
 *   PUBLIC_URL                           the shop's public origin for canonical URLs and the sitemap
 *   TRUST_PROXY=1                        take the origin from X-Forwarded-Host/-Proto instead
 *   SHOP_NAME, SHOP_DESCRIPTION, SHOP_LANG   how the pages name and describe the shop
 *   DEFAULT_COUNTRY                      where a visitor goes when their browser names no country the shop sells to
 *   CATALOGUE_FRESH_SECONDS (30)         how long a catalogue read is served from memory before it is asked again
 *   CATALOGUE_STALE_SECONDS (600)        how long after that it may still be served while a fresh one is fetched
 *   STOREFRONT_DIST                      the client build (default: ../storefront beside this file)
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startStorefrontServer } from "./server.js";

const env = process.env;
const here = path.dirname(fileURLToPath(import.meta.url));

function required(name: string): string {
  const v = env[name];
  if (!v) {
    process.stderr.write(`storefront: ${name} is not set (the Medusa back-end's URL and publishable key are required)\n`);
    process.exit(2);
  }
  return v;
}

const port = Number(env.PORT ?? 4173);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`storefront: PORT must be a port number, not ${JSON.stringify(env.PORT)}\n`);
  process.exit(2);
}

function seconds(name: string, fallback: number): number {
  const v = env[name];
  if (v === undefined || v === "") return fallback * 1000;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    process.stderr.write(`storefront: ${name} must be a number of seconds, not ${JSON.stringify(v)}\n`);
    process.exit(2);
  }
  return n * 1000;
}

const running = await startStorefrontServer({
  distDir: env.STOREFRONT_DIST ?? path.join(here, "../storefront"),
  medusaUrl: required("MEDUSA_URL"),
  publishableKey: required("MEDUSA_PUBLISHABLE_KEY"),
  publicUrl: env.PUBLIC_URL || undefined,
  trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
  site: { name: env.SHOP_NAME || undefined, description: env.SHOP_DESCRIPTION || undefined, lang: env.SHOP_LANG || undefined, defaultCountry: env.DEFAULT_COUNTRY || undefined },
  cache: { freshMs: seconds("CATALOGUE_FRESH_SECONDS", 30), staleMs: seconds("CATALOGUE_STALE_SECONDS", 600) },
  pageCacheMs: seconds("PAGE_CACHE_SECONDS", 10),
  productReadWindowMs: seconds("PRODUCT_READ_WINDOW_SECONDS", 0.008),
  port,
  host: env.HOST ?? "127.0.0.1",
}).catch((e: unknown) => {
  process.stderr.write(`storefront: cannot start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

process.stdout.write(`storefront at ${running.url} → ${env.MEDUSA_URL}\n`);
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    void running.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
