// A tiny static server for the built storefront (dist/storefront): long-cached hashed assets,
// the SPA fallback (any path without a file extension gets index.html, so deep links work) and
// an optional config.json answered from memory. Used by the browser tests, the benchmark and
// `npm run storefront -- --preview`. Zero dependencies.
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * The storefront's Content-Security-Policy: scripts, styles and fonts from this origin only, no
 * plugins, no <base>, no framing; requests also to the back-end's origin; pictures from it and from
 * any https origin (and local ports beside a local back-end). Without a known back-end (a
 * build-time URL), requests may go to any https origin or a local one.
 * @param {string | undefined} medusaUrl
 */
export function contentSecurityPolicy(medusaUrl) {
  let api = "https: http://localhost:* http://127.0.0.1:*";
  let local = false;
  try {
    if (medusaUrl) {
      const u = new URL(medusaUrl);
      api = u.origin;
      local = u.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname);
    }
  } catch {
    // keep the generic sources
  }
  // Pictures may live elsewhere than the API (Medusa's file module on S3 or a CDN): any https origin,
  // and any local port beside a local back-end (the sandbox's S3 server). A picture cannot run code.
  const images = local ? `${api} https: http://localhost:* http://127.0.0.1:*` : `${api} https:`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob: ${[...new Set(images.split(" "))].join(" ")}`,
    `connect-src 'self' ${api}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Serves `dir` on 127.0.0.1 (port 0 = a free one). `config` ({medusaUrl, publishableKey}), when
 * given, is served as /config.json and wins over a file of that name.
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export function serveStorefront({ dir, config, port = 0, host = "127.0.0.1" }) {
  const root = path.resolve(dir);
  let fileConfig;
  try {
    fileConfig = JSON.parse(readFileSync(path.join(root, "config.json"), "utf8"));
  } catch {
    fileConfig = undefined;
  }
  const csp = contentSecurityPolicy((config ?? fileConfig)?.medusaUrl);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (pathname === "/config.json" && config) {
      res.writeHead(200, { "content-type": TYPES[".json"], "cache-control": "no-store" });
      res.end(JSON.stringify(config));
      return;
    }
    let file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      // A missing asset is a 404; a missing page is the app's job (SPA fallback).
      if (path.extname(pathname)) {
        res.writeHead(404, { "content-type": TYPES[".txt"] }).end("not found");
        return;
      }
      file = path.join(root, "index.html");
    }
    const ext = path.extname(file);
    const immutable = pathname.startsWith("/assets/");
    res.writeHead(200, {
      "content-type": TYPES[ext] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      ...(ext === ".html" ? { "content-security-policy": csp, "x-content-type-options": "nosniff", "referrer-policy": "same-origin" } : { "x-content-type-options": "nosniff" }),
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const addr = server.address();
      resolve({
        url: `http://${host}:${addr.port}`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
