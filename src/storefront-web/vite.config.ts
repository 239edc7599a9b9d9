import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { contentSecurityPolicy } from "../../scripts/static-server.mjs";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The built page carries its Content-Security-Policy as a meta tag too, for hosts that set no
 * header (`frame-ancestors` works only as a header, so the meta copy leaves it out). Development
 * is left alone: Vite's dev server injects inline scripts.
 */
function cspMeta(): Plugin {
  return {
    name: "medusactl-csp-meta",
    apply: "build",
    transformIndexHtml(html) {
      const policy = contentSecurityPolicy(process.env.VITE_MEDUSA_URL).replace(/; frame-ancestors [^;]*/, "");
      return html.replace(/(<meta charset="[^"]*" \/>)/i, `$1\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
    },
  };
}

/**
 * The storefront: `vite` serves it in development, `vite build` writes static files to
 * dist/storefront, to be served at the root of an origin (the router's paths are absolute).
 */
export default defineConfig({
  root: here("."),
  base: "/",
  envDir: here("."),
  plugins: [cspMeta()],
  oxc: { jsx: { runtime: "automatic", importSource: "react" } },
  resolve: {
    // See src/lib/qs-lite.ts: the SDK's only browser use of qs, without its dependency tree.
    alias: { qs: here("./src/lib/qs-lite.ts"), "medusactl/sdk/store": here("../sdk/store-client.ts") },
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
