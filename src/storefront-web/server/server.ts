/**
 * The production storefront: a small Node server that renders every page with the same React app
 * the browser then hydrates (src/entry-server.tsx), so the first HTML a crawler or a link preview
 * gets holds the page's content, head and price. Beside the pages it serves the built assets
 * (hashed, cached for a year, compressed once), `/robots.txt`, `/sitemap.xml` and its parts, and
 * `/health`.
 *
 * Caching: catalogue reads are kept in memory per region (catalogue-cache.ts); catalogue pages say
 * `public, s-maxage, stale-while-revalidate` so a CDN in front can serve them; the shopper's own
 * pages (cart, checkout, account) are rendered as an empty frame, `private, no-store`, never indexed.
 */
import { createReadStream, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Transport } from "../../sdk/transport/types.js";
import { undiciTransport } from "../../sdk/transport/undici.js";
import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";
import { renderPage } from "../src/entry-server.js";
import { COUNTRY_COOKIE, countriesOf, readCookie } from "../src/lib/country.js";
import { parseAcceptLanguage } from "./accept-language.js";
import { headTags, jsonForScript } from "../src/lib/head.js";
import { createStoreSdk, type StoreSdk } from "../src/lib/sdk.js";
import { DEFAULT_SITE, type SiteConfig } from "../src/lib/site.js";
import { setPurifier } from "../src/lib/rich-text.js";
import { STATE_ELEMENT_ID, type ShopState } from "../src/lib/state.js";
import { cachingTransport, type CacheStats, type CatalogueCacheOptions } from "./catalogue-cache.js";
import { contentSecurityPolicy } from "../../../scripts/static-server.mjs";
import { headHtml } from "./head-html.js";
import { pageCache, type Cacheable, type PageCacheStats } from "./page-cache.js";
import { productBatchingTransport, type BatchingStats } from "./product-batching.js";
import { structuredJsonLd } from "./structured-data.js";
import { robotsTxt, sitemapIndex, sitemapPart } from "./sitemap.js";

export interface StorefrontServerOptions {
  /** The client build (dist/storefront): index.html and assets/. */
  distDir: string;
  medusaUrl: string;
  publishableKey: string;
  /**
   * The shop's public origin (`https://shop.example`) for canonical URLs, the sitemap and link
   * previews. Without it the request's Host is used (X-Forwarded-Host/-Proto with `trustProxy`).
   */
  publicUrl?: string;
  trustProxy?: boolean;
  site?: Partial<Omit<SiteConfig, "origin">>;
  /** The way to Medusa (tests); default keep-alive undici connections. */
  transport?: Transport;
  cache?: CatalogueCacheOptions;
  /** How long a rendered catalogue page is served again (page-cache.ts); 0 renders every request. Default 10 s. */
  pageCacheMs?: number;
  /** How long a product page's read waits for others to share one Medusa request (product-batching.ts); 0 never shares. Default 8 ms. */
  productReadWindowMs?: number;
  /** One line per failed render or request (stderr by default). */
  log?: (line: string) => void;
}

export interface StorefrontHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  stats(): CacheStats;
  pageStats(): PageCacheStats;
  batchStats(): BatchingStats;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/** Catalogue pages: a CDN may keep them a minute and serve them stale for ten while it asks again. */
export const CATALOGUE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
export const PERSONAL_CACHE_CONTROL = "private, no-store";

const HEAD_MARK = /<!--head-->[\s\S]*?<!--\/head-->/;
const APP_MARK = /<!--app-->[\s\S]*?<!--\/app-->/;

/** A host name as a browser would send it, nothing else (it ends up in canonical URLs a CDN may keep). */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

function originOf(req: IncomingMessage, opts: StorefrontServerOptions): string {
  if (opts.publicUrl) return opts.publicUrl.replace(/\/+$/, "");
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(",")[0]?.trim();
  const host = (opts.trustProxy && first(req.headers["x-forwarded-host"])) || req.headers.host || "localhost";
  const proto = opts.trustProxy && first(req.headers["x-forwarded-proto"]) === "https" ? "https" : "http";
  return `${proto}://${HOST.test(host) ? host : "localhost"}`;
}

/**
 * A body and its encodings, each made the first time a client accepts it and kept with the body:
 * a page kept by the page cache, or an asset, is compressed once per encoding, not per request.
 */
interface Compressed {
  raw: Buffer;
  level: "fast" | "best";
  br?: Buffer;
  gzip?: Buffer;
}

