/**
 * The storefront in a real Chromium against the real back-end, as it runs in production: the
 * browser's files and the server built by Vite into .tmp (`vite build` and `vite build --ssr`, as
 * `npm run build:storefront` does), the built server (dist's storefront-server/index.js) started as
 * its own Node process with MEDUSA_URL and MEDUSA_PUBLISHABLE_KEY, and Debian's headless Chromium
 * (the chromium-headless-shell package: the same Blink as the browser, without its window system)
 * driven by playwright-core. `startStaticStorefront` serves the static build instead (plain file
 * hosting, the no-SEO option) with scripts/static-server.mjs.
 *
 * Browser contexts default to a German shopper (locale de-DE, so Accept-Language names Germany):
 * pages asked for without a country land on /de, in euros with VAT, as the seeded shop expects.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { build } from "vite";
// Shared with the benchmark (types in static-server.d.mts).
import { serveStorefront } from "../../../scripts/static-server.mjs";

export const CHROMIUM = "/usr/bin/chromium-headless-shell";
const root = path.resolve(import.meta.dirname, "../../..");
export const ARTIFACTS = path.join(root, "test-artifacts/storefront");
const CONFIG = path.join(root, "src/storefront-web/vite.config.ts");

export interface Storefront {
  url: string;
  browser: Browser;
  /** The server process's output so far (production server only). */
  log(): string;
  close(): Promise<void>;
}

/** What the bundles are made of: the storefront, the SDK and shared code it imports, the build's own config and the locked dependencies. */
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
 * One build per content of its inputs, kept in .tmp/storefront-e2e/<hash>/{storefront,storefront-server}
 * (the layout of dist/, so the server finds the browser's files beside it): the browser suites of
 * a run share it (a build costs 10–20 s of both cores), and a changed source builds again.
 */
export async function builtStorefront(): Promise<string> {
  const parent = path.join(root, ".tmp", "storefront-e2e");
  const key = hashInputs();
  const dir = path.join(parent, key);
  const built = () => existsSync(path.join(dir, "storefront-server", "index.js"));
  if (built()) return dir;
  // The lanes' first browser suites start together: one builds, the others wait for it rather
  // than spend both cores on the same build. A lock older than any build is a dead run's.
  mkdirSync(parent, { recursive: true });
  const lock = path.join(parent, `.${key}.lock`);
  for (;;) {
    if (built()) return dir;
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 5 * 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Gone meanwhile: try again.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const temp = path.join(parent, `.${key}.${process.pid}`);
  try {
    if (built()) return dir;
    await build({ configFile: CONFIG, logLevel: "warn", build: { outDir: path.join(temp, "storefront"), emptyOutDir: true } });
    await build({ configFile: CONFIG, logLevel: "warn", build: { ssr: "server/index.ts", outDir: path.join(temp, "storefront-server"), emptyOutDir: true } });
    try {
      renameSync(temp, dir);
    } catch {
      // Another run built the same inputs meanwhile: theirs is identical.
      rmSync(temp, { recursive: true, force: true });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  for (const old of readdirSync(parent)) if (old !== key && !old.startsWith(".")) rmSync(path.join(parent, old), { recursive: true, force: true });
  return dir;
}

/** After `goto` to a page of ours, waits until the app has hydrated it (a 4xx page too; not a file). */
function waitForHydrationOnGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    const type = res?.headers()["content-type"] ?? "";
    if (type.startsWith("text/html")) await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: options?.timeout ?? 60_000 });
    return res;
  };
}

async function launchBrowser(): Promise<Browser> {
  // Root (CI) cannot use Chromium's sandbox; no GPU on CI machines, and no background requests of Chromium's own.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  // A German shopper unless a test says otherwise; and a page loaded with goto is used once the app
  // has hydrated the server's HTML (html[data-hydrated]): before that its buttons do nothing.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (o?: BrowserContextOptions) => {
    const context = await newContext({ locale: "de-DE", ...o });
    context.on("page", waitForHydrationOnGoto);
    return context;
  };
  browser.newPage = async (o?: BrowserContextOptions) => {
    const context = await browser.newContext(o);
    const page = await context.newPage();
    // Closing the page closes its own context, as Browser.newPage's pages do.
    page.on("close", () => void context.close().catch(() => {}));
    return page;
  };
  mkdirSync(ARTIFACTS, { recursive: true });
  return browser;
}

/** Starts the built production server on a free port; resolves once it says where it listens. */
export async function startServer(backend: { url: string; publishableKey: string }, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; log: () => string; stop: () => Promise<void> }> {
  const dir = await builtStorefront();
  const child = spawn(process.execPath, [path.join(dir, "storefront-server", "index.js")], {
    cwd: root,
    env: { ...process.env, MEDUSA_URL: backend.url, MEDUSA_PUBLISHABLE_KEY: backend.publishableKey, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the storefront server did not start in 60 s:\n${out}`)), 60_000);
    child.stdout!.on("data", () => {
      const m = /storefront at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the storefront server exited (${code}):\n${out}`));
    });
  });
  return {
    url,
    child,
    log: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** The production storefront (rendered on the server) and a browser. */
export async function startStorefront(backend: { url: string; publishableKey: string }, env: Record<string, string> = {}): Promise<Storefront> {
  const server = await startServer(backend, env);
  const browser = await launchBrowser();
  return {
    url: server.url,
    browser,
    log: server.log,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

/** The static build (rendered in the browser only), served as plain files with a config.json. */
export async function startStaticStorefront(backend: { url: string; publishableKey: string }): Promise<Storefront> {
  const dir = await builtStorefront();
  const server = await serveStorefront({ dir: path.join(dir, "storefront"), config: { medusaUrl: backend.url, publishableKey: backend.publishableKey } });
  const browser = await launchBrowser();
  return {
    url: server.url,
    browser,
    log: () => "",
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
