#!/usr/bin/env node
// `npm run storefront`: the storefront in development (Vite, hot reload, rendered in the browser).
// `npm run storefront -- --preview`: the production storefront: builds the browser's files and the
// server (npm run build:storefront) and starts the server that renders every page
// (dist/storefront-server/index.js) on $PORT (default 4173).
//
// The back-end: with MEDUSA_URL and MEDUSA_PUBLISHABLE_KEY set, that one, and no sandbox is
// started; without them the local sandbox (started if needed, its URL and publishable key passed
// on; nothing is written to disk).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { ensureBuild, ensureDeps, root } from "./lib.mjs";

ensureDeps();
const preview = process.argv.includes("--preview");
const passThrough = process.argv.slice(2).filter((a) => a !== "--preview");

function backend() {
  if (process.env.MEDUSA_URL && process.env.MEDUSA_PUBLISHABLE_KEY) return { medusaUrl: process.env.MEDUSA_URL, publishableKey: process.env.MEDUSA_PUBLISHABLE_KEY };
  if (process.env.MEDUSA_URL || process.env.MEDUSA_PUBLISHABLE_KEY) {
    console.error("storefront: set both MEDUSA_URL and MEDUSA_PUBLISHABLE_KEY for your own back-end, or neither for the local sandbox");
    process.exit(2);
  }
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
  return { medusaUrl: env.MEDUSA_URL, publishableKey: env.MEDUSA_PUBLISHABLE_KEY };
}

const config = backend();
const vite = path.join(root, "node_modules/vite/bin/vite.js");
const viteConfig = path.join(root, "src/storefront-web/vite.config.ts");

function relay(child) {
  const stop = (sig) => child.kill(sig);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => process.exit(code ?? 0));
}

if (preview) {
  const built = spawnSync("npm", ["run", "--silent", "build:storefront"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const env = { ...process.env, MEDUSA_URL: config.medusaUrl, MEDUSA_PUBLISHABLE_KEY: config.publishableKey, PORT: process.env.PORT ?? "4173" };
  relay(spawn(process.execPath, [path.join(root, "dist/storefront-server/index.js")], { cwd: root, stdio: "inherit", env }));
} else {
  relay(
    spawn(process.execPath, [vite, "-c", viteConfig, ...passThrough], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, VITE_MEDUSA_URL: config.medusaUrl, VITE_MEDUSA_PUBLISHABLE_KEY: config.publishableKey },
    }),
  );
}
