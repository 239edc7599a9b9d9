/**
 * The built storefront in a real Chromium against the real back-end: a fresh `vite build` into
 * .tmp, served by scripts/static-server.mjs with a config.json pointing at the sandbox, and
 * Debian's Chromium driven by playwright-core. Used by tests/e2e/storefront.test.ts.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { build } from "vite";
// Shared with the benchmark and `npm run storefront -- --preview` (types in static-server.d.mts).
import { serveStorefront } from "../../../scripts/static-server.mjs";

export const CHROMIUM = "/usr/bin/chromium";
const root = path.resolve(import.meta.dirname, "../../..");
export const ARTIFACTS = path.join(root, "test-artifacts/storefront");

export interface Storefront {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startStorefront(backend: { url: string; publishableKey: string }): Promise<Storefront> {
  const outDir = path.join(root, ".tmp", `storefront-e2e-${process.pid}`);
  await build({ configFile: path.join(root, "src/storefront-web/vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
  const server = await serveStorefront({
    dir: outDir,
    config: { medusaUrl: backend.url, publishableKey: backend.publishableKey },
  });
  // Root (CI) cannot use Chromium's sandbox; no GPU on CI machines, and no background requests of Chromium's own.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    url: server.url,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
