/**
 * The built storefront in a real Chromium against the real back-end: a `vite build` into .tmp,
 * served by scripts/static-server.mjs with a config.json pointing at the sandbox, and Debian's
 * headless Chromium (the chromium-headless-shell package: the same Blink as the browser, without
 * its window system, and a third less CPU over the layout suite: 63 against 95 CPU-s) driven by
 * playwright-core. Used by the storefront, layout, accessibility and money suites.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { build } from "vite";
// Shared with the benchmark and `npm run storefront -- --preview` (types in static-server.d.mts).
import { serveStorefront } from "../../../scripts/static-server.mjs";

export const CHROMIUM = "/usr/bin/chromium-headless-shell";
const root = path.resolve(import.meta.dirname, "../../..");
export const ARTIFACTS = path.join(root, "test-artifacts/storefront");

export interface Storefront {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** What the bundle is made of: the storefront, the SDK and shared code it imports, the build's own config and the locked dependencies. */
const BUILD_INPUTS = ["src/storefront-web", "src/sdk", "src/shared", "scripts/static-server.mjs", "package-lock.json"];

function hashInputs(): string {
  const hash = createHash("sha256");
  const add = (rel: string) => {
    const abs = path.join(root, rel);
    const files = statSync(abs).isDirectory()
      ? readdirSync(abs, { withFileTypes: true, recursive: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
          .sort()
      : [abs];
    for (const f of files) hash.update(path.relative(root, f)).update("\0").update(readFileSync(f)).update("\0");
  };
  for (const rel of BUILD_INPUTS) add(rel);
  for (const [k, v] of Object.entries(process.env).sort()) if (k.startsWith("VITE_")) hash.update(`${k}=${v}\0`);
  return hash.digest("hex").slice(0, 16);
}

/**
 * One build per content of its inputs, kept in .tmp/storefront-e2e/<hash>: the four browser suites
 * of a run share it (a build costs 10–20 s of both cores), and a changed source builds again.
 */
async function builtStorefront(): Promise<string> {
  const parent = path.join(root, ".tmp", "storefront-e2e");
  const key = hashInputs();
  const dir = path.join(parent, key);
  if (existsSync(path.join(dir, "index.html"))) return dir;
  const temp = path.join(parent, `.${key}.${process.pid}`);
  await build({ configFile: path.join(root, "src/storefront-web/vite.config.ts"), logLevel: "warn", build: { outDir: temp, emptyOutDir: true } });
  try {
    renameSync(temp, dir);
  } catch {
    // Another run built the same inputs meanwhile: theirs is identical.
    rmSync(temp, { recursive: true, force: true });
  }
  for (const old of readdirSync(parent)) if (old !== key && !old.startsWith(".")) rmSync(path.join(parent, old), { recursive: true, force: true });
  return dir;
}

export async function startStorefront(backend: { url: string; publishableKey: string }): Promise<Storefront> {
  const outDir = await builtStorefront();
  const server = await serveStorefront({
    dir: outDir,
    config: { medusaUrl: backend.url, publishableKey: backend.publishableKey },
  });
  // Root (CI) cannot use Chromium's sandbox; no GPU on CI machines, and no background requests of Chromium's own.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
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