function compressible(raw: Buffer, level: "fast" | "best" = "fast"): Compressed {
  return { raw, level };
}

function encode(c: Compressed, encoding: "br" | "gzip"): Buffer {
  if (encoding === "br") {
    c.br ??= brotliCompressSync(c.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: c.level === "best" ? 11 : 4, [zlib.BROTLI_PARAM_SIZE_HINT]: c.raw.length } });
    return c.br;
  }
  c.gzip ??= gzipSync(c.raw, { level: c.level === "best" ? 9 : 6 });
  return c.gzip;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: Compressed | Buffer | string): void {
  const c: Compressed = typeof body === "string" ? compressible(Buffer.from(body)) : Buffer.isBuffer(body) ? compressible(body) : body;
  const accept = String(req.headers["accept-encoding"] ?? "");
  let payload = c.raw;
  const out: Record<string, string> = { ...headers };
  // Small bodies go as they are: compressing them saves less than it costs.
  if (c.raw.length >= 1024) {
    if (/\bbr\b/.test(accept)) {
      payload = encode(c, "br");
      out["content-encoding"] = "br";
    } else if (/\bgzip\b/.test(accept)) {
      payload = encode(c, "gzip");
      out["content-encoding"] = "gzip";
    }
    out.vary = out.vary ? `${out.vary}, Accept-Encoding` : "Accept-Encoding";
  }
  out["content-length"] = String(payload.length);
  res.writeHead(status, out);
  res.end(req.method === "HEAD" ? undefined : payload);
}

/** A rendered document: what `send` needs, and whether the page cache may keep it. */
interface RenderedPage extends Cacheable {
  status: number;
  headers: Record<string, string>;
  body: Compressed | null;
}

