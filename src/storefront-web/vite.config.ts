import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { contentSecurityPolicy } from "../../scripts/static-server.mjs";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The built page carries its Content-Security-Policy as a meta tag too, for hosts that set no
 * header. A meta policy cannot carry `frame-ancestors`, `sandbox` or reporting, so those stay with
 * the header (scripts/static-server.mjs). The meta copy starts from `default-src 'none'`: only what
 * the shop loads is allowed (its own scripts and styles, no inline script, images, and requests to
 * itself and the back-end). Without a build-time `VITE_MEDUSA_URL` the back-end is not known until
 * config.json is read, so `connect-src` allows any https or local origin here, and the app adds a
 * second policy naming the configured back-end once it knows it (`restrictConnections` in
 * src/lib/config.ts). Development is left alone: Vite's dev server injects inline scripts.
 */
function cspMeta(): Plugin {
  return {
    name: "medusactl-csp-meta",
    apply: "build",
    transformIndexHtml(html) {
      const policy = contentSecurityPolicy(process.env.VITE_MEDUSA_URL)
        .replace(/; frame-ancestors [^;]*/, "")
        .replace("default-src 'self'", "default-src 'none'");
      return html.replace(/(<meta charset="[^"]*" \/>)/i, `$1\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
    },
  };
}

/**
 * The storefront. `vite` serves it in development; `vite build` writes the browser's files to
 * dist/storefront (served at the root of an origin: the router's paths are absolute), and
 * `vite build --ssr server/index.ts` the production server to dist/storefront-server, with React,
 * wouter and the SDK bundled in: it runs on Node alone (npm run build:storefront does both).
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  root: here("."),
  base: "/",
  envDir: here("."),
  plugins: [cspMeta()],
  // A build is always React's production build, whatever NODE_ENV the building process has (vitest
  // sets "test"): JSX compiled for production and React's own production code chosen at build time.
  oxc: { jsx: { runtime: "automatic", importSource: "react", ...(command === "build" ? { development: false } : {}) } },
  resolve: {
    alias: { "medusactl/sdk/store": here("../sdk/store-client.ts") },
  },
  // jsdom (the server's DOM for the sanitiser) reads its own files at run time: it stays a package.
  ssr: { noExternal: true, external: ["undici", "jsdom"] },
  // Vite leaves process.env.NODE_ENV to run time in an SSR bundle: without NODE_ENV set, the server
  // rendered every page with React's development build (element validation, owner stacks), about
  // twice the CPU per render. The browser's bundle gets it from the build's mode, which follows the
  // building process's NODE_ENV.
  define: command === "build" ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  build: isSsrBuild
    ? { outDir: here("../../dist/storefront-server"), emptyOutDir: true, target: "node20", sourcemap: false, minify: false }
    : // The manifest tells the server which files a page's lazy code is in, to preload them with the page.
      { outDir: here("../../dist/storefront"), emptyOutDir: true, target: "es2022", sourcemap: false, manifest: true },
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
}));
