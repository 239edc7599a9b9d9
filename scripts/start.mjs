#!/usr/bin/env node
// The main job on a fresh machine: install, build, bring the local Medusa back-end up, list its products.
import { ensureBuild, ensureDeps, run } from "./lib.mjs";

ensureDeps();
ensureBuild();
const up = run(process.execPath, ["bin/medusactl.js", "sandbox", "up"]);
if (up !== 0) process.exit(up);
process.exit(run(process.execPath, ["bin/medusactl.js", "products", "list", "--profile", "sandbox", ...process.argv.slice(2)]));