export function createStorefrontHandler(opts: StorefrontServerOptions): StorefrontHandler {
  // Descriptions are sanitised on the server too, by DOMPurify on jsdom (its supported server DOM).
  setPurifier(createDOMPurify(new JSDOM("").window as never));
  const dist = path.resolve(opts.distDir);
  const template = readFileSync(path.join(dist, "index.html"), "utf8");
  if (!HEAD_MARK.test(template) || !APP_MARK.test(template)) throw new Error(`${path.join(dist, "index.html")} is not the storefront's build (no <!--head--> and <!--app--> marks): run the storefront build`);
  const batching = productBatchingTransport(opts.transport ?? undiciTransport(), opts.productReadWindowMs === undefined ? {} : { windowMs: opts.productReadWindowMs });
  const transport = cachingTransport(batching, opts.cache);
  // Never longer than the catalogue is fresh: a kept page adds at most that to the age of what it shows.
  const pages = pageCache<RenderedPage>({ ttlMs: Math.min(opts.pageCacheMs ?? 10_000, opts.cache?.freshMs ?? 30_000), ...(opts.cache?.now ? { now: opts.cache.now } : {}) });
  const config = { medusaUrl: opts.medusaUrl.replace(/\/+$/, ""), publishableKey: opts.publishableKey };
  const sdk: StoreSdk = createStoreSdk(config, { transport });
  const site = { ...DEFAULT_SITE, ...Object.fromEntries(Object.entries(opts.site ?? {}).filter(([, v]) => typeof v === "string" && v)) };
  const csp = contentSecurityPolicy(config.medusaUrl);
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const assets = new Map<string, Compressed>();
  const preloads = manifestPreloads(dist);
  const security = { "content-security-policy": csp, "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin" };

  async function countries(): Promise<string[]> {
    const { regions } = await sdk.store.region.list({ limit: 100, fields: "id,name,currency_code,*countries" });
    return countriesOf(regions).map((c) => c.code);
  }

  /** A file of the build (never index.html: pages are rendered), or null. */
  function staticFile(pathname: string): { file: string; type: string } | null {
    if (pathname === "/" || pathname === "/index.html") return null;
    // The build's own records (.vite/manifest.json) are not the shop's files.
    if (pathname.split("/").some((seg) => seg.startsWith("."))) return null;
    const file = path.join(dist, pathname);
    if (!file.startsWith(dist + path.sep)) return null;
    try {
      if (!statSync(file).isFile()) return null;
    } catch {
      return null;
    }
    return { file, type: TYPES[path.extname(file)] ?? "application/octet-stream" };
  }

  function serveFile(req: IncomingMessage, res: ServerResponse, pathname: string, f: { file: string; type: string }): void {
    const immutable = pathname.startsWith("/assets/");
    const headers = { "content-type": f.type, "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600", "x-content-type-options": "nosniff" };
    if (/^(text|application\/(json|manifest))|svg/.test(f.type)) {
      // Text assets are compressed once, at their best, and kept (the build is fixed while the server runs).
      let c = assets.get(f.file);
      if (!c) assets.set(f.file, (c = compressible(readFileSync(f.file), "best")));
      send(req, res, 200, headers, c);
      return;
    }
    res.writeHead(200, headers);
    if (req.method === "HEAD") res.end();
    else createReadStream(f.file).pipe(res);
  }

  async function render(req: IncomingMessage, url: URL, origin: string): Promise<RenderedPage> {
    const result = await renderPage({
      path: url.pathname,
      search: url.search.slice(1),
      request: { languages: parseAcceptLanguage(req.headers["accept-language"]), chosenCountry: readCookie(req.headers.cookie, COUNTRY_COOKIE) },
      sdk,
      site: { ...site, origin },
    });
    if (result.redirect) {
      // Where it goes depends on the visitor's languages and choice: not for shared caches. The
      // path is the request's own, still encoded; anything else is encoded rather than refused.
      const location = /^[\x21-\x7e]*$/.test(result.redirect) ? result.redirect : encodeURI(result.redirect);
      return { status: 302, headers: { location, "cache-control": PERSONAL_CACHE_CONTROL, vary: "Accept-Language, Cookie" }, body: null, keep: false, bytes: 0 };
    }
    const ctx = result.headContext;
    // The page's structured data, built here only (the browser does not download the builders).
    const head = result.head && ctx && result.head.structured ? { ...result.head, jsonLd: [...(result.head.jsonLd ?? []), ...structuredJsonLd(result.head.structured, ctx)] } : result.head;
    const tags =
      (head && ctx ? headHtml(headTags(head, ctx)) : `<title>${escapeText(site.name)}</title>`) +
      // A page that loads its code on demand (the cart, the checkout) gets those files at once, beside the page's own.
      [...new Set(result.preload.flatMap((m) => preloads(m)))]
        .map((href) => `\n    <link rel="modulepreload" crossorigin href="${escapeText(href)}">`)
        .join("");
    const state: ShopState = {
      config,
      site: { name: site.name, description: site.description, lang: site.lang, origin, ...(site.defaultCountry ? { defaultCountry: site.defaultCountry } : {}) },
      // Only catalogue reads go to the browser; a shopper's own reads are never made here.
      data: result.cache.dehydrate((key) => !["cart", "customer", "orders", "order"].includes(String(key[0]))),
    };
    const html = template
      .replace(/<html lang="[^"]*"/, `<html lang="${site.lang}"`)
      .replace(HEAD_MARK, () => tags)
      .replace(APP_MARK, () => `${result.html}<script id="${STATE_ELEMENT_ID}" type="application/json">${jsonForScript(state)}</script>`);
    const status = result.status;
    const retry: Record<string, string> = status === 503 ? { "retry-after": "30" } : {};
    const headers: Record<string, string> = {
      "content-type": TYPES[".html"]!,
      "cache-control": head?.private || status >= 500 ? PERSONAL_CACHE_CONTROL : CATALOGUE_CACHE_CONTROL,
      ...retry,
      ...security,
    };
    if (head?.noindex || status >= 400) headers["x-robots-tag"] = "noindex";
    const body = compressible(Buffer.from(html));
    return { status, headers, body, keep: status === 200 && headers["cache-control"] === CATALOGUE_CACHE_CONTROL, bytes: body.raw.length };
  }

  async function renderDocument(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const origin = originOf(req, opts);
    // A page under one of the shop's countries is the same for every visitor (the visitor's
    // languages and cookie choose only where a path without a country goes): it can be shared.
    const country = /^\/([a-z]{2})(?:\/|$)/.exec(url.pathname)?.[1];
    // Regions out of reach: the app renders its own "can't open the shop" page, for this visitor alone.
    const shared = country !== undefined && (await countries().catch(() => [] as string[])).includes(country);
    const page = shared ? await pages.get(`${origin} ${url.pathname}${url.search}`, () => render(req, url, origin)) : await render(req, url, origin);
    if (!page.body) {
      res.writeHead(page.status, page.headers);
      res.end();
      return;
    }
    send(req, res, page.status, page.headers, page.body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": TYPES[".txt"]! }).end("method not allowed\n");
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://storefront");
      decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, { "content-type": TYPES[".txt"]! }).end("bad request\n");
      return;
    }
    const pathname = url.pathname;
    try {
      if (pathname === "/health") {
        send(req, res, 200, { "content-type": TYPES[".txt"]!, "cache-control": "no-store" }, "ok\n");
        return;
      }
      if (pathname === "/robots.txt") {
        send(req, res, 200, { "content-type": TYPES[".txt"]!, "cache-control": CATALOGUE_CACHE_CONTROL }, robotsTxt({ origin: originOf(req, opts), countries: await countries() }));
        return;
      }
      const sitemap = /^\/sitemap(?:-([a-z0-9-]{1,40}))?\.xml$/.exec(pathname);
      if (sitemap) {
        const src = { sdk, origin: originOf(req, opts), countries: await countries() };
        const body = sitemap[1] ? await sitemapPart(src, sitemap[1]) : await sitemapIndex(src);
        if (body === null) send(req, res, 404, { "content-type": TYPES[".txt"]!, "cache-control": CATALOGUE_CACHE_CONTROL }, "no such sitemap\n");
        else send(req, res, 200, { "content-type": "application/xml; charset=utf-8", "cache-control": CATALOGUE_CACHE_CONTROL }, body);
        return;
      }
      if (pathname === "/config.json") {
        // A client of the static build finds its back-end here (lib/config.ts).
        send(req, res, 200, { "content-type": TYPES[".json"]!, "cache-control": "no-cache" }, JSON.stringify(config));
        return;
      }
      const file = staticFile(decodeURIComponent(pathname));
      if (file) {
        serveFile(req, res, pathname, file);
        return;
      }
      if (pathname.startsWith("/assets/")) {
        send(req, res, 404, { "content-type": TYPES[".txt"]!, "cache-control": "no-store" }, "not found\n");
        return;
      }
      await renderDocument(req, res, url);
    } catch (e) {
      log(`storefront: ${req.method} ${pathname.slice(0, 200)} failed: ${e instanceof Error ? e.message : String(e)}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(req, res, 503, { "content-type": TYPES[".html"]!, "cache-control": PERSONAL_CACHE_CONTROL, "retry-after": "30", ...security }, unavailablePage(site.name));
    }
  }

  return { handle, stats: () => transport.stats(), pageStats: () => pages.stats(), batchStats: () => batching.batchStats(), close: async () => transport.close?.() };
}

const escapeText = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The files a source module's code is in, from Vite's manifest of the client build: its own chunk
 * and the chunks it imports, less the entry's (the page loads those already). A build without a
 * manifest preloads nothing.
 */
function manifestPreloads(dist: string): (module: string) => string[] {
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  } catch {
    return () => [];
  }
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const c = manifest[key];
    if (!c || into.has(key)) return;
    into.add(key);
    for (const i of c.imports ?? []) walk(i, into);
  };
  for (const [k, c] of Object.entries(manifest)) if (c.isEntry) walk(k, entry);
  return (module) => {
    const keys = new Set<string>();
    walk(module, keys);
    return [...keys].filter((k) => !entry.has(k)).map((k) => `/${manifest[k]!.file}`);
  };
}

function unavailablePage(name: string): string {
  const safe = escapeText(name);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${safe}</title></head><body><main><h1>The shop is unavailable right now</h1><p>Please try again in a minute.</p></main></body></html>`;
}

export interface RunningStorefront {
  url: string;
  server: Server;
  handler: StorefrontHandler;
  close(): Promise<void>;
}

/** Starts the server on `host:port` (port 0: a free one). */
export function startStorefrontServer(opts: StorefrontServerOptions & { port?: number; host?: string }): Promise<RunningStorefront> {
  const handler = createStorefrontHandler(opts);
  const server = createServer((req, res) => void handler.handle(req, res));
  // Behind a proxy, keep-alive connections outlive the proxy's own idle timeout (usually 60 s).
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => {
      const addr = server.address();
      const port = typeof addr === "object" && addr ? addr.port : opts.port;
      resolve({
        url: `http://${opts.host ?? "127.0.0.1"}:${port}`,
        server,
        handler,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => void handler.close().then(() => r()));
            server.closeAllConnections?.();
          }),
      });
    });
  });
}
