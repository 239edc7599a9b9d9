#!/usr/bin/env node
// `npm run storefront`: the storefront in development (Vite, hot reload) against the local Medusa
// back-end. It starts the sandbox if needed and passes its URL and publishable key to Vite as
// VITE_MEDUSA_URL / VITE_MEDUSA_PUBLISHABLE_KEY (nothing is written to disk).
// `npm run storefront -- --preview` builds and serves dist/storefront the way production would,
// with a config.json answered by scripts/static-server.mjs.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { ensureBuild, ensureDeps, root } from "./lib.mjs";

ensureDeps();
ensureBuild();
const up = spawnSync(process.execPath, [path.join(root, "bin/medusactl.js"), "sandbox", "up", "--env"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
if (up.status !== 0) {
  console.error(`medusactl sandbox up failed (exit ${up.status})`);
  process.exit(up.status ?? 1);
}
const env = Object.fromEntries(
  up.stdout
    .trim()
    .split("\n")
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
);
const config = { medusaUrl: env.MEDUSA_URL, publishableKey: env.MEDUSA_PUBLISHABLE_KEY };
const vite = path.join(root, "node_modules/vite/bin/vite.js");
const viteConfig = path.join(root, "src/storefront-web/vite.config.ts");

if (process.argv.includes("--preview")) {
  const built = spawnSync(process.execPath, [vite, "build", "-c", viteConfig, "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const { serveStorefront } = await import("./static-server.mjs");
  const server = await serveStorefront({ dir: path.join(root, "dist/storefront"), config, port: Number(process.env.PORT ?? 4173) });
  console.log(`storefront (built) at ${server.url} → ${config.medusaUrl}`);
} else {
  const child = spawn(process.execPath, [vite, "-c", viteConfig, ...process.argv.slice(2)], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, VITE_MEDUSA_URL: config.medusaUrl, VITE_MEDUSA_PUBLISHABLE_KEY: config.publishableKey },
  });
  const stop = (sig) => child.kill(sig);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => process.exit(code ?? 0));
}
