import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The storefront: `vite` serves it in development, `vite build` writes static files to
 * dist/storefront, to be served at the root of an origin (the router's paths are absolute).
 */
export default defineConfig({
  root: here("."),
  base: "/",
  envDir: here("."),
  oxc: { jsx: { runtime: "automatic", importSource: "react" } },
  resolve: {
    // See src/lib/qs-lite.ts: the SDK's only browser use of qs, without its dependency tree.
    alias: { qs: here("./src/lib/qs-lite.ts") },
  },
  build: {
    outDir: here("../../dist/storefront"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
  },
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
});
